import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Collects console errors and failed requests while a page is used; call `assertClean()` at the end. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) =>
    problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`),
  );
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/favicon.ico'))
      problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return {
    problems,
    assertClean(allow: (problem: string) => boolean = () => false) {
      expect(problems.filter((p) => !allow(p))).toEqual([]);
    },
  };
}

/** Runs axe-core (WCAG 2.x A/AA) on the current page and fails on any violation. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
