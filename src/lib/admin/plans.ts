import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import { proposeStaffChange } from './staff-changes';
import {
  planTermsPayload,
  returnsRunTarget,
  toReturnsPreview,
  type PlanTerms,
  type PlanTermsDraft,
  type ReturnsPreview,
} from './plan-text';

/**
 * The plans for staff (issue 33, docs/plans-and-referrals.md): their terms (public.plans, readable by
 * everyone), a returns run's preview, and the plans' two staff proposals (staff-changes.ts): a
 * returns run (finance, owner) and a plan's new terms (owner), each approved by a second admin.
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

/** Proposes the returns run previewed; a second finance admin or owner approves it. */
export function proposeReturnsRun(
  plan: string,
  period: string,
  ratePercent: string,
  reason: string,
): Promise<void> {
  return proposeStaffChange(
    'returns_run',
    returnsRunTarget(plan, period),
    { rate_percent: ratePercent.trim() },
    reason,
  );
}

/** Proposes a plan's new terms (every term, as the database requires); a second owner approves them. */
export function proposePlanTerms(slug: string, draft: PlanTermsDraft, reason: string): Promise<void> {
  return proposeStaffChange('plan_terms', slug, planTermsPayload(draft), reason);
}
