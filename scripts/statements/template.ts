/**
 * The monthly statement as one self-contained HTML document, printed to A4 by render.ts, in the
 * language the statement recorded (data.locale; English without one): its words from
 * src/i18n/statement, `<html lang dir>` from src/i18n/locales.ts, Arabic right to left. No script, no
 * network, system fonts only (Liberation Sans; Noto Sans CJK for Chinese; DejaVu Sans for Arabic, whose
 * letters it keeps in the PDF's text: docs/statements.md, "Languages"), so what Chromium prints
 * depends on the data alone. Every value from the data is escaped (names and
 * descriptions are member or staff text) and isolated: text in <bdi>, so an Arabic description
 * cannot reorder the text around it; amounts, account numbers, references, e-mail and postal
 * addresses, quantities and line times in <bdi dir="ltr">, so an Arabic page never reorders them.
 */
import { localeInfo, type Locale } from '../../src/i18n/locales';
import { fill } from '../../src/i18n/fill';
import { statementWords, type StatementWords } from '../../src/i18n/statement';
import english from '../../src/i18n/statement/en';
import { centsText, toCents } from '../../src/lib/money';
import { statementLocale, type StatementData, type StatementLine } from '../../src/lib/statement-data';
import {
  statementAmountIn,
  statementDateIn,
  statementDateTimeIn,
  statementMonthIn,
  statementQuantity,
} from '../../src/lib/statement-format';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value: nothing in it can open a tag, an entity or leave a quote. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** User or staff text (and dates written with words): escaped, isolated, its direction its own. */
const user = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;

/** A figure, code or address: escaped and isolated left to right, whatever the page's direction. */
const ltr = (text: string) => `<bdi dir="ltr">${escapeHtml(text)}</bdi>`;

/** A statement's reference: left to right, and never broken across lines (it is quoted whole). */
const reference = (text: string) => `<bdi dir="ltr" class="ref">${escapeHtml(text)}</bdi>`;

/** An e-mail address that may break before "@" and dots when its column is narrow, not mid-name. */
const email = (text: string) => `<bdi dir="ltr">${escapeHtml(text).replace(/[@.]/g, '<wbr>$&')}</bdi>`;

/** A catalog sentence (escaped) with its placeholders filled by HTML the caller escaped. */
const sentence = (template: string, values: Readonly<Record<string, string | number>> = {}) =>
  fill(escapeHtml(template), values);

/** One statement's language: its words and how it writes its values. */
interface Speech {
  locale: Locale;
  words: StatementWords;
  amount: (amount: string) => string;
  dateTime: (instant: string) => string;
  date: (instant: string) => string;
  /** "November 2026": the recorded label in English, the month in words elsewhere. */
  month: string;
}

function speech(data: StatementData, locale: Locale): Speech {
  return {
    locale,
    words: statementWords(locale),
    amount: (amount) => ltr(statementAmountIn(locale, amount)),
    dateTime: (instant) => ltr(statementDateTimeIn(locale, instant)),
    date: (instant) => user(statementDateIn(locale, instant)),
    month: locale === 'en' ? data.period.label : statementMonthIn(locale, data.month),
  };
}

