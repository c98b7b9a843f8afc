import { supabase } from './supabase';
import { DbError, toDbError } from './db-errors';
import type { Locale } from '~/i18n/locales';
import { answerObject } from './column-text';

/**
 * The member's security status (my_security_status, issue 30): readable at any assurance level, so
 * the owner whose password or authenticator someone else changed can see what happened and freeze
 * withdrawals before entering any code (docs/address-book.md "Security hold").
 */
export type HoldChange =
  'password_changed' | 'email_changed' | 'factor_enrolled' | 'factor_removed' | 'factor_reset';

export interface SecurityHold {
  change: HoldChange;
  hold_until: string;
}

export interface SecurityNotice {
  id: string;
  title: string;
  body: string;
  at: string;
}

export interface SecurityStatus {
  /** When withdrawals were frozen; null when they are not. */
  frozen_at: string | null;
  hold: SecurityHold | null;
  /** The latest security notices, newest first. */
  notices: SecurityNotice[];
}

/** The status, its notices worded in `locale`. */
export async function mySecurityStatus(locale: Locale): Promise<SecurityStatus> {
  const { data, error } = await supabase().rpc('my_security_status', { p_locale: locale });
  if (error) throw toDbError(error, 'Could not load your security status.');
  const row = answerObject(data);
  if (!row) throw new DbError('Could not load your security status.');
  const r = row as { frozen_at?: unknown; hold?: unknown; notices?: unknown };
  const hold = r.hold as { change?: unknown; hold_until?: unknown } | null | undefined;
  return {
    frozen_at: typeof r.frozen_at === 'string' ? r.frozen_at : null,
    hold:
      hold && typeof hold.hold_until === 'string'
        ? { change: String(hold.change) as HoldChange, hold_until: hold.hold_until }
        : null,
    notices: (Array.isArray(r.notices) ? (r.notices as Record<string, unknown>[]) : []).map((n) => ({
      id: String(n.id),
      title: String(n.title ?? ''),
      body: String(n.body ?? ''),
      at: String(n.at ?? ''),
    })),
  };
}
