/**
 * The monthly statement as one self-contained HTML document, printed to A4 by render.ts. No script,
 * no network, system fonts only: what Chromium prints depends on the data alone. Every value from
 * the data is escaped (names and descriptions are member or staff text) and wrapped in <bdi> where
 * it may be right-to-left, so an Arabic description cannot reorder the text around it.
 */
import { centsText, toCents } from '../../src/lib/money';
import type { StatementData, StatementLine } from '../../src/lib/statement-data';
import {
  STATEMENT_TIME_ZONE_TEXT,
  hongKongDate,
  hongKongDateTime,
  statementAmount,
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

/** User or staff text: escaped, isolated for bidirectional text. */
const user = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;

/** An e-mail address that may break before "@" and dots when its column is narrow, not mid-name. */
const email = (text: string) => `<bdi>${escapeHtml(text).replace(/[@.]/g, '<wbr>$&')}</bdi>`;

/** "1 November 2026 to 30 November 2026": the period's first and last day in Hong Kong. */
function periodDates(data: StatementData): string {
  // period.to is the first instant of the next month; its last day is the one before it.
  const last = new Date(Date.parse(data.period.to) - 1).toISOString();
  return `${hongKongDate(data.period.from)} to ${hongKongDate(last)}`;
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
.title { text-align: right; }
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
  text-align: left; font-weight: 700; color: #3a4756; background: #eef2f6;
  padding: 1.5mm 2mm; border-bottom: 0.75pt solid #9aa8b7;
}
td { padding: 1.4mm 2mm; border-bottom: 0.5pt solid #dde3ea; vertical-align: top; }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
th.num { text-align: right; }
.nowrap { white-space: nowrap; }
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
  .title { text-align: left; }
  .parties { flex-direction: column; gap: 0; }
  .parties div { flex-direction: column; gap: 0; margin-bottom: 6px; }
  .parties dt { flex: none; }
  .figures { flex-direction: column; gap: 4px; }
  /* Tables become one card per row: each cell says what it is, from its data-label. */
  table, tbody, tfoot, tr, td { display: block; width: 100%; }
  thead { display: none; }
  colgroup { display: none; }
  tr { padding: 6px 0; border-bottom: 1px solid #c5ced8; }
  td { border: none; padding: 2px 0; display: flex; justify-content: space-between; gap: 12px; text-align: right; }
  td::before { content: attr(data-label); color: #3a4756; text-align: left; flex: 0 0 auto; }
  td.text { display: block; text-align: left; }
  td.text::before { display: block; }
  /* The row's name (account, plan) heads its card instead of sitting beside a label. */
  td.head { font-weight: 700; }
  td.head::before { content: none; }
  .total td { border-top: none; }
  .num { white-space: normal; }
}
`;

function amountCell(amount: string, label: string): string {
  const debit = amount.trim().startsWith('-') && toCents(amount) !== 0n;
  return `<td class="num${debit ? ' debit' : ''}" data-label="${label}">${statementAmount(amount)}</td>`;
}

function lineDetail(line: StatementLine): string {
  if (line.asset === null || line.quantity === null) return '';
  const rate = line.rate === null ? '' : ` at ${statementAmount(line.rate)} per ${user(line.asset)}`;
  return `<div class="detail">${statementQuantity(line.quantity)} ${user(line.asset)}${rate}</div>`;
}

function accountsTable(data: StatementData): string {
  let credits = 0n;
  let debits = 0n;
  const rows = data.accounts.map((a) => {
    credits += toCents(a.credits) ?? 0n;
    debits += toCents(a.debits) ?? 0n;
    return `<tr><td class="text head" data-label="Account">${user(a.label)}</td>${amountCell(a.opening, 'Opening')}${amountCell(a.credits, 'Credits')}${amountCell(a.debits, 'Debits')}${amountCell(a.closing, 'Closing')}</tr>`;
  });
  return `<table class="accounts">
<thead><tr><th scope="col">Account</th><th scope="col" class="num">Opening</th><th scope="col" class="num">Credits</th><th scope="col" class="num">Debits</th><th scope="col" class="num">Closing</th></tr></thead>
<tbody>${rows.join('\n')}</tbody>
<tfoot><tr class="total"><td class="text head" data-label="Account">Total</td>${amountCell(data.totals.opening, 'Opening')}${amountCell(centsText(credits), 'Credits')}${amountCell(centsText(debits), 'Debits')}${amountCell(data.totals.closing, 'Closing')}</tr></tfoot>
</table>`;
}

function linesTable(data: StatementData): string {
  if (data.lines.length === 0) return '<p class="empty">No transactions were posted in this period.</p>';
  const rows = data.lines.map(
    (line) =>
      `<tr><td class="nowrap" data-label="Date">${hongKongDateTime(line.date)}</td><td data-label="Account">${user(line.account_label)}</td><td class="text" data-label="Description"><span class="kind">${user(line.kind_label)}</span> · ${user(line.description)}${lineDetail(line)}</td>${amountCell(line.amount, 'Amount')}${amountCell(line.balance_after, 'Balance after')}</tr>`,
  );
  return `<table class="lines">
<colgroup><col class="date"><col class="account"><col class="description"><col class="amount"><col class="balance"></colgroup>
<thead><tr><th scope="col">Date (HKT)</th><th scope="col">Account</th><th scope="col">Description</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Balance after</th></tr></thead>
<tbody>${rows.join('\n')}</tbody>
</table>`;
}

function returnsSection(data: StatementData): string {
  const r = data.returns;
  const plans =
    r.plans.length === 0
      ? '<p class="empty">No plan held principal or earned returns.</p>'
      : `<table class="plans">
<thead><tr><th scope="col">Plan</th><th scope="col" class="num">Principal</th><th scope="col" class="num">Returns in period</th><th scope="col" class="num">Returns to date</th></tr></thead>
<tbody>${r.plans
          .map(
            (p) =>
              `<tr><td class="text head" data-label="Plan">${user(p.name)}</td>${amountCell(p.principal, 'Principal')}${amountCell(p.in_period, 'Returns in period')}${amountCell(p.to_date, 'Returns to date')}</tr>`,
          )
          .join('\n')}</tbody>
</table>`;
  return `<dl class="figures"><div><dt>Returns credited in ${escapeHtml(data.period.label)}</dt><dd>${statementAmount(r.in_period)}</dd></div><div><dt>Returns since your account opened</dt><dd>${statementAmount(r.to_date)}</dd></div></dl>
${plans}`;
}

function pendingSection(data: StatementData): string {
  if (data.pending.length === 0) return '<p class="empty">Nothing was pending at the end of the month.</p>';
  return `<table class="pending">
<colgroup><col class="date"><col class="item"><col class="account"><col class="amount"></colgroup>
<thead><tr><th scope="col">Requested (HKT)</th><th scope="col">Item</th><th scope="col">Account</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${data.pending
    .map(
      (p) =>
        `<tr><td class="nowrap" data-label="Requested">${hongKongDateTime(p.date)}</td><td class="text" data-label="Item"><span class="kind">${user(p.kind_label)}</span> · ${user(p.description)}</td><td data-label="Account">${user(p.account_label)}</td>${amountCell(p.amount, 'Amount')}</tr>`,
    )
    .join('\n')}</tbody>
</table>
<p class="small">Pending items are not included in the balances above.</p>`;
}

export function statementHtml(data: StatementData): string {
  // Every time on the statement is printed in Hong Kong time; a statement in any other zone would
  // need a different formatter, not a silently wrong one.
  if (data.period.time_zone !== 'Asia/Hong_Kong') {
    throw new Error(`Statements are printed in Hong Kong time, not ${String(data.period.time_zone)}`);
  }
  const correction =
    data.replaces === null
      ? ''
      : `<p class="notice">Corrected statement: version ${data.version}. Replaces ${user(data.replaces)}, which should no longer be relied on.</p>`;
  const version =
    data.replaces === null ? `${data.version}` : `${data.version} (replaces ${user(data.replaces)})`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${data.firm.name} monthly statement ${data.reference}`)}</title>
<style>${CSS}</style>
</head>
<body>
<main class="sheet">
<header class="letterhead">
<div class="firm">
<p class="firm-name">${user(data.firm.name)}</p>
<p class="firm-legal">${user(data.firm.legal_name)}</p>
<address>${data.firm.address_lines.map((l) => user(l)).join('<br>')}</address>
</div>
<div class="title">
<h1>Monthly statement</h1>
<p class="period">${escapeHtml(data.period.label)}</p>
<p class="tz">All times in ${STATEMENT_TIME_ZONE_TEXT}</p>
</div>
</header>
${correction}
<div class="parties">
<dl aria-label="Member">
<div><dt>Member</dt><dd>${user(data.member.name)}</dd></div>
<div><dt>E-mail</dt><dd>${email(data.member.email)}</dd></div>
<div><dt>Account number</dt><dd>${user(data.member.account_number)}</dd></div>
</dl>
<dl aria-label="Statement">
<div><dt>Reference</dt><dd>${user(data.reference)}</dd></div>
<div><dt>Version</dt><dd>${version}</dd></div>
<div><dt>Period</dt><dd>${periodDates(data)}</dd></div>
<div><dt>Prepared</dt><dd>${hongKongDate(data.prepared_at)}</dd></div>
</dl>
</div>
<section aria-labelledby="accounts"><h2 id="accounts">Accounts</h2>${accountsTable(data)}</section>
<section aria-labelledby="lines"><h2 id="lines">Transactions</h2>${linesTable(data)}</section>
<section aria-labelledby="returns"><h2 id="returns">Returns</h2>${returnsSection(data)}</section>
<section aria-labelledby="pending"><h2 id="pending">Pending at month end</h2>${pendingSection(data)}</section>
<section aria-labelledby="valuation"><h2 id="valuation">Valuation</h2><p><strong>Source:</strong> ${user(data.valuation.source)}</p><p>${user(data.valuation.text)}</p></section>
<section aria-labelledby="complaints"><h2 id="complaints">Questions and complaints</h2><p>${user(data.firm.complaints_text)}</p><p><strong>Complaints:</strong> ${user(data.firm.complaints_email)}</p></section>
<footer class="end">This statement is issued by ${user(data.firm.legal_name)} and signed electronically; the PDF's signature shows whether it was changed after issue. Reference ${user(data.reference)}.</footer>
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
  'font-family:"Liberation Sans",Arial,Helvetica,"Noto Sans CJK HK","Noto Sans CJK TC","DejaVu Sans",sans-serif';

/** The repeated page header: whose statement this is (name and account number) on every page. */
export function statementHeaderHtml(data: StatementData): string {
  return `<div style="${MARGIN_STYLE}"><span style="flex:0 0 auto">${user(data.firm.name)} · Monthly statement · ${escapeHtml(data.period.label)}</span><span style="flex:0 1 auto;min-width:0;text-align:right">${user(data.member.name)} · Account ${user(data.member.account_number)}</span></div>`;
}

/** The repeated page footer: reference and "Page X of Y" (Chromium fills in the two numbers). */
export function statementFooterHtml(data: StatementData): string {
  return `<div style="${MARGIN_STYLE}"><span style="flex:0 1 auto;min-width:0">${user(data.firm.legal_name)} · ${user(data.reference)}</span><span style="flex:0 0 auto">Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}
