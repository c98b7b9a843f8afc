import { subscribeToChanges } from '~/lib/realtime';
import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import type { Json } from '~/lib/database.types';
import { peopleById } from './people';
import type { Capabilities, StaffRole } from './staff';

/**
 * Changes other than money that need a second admin (public.staff_proposals, docs/four-eyes.md):
 * a deposit address, a staff role, the firm's settings, lifting a member's withdrawal freeze, a plan's
 * terms. Money moves through pending transfers (transfers.ts), with one exception: a returns run, one
 * approval for every member's return of a plan's month, posted as transfers when it is approved.
 */
export type StaffChangeKind =
  'deposit_address' | 'staff_role' | 'firm_settings' | 'unfreeze' | 'plan_terms' | 'returns_run';

export interface StaffChange {
  id: string;
  kind: StaffChangeKind;
  target: string;
  before: Record<string, unknown>;
  payload: Record<string, unknown>;
  reason: string;
  proposed_by: string;
  proposer_email: string;
  proposed_at: string;
  expires_at: string;
  /** Still open but past expires_at: nobody can approve it any more. */
  expired: boolean;
}

/** Who may propose, approve and reject each kind (the database's private.staff_change_roles). */
export function mayDecide(kind: StaffChangeKind, can: Capabilities): boolean {
  return kind === 'deposit_address' || kind === 'unfreeze' || kind === 'returns_run'
    ? can.moveMoney
    : can.manageStaff;
}

function json(value: unknown): Record<string, unknown> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/** Open proposals (expired ones too, marked), oldest first, with who made them. */
export async function openStaffChanges(): Promise<StaffChange[]> {
  const { data, error } = await supabase()
    .from('staff_proposals')
    .select('id, kind, target, before, payload, reason, proposed_by, proposed_at, expires_at')
    .eq('status', 'open')
    .order('proposed_at', { ascending: true });
  if (error) throw toDbError(error, 'Could not load the proposals.');
  const rows = data ?? [];
  const people = await peopleById(rows.map((r) => r.proposed_by));
  const now = Date.now();
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind as StaffChangeKind,
    target: r.target,
    before: json(r.before),
    payload: json(r.payload),
    reason: r.reason,
    proposed_by: r.proposed_by,
    proposer_email: people.get(r.proposed_by)?.email ?? 'another admin',
    proposed_at: r.proposed_at,
    expires_at: r.expires_at,
    expired: Date.parse(r.expires_at) <= now,
  }));
}

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
const roleText = (value: unknown) => (typeof value === 'string' ? value : 'Not staff');
const threshold = (value: unknown) => (typeof value === 'string' ? `$${value}` : 'None (every correction)');
const dailyLimit = (value: unknown) =>
  typeof value === 'string' ? `$${value} per admin a day` : 'Same as the threshold';
/** "5" → "5%": a percentage as a setting or a rate reads. */
export function percentText(value: unknown): string {
  return typeof value === 'string' && value !== ''
    ? `${value}%`
    : typeof value === 'number'
      ? `${value}%`
      : '—';
}

/** A changed row of a proposal card: the field, its value now and the one proposed. */
export interface ChangeRow {
  field: string;
  now: string;
  proposed: string;
  /** Sentences rather than values: shown one above the other, not on one line. */
  prose?: boolean;
}

/** Adds the row when the value changes (a card lists only what a proposal changes). */
export function addChange(
  rows: ChangeRow[],
  field: string,
  now: string,
  proposed: string,
  prose = false,
): void {
  if (now !== proposed) rows.push(prose ? { field, now, proposed, prose } : { field, now, proposed });
}

/** What a proposal is about and each field it changes, now and proposed, in words. */
export function describeStaffChange(change: Pick<StaffChange, 'kind' | 'target' | 'before' | 'payload'>): {
  title: string;
  rows: ChangeRow[];
} {
  const { before: b, payload: p } = change;
  const rows: ChangeRow[] = [];
  const row = (field: string, now: string, proposed: string) => addChange(rows, field, now, proposed);
  switch (change.kind) {
    case 'deposit_address':
      row('Address', String(b.address ?? ''), String(p.address ?? ''));
      row('Shown to members', yesNo(b.enabled), yesNo(p.enabled));
      return { title: `Deposit address: ${String(b.wallet_name ?? '')}`, rows };
    case 'staff_role':
      row('Role', roleText(b.role), roleText(p.role));
      return {
        title:
          p.role === null
            ? `Revoke staff access: ${String(b.email ?? '')}`
            : b.role === null
              ? `Grant staff role: ${String(b.email ?? '')}`
              : `Change staff role: ${String(b.email ?? '')}`,
        rows,
      };
    case 'firm_settings':
      row('Small-edit threshold', threshold(b.small_edit_threshold), threshold(p.small_edit_threshold));
      row(
        'Small-edit daily limit',
        dailyLimit(b.small_edit_daily_limit),
        dailyLimit(p.small_edit_daily_limit),
      );
      row(
        'Address cooling-off',
        `${String(b.address_cooling_off_hours)} h`,
        `${String(p.address_cooling_off_hours)} h`,
      );
      row('Security hold', `${String(b.security_hold_hours)} h`, `${String(p.security_hold_hours)} h`);
      row('Referral bonus', percentText(b.referral_bonus_percent), percentText(p.referral_bonus_percent));
      return { title: 'Firm settings', rows };
    case 'unfreeze':
      rows.push({ field: 'Withdrawals', now: 'Frozen', proposed: 'Allowed' });
      return { title: `Unfreeze withdrawals: ${String(b.email ?? '')}`, rows };
    case 'plan_terms':
    case 'returns_run':
      // Described in the plans' words by plan-changes.ts (the pages that show them load it).
      return { title: `${change.kind}: ${change.target}`, rows };
  }
}

