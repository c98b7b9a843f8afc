/**
 * The monthly statement PDF, read back as a member's PDF reader would: the text pdf.js extracts
 * from each page must be the statement data, line by line and in order, with the member's name,
 * account number and "Page X of Y" on every page; the signature must hold, and fail when any byte
 * changes. One Chromium renders everything here (scripts/statements/render.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStatementArithmetic } from '~/lib/statement-check';
import type { Locale } from '~/i18n/locales';
import { statementWords } from '~/i18n/statement';
import type { StatementData } from '~/lib/statement-data';
import {
  hongKongDate,
  hongKongDateTime,
  statementAmount,
  statementAmountIn,
  statementDateTimeIn,
  statementQuantity,
} from '~/lib/statement-format';
import { pdfPageToPng } from '../../scripts/statements/png';
import {
  createStatementRenderer,
  launchStatementBrowser,
  type StatementRenderer,
} from '../../scripts/statements/render';
import {
  DEVELOPMENT_COMMON_NAME,
  StatementSignatureError,
  createStatementSigner,
  loadSigningIdentity,
  verifyStatementPdf,
  type StatementSigner,
} from '../../scripts/statements/sign';
import { escapeHtml, statementHtml } from '../../scripts/statements/template';
import { HOSTILE_NAME, statementFixture } from '../support/statement-fixture';

interface PdfLineItem {
  str: string;
  x: number;
  /** pdf.js puts a right-to-left item's characters in logical order. */
  rtl: boolean;
}

/** Each page's lines as pdf.js extracts them: the text items of each line, with where each starts. */
async function pdfLines(pdf: Uint8Array): Promise<PdfLineItem[][][]> {
  const task = getDocument({ data: new Uint8Array(pdf), disableFontFace: true });
  const doc = await task.promise;
  const pages: PdfLineItem[][][] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    const lines: PdfLineItem[][] = [[]];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      lines.at(-1)?.push({ str: item.str, x: Number(item.transform[4]), rtl: item.dir === 'rtl' });
      if (item.hasEOL) lines.push([]);
    }
    pages.push(lines);
  }
  await task.destroy();
  return pages;
}

/** Each page's text as pdf.js extracts it, a line break after each line. */
async function pdfText(pdf: Uint8Array): Promise<string[]> {
  return (await pdfLines(pdf)).map((lines) =>
    lines.map((items) => items.map((item) => item.str).join('')).join('\n'),
  );
}

/** Each page's text, whitespace collapsed, padded with a space either side. */
async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  // NFKC: the CJK font maps 大 to its Kangxi radical twin (U+2F24) and Arabic comes out in
  // presentation forms; both compare equal to what was typed after compatibility folding.
  return (await pdfText(pdf)).map((text) => ` ${text.normalize('NFKC').replace(/\s+/g, ' ').trim()} `);
}