const has = <T extends object>(record: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(record, key);

/**
 * A name the database recorded in English (account, kind, plan): an English statement prints it as
 * recorded; another language prints its word for the key, or the recorded name for a key it has none for.
 */
function named<T extends object>(s: Speech, names: T, key: string | null, recorded: string): string {
  if (s.locale === 'en' || key === null || !has(names, key)) return user(recorded);
  return user(String(names[key]));
}

/** "1 November 2026 to 30 November 2026": the period's first and last day in Hong Kong. */
function periodDates(s: Speech, data: StatementData): string {
  // period.to is the first instant of the next month; its last day is the one before it.
  const last = new Date(Date.parse(data.period.to) - 1).toISOString();
  return sentence(s.words.fields.periodRange, { from: s.date(data.period.from), to: s.date(last) });
}

/**
 * The firm's recorded complaints text and valuation: the job records the English catalog's texts
 * (job.ts), which another language prints in its words; a text the run recorded otherwise is
 * printed as recorded, never replaced by a translation of something else.
 */
function complaintsText(s: Speech, data: StatementData): string {
  const standard = fill(english.firm.complaintsText, { email: data.firm.complaints_email });
  if (s.locale === 'en' || data.firm.complaints_text !== standard) return user(data.firm.complaints_text);
  return sentence(s.words.firm.complaintsText, { email: email(data.firm.complaints_email) });
}

function valuationText(s: Speech, recorded: string, key: 'valuationSource' | 'valuationText'): string {
  if (s.locale === 'en' || recorded !== english.firm[key]) return user(recorded);
  return escapeHtml(s.words.firm[key]);
}

// Print sizes in pt and mm (A4); the screen rules only make the same document readable in a
// browser window or on a phone (previews, the docs' screenshots), never in the PDF.
const CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  color: #16202c;
  background: #fff;
  font: 9pt/1.4 "Liberation Sans", Arial, Helvetica, "Noto Sans CJK HK", "Noto Sans CJK TC",
    "Noto Sans CJK SC", "PingFang HK", "Microsoft JhengHei", "DejaVu Sans", sans-serif;
  overflow-wrap: break-word;
}
.sheet { max-width: 190mm; margin: 0 auto; }
h1, h2, h3, p, dl, dd, address { margin: 0; }
address { font-style: normal; }
.letterhead {
  display: flex; justify-content: space-between; gap: 8mm; align-items: flex-start;
  padding-bottom: 4mm; border-bottom: 1.5pt solid #0b3d5c;
}
.firm-name { font-size: 16pt; font-weight: 700; color: #0b3d5c; letter-spacing: 0.02em; }
.firm-legal { font-weight: 700; }
.firm address { color: #3a4756; max-width: 95mm; }
.title { text-align: end; }
.title h1 { font-size: 15pt; color: #0b3d5c; }
.title .period { font-size: 11pt; font-weight: 700; }
.title .tz { color: #3a4756; }
.notice {
  margin-top: 4mm; padding: 2.5mm 3mm; border: 1pt solid #b26b00; background: #fff6e5;
  color: #5c3700; font-weight: 700;
}
.parties { display: flex; gap: 8mm; margin-top: 4mm; }
.parties dl { flex: 1 1 0; min-width: 0; }
.parties dl:first-child { flex-grow: 1.3; }
.parties div { display: flex; gap: 2mm; margin-bottom: 1mm; }
.parties dt { color: #3a4756; flex: 0 0 26mm; }
.parties dd { font-weight: 700; min-width: 0; }
section { margin-top: 6mm; }
h2 {
  font-size: 11pt; color: #0b3d5c; margin-bottom: 2mm; padding-bottom: 1mm;
  border-bottom: 0.75pt solid #c5ced8; break-after: avoid;
}
table { width: 100%; border-collapse: collapse; font-size: 0.95em; }
thead { display: table-header-group; }
tfoot { display: table-footer-group; }
tr { break-inside: avoid; }
th {
  text-align: start; font-weight: 700; color: #3a4756; background: #eef2f6;
  padding: 1.5mm 2mm; border-bottom: 0.75pt solid #9aa8b7;
}
td { padding: 1.4mm 2mm; border-bottom: 0.5pt solid #dde3ea; vertical-align: top; }
.num { text-align: end; white-space: nowrap; font-variant-numeric: tabular-nums; }
th.num { text-align: end; }
.nowrap, .ref { white-space: nowrap; }
.total td { font-weight: 700; border-top: 0.75pt solid #9aa8b7; border-bottom: none; }
.kind { font-weight: 700; }
/* A wallet address or transaction hash has no break point: let it break anywhere rather than
   widen its column past the page. */
td.text { overflow-wrap: anywhere; }
.detail { color: #3a4756; font-size: 0.94em; }
.debit { color: #8a1c1c; }
.lines col.date { width: 25mm; }
.lines col.account { width: 25mm; }
.lines col.amount, .lines col.balance, .pending col.amount { width: 28mm; }
.pending col.date { width: 27mm; }
.pending col.account { width: 27mm; }
.figures { display: flex; gap: 10mm; margin-bottom: 2mm; }
.figures dt { color: #3a4756; }
.figures dd { font-size: 11pt; font-weight: 700; }
.empty { color: #3a4756; font-style: italic; }
.prevails { margin-top: 3mm; color: #3a4756; }
/* Arabic letters reach higher and lower than Latin ones: more room between lines; no slanted Arabic. */
body:lang(ar) { line-height: 1.55; }
.empty:lang(ar) { font-style: normal; }
.small { color: #3a4756; }
footer.end { margin-top: 8mm; color: #3a4756; font-size: 0.9em; }
@media screen {
  body { padding: 24px; background: #f4f6f8; font-size: 10.5pt; }
  .sheet { max-width: 980px; background: #fff; padding: 40px 48px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12); }
}
@media screen and (max-width: 900px) {
  body { padding: 12px; }
  .sheet { padding: 24px; }
}
@media screen and (max-width: 640px) {
  body { padding: 0; font-size: 10pt; }
  .sheet { padding: 16px; box-shadow: none; }
  .letterhead { flex-direction: column; gap: 8px; }
  .title { text-align: start; }
  .parties { flex-direction: column; gap: 0; }
  .parties div { flex-direction: column; gap: 0; margin-bottom: 6px; }
  .parties dt { flex: none; }
  .figures { flex-direction: column; gap: 4px; }
  /* Tables become one card per row: each cell says what it is, from its data-label. */
  table, tbody, tfoot, tr, td { display: block; width: 100%; }
  thead { display: none; }
  colgroup { display: none; }
  tr { padding: 6px 0; border-bottom: 1px solid #c5ced8; }
  td { border: none; padding: 2px 0; display: flex; justify-content: space-between; gap: 12px; text-align: end; }
  td::before { content: attr(data-label); color: #3a4756; text-align: start; flex: 0 0 auto; }
  td.text { display: block; text-align: start; }
  td.text::before { display: block; }
  /* The row's name (account, plan) heads its card instead of sitting beside a label. */
  td.head { font-weight: 700; }
  td.head::before { content: none; }
  .total td { border-top: none; }
  .num { white-space: normal; }
}
`;

function amountCell(s: Speech, amount: string, label: string): string {
  const debit = amount.trim().startsWith('-') && toCents(amount) !== 0n;
  return `<td class="num${debit ? ' debit' : ''}" data-label="${escapeHtml(label)}">${s.amount(amount)}</td>`;
}

function lineDetail(s: Speech, line: StatementLine): string {
  if (line.asset === null || line.quantity === null) return '';
  const rate =
    line.rate === null ? '' : sentence(s.words.rate, { rate: s.amount(line.rate), asset: ltr(line.asset) });
  return `<div class="detail">${ltr(`${statementQuantity(line.quantity)} ${line.asset}`)}${rate}</div>`;
}

function accountsTable(s: Speech, data: StatementData): string {
  const c = s.words.columns;
  let credits = 0n;
  let debits = 0n;
  const rows = data.accounts.map((a) => {
    credits += toCents(a.credits) ?? 0n;
    debits += toCents(a.debits) ?? 0n;
    return `<tr><td class="text head" data-label="${escapeHtml(c.account)}">${named(s, s.words.accounts, a.account, a.label)}</td>${amountCell(s, a.opening, c.opening)}${amountCell(s, a.credits, c.credits)}${amountCell(s, a.debits, c.debits)}${amountCell(s, a.closing, c.closing)}</tr>`;
  });
  return `<table class="accounts">
<thead><tr><th scope="col">${escapeHtml(c.account)}</th><th scope="col" class="num">${escapeHtml(c.opening)}</th><th scope="col" class="num">${escapeHtml(c.credits)}</th><th scope="col" class="num">${escapeHtml(c.debits)}</th><th scope="col" class="num">${escapeHtml(c.closing)}</th></tr></thead>
<tbody>${rows.join('\n')}</tbody>
<tfoot><tr class="total"><td class="text head" data-label="${escapeHtml(c.account)}">${escapeHtml(c.total)}</td>${amountCell(s, data.totals.opening, c.opening)}${amountCell(s, centsText(credits), c.credits)}${amountCell(s, centsText(debits), c.debits)}${amountCell(s, data.totals.closing, c.closing)}</tr></tfoot>
</table>`;
}

function linesTable(s: Speech, data: StatementData): string {
  const c = s.words.columns;
  if (data.lines.length === 0) return `<p class="empty">${escapeHtml(s.words.noLines)}</p>`;
  const rows = data.lines.map(
    (line) =>
      `<tr><td class="nowrap" data-label="${escapeHtml(c.date)}">${s.dateTime(line.date)}</td><td data-label="${escapeHtml(c.account)}">${named(s, s.words.accounts, line.account, line.account_label)}</td><td class="text" data-label="${escapeHtml(c.description)}"><span class="kind">${named(s, s.words.kinds, line.kind, line.kind_label)}</span> · ${user(line.description)}${lineDetail(s, line)}</td>${amountCell(s, line.amount, c.amount)}${amountCell(s, line.balance_after, c.balanceAfter)}</tr>`,
  );
  return `<table class="lines">
<colgroup><col class="date"><col class="account"><col class="description"><col class="amount"><col class="balance"></colgroup>
<thead><tr><th scope="col">${escapeHtml(c.dateHeading)}</th><th scope="col">${escapeHtml(c.account)}</th><th scope="col">${escapeHtml(c.description)}</th><th scope="col" class="num">${escapeHtml(c.amount)}</th><th scope="col" class="num">${escapeHtml(c.balanceAfter)}</th></tr></thead>
<tbody>${rows.join('\n')}</tbody>
</table>`;
}

function returnsSection(s: Speech, data: StatementData): string {
  const c = s.words.columns;
  const r = data.returns;
  const plans =
    r.plans.length === 0
      ? `<p class="empty">${escapeHtml(s.words.noPlans)}</p>`
      : `<table class="plans">
<thead><tr><th scope="col">${escapeHtml(c.plan)}</th><th scope="col" class="num">${escapeHtml(c.principal)}</th><th scope="col" class="num">${escapeHtml(c.returnsInPeriod)}</th><th scope="col" class="num">${escapeHtml(c.returnsToDate)}</th></tr></thead>
<tbody>${r.plans
          .map(
            (p) =>
              `<tr><td class="text head" data-label="${escapeHtml(c.plan)}">${named(s, s.words.plans, p.plan, p.name)}</td>${amountCell(s, p.principal, c.principal)}${amountCell(s, p.in_period, c.returnsInPeriod)}${amountCell(s, p.to_date, c.returnsToDate)}</tr>`,
          )
          .join('\n')}</tbody>
</table>`;
  return `<dl class="figures"><div><dt>${sentence(s.words.returnsInPeriod, { period: user(s.month) })}</dt><dd>${s.amount(r.in_period)}</dd></div><div><dt>${escapeHtml(s.words.returnsToDate)}</dt><dd>${s.amount(r.to_date)}</dd></div></dl>
${plans}`;
}

function pendingSection(s: Speech, data: StatementData): string {
  const c = s.words.columns;
  if (data.pending.length === 0) return `<p class="empty">${escapeHtml(s.words.nothingPending)}</p>`;
  return `<table class="pending">
<colgroup><col class="date"><col class="item"><col class="account"><col class="amount"></colgroup>
<thead><tr><th scope="col">${escapeHtml(c.requestedHeading)}</th><th scope="col">${escapeHtml(c.item)}</th><th scope="col">${escapeHtml(c.account)}</th><th scope="col" class="num">${escapeHtml(c.amount)}</th></tr></thead>
<tbody>${data.pending
    .map(
      (p) =>
        `<tr><td class="nowrap" data-label="${escapeHtml(c.requested)}">${s.dateTime(p.date)}</td><td class="text" data-label="${escapeHtml(c.item)}"><span class="kind">${named(s, s.words.kinds, p.kind, p.kind_label)}</span> · ${user(p.description)}</td><td data-label="${escapeHtml(c.account)}">${named(s, s.words.accounts, p.account, p.account_label)}</td>${amountCell(s, p.amount, c.amount)}</tr>`,
    )
    .join('\n')}</tbody>
</table>
<p class="small">${escapeHtml(s.words.pendingNotIncluded)}</p>`;
}

/**
 * The statement as HTML in its recorded language, or in `locale` when given (the English version of
 * a translated statement, which prevails, is the same data printed with 'en').
 */
export function statementHtml(data: StatementData, locale: Locale = statementLocale(data)): string {
  // Every time on the statement is printed in Hong Kong time; a statement in any other zone would
  // need a different formatter, not a silently wrong one.
  if (data.period.time_zone !== 'Asia/Hong_Kong') {
    throw new Error(`Statements are printed in Hong Kong time, not ${String(data.period.time_zone)}`);
  }
  const s = speech(data, locale);
  const w = s.words;
  const f = w.fields;
  const info = localeInfo[locale];
  const version = ltr(String(data.version));
  const correction =
    data.replaces === null
      ? ''
      : `<p class="notice">${sentence(w.correctedNotice, { version, reference: reference(data.replaces) })}</p>`;
  const versionText =
    data.replaces === null
      ? version
      : sentence(f.versionReplaces, { version, reference: reference(data.replaces) });
  const prevails = w.englishPrevails === '' ? '' : `<p class="prevails">${escapeHtml(w.englishPrevails)}</p>`;
  return `<!doctype html>
<html lang="${info.htmlLang}" dir="${info.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(fill(w.documentTitle, { firm: data.firm.name, reference: data.reference }))}</title>
<style>${CSS}</style>
</head>
<body>
<main class="sheet">
<header class="letterhead">
<div class="firm">
<p class="firm-name">${user(data.firm.name)}</p>
<p class="firm-legal">${user(data.firm.legal_name)}</p>
<address>${data.firm.address_lines.map((l) => ltr(l)).join('<br>')}</address>
</div>
<div class="title">
<h1>${escapeHtml(w.title)}</h1>
<p class="period">${user(s.month)}</p>
<p class="tz">${sentence(w.allTimesIn, { zone: escapeHtml(w.timeZone) })}</p>
</div>
</header>
${prevails}${correction}
<div class="parties">
<dl aria-label="${escapeHtml(w.parties.member)}">
<div><dt>${escapeHtml(f.member)}</dt><dd>${user(data.member.name)}</dd></div>
<div><dt>${escapeHtml(f.email)}</dt><dd>${email(data.member.email)}</dd></div>
<div><dt>${escapeHtml(f.accountNumber)}</dt><dd>${ltr(data.member.account_number)}</dd></div>
</dl>
<dl aria-label="${escapeHtml(w.parties.statement)}">
<div><dt>${escapeHtml(f.reference)}</dt><dd>${reference(data.reference)}</dd></div>
<div><dt>${escapeHtml(f.version)}</dt><dd>${versionText}</dd></div>
<div><dt>${escapeHtml(f.period)}</dt><dd>${periodDates(s, data)}</dd></div>
<div><dt>${escapeHtml(f.prepared)}</dt><dd>${s.date(data.prepared_at)}</dd></div>
</dl>
</div>
<section aria-labelledby="accounts"><h2 id="accounts">${escapeHtml(w.sections.accounts)}</h2>${accountsTable(s, data)}</section>
<section aria-labelledby="lines"><h2 id="lines">${escapeHtml(w.sections.lines)}</h2>${linesTable(s, data)}</section>
<section aria-labelledby="returns"><h2 id="returns">${escapeHtml(w.sections.returns)}</h2>${returnsSection(s, data)}</section>
<section aria-labelledby="pending"><h2 id="pending">${escapeHtml(w.sections.pending)}</h2>${pendingSection(s, data)}</section>
<section aria-labelledby="valuation"><h2 id="valuation">${escapeHtml(w.sections.valuation)}</h2><p><strong>${escapeHtml(w.valuationSource)}</strong> ${valuationText(s, data.valuation.source, 'valuationSource')}</p><p>${valuationText(s, data.valuation.text, 'valuationText')}</p></section>
<section aria-labelledby="complaints"><h2 id="complaints">${escapeHtml(w.sections.complaints)}</h2><p>${complaintsText(s, data)}</p><p><strong>${escapeHtml(w.complaintsEmail)}</strong> ${email(data.firm.complaints_email)}</p></section>
<footer class="end">${sentence(w.issuedBy, { legalName: user(data.firm.legal_name), reference: reference(data.reference) })}</footer>
</main>
</body>
</html>
`;
}

// Header and footer templates get none of the page's CSS and a default font size near zero, so each
// carries its own. Their box is the paper's width, so the side padding matches the page margin.
const MARGIN_STYLE =
  'width:100%;display:flex;justify-content:space-between;align-items:flex-end;gap:6mm;padding:0 14mm;' +
  'font-size:7.5pt;line-height:1.3;color:#3a4756;-webkit-print-color-adjust:exact;' +
  'font-family:&quot;Liberation Sans&quot;,Arial,Helvetica,&quot;Noto Sans CJK HK&quot;,&quot;Noto Sans CJK TC&quot;,&quot;DejaVu Sans&quot;,sans-serif';

/** The header's or footer's box, in the statement's language and direction. */
function margin(locale: Locale, content: string): string {
  const info = localeInfo[locale];
  return `<div lang="${info.htmlLang}" dir="${info.dir}" style="${MARGIN_STYLE}">${content}</div>`;
}

/** The repeated page header: whose statement this is (name and account number) on every page. */
export function statementHeaderHtml(data: StatementData, locale: Locale = statementLocale(data)): string {
  const s = speech(data, locale);
  const account = sentence(s.words.header.account, { number: ltr(data.member.account_number) });
  return margin(
    locale,
    `<span style="flex:0 0 auto">${user(data.firm.name)} · ${escapeHtml(s.words.title)} · ${user(s.month)}</span><span style="flex:0 1 auto;min-width:0;text-align:end">${user(data.member.name)} · ${account}</span>`,
  );
}

/** The repeated page footer: reference and "Page X of Y" (Chromium fills in the two numbers). */
export function statementFooterHtml(data: StatementData, locale: Locale = statementLocale(data)): string {
  const s = speech(data, locale);
  const page = sentence(s.words.header.page, {
    page: '<span class="pageNumber"></span>',
    total: '<span class="totalPages"></span>',
  });
  return margin(
    locale,
    `<span style="flex:0 1 auto;min-width:0">${user(data.firm.legal_name)} · ${ltr(data.reference)}</span><span style="flex:0 0 auto">${page}</span>`,
  );
}
