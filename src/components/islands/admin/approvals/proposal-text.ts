import { reasonError } from '~/lib/admin/reason';

/** A settings proposal's draft as typed: amounts in dollars ('' for none), whole hours. */
export interface SettingsDraft {
  threshold: string;
  dailyLimit: string;
  hours: string;
  /** The security hold after a change of credentials, in hours. */
  holdHours: string;
  /** The referral bonus, a percentage of the subscribed amount ("5"); left out: unchanged. */
  referralPercent?: string;
}

const optionalAmount = (text: string) => /^(\d+(\.\d{1,2})?)?$/.test(text.trim());

/** A referral bonus percentage as the database takes it: 0 to 20, at most 2 decimals. */
export function referralPercentError(text: string): string | null {
  const value = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value) || Number(value) > 20) {
    return 'The referral bonus is a percentage from 0 to 20 with at most 2 decimals.';
  }
  return null;
}

/** What is wrong with a settings proposal's draft, or null when it may be sent. */
export function settingsProblem(draft: SettingsDraft, reason: string): string | null {
  if (!optionalAmount(draft.threshold)) {
    return 'The threshold is an amount in dollars with at most 2 decimals, or empty for none.';
  }
  if (!optionalAmount(draft.dailyLimit)) {
    return 'The daily limit is an amount in dollars with at most 2 decimals, or empty for the same as the threshold.';
  }
  if (!/^\d+$/.test(draft.hours.trim()) || Number(draft.hours) > 720) {
    return 'The cooling-off period is a whole number of hours from 0 to 720.';
  }
  if (!/^\d+$/.test(draft.holdHours.trim()) || Number(draft.holdHours) > 720) {
    return 'The security hold is a whole number of hours from 0 to 720.';
  }
  if (draft.referralPercent !== undefined) {
    const referral = referralPercentError(draft.referralPercent);
    if (referral) return referral;
  }
  return reasonError(reason);
}

/** How the panel states the current threshold. */
export function thresholdText(threshold: string | null): string {
  return threshold
    ? `$${threshold} (smaller corrections need no second admin)`
    : 'none (every correction needs a second admin)';
}

/** How the panel states the current daily limit (null means the threshold is the limit). */
export function dailyLimitText(limit: string | null, threshold: string | null): string {
  if (limit) return `$${limit} per admin in any 24 hours (then small corrections need a second admin too)`;
  return threshold
    ? `same as the threshold: $${threshold} per admin in any 24 hours`
    : 'same as the threshold (none)';
}
