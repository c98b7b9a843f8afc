import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import { toReturnsPreview, type PlanTerms, type ReturnsPreview } from './plan-text';

/**
 * The plans for staff (issue 33, docs/plans-and-referrals.md): their terms (public.plans, readable by
 * everyone) and a returns run's preview. The two proposals of the plans, returns_run (finance, owner)
 * and plan_terms (owner), are staff proposals (staff-changes.ts) a second admin approves.
 */

/** The plans and their current terms, in the firm's order. */
export async function listPlans(): Promise<PlanTerms[]> {
  const { data, error } = await supabase()
    .from('plans')
    .select(
      'slug, name, description, minimum::text, notice_days, returns_text, fees_text, risk_text, accepting',
    )
    .order('position', { ascending: true });
  if (error) throw toDbError(error, 'Could not load the plans.');
  return (data ?? []) as unknown as PlanTerms[];
}

let names: Promise<Map<string, string>> | undefined;

/** Plan slug → name, read once per page (names are not among the terms proposals change). */
export function planNames(): Promise<Map<string, string>> {
  names ??= listPlans().then(
    (plans) => new Map(plans.map((p) => [p.slug, p.name])),
    (error: unknown) => {
      names = undefined;
      throw error;
    },
  );
  return names;
}

/** The run as it would be posted: each holder's principal and return at the month's rate. */
export async function previewReturnsRun(
  plan: string,
  period: string,
  ratePercent: string,
): Promise<ReturnsPreview> {
  const { data, error } = await supabase().rpc('preview_returns_run', {
    p_plan: plan,
    p_period: period.trim(),
    p_rate_percent: ratePercent.trim(),
  });
  if (error) throw toDbError(error, 'Could not preview the returns run.');
  const preview = toReturnsPreview(data);
  if (!preview) throw new DbError('Could not preview the returns run: unexpected response.');
  return preview;
}
