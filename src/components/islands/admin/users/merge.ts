import { BALANCE_ACCOUNTS, type BalanceDraft } from '~/lib/accounts';
import { canonicalAmount } from '~/lib/money';

export interface Merged {
  /** What the form shows next: the admin's own entries, the stored value everywhere else. */
  draft: BalanceDraft;
  /** Accounts whose stored value moved since the edit started, with the value stored now. */
  moved: Partial<BalanceDraft>;
}

/**
 * After a save refused as stale (someone else saved first), merge without losing anything: amounts
 * this admin typed stay as typed, untouched ones take the stored values, and every account the
 * other admin changed is reported. Amounts compare as numbers ("10" is "10.00").
 */
export function mergeAfterRefusedSave(seen: BalanceDraft, typed: BalanceDraft, stored: BalanceDraft): Merged {
  const draft = { ...typed };
  const moved: Partial<BalanceDraft> = {};
  for (const account of BALANCE_ACCOUNTS) {
    const before = canonicalAmount(seen[account]);
    if (canonicalAmount(stored[account]) !== before) moved[account] = stored[account];
    if (canonicalAmount(typed[account]) === before) draft[account] = stored[account];
  }
  return { draft, moved };
}
