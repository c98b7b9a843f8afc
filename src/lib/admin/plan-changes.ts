import {
  describeStaffChange,
  addChange,
  staffChangeMember,
  type ChangeRow,
  type StaffChange,
} from './staff-changes';
import { planNameOf, RETURNS_TEXT, TERMS_TEXT, toReturnsPreview } from './plan-text';

/*
 * The plans' two staff proposals in words, for the proposal cards (Approvals, Plans): a plan's new
 * terms, before → after, and a returns run. Apart from staff-changes.ts, which pages without plans
 * load (wallets, admins): the plans' words stay out of their first load.
 */

type Describable = Pick<StaffChange, 'kind' | 'target' | 'before' | 'payload'>;

const usd = (value: unknown) => (typeof value === 'string' ? `$${value}` : '—');
const text = (value: unknown) => (typeof value === 'string' ? value : '—');
const yesNo = (value: unknown) => (value ? TERMS_TEXT.yes : TERMS_TEXT.no);

/** What any proposal is about and each field it changes, now and proposed, in words. */
export function describeChange(change: Describable): { title: string; rows: ChangeRow[] } {
  const { before: b, payload: p } = change;
  const rows: ChangeRow[] = [];
  if (change.kind === 'plan_terms') {
    addChange(rows, TERMS_TEXT.minimum, usd(b.minimum), usd(p.minimum));
    addChange(rows, TERMS_TEXT.noticeDays, TERMS_TEXT.days(b.notice_days), TERMS_TEXT.days(p.notice_days));
    addChange(rows, TERMS_TEXT.accepting, yesNo(b.accepting), yesNo(p.accepting));
    addChange(rows, TERMS_TEXT.description, text(b.description), text(p.description), true);
    addChange(rows, TERMS_TEXT.returnsText, text(b.returns_text), text(p.returns_text), true);
    addChange(rows, TERMS_TEXT.feesText, text(b.fees_text), text(p.fees_text), true);
    addChange(rows, TERMS_TEXT.riskText, text(b.risk_text), text(p.risk_text), true);
    return { title: TERMS_TEXT.title(planNameOf(change.target)), rows };
  }
  if (change.kind === 'returns_run') {
    // Not a change of something that is: the run itself (ReturnsRunDetails shows its lines).
    const [plan = '', period = ''] = change.target.split(':');
    const run = toReturnsPreview(p) ?? { plan_name: planNameOf(plan), period_label: period };
    return { title: RETURNS_TEXT.title(run), rows };
  }
  return describeStaffChange(change);
}

/**
 * Whether deciding this proposal would touch this staff member's own money: an unfreeze of their
 * account, or a returns run with a line paying them (the database refuses either).
 */
export function touchesOwnMoney(change: Describable, staffUserId: string): boolean {
  if (!staffUserId) return false;
  if (staffChangeMember(change) === staffUserId) return true;
  return change.kind === 'returns_run'
    ? (toReturnsPreview(change.payload)?.lines.some((l) => l.user_id === staffUserId) ?? false)
    : false;
}
