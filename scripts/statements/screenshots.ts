/**
 * `npx tsx scripts/statements/screenshots.ts`: the docs' pictures of a statement, from the test
 * fixture (tests/support/statement-fixture.ts): the HTML's first screen at 360, 768 and 1440 px
 * and page 1 of the PDF at A4, written to docs/screenshots/statements/. Look at them after any
 * change to the template.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { statementFixture } from '../../tests/support/statement-fixture';
import { htmlToPng, pdfPageToPng } from './png';
import { launchStatementBrowser, renderStatementPdf } from './render';
import { statementHtml } from './template';

const OUT = 'docs/screenshots/statements';
const SCREENS = [
  { width: 360, height: 780 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];

const data = statementFixture();
const browser = await launchStatementBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  const html = statementHtml(data);
  for (const screen of SCREENS) {
    writeFileSync(`${OUT}/statement-html-${screen.width}.png`, await htmlToPng(browser, html, screen));
  }
  const pdf = await renderStatementPdf(data, browser);
  writeFileSync(`${OUT}/statement-pdf-page-1.png`, await pdfPageToPng(browser, pdf, { page: 1, scale: 1.5 }));
  console.log(`Wrote ${SCREENS.length + 1} pictures to ${OUT}/`);
} finally {
  await browser.close();
}
