import { signedCents as cents } from './money';
import type { StatementData } from './statement-data';

/**
 * What does not add up in a statement, in words (empty when it is sound): for every account, opening
 * plus credits minus debits is the closing balance, and the period's lines on the account sum to
 * credits minus debits; the totals are the sums of the accounts.
 */
export function checkStatementArithmetic(data: StatementData): string[] {
  const problems: string[] = [];
  let opening = 0n;
  let closing = 0n;
  for (const a of data.accounts) {
    const lines = data.lines.filter((l) => l.account === a.account);
    const credits = lines.reduce((sum, l) => (cents(l.amount) > 0n ? sum + cents(l.amount) : sum), 0n);
    const debits = lines.reduce((sum, l) => (cents(l.amount) < 0n ? sum - cents(l.amount) : sum), 0n);
    if (cents(a.opening) + cents(a.credits) - cents(a.debits) !== cents(a.closing)) {
      problems.push(
        `${a.label}: opening ${a.opening} + credits ${a.credits} - debits ${a.debits} is not closing ${a.closing}`,
      );
    }
    if (credits !== cents(a.credits) || debits !== cents(a.debits)) {
      problems.push(`${a.label}: the lines do not sum to credits ${a.credits} and debits ${a.debits}`);
    }
    opening += cents(a.opening);
    closing += cents(a.closing);
  }
  if (opening !== cents(data.totals.opening)) problems.push(`total opening is not ${data.totals.opening}`);
  if (closing !== cents(data.totals.closing)) problems.push(`total closing is not ${data.totals.closing}`);
  return problems;
}