/** Proposes a change; nothing happens until another admin with the right role approves it. */
export async function proposeStaffChange(
  kind: StaffChangeKind,
  target: string | null,
  payload: Record<string, Json>,
  reason: string,
): Promise<void> {
  if (reason.trim().length < 3) throw new DbError('Reason must be 3 to 500 characters.');
  const { error } = await supabase().rpc('propose_staff_change', {
    p_kind: kind,
    p_target: target ?? '',
    p_payload: payload,
    p_reason: reason.trim(),
  });
  if (error) throw toDbError(error, 'Could not propose the change.');
}

export async function approveStaffChange(id: string): Promise<void> {
  const { error } = await supabase().rpc('approve_staff_change', { p_proposal_id: Number(id) });
  if (error) throw toDbError(error, 'Could not approve the change.');
}

export async function rejectStaffChange(id: string, reason: string): Promise<void> {
  if (reason.trim().length < 3) throw new DbError('Reason must be 3 to 500 characters.');
  const { error } = await supabase().rpc('reject_staff_change', {
    p_proposal_id: Number(id),
    p_reason: reason.trim(),
  });
  if (error) throw toDbError(error, 'Could not reject the change.');
}

export async function withdrawStaffChange(id: string): Promise<void> {
  const { error } = await supabase().rpc('withdraw_staff_change', { p_proposal_id: Number(id) });
  if (error) throw toDbError(error, 'Could not withdraw the change.');
}

/** Proposes a role for the account with this e-mail; `null` revokes staff access. */
export function proposeStaffRole(email: string, role: StaffRole | null, reason: string): Promise<void> {
  return proposeStaffChange('staff_role', null, { email: email.trim(), role }, reason);
}

/** Calls `onChange` on every proposal change and each time the feed (re)joins. Returns the cleanup. */
export function watchStaffChanges(onChange: () => void, channel = 'admin-staff-changes'): () => void {
  return subscribeToChanges(channel, [{ table: 'staff_proposals' }], { onChange, onLive: onChange });
}

export interface FirmSettings {
  /** The referral bonus as a percentage of the subscribed amount ("5"). */
  referral_bonus_percent: string;
  small_edit_threshold: string | null;
  /** Null: the threshold is the daily limit too. */
  small_edit_daily_limit: string | null;
  address_cooling_off_hours: number;
  /** How long new addresses and withdrawals wait after a change of credentials. */
  security_hold_hours: number;
}

/** The firm's settings (every staff role may read them). */
export async function firmSettings(): Promise<FirmSettings> {
  const { data, error } = await supabase()
    .from('firm_settings')
    .select(
      'small_edit_threshold::text, small_edit_daily_limit::text, address_cooling_off, security_hold, referral_bonus_rate::text',
    )
    .maybeSingle();
  if (error) throw toDbError(error, 'Could not load the settings.');
  if (!data) throw new DbError('The settings could not be read.');
  return {
    referral_bonus_percent: fractionToPercent(
      String((data as { referral_bonus_rate: unknown }).referral_bonus_rate),
    ),
    small_edit_threshold: (data as { small_edit_threshold: string | null }).small_edit_threshold,
    small_edit_daily_limit: (data as { small_edit_daily_limit: string | null }).small_edit_daily_limit,
    address_cooling_off_hours: intervalHours(
      String((data as { address_cooling_off: unknown }).address_cooling_off),
    ),
    security_hold_hours: intervalHours(String((data as { security_hold: unknown }).security_hold)),
  };
}

/** "0.0500" → "5", "0.0125" → "1.25": the fraction the database holds as a percentage, exactly. */
export function fractionToPercent(fraction: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(fraction.trim());
  if (!match) return fraction.trim();
  const decimals = (match[2] ?? '').padEnd(2, '0');
  const whole = `${match[1] ?? '0'}${decimals.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = decimals.slice(2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** Postgres interval text ("24:00:00", "2 days", "1 day 06:00:00") as whole hours. */
export function intervalHours(value: string): number {
  const days = /(\d+) days?/.exec(value);
  const time = /(\d+):(\d{2}):(\d{2})/.exec(value);
  return (days ? Number(days[1]) * 24 : 0) + (time ? Number(time[1]) : 0);
}

/**
 * The member whose money a staff proposal concerns, as the database's private.staff_change_member
 * sees it for the kinds it guards: an unfreeze targets the member's id. Other kinds concern no
 * member's money.
 */
export function staffChangeMember(change: Pick<StaffChange, 'kind' | 'target' | 'before'>): string | null {
  return change.kind === 'unfreeze' ? change.target : null;
}
