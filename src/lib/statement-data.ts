/**
 * A monthly statement as the database stores it (public.statements.data, built by
 * private.build_statement): the one source the member page, the CSV and the signed PDF are made
 * from. Amounts are decimal strings exactly as stored ("1234.50", signed "-12.00" on lines); dates
 * are ISO 8601 instants; the month is a calendar month in the firm's time zone (Asia/Hong_Kong,
 * UTC+8, no daylight saving): docs/statements.md.
 */

import { defaultLocale, isLocale, type Locale } from '../i18n/locales';

/** The private Storage bucket of statements' files: <member id>/<reference>.pdf and .csv. */
export const STATEMENTS_BUCKET = 'statements';

export type StatementAccount = 'deposit_wallet' | 'interest_wallet' | 'total_invest' | 'referral';

export interface StatementAccountSummary {
  account: StatementAccount;
  /** What people read: "Deposit Wallet". */
  label: string;
  opening: string;
  /** Sum of the period's positive lines on this account ("0.00" when none). */
  credits: string;
  /** Sum of the period's negative lines, as a positive amount. */
  debits: string;
  closing: string;
}

export interface StatementLine {
  /** When it was posted (ISO instant). */
  date: string;
  account: StatementAccount;
  account_label: string;
  /** Transfer kind: deposit, withdrawal, subscription, redemption, return, referral_bonus, fee, correction. */
  kind: string;
  /** What people read: "Deposit", "Returns", "Correction". */
  kind_label: string;
  /** The transfer's client text: what the member reads. */
  description: string;
  /** For a crypto leg: the asset, its quantity and the USD rate per unit used; else null. */
  asset: string | null;
  quantity: string | null;
  rate: string | null;
  /** Signed USD change on this account ("+100.00" is written "100.00", a debit "-25.00"). */
  amount: string;
  balance_after: string;
  plan: string | null;
  transfer_id: number;
}

export interface StatementPendingItem {
  /** When it was requested (ISO instant). */
  date: string;
  kind: string;
  kind_label: string;
  description: string;
  account: StatementAccount;
  account_label: string;
  /** USD amount reserved or awaiting approval (positive). */
  amount: string;
}

export interface StatementReturns {
  /** Returns credited in the period and since the account opened, in USD. */
  in_period: string;
  to_date: string;
  /** Per plan, only plans with returns or principal. */
  plans: Array<{ plan: string; name: string; principal: string; in_period: string; to_date: string }>;
}

export interface StatementData {
  format: 1;
  /**
   * The member's language when the statement was made (profiles.locale): the PDF's words, dates and
   * direction. Recorded in the data, so a version always prints the same; absent in data made before
   * statements had languages, which print in English (statementLocale).
   */
  locale?: Locale;
  /** "2026-11" */
  month: string;
  period: {
    /** First instant of the month and first instant of the next, in the firm's time zone. */
    from: string;
    to: string;
    time_zone: 'Asia/Hong_Kong';
    /** "November 2026" */
    label: string;
  };
  /** The statement's reference: account number, month, version ("LC10000001-2026-11-v1"). */
  reference: string;
  version: number;
  /** The reference of the version this one replaces, or null for a first version. */
  replaces: string | null;
  prepared_at: string;
  member: { name: string; email: string; account_number: string };
  firm: {
    name: string;
    legal_name: string;
    address_lines: string[];
    complaints_email: string;
    complaints_text: string;
  };
  accounts: StatementAccountSummary[];
  /** Every posted line of the period, oldest first (date, then transfer id). */
  lines: StatementLine[];
  returns: StatementReturns;
  /** What was waiting at month end: pending withdrawals, instructions awaiting approval. */
  pending: StatementPendingItem[];
  valuation: { source: string; text: string };
  totals: { opening: string; closing: string };
}

/** The language a statement prints in: the one it recorded, English for data without one. */
export function statementLocale(data: Pick<StatementData, 'locale'>): Locale {
  return isLocale(data.locale) ? data.locale : defaultLocale;
}
