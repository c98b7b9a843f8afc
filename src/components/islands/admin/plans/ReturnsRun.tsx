import { formatUsd } from '~/lib/money';
import { RETURNS_TEXT as R, returnsClientText, type ReturnsPreview } from '~/lib/admin/plan-text';
import { percentText } from '~/lib/admin/staff-changes';

/**
 * A returns run as staff check it, in the preview before it is proposed and on its proposal card:
 * the plan, month and rate, how many members and the totals, the text each member reads, and the
 * line of every member. One piece of code for both, so the approver reads what the proposer saw.
 */
export function ReturnsFacts({ run }: { run: ReturnsPreview }) {
  const facts: { term: string; value: string; testId?: string }[] = [
    { term: R.planTerm, value: run.plan_name },
    { term: R.monthTerm, value: run.period_label },
    { term: R.rateTerm, value: percentText(run.rate_percent) },
    { term: R.members, value: String(run.members), testId: 'returns-members' },
    { term: R.totalPrincipal, value: formatUsd(run.total_principal), testId: 'returns-total-principal' },
    { term: R.totalReturns, value: formatUsd(run.total_amount), testId: 'returns-total-amount' },
    { term: R.membersRead, value: `“${returnsClientText(run)}”` },
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map((f) => (
        <div key={f.term} className="contents">
          <dt className="text-muted">{f.term}</dt>
          <dd className="text-ink-900 tabular-nums [overflow-wrap:anywhere]" data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Every member's line: e-mail, principal in the plan, return; totals at the foot. A table from 640 px;
 * below, one entry per member with the e-mail on a line of its own, so an address never breaks up
 * between two narrow columns.
 */
export function ReturnsLines({ run }: { run: ReturnsPreview }) {
  return (
    <div className="max-w-3xl text-sm">
      <ul
        className="divide-y divide-mist-100 border-y border-mist-200 sm:hidden"
        aria-label={R.tableLabel(run)}
      >
        {run.lines.map((line) => (
          <li key={line.user_id} className="py-2">
            <p className="text-ink-900 [overflow-wrap:anywhere]">{line.email}</p>
            <p className="mt-0.5 flex flex-wrap justify-between gap-x-4 tabular-nums">
              <span>
                <span className="text-muted">{R.principal} </span>
                <span className="whitespace-nowrap">{formatUsd(line.principal)}</span>
              </span>
              <span>
                <span className="text-muted">{R.return} </span>
                <span className="whitespace-nowrap">{formatUsd(line.amount)}</span>
              </span>
            </p>
          </li>
        ))}
        <li className="py-2 font-semibold text-ink-950">
          <p>{R.total(run.members)}</p>
          <p className="mt-0.5 flex flex-wrap justify-between gap-x-4 tabular-nums">
            <span>
              <span className="font-normal text-muted">{R.principal} </span>
              <span className="whitespace-nowrap">{formatUsd(run.total_principal)}</span>
            </span>
            <span>
              <span className="font-normal text-muted">{R.return} </span>
              <span className="whitespace-nowrap">{formatUsd(run.total_amount)}</span>
            </span>
          </p>
        </li>
      </ul>
      <table className="hidden w-full text-start sm:table">
        <caption className="sr-only">{R.tableLabel(run)}</caption>
        <thead>
          <tr className="border-b border-mist-200 text-muted">
            <th scope="col" className="py-2 pe-3 font-medium">
              {R.member}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {R.principal}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {R.return}
            </th>
          </tr>
        </thead>
        <tbody>
          {run.lines.map((line) => (
            <tr key={line.user_id} className="border-b border-mist-100 align-top">
              <th scope="row" className="py-2 pe-3 font-normal text-ink-900 [overflow-wrap:anywhere]">
                {line.email}
              </th>
              <td className="py-2 pe-3 text-end whitespace-nowrap tabular-nums">
                {formatUsd(line.principal)}
              </td>
              <td className="py-2 text-end whitespace-nowrap tabular-nums">{formatUsd(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold text-ink-950">
            <th scope="row" className="py-2 pe-3">
              {R.total(run.members)}
            </th>
            <td className="py-2 pe-3 text-end whitespace-nowrap tabular-nums">
              {formatUsd(run.total_principal)}
            </td>
            <td className="py-2 text-end whitespace-nowrap tabular-nums">{formatUsd(run.total_amount)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The run: its facts, then its lines, open in the preview and folded away on a proposal card (a run
 * may have many).
 */
export default function ReturnsRunDetails({ run, folded = true }: { run: ReturnsPreview; folded?: boolean }) {
  if (!folded) {
    return (
      <div className="space-y-4">
        <ReturnsFacts run={run} />
        <ReturnsLines run={run} />
      </div>
    );
  }
  return (
    <div className="mt-3 space-y-3">
      <ReturnsFacts run={run} />
      <details className="rounded-md border border-mist-200 px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium text-ink-900">{R.lines(run.members)}</summary>
        <div className="mt-2">
          <ReturnsLines run={run} />
        </div>
      </details>
    </div>
  );
}
