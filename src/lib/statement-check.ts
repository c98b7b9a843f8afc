import { centsText, toCents } from './money';
import type { StatementAccount, StatementData } from './statement-data';

/**
 * Checks a statement adds up before anyone reads it: the unit tests run it on their fixture, and
 * the database tests can run it on what private.build_statement returns. Pure and exact: amounts
 * are read as whole cents (bigint), never as floats. Returns every problem found, in words, so one
 * run shows all of them; an empty list means the statement is consistent.
 */

export function checkStatementArithmetic(data: StatementData): string[] {
  const problems: string[] = [];
  const cents = (value: string, where: string): bigint => {
    const parsed = toCents(value);
    if (parsed === null) {
      problems.push(`${where}: ${JSON.stringify(value)} is not an amount with at most two decimals`);
      return 0n;
    }
    return parsed;
  };

  const accounts = new Map<StatementAccount, { credits: bigint; debits: bigint; balance: bigint }>();
  let openingTotal = 0n;
  let closingTotal = 0n;
  for (const summary of data.accounts) {
    if (accounts.has(summary.account)) problems.push(`${summary.account}: listed twice in accounts`);
    const opening = cents(summary.opening, `${summary.account} opening`);
    openingTotal += opening;
    closingTotal += cents(summary.closing, `${summary.account} closing`);
    accounts.set(summary.account, { credits: 0n, debits: 0n, balance: opening });
  }

  let previous: { date: number; transfer: number } | null = null;
  data.lines.forEach((line, index) => {
    const where = `line ${index + 1} (transfer ${line.transfer_id}, ${line.account})`;
    const date = Date.parse(line.date);
    if (Number.isNaN(date)) problems.push(`${where}: date ${JSON.stringify(line.date)} is not an instant`);
    else {
      if (date < Date.parse(data.period.from) || date >= Date.parse(data.period.to)) {
        problems.push(
          `${where}: posted ${line.date}, outside the period ${data.period.from} – ${data.period.to}`,
        );
      }
      // Oldest first, then by transfer id: the order the page, the CSV and the PDF all print.
      if (
        previous &&
        (date < previous.date || (date === previous.date && line.transfer_id < previous.transfer))
      ) {
        problems.push(`${where}: out of order (date, then transfer id)`);
      }
      previous = { date, transfer: line.transfer_id };
    }
    const amount = cents(line.amount, `${where} amount`);
    const after = cents(line.balance_after, `${where} balance after`);
    const state = accounts.get(line.account);
    if (!state) {
      problems.push(`${where}: account ${line.account} has no summary`);
      return;
    }
    if (amount >= 0n) state.credits += amount;
    else state.debits -= amount;
    state.balance += amount;
    if (state.balance !== after) {
      problems.push(
        `${where}: balance after is ${line.balance_after}, but the previous balance plus ${line.amount} is ${centsText(state.balance)}`,
      );
      // Carry on from the printed balance so one wrong line is reported once, not on every line after it.
      state.balance = after;
    }
  });

  for (const summary of data.accounts) {
    const state = accounts.get(summary.account);
    if (!state) continue;
    const opening = toCents(summary.opening) ?? 0n;
    const credits = cents(summary.credits, `${summary.account} credits`);
    const debits = cents(summary.debits, `${summary.account} debits`);
    const closing = toCents(summary.closing) ?? 0n;
    if (debits < 0n)
      problems.push(`${summary.account}: debits ${summary.debits} must be written as a positive amount`);
    if (opening + credits - debits !== closing) {
      problems.push(
        `${summary.account}: opening ${summary.opening} + credits ${summary.credits} − debits ${summary.debits} is ${centsText(opening + credits - debits)}, not the closing ${summary.closing}`,
      );
    }
    if (credits !== state.credits) {
      problems.push(
        `${summary.account}: credits ${summary.credits}, but its lines add up to ${centsText(state.credits)}`,
      );
    }
    if (debits !== state.debits) {
      problems.push(
        `${summary.account}: debits ${summary.debits}, but its lines add up to ${centsText(state.debits)}`,
      );
    }
    if (state.balance !== closing) {
      problems.push(
        `${summary.account}: its last line leaves ${centsText(state.balance)}, not the closing ${summary.closing}`,
      );
    }
  }

  if (cents(data.totals.opening, 'total opening') !== openingTotal) {
    problems.push(`total opening ${data.totals.opening} is not the accounts' sum ${centsText(openingTotal)}`);
  }
  if (cents(data.totals.closing, 'total closing') !== closingTotal) {
    problems.push(`total closing ${data.totals.closing} is not the accounts' sum ${centsText(closingTotal)}`);
  }

  // Returns "to date" include the period's, so they can never be smaller.
  const returns = data.returns;
  if (cents(returns.in_period, 'returns in period') > cents(returns.to_date, 'returns to date')) {
    problems.push(`returns in the period ${returns.in_period} exceed returns to date ${returns.to_date}`);
  }
  for (const plan of returns.plans) {
    const where = `plan ${plan.plan}`;
    cents(plan.principal, `${where} principal`);
    if (
      cents(plan.in_period, `${where} returns in period`) > cents(plan.to_date, `${where} returns to date`)
    ) {
      problems.push(
        `${where}: returns in the period ${plan.in_period} exceed returns to date ${plan.to_date}`,
      );
    }
  }
  data.pending.forEach((item, index) => {
    if (cents(item.amount, `pending item ${index + 1} amount`) < 0n) {
      problems.push(`pending item ${index + 1}: amount ${item.amount} must be positive`);
    }
  });
  return problems;
}
