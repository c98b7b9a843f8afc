import { expect, test, type Page } from '@playwright/test';
import { openAsStaff } from './admin-helpers';
import { createAdmin, createMember, openSignedIn, setBalances } from './support/users';

/**
 * The first Intl formatter a page builds starts ICU: 30-40 ms of the main thread on a freshly opened
 * page (measured 2026-12-04 on /user/statement and /admin/users, docs/performance.md), which a phone
 * pays while the page is supposed to answer. The member and admin pages write their counts, amounts,
 * dates, plural forms and lists without it in all three languages (~/lib/digits, ~/lib/money,
 * ~/lib/date-time, ~/i18n/fill, ~/config/support-text), so opening them must not construct any Intl
 * object nor call a locale-sensitive method.
 */

/**
 * Records every Intl construction and locale-sensitive call that starts ICU, from the page's first
 * script on. First calls in a fresh page, Chromium 156: toLocaleString 46 ms, Intl.NumberFormat 38 ms,
 * localeCompare 13 ms. Not toLocaleLowerCase: realtime-js lower-cases event names with it, which V8
 * does without ICU for ASCII (0.0 ms).
 */
async function watchIcu(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __icuCalls: string[] }).__icuCalls = seen;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(Intl)) {
      const original = intl[name];
      if (typeof original !== 'function') continue;
      intl[name] = new Proxy(original as new (...args: unknown[]) => object, {
        construct(target, args, newTarget) {
          seen.push(`new Intl.${name}(${JSON.stringify(args)})`);
          return Reflect.construct(target, args, newTarget);
        },
        apply(target, self, args) {
          seen.push(`Intl.${name}(${JSON.stringify(args)})`);
          return Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args);
        },
      });
    }
    const methods: Array<[object, string]> = [
      [Number.prototype, 'toLocaleString'],
      [BigInt.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
      [Array.prototype, 'toLocaleString'],
    ];
    for (const [owner, name] of methods) {
      const holder = owner as Record<string, unknown>;
      const original = holder[name] as (...args: unknown[]) => unknown;
      holder[name] = function (this: unknown, ...args: unknown[]) {
        seen.push(`${name}(${JSON.stringify(args)})`);
        return original.apply(this, args);
      };
    }
  });
}

const icuCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __icuCalls: string[] }).__icuCalls);

test('the English member pages open without starting ICU', async ({ page }) => {
  const member = await createMember({ username: 'Ida Icu' });
  // Balances with ledger entries: the statement draws its chart and counts its moments.
  await setBalances(member.id, { deposit_wallet: '12345.67', interest_wallet: '1000.50' });
  await watchIcu(page);

  await openSignedIn(page, member, '/user-dashboard');
  await expect(page.getByTestId('balance-deposit_wallet')).toHaveText('$12,345.67');
  expect(await icuCalls(page)).toEqual([]);

  await openSignedIn(page, member, '/user/deposit');
  await expect(page.getByRole('heading', { name: 'Deposit', level: 1 })).toBeVisible();
  await expect(page.getByTestId('balance-deposit_wallet')).toHaveText('$12,345.67');
  expect(await icuCalls(page)).toEqual([]);

  await openSignedIn(page, member, '/user/statement');
  const chart = page.getByRole('img', { name: /^Total value, / });
  await expect(chart).toHaveAccessibleDescription(/^Moments with changes: \d+;/);
  expect(await icuCalls(page)).toEqual([]);

  // The watch itself works: a formatter built now is seen.
  await page.evaluate(() => new Intl.NumberFormat('en-GB').format(1234));
  expect(await icuCalls(page)).toEqual(['new Intl.NumberFormat(["en-GB"])']);
});

for (const [prefix, chartName, moments] of [
  ['/zh-hant', /總值：/, /^有變動的時間點：\d+個；/],
  ['/ar', /^القيمة الإجمالية، /, /^عدد لحظات التغيّر: \d+؛/],
] as const) {
  test(`the ${prefix} member pages open without starting ICU, dates and counts included`, async ({
    page,
  }) => {
    const member = await createMember({ username: `Icu ${prefix.slice(1)}` });
    await setBalances(member.id, { deposit_wallet: '12345.67', interest_wallet: '1000.50' });
    await watchIcu(page);

    for (const path of ['/user-dashboard', '/user/deposit', '/user/withdraw', '/user/plans']) {
      await openSignedIn(page, member, `${prefix}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('12,345.67').first()).toBeVisible();
      expect(await icuCalls(page), path).toEqual([]);
    }

    // The statement writes its period, its lines' dates and its chart's caption in the language.
    await openSignedIn(page, member, `${prefix}/user/statement`);
    const chart = page.getByRole('img', { name: chartName });
    await expect(chart).toHaveAccessibleDescription(moments);
    expect(await icuCalls(page)).toEqual([]);
  });
}

test('the admin users and audit pages open without starting ICU', async ({ page }) => {
  const owner = await createAdmin({ role: 'owner' });
  await watchIcu(page);

  await openAsStaff(page, owner, '/admin/users');
  await expect(page.getByText(/^Showing 1–\d+ of \d+ users$/)).toBeVisible();
  expect(await icuCalls(page)).toEqual([]);

  await openAsStaff(page, owner, '/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(
    page.getByText(/The CSV holds the filtered events, newest first, up to [\d,]+\./),
  ).toBeVisible();
  expect(await icuCalls(page)).toEqual([]);

  await page.evaluate(() => (1234).toLocaleString('en-US'));
  expect(await icuCalls(page)).toEqual(['toLocaleString(["en-US"])']);
});
