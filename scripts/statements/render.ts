/**
 * Prints statements to A4 PDF with Debian's Chromium through playwright-core (no bundled browser).
 * The monthly job renders thousands, so one browser serves them all: createStatementRenderer()
 * starts it (or borrows the caller's), render(data) prints one statement, close() ends what it
 * started. The page has neither JavaScript nor network, so nothing in the data can run or fetch.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { checkStatementArithmetic } from '../../src/lib/statement-check';
import type { Locale } from '../../src/i18n/locales';
import type { StatementData } from '../../src/lib/statement-data';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { statementFooterHtml, statementHeaderHtml, statementHtml } from './template';

/** Debian's Chromium (CHROMIUM_PATH to choose another) with the project's quiet headless flags. */
export async function launchStatementBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** The margins leave room for the repeated header and footer; the sides match their padding. */
const MARGIN = { top: '18mm', bottom: '16mm', left: '14mm', right: '14mm' };

export interface StatementRenderer {
  /**
   * The statement as an unsigned A4 PDF, in the language it recorded, or in `locale` (the English
   * version of a translated statement, which prevails).
   */
  render(data: StatementData, locale?: Locale): Promise<Buffer>;
  /** Closes the context, and the browser when the renderer launched it. */
  close(): Promise<void>;
}

export interface RendererOptions {
  /** A running browser to share (several renderers on one browser render in parallel). */
  browser?: Browser;
  /**
   * A tagged PDF carries its structure (headings, table cells) for screen readers. On the 5-page
   * test statement it cost about 10% more time and 2.7 times the size (264 KB signed, against
   * 97 KB untagged: npm run bench:statements); on by default because members who use one need it.
   */
  tagged?: boolean;
}

export async function createStatementRenderer(options: RendererOptions = {}): Promise<StatementRenderer> {
  const owned = options.browser === undefined;
  const browser = options.browser ?? (await launchStatementBrowser());
  let context: BrowserContext;
  try {
    context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    // setContent loads nothing else; anything that tries (a stray URL in the data) is refused.
    await context.route('**/*', (route) => route.abort());
  } catch (error) {
    if (owned) await browser.close();
    throw error;
  }
  // One page serves every statement: setContent replaces the whole document, and with scripts off
  // nothing of one statement survives into the next. A new page per statement cost about 300 ms.
  let page: Page | null = null;
  return {
    async render(data, locale) {
      // A statement that does not add up is never issued: the job stops on it instead.
      const problems = checkStatementArithmetic(data);
      if (problems.length > 0) {
        throw new Error(`Statement ${data.reference} does not add up:\n${problems.join('\n')}`);
      }
      const html = statementHtml(data, locale);
      page ??= await context.newPage();
      try {
        await page.setContent(html, { waitUntil: 'load' });
        return await page.pdf({
          format: 'A4',
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: statementHeaderHtml(data, locale),
          footerTemplate: statementFooterHtml(data, locale),
          margin: MARGIN,
          tagged: options.tagged ?? true,
        });
      } catch (error) {
        // A page that failed may hold a half-loaded document: the next statement gets a new one.
        const failed = page;
        page = null;
        await failed.close().catch(() => undefined);
        throw error;
      }
    },
    async close() {
      await context.close();
      if (owned) await browser.close();
    },
  };
}

/** One statement; for many, keep a renderer (starting Chromium costs far more than a page). */
export async function renderStatementPdf(data: StatementData, browser?: Browser): Promise<Buffer> {
  const renderer = await createStatementRenderer(browser ? { browser } : {});
  try {
    return await renderer.render(data);
  } finally {
    await renderer.close();
  }
}
