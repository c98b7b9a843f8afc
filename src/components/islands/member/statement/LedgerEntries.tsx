import type { LedgerEntry } from '~/lib/ledger';
import { formatUsdIn } from '~/lib/money-in-language';
import { formatDateTimeIn } from '~/lib/date-time-in-language';
import type { StatementWords } from '~/i18n/member/pages/statement';
import { fill } from '~/i18n/fill';
import { ltrIn } from '~/lib/bidi';
import { useMemberLanguage } from '../member-language';

/** Credits green, debits red, the same in the cards and the table. */
const deltaColour = (delta: string): string =>
  delta.startsWith('-') ? 'text-danger-600' : 'text-success-600';

/**
 * The ledger newest first: one card per entry on narrow screens, a table from `sm` up. A line's kind
 * is named in the page's language (as on the monthly statement); its reason is what staff or the
 * system wrote, shown as written and isolated, so an English reason keeps its order on an Arabic page.
 */
export default function LedgerEntries({
  newestFirst,
  words,
}: {
  newestFirst: LedgerEntry[];
  words: Pick<StatementWords, 'ledger' | 'kinds'>;
}) {
  const { locale, words: shell } = useMemberLanguage();
  const amount = (value: string, signed = false) => (
    <bdi dir="ltr">{formatUsdIn(locale, value, { signed })}</bdi>
  );
  const kindName = (kind: string) => (words.kinds as Readonly<Record<string, string>>)[kind];
  const description = (e: LedgerEntry) => {
    const kind = kindName(e.kind);
    return (
      <>
        {kind && <span className="font-medium text-ink-950">{kind} · </span>}
        <bdi>{e.reason}</bdi>
      </>
    );
  };
  const { ledger } = words;
  return (
    <>
      {/* Narrow screens: one card per entry instead of a table wider than the screen. */}
      <ul className="mt-4 divide-y divide-mist-200 sm:hidden">
        {newestFirst.map((e) => (
          <li key={e.id} className="py-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold text-ink-950">{shell.accounts[e.account]}</span>
              <span className={`tabular-nums ${deltaColour(e.delta)}`}>{amount(e.delta, true)}</span>
            </div>
            <p className="mt-0.5 text-muted">
              {formatDateTimeIn(locale, e.created_at)} ·{' '}
              {fill(ledger.balanceAfterLine, {
                amount: ltrIn(locale, formatUsdIn(locale, e.balance_after)),
              })}
            </p>
            <p className="mt-0.5 text-ink-800">{description(e)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-4 hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[40rem] text-start text-sm">
          <thead className="border-b border-mist-200 text-xs tracking-wider text-muted uppercase">
            <tr>
              <th scope="col" className="py-2 pe-4 text-start">
                {ledger.date}
              </th>
              <th scope="col" className="py-2 pe-4 text-start">
                {ledger.account}
              </th>
              <th scope="col" className="py-2 pe-4 text-end">
                {ledger.change}
              </th>
              <th scope="col" className="py-2 pe-4 text-end">
                {ledger.balanceAfter}
              </th>
              <th scope="col" className="py-2 text-start">
                {ledger.reason}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-mist-200">
            {newestFirst.map((e) => (
              <tr key={e.id}>
                <td className="py-2 pe-4 whitespace-nowrap">{formatDateTimeIn(locale, e.created_at)}</td>
                <td className="py-2 pe-4">{shell.accounts[e.account]}</td>
                <td className={`py-2 pe-4 text-end whitespace-nowrap tabular-nums ${deltaColour(e.delta)}`}>
                  {amount(e.delta, true)}
                </td>
                <td className="py-2 pe-4 text-end whitespace-nowrap tabular-nums">
                  {amount(e.balance_after)}
                </td>
                <td className="py-2">{description(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
