import { ACCOUNT_LABELS } from '~/lib/accounts';
import { proposalChanges, type BalanceProposal } from '~/lib/admin/proposals';
import { formatUsd } from '~/lib/money';
import { balanceDifference } from './proposal-text';

const tone = (cents: number) => (cents >= 0 ? 'text-success-600' : 'text-danger-600');

/**
 * The balances a proposal changes. Amounts never break inside a number: on a phone each account is
 * a small stacked block; from `sm` up, a table whose amount cells do not wrap, in a region that
 * scrolls sideways (and can be focused to scroll by keyboard) rather than squeezing a number.
 */
export default function BalanceChanges({ proposal }: { proposal: BalanceProposal }) {
  const changes = proposalChanges(proposal).map((c) => ({ ...c, ...balanceDifference(c.before, c.after) }));
  return (
    <>
      <ul
        className="mt-3 space-y-2 text-sm tabular-nums sm:hidden"
        aria-label="Balances this proposal changes"
      >
        {changes.map((c) => (
          <li key={c.account} className="border-t border-mist-100 pt-2" data-testid="balance-change">
            <span className="font-medium">{ACCOUNT_LABELS[c.account]}:</span>{' '}
            <span className="whitespace-nowrap">{formatUsd(c.before)}</span> →{' '}
            <strong className="whitespace-nowrap">{formatUsd(c.after)}</strong>{' '}
            <span className={`whitespace-nowrap ${tone(c.cents)}`}>({c.text})</span>
          </li>
        ))}
      </ul>
      <div
        className="mt-3 hidden overflow-x-auto sm:block"
        role="region"
        aria-label="Balances this proposal changes"
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Balances this proposal changes</caption>
          <thead>
            <tr className="text-muted">
              {['Balance', 'Now', 'Proposed', 'Change'].map((heading, i) => (
                <th
                  key={heading}
                  scope="col"
                  className={`py-1 font-normal ${i === 0 ? 'pr-3' : 'pl-3 text-right'}`}
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.account} className="border-t border-mist-100 tabular-nums">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {ACCOUNT_LABELS[c.account]}
                </th>
                <td className="py-1 pl-3 text-right whitespace-nowrap" data-testid="amount">
                  {formatUsd(c.before)}
                </td>
                <td className="py-1 pl-3 text-right font-semibold whitespace-nowrap" data-testid="amount">
                  {formatUsd(c.after)}
                </td>
                <td
                  className={`py-1 pl-3 text-right whitespace-nowrap ${tone(c.cents)}`}
                  data-testid="amount"
                >
                  {c.text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