// Chinese prints only where a CJK font is installed (fonts-noto-cjk on Debian); without one
// Chromium draws empty boxes that carry no text.
const hasCjkFont = (() => {
  try {
    return execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
})();

/** Letters and digits only: how a description is compared once line wrapping and bidi reordering are set aside. */
const letters = (text: string) =>
  text
    .normalize('NFKC')
    .replace(hasCjkFont ? /[^\p{Script=Latin}\p{Script=Han}\p{Nd}]/gu : /[^\p{Script=Latin}\p{Nd}]/gu, '');

/** Where `token` appears as a whole word (space either side) at or after `from`; -1 if it does not. */
const tokenAt = (text: string, token: string, from: number) => text.indexOf(` ${token} `, from);

let browser: Browser;
let renderer: StatementRenderer;
let signer: StatementSigner;
let signingDir: string;
const data = statementFixture();
let pdf: Buffer;
let signed: Buffer;
let pages: string[];

beforeAll(async () => {
  browser = await launchStatementBrowser();
  renderer = await createStatementRenderer({ browser });
  signingDir = mkdtempSync(join(tmpdir(), 'statement-signing-'));
  // No environment: never a production certificate on a developer's machine, whatever is exported.
  signer = createStatementSigner(loadSigningIdentity({ env: {}, developmentDir: signingDir }));
  pdf = await renderer.render(data);
  signed = await signer.sign(pdf, {
    reason: `Monthly statement ${data.reference}`,
    contactInfo: data.firm.complaints_email,
  });
  pages = await pdfPages(signed);
});

afterAll(async () => {
  await renderer?.close();
  await browser?.close();
  if (signingDir) rmSync(signingDir, { recursive: true, force: true });
});

describe('the fixture', () => {
  it('adds up: opening + credits − debits = closing on every account, and every balance after', () => {
    expect(checkStatementArithmetic(data)).toEqual([]);
    expect(data.lines.length).toBeGreaterThanOrEqual(60);
  });
});

describe('statement PDF text', () => {
  it('runs to several A4 pages', async () => {
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const task = getDocument({ data: new Uint8Array(signed) });
    const { view } = await (await task.promise).getPage(1);
    // A4 is 595.28 × 841.89 pt; Chromium prints 595.92 × 842.88 (it rounds the paper to its own
    // units, 0.2 mm more each way, whether asked for 'A4' or 210 × 297 mm).
    expect(Math.abs((view[2] ?? 0) - 595.28)).toBeLessThan(1);
    expect(Math.abs((view[3] ?? 0) - 841.89)).toBeLessThan(1.5);
    await task.destroy();
  });

  it('prints every line, in order: its date (Hong Kong), description, amount and balance after', () => {
    // The lines table starts after the accounts table; the header and footer of each page come
    // last in its text, so joining the pages keeps the table's order.
    const text = pages.join('');
    let cursor = text.indexOf(' Transactions ');
    expect(cursor).toBeGreaterThan(0);
    for (const [index, line] of data.lines.entries()) {
      const where = `line ${index + 1} (${line.date}, ${line.description})`;
      const date = tokenAt(text, hongKongDateTime(line.date), cursor);
      expect(date, `${where}: date`).toBeGreaterThanOrEqual(0);
      const amount = tokenAt(text, statementAmount(line.amount), date);
      expect(amount, `${where}: amount`).toBeGreaterThan(date);
      const balance = tokenAt(text, statementAmount(line.balance_after), amount + 1);
      expect(balance, `${where}: balance after`).toBeGreaterThan(amount);
      // Between the date and the amount: the account, the kind and the description (wrapped).
      const row = letters(text.slice(date, amount));
      expect(row, `${where}: account`).toContain(letters(line.account_label));
      expect(row, `${where}: description`).toContain(letters(`${line.kind_label}${line.description}`));
      if (line.quantity !== null && line.asset !== null) {
        const quantity = `${statementQuantity(line.quantity)} ${line.asset}`;
        expect(text.slice(date, amount), `${where}: quantity`).toContain(quantity);
        if (line.rate !== null)
          expect(text.slice(date, amount)).toContain(`at ${statementAmount(line.rate)} per`);
      }
      cursor = balance + 1;
    }
  });

  it('shows the same number of transaction rows as the data has lines', () => {
    const rows = pages.join('').match(/ \d{4}-\d{2}-\d{2} \d{2}:\d{2} /g) ?? [];
    // Every line plus every pending item carries one date-time; nothing else on the statement does.
    expect(rows.length).toBe(data.lines.length + data.pending.length);
  });

  it("puts the member's name, account number and Page X of Y on every page", () => {
    for (const [index, page] of pages.entries()) {
      expect(page, `page ${index + 1}`).toContain(HOSTILE_NAME);
      expect(page, `page ${index + 1}`).toContain(`Account ${data.member.account_number}`);
      expect(page, `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page, `page ${index + 1}`).toContain(data.reference);
    }
  });

  it('repeats the transactions table header on every page the table runs onto', () => {
    const withLines = pages.filter((page) =>
      data.lines.some((line) => page.includes(` ${hongKongDateTime(line.date)} `)),
    );
    expect(withLines.length).toBeGreaterThanOrEqual(2);
    for (const page of withLines)
      expect(page).toContain(' Date (HKT) Account Description Amount Balance after ');
  });

  it('prints the letterhead, period with its time zone, reference, version and the member', () => {
    const first = pages[0] ?? '';
    for (const text of [
      data.firm.name,
      data.firm.legal_name,
      'Monthly statement',
      data.period.label,
      'Hong Kong time (UTC+8)',
      data.reference,
      `Replaces ${data.replaces}`,
      `Prepared ${hongKongDate(data.prepared_at)}`,
      '1 November 2026 to 30 November 2026',
      data.member.account_number,
    ]) {
      expect(first, text).toContain(text);
    }
    // Long text wraps inside its column: compare without the line breaks.
    const joined = letters(first);
    for (const text of [...data.firm.address_lines, data.member.email])
      expect(joined, text).toContain(letters(text));
  });

  it('prints the accounts with totals, returns per plan, pending items, valuation and complaints', () => {
    const text = pages.join('');
    for (const account of data.accounts) {
      const row = [account.label, account.opening, account.credits, account.debits, account.closing]
        .map((value, i) => (i === 0 ? value : statementAmount(value)))
        .join(' ');
      expect(text).toContain(` ${row} `);
    }
    expect(text).toContain(` Total ${statementAmount(data.totals.opening)} `);
    expect(text).toContain(` ${statementAmount(data.totals.closing)} `);
    expect(text).toContain(statementAmount(data.returns.in_period));
    expect(text).toContain(statementAmount(data.returns.to_date));
    for (const plan of data.returns.plans) {
      expect(text).toContain(
        ` ${plan.name} ${statementAmount(plan.principal)} ${statementAmount(plan.in_period)} ${statementAmount(plan.to_date)} `,
      );
    }
    let cursor = text.indexOf(' Pending at month end ');
    expect(cursor).toBeGreaterThan(0);
    for (const item of data.pending) {
      const date = tokenAt(text, hongKongDateTime(item.date), cursor);
      const amount = tokenAt(text, statementAmount(item.amount), date);
      expect(date).toBeGreaterThan(cursor);
      expect(letters(text.slice(date, amount))).toContain(letters(item.description));
      cursor = amount;
    }
    const all = letters(text);
    for (const words of [
      data.valuation.source,
      data.valuation.text,
      data.firm.complaints_text,
      data.firm.complaints_email,
    ]) {
      expect(all).toContain(letters(words));
    }
  });

  it('prints member and staff text as text: markup and quotes arrive as typed', () => {
    // The name may wrap in its column, which the extracted text shows as a space.
    const compact = (text: string) => text.replace(/\s+/g, '');
    expect(compact(pages[0] ?? '')).toContain(compact(`Member ${HOSTILE_NAME}E-mail`));
    expect(compact(pages.join(''))).toContain(compact('<b>as agreed</b> & confirmed'));
  });

  it('keeps right-to-left text (Arabic): every letter of the description is on its line', () => {
    // pdf.js gives Arabic in visual order, some letter pairs as one ligature, so compare the
    // letters as a multiset: none lost, none added.
    const arabic = (text: string) =>
      [...text.normalize('NFKC').replace(/[^\p{Script=Arabic}]/gu, '')].sort().join('');
    const line = data.lines.find((l) => /\p{Script=Arabic}/u.test(l.description));
    if (!line) throw new Error('the fixture has no Arabic description');
    const text = pages.join('');
    const date = tokenAt(text, hongKongDateTime(line.date), 0);
    const amount = tokenAt(text, statementAmount(line.amount), date);
    expect(arabic(text.slice(date, amount))).toBe(arabic(line.description));
    expect(arabic(line.description).length).toBeGreaterThan(10);
  });

  it.skipIf(!hasCjkFont)('prints Chinese text (needs a CJK font: fonts-noto-cjk)', () => {
    expect(pages.join('')).toContain('陳大文');
  });
});

describe('statement PDF in the member’s language (docs/statements.md, "Languages")', () => {
  /** The fixture in `locale`, one plan renamed to a plan the words know (the other keeps its recorded name). */
  const inLocale = (locale: Locale): StatementData => {
    const copy = structuredClone(data);
    copy.locale = locale;
    (copy.returns.plans[0] as { plan: string }).plan = 'gold';
    return copy;
  };
  const arabic = inLocale('ar');
  const chinese = inLocale('zh-hant');
  let arPages: string[];
  let arLines: string[];
  let zhPages: string[];

  /**
   * Arabic as a reader reads it: Chromium draws Arabic glyphs as separate text items, so each
   * line's items are put in visual order (left to right, by where they start, a right-to-left
   * item's characters reversed back to visual order) and the line is reversed; NFKC then spells each joined form as its letter, and a lam-alef ligature in logical
   * order. Marks are dropped (a reversed mark would sit before its letter).
   */
  const logicalArabic = (lines: PdfLineItem[][]) =>
    lines
      .map((items) =>
        [
          ...[...items]
            .sort((a, b) => a.x - b.x)
            .map((item) => (item.rtl ? [...item.str].reverse().join('') : item.str))
            .join(''),
        ]
          .reverse()
          .join('')
          .normalize('NFKC')
          .replace(/\p{M}/gu, ''),
      )
      .join('\n');

  beforeAll(async () => {
    const lines = await pdfLines(await renderer.render(arabic));
    arPages = lines.map(
      (page) =>
        ` ${page
          .map((items) => items.map((item) => item.str).join(''))
          .join(' ')
          .normalize('NFKC')
          .replace(/\s+/g, ' ')
          .trim()} `,
    );
    arLines = lines.map(logicalArabic);
    if (hasCjkFont) zhPages = await pdfPages(await renderer.render(chinese));
  });

  it('declares the language and direction: <html lang dir>, English for data without a language', () => {
    expect(statementHtml(data)).toContain('<html lang="en" dir="ltr">');
    expect(statementHtml(arabic)).toContain('<html lang="ar" dir="rtl">');
    expect(statementHtml(chinese)).toContain('<html lang="zh-Hant" dir="ltr">');
    // The English version of a translated statement is the same data printed in English.
    expect(statementHtml(arabic, 'en')).toBe(statementHtml({ ...arabic, locale: 'en' }));
    expect(statementHtml({ ...arabic, locale: 'en' })).toContain('<html lang="en" dir="ltr">');
  });

  it('isolates figures and codes left to right, whatever the page’s direction', () => {
    const html = statementHtml(arabic);
    expect(html).toContain(
      `<bdi dir="ltr">${escapeHtml(statementAmountIn('ar', arabic.totals.closing))}</bdi>`,
    );
    expect(html).toContain(`<bdi dir="ltr">${arabic.member.account_number}</bdi>`);
    expect(html).toContain(`<bdi dir="ltr" class="ref">${arabic.reference}</bdi>`);
    expect(html).toContain(`<bdi dir="ltr">${statementDateTimeIn('ar', arabic.lines[0]!.date)}</bdi>`);
    for (const line of arabic.firm.address_lines)
      expect(html).toContain(`<bdi dir="ltr">${escapeHtml(line)}</bdi>`);
  });

  it('Arabic: its words are printed (title, headings, accounts, kinds, plan, the English version prevails)', () => {
    const ar = statementWords('ar');
    const first = arLines[0] ?? '';
    const all = arLines.join('\n');
    for (const words of [ar.title, ar.fields.accountNumber, ar.fields.reference, ar.sections.accounts]) {
      expect(first, words).toContain(words);
    }
    for (const words of [
      ...Object.values(ar.accounts),
      ar.kinds.deposit,
      ar.kinds.return,
      ar.kinds.subscription,
      ar.plans.gold,
      ar.sections.lines,
      ar.sections.pending,
      ar.sections.complaints,
      ar.columns.balanceAfter,
      'يسود النص الإنجليزي',
    ]) {
      expect(all, words).toContain(words);
    }
    // The plan the words do not know keeps its recorded name; no English heading is left.
    expect(arPages.join('')).toContain(arabic.returns.plans[1]!.name);
    for (const english of [' Transactions ', ' Opening ', ' Balance after ', ' Monthly statement ', ' Page '])
      expect(arPages.join(''), english).not.toContain(english);
  });

  it('Arabic: amounts, dates, account number and reference intact, Latin digits, left to right', () => {
    const text = arPages.join('');
    // The statement joins an Arabic figure and "US$" with a no-break space; the PDF's text layer gives
    // it back as a plain space.
    const printed = (amount: string) => statementAmountIn('ar', amount).replace(/\u00a0/g, ' ');
    expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(statementAmountIn('ar', '1234.56')).toBe('1,234.56\u00a0US$');
    for (const account of arabic.accounts) {
      for (const amount of [account.opening, account.credits, account.debits, account.closing]) {
        expect(text, amount).toContain(printed(amount));
      }
    }
    expect(text).toContain('1,250,000.00 US$');
    expect(text).toContain(printed(arabic.totals.closing));
    for (const line of arabic.lines) {
      expect(text, line.date).toContain(statementDateTimeIn('ar', line.date));
      expect(text, line.amount).toContain(printed(line.amount));
      expect(text, line.balance_after).toContain(printed(line.balance_after));
    }
    const rows = text.match(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/g) ?? [];
    expect(rows.length).toBe(arabic.lines.length + arabic.pending.length);
    // Every page: the account number and the reference, whole, and "Page X of Y" in Arabic.
    for (const [index, page] of arLines.entries()) {
      expect(arPages[index], `page ${index + 1}`).toContain(arabic.member.account_number);
      expect(arPages[index], `page ${index + 1}`).toContain(arabic.reference);
      // Reversed with its line, a page number of one digit reads as printed (the fixture has fewer than 10 pages).
      expect(page.replace(/[ \t]+/g, ' '), `page ${index + 1}`).toContain(
        `الصفحة ${index + 1} من ${arLines.length}`,
      );
    }
    // The crypto leg: quantity and asset, then the rate, each whole.
    const btc = arabic.lines.find((l) => l.asset === 'BTC' && l.rate !== null);
    if (!btc?.quantity || !btc.rate) throw new Error('the fixture has no BTC line with a rate');
    expect(text).toContain(`${statementQuantity(btc.quantity)} BTC`);
    expect(text).toContain(printed(btc.rate));
  });

  it.skipIf(!hasCjkFont)('Chinese: its words, amounts in US$, dates, account number and reference', () => {
    const zh = statementWords('zh-hant');
    const text = zhPages.join('');
    // NFKC writes full-width punctuation as ASCII; a long text may wrap (a space in the extracted text).
    const compact = (words: string) => words.normalize('NFKC').replace(/\s+/g, '');
    for (const words of [
      zh.title,
      zh.sections.lines,
      zh.columns.dateHeading,
      ...Object.values(zh.accounts),
      zh.kinds.deposit,
      zh.plans.gold,
      zh.englishPrevails,
      `${zh.fields.period} 2026年11月1日至2026年11月30日`,
    ]) {
      expect(compact(text), words).toContain(compact(words));
    }
    for (const account of chinese.accounts) {
      const row = [account.opening, account.credits, account.debits, account.closing]
        .map((amount) => statementAmountIn('zh-hant', amount))
        .join(' ');
      expect(text).toContain(` ${zh.accounts[account.account]} ${row} `);
    }
    expect(text).toContain('US$1,250,000.00');
    let cursor = text.indexOf(` ${zh.sections.lines} `);
    for (const line of chinese.lines) {
      const date = tokenAt(text, statementDateTimeIn('zh-hant', line.date), cursor);
      expect(date, line.date).toBeGreaterThan(cursor);
      const amount = tokenAt(text, statementAmountIn('zh-hant', line.amount), date);
      expect(amount, line.amount).toBeGreaterThan(date);
      cursor = amount;
    }
    for (const [index, page] of zhPages.entries()) {
      expect(page).toContain(`帳戶${chinese.member.account_number}`);
      expect(page).toContain(chinese.reference);
      expect(page).toContain(compact(`第${index + 1}頁，共${zhPages.length}頁`));
    }
    for (const english of [' Transactions ', ' Opening ', ' Monthly statement ', ' Page ']) {
      expect(text, english).not.toContain(english);
    }
  });
});

describe('statement renderer', () => {
  it('refuses a statement that does not add up, and renders the next one', async () => {
    const broken = structuredClone(data);
    (broken.accounts[0] as { closing: string }).closing = '1.00';
    await expect(renderer.render(broken)).rejects.toThrow(/does not add up:\ndeposit_wallet: opening/);
    const again = await renderer.render(data);
    expect(again.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('statement pictures (scripts/statements/png.ts)', () => {
  it('draws page 1 of the PDF as an A4 PNG', async () => {
    const png = await pdfPageToPng(browser, signed, { page: 1, scale: 1 });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(Math.abs(width - 596)).toBeLessThanOrEqual(1);
    expect(height / width).toBeCloseTo(Math.SQRT2, 2);
  });
});

describe('statement HTML', () => {
  it('escapes member and staff text: no markup from the data reaches the document', () => {
    const html = statementHtml(data);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<b>as agreed');
    expect(html).toContain(escapeHtml(HOSTILE_NAME));
    expect(html).toContain('&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;');
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('loads nothing from the network and needs no script', () => {
    const html = statementHtml(data);
    expect(html).not.toMatch(/\b(src|href)=|url\(|@import/i);
  });

  it('refuses a statement whose period is not in Hong Kong time rather than mislabel it', () => {
    const other = {
      ...data,
      period: { ...data.period, time_zone: 'Europe/London' },
    } as unknown as StatementData;
    expect(() => statementHtml(other)).toThrow(/Hong Kong/);
  });

  it('refuses an amount that is not a decimal rather than print a guess', () => {
    const bad = structuredClone(data);
    (bad.lines[0] as { amount: string }).amount = '1,000.00';
    expect(() => statementHtml(bad)).toThrow(/decimal/);
  });

  it('says so when there is nothing to show', () => {
    const html = statementHtml({ ...data, lines: [], pending: [], replaces: null, version: 1 });
    expect(html).toContain('No transactions were posted in this period.');
    expect(html).toContain('Nothing was pending at the end of the month.');
    expect(html).not.toContain('Corrected statement');
  });
});

describe('statement signature', () => {
  it('verifies, names the development certificate and covers the whole file', () => {
    const result = verifyStatementPdf(signed);
    expect(result.commonName).toBe(DEVELOPMENT_COMMON_NAME);
    expect(result.subject).toMatch(/^CN=Liquid Capital Limited \(development\), OU=DEVELOPMENT ONLY/);
    expect(result.development).toBe(true);
    expect(result.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(result.signingTime).not.toBeNull();
    // The unsigned PDF is the start of the signed one: signing only appends an incremental update.
    expect(signed.subarray(0, pdf.length - 16).equals(pdf.subarray(0, pdf.length - 16))).toBe(true);
  });

  it('refuses an unsigned PDF', () => {
    expect(() => verifyStatementPdf(pdf)).toThrow(StatementSignatureError);
  });

  // Two altered copies per position, over 5,000 positions, 1 to 3 ms each: past the default 30 s on a busy machine.
  it(
    'fails when any one byte changes: in the content, in the byte range, in the signature',
    { timeout: 180_000 },
    () => {
      const text = signed.toString('latin1');
      const rangeAt = text.indexOf('/ByteRange');
      const [, , b = 0, c = 0] = (/\[\s*(\d+)\s+(\d+)\s+(\d+)/.exec(text.slice(rangeAt)) ?? []).map(Number);
      expect(b).toBeGreaterThan(rangeAt);
      // Where the CMS ends and the placeholder's zero padding begins.
      const hexEnd = c - 1 - (/0*$/.exec(text.slice(c - 1 - 20_000, c - 1))?.[0].length ?? 0);
      expect(hexEnd - b).toBeGreaterThan(1000);
      expect(hexEnd - b).toBeLessThan(10_000);
      const positions = new Set<number>();
      // The signature dictionary (byte range, contents' delimiters, sub-filter), byte by byte.
      for (let i = rangeAt - 400; i < rangeAt + 120; i += 1) positions.add(i);
      for (let i = b - 40; i <= b + 1; i += 1) positions.add(i);
      for (let i = c - 2; i < c + 300 && i < signed.length; i += 1) positions.add(i);
      // The CMS itself (certificate, signed attributes, signature value), every hex digit.
      for (let i = b + 1; i < hexEnd + 4; i += 1) positions.add(i);
      // The zero padding after it, sampled, and its very end.
      for (let i = hexEnd; i < c - 1; i += 97) positions.add(i);
      for (let i = c - 40; i < c; i += 1) positions.add(i);
      // The document: its first and last bytes, and 2,000 evenly spread through it.
      for (let i = 0; i < 200; i += 1) positions.add(i).add(signed.length - 1 - i);
      for (let i = 0; i < 2000; i += 1) positions.add(Math.floor((i * signed.length) / 2000));

      const survivors: number[] = [];
      const copy = Buffer.from(signed);
      for (const at of positions) {
        if (at < 0 || at >= signed.length) continue;
        const original = copy[at] ?? 0;
        // A low bit flip, and a case flip (hex "a" ↔ "A" decodes to the same byte).
        for (const mask of [0x01, 0x20]) {
          copy[at] = original ^ mask;
          try {
            verifyStatementPdf(copy);
            survivors.push(at);
          } catch (error) {
            expect(error).toBeInstanceOf(StatementSignatureError);
          }
        }
        copy[at] = original;
      }
      expect(positions.size).toBeGreaterThan(5000);
      expect(survivors).toEqual([]);
      expect(() => verifyStatementPdf(copy)).not.toThrow();
    },
  );

  it('fails when bytes are added or cut at the end', () => {
    expect(() => verifyStatementPdf(Buffer.concat([signed, Buffer.from('\n')]))).toThrow(
      StatementSignatureError,
    );
    expect(() => verifyStatementPdf(signed.subarray(0, signed.length - 1))).toThrow(StatementSignatureError);
  });
});

describe('signing certificate', () => {
  it('makes the development certificate once and reuses it', () => {
    const first = loadSigningIdentity({ env: {}, developmentDir: signingDir });
    const again = loadSigningIdentity({ env: {}, developmentDir: signingDir });
    expect(first.development).toBe(true);
    expect(again.p12.equals(first.p12)).toBe(true);
    expect(readFileSync(join(signingDir, 'development.p12')).equals(first.p12)).toBe(true);
  });

  it('takes the production certificate from the environment', async () => {
    const dev = loadSigningIdentity({ env: {}, developmentDir: signingDir });
    const identity = loadSigningIdentity({
      env: {
        STATEMENT_SIGNING_P12_BASE64: dev.p12.toString('base64'),
        STATEMENT_SIGNING_P12_PASSWORD: dev.password,
      },
    });
    expect(identity.development).toBe(false);
    const fromEnv = createStatementSigner(identity);
    const again = await fromEnv.sign(pdf, { reason: 'test', contactInfo: 'test' });
    expect(verifyStatementPdf(again).fingerprint256).toBe(verifyStatementPdf(signed).fingerprint256);
  });

  it('refuses to sign in production without a certificate, or with a wrong password', () => {
    expect(() => loadSigningIdentity({ env: { NODE_ENV: 'production' } })).toThrow(
      /STATEMENT_SIGNING_P12_BASE64/,
    );
    const dev = loadSigningIdentity({ env: {}, developmentDir: signingDir });
    expect(() => createStatementSigner({ ...dev, password: 'wrong' })).toThrow();
    expect(() => loadSigningIdentity({ env: { STATEMENT_SIGNING_P12_BASE64: 'AAAA' } })).toThrow(/PASSWORD/);
  });

  it('signs many statements with one signer', async () => {
    const second = await signer.sign(pdf, { reason: 'second', contactInfo: 'x' });
    const third = await signer.sign(pdf, { reason: 'third', contactInfo: 'x' });
    expect(verifyStatementPdf(second).subject).toBe(signer.subject);
    expect(verifyStatementPdf(third).subject).toBe(signer.subject);
  });
});
