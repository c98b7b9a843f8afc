/**
 * Every sentence the database writes for a member, word for word: each kind of event goes through
 * private.audit as the staff member, the member or the firm who caused it, and the notices the
 * trigger writes and the member's /user/activity line must read exactly as listed here, with before
 * and after values that differ (a swapped before/after, a lost reason, a wrong label or actor word
 * shows). Driven by the catalogue: the kinds private.member_event_words names, the kinds any function
 * passes to private.audit, the status-built kinds, every account label, ledger source and actor word
 * the mapping knows. A kind, account, source or actor word added there without a sentence here
 * fails. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDateTime } from '../../src/lib/date-time';
import { FREEZE_LIFT_SENTENCE } from '../../src/lib/freeze-words';
import { formatUsd } from '../../src/lib/money';
import statementEn from '../../src/i18n/statement/en';
import statementZhHant from '../../src/i18n/statement/zh-hant';
import statementAr from '../../src/i18n/statement/ar';
import { usdIn } from '../../src/lib/money-in-language';
import { becomeCaller, createStaff, createUser, engines, type Engine } from './helpers/db';
import type { Queryable } from '../local/db/engine';

type Actor = 'owner' | 'finance' | 'support' | 'auditor' | 'member' | 'system';

interface Case {
  kind: string;
  by: Actor;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  reason?: string;
  /** The actor word my_activity shows. */
  actor: string;
  /** Title and body of each notice, in order: the event's own, then a later one (address ready). */
  words: [string, string][];
  /** Word for word in Chinese and Arabic (Arabic without its isolates), for some cases. */
  translated?: Partial<Record<'zh-hant' | 'ar', [string, string][]>>;
}

const XRP = {
  asset: 'XRP',
  network: 'ripple',
  label: 'Cold wallet',
  address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  destination_tag: '12345',
  usable_from: '2030-01-02T03:04:00Z',
};
const ledger = (account: string, from: string, to: string, extra: Record<string, unknown> = {}) => ({
  account,
  balance_before: from,
  balance_after: to,
  ...extra,
});

const CASES: Case[] = [
  {
    kind: 'statement_published',
    by: 'system',
    after: {
      statement: 3,
      reference: 'LC10000001-2026-10-v1',
      month: '2026-10',
      period_label: 'October 2026',
      version: 1,
    },
    actor: 'Liquid Capital',
    words: [['Statement ready', 'Your October 2026 statement is ready. Download it on your Statement page.']],
  },
  {
    kind: 'statement_published',
    by: 'system',
    after: {
      statement: 4,
      reference: 'LC10000001-2026-10-v2',
      month: '2026-10',
      period_label: 'October 2026',
      version: 2,
      replaces: 'LC10000001-2026-10-v1',
    },
    actor: 'Liquid Capital',
    words: [
      [
        'Corrected statement ready',
        'Your October 2026 statement is ready (version 2, replacing LC10000001-2026-10-v1). Download it on your Statement page.',
      ],
    ],
  },
  {
    kind: 'ledger_entry',
    by: 'owner',
    after: ledger('interest_wallet', '0.00', '125.00', { source: 'staff_proposal', source_id: 41 }),
    reason: 'Returns, Gold plan, November 2026',
    actor: 'An administrator',
    words: [
      [
        'Interest Wallet changed',
        'Your Interest Wallet went from $0.00 to $125.00: Returns, Gold plan, November 2026.',
      ],
    ],
  },
  {
    kind: 'transfer_voided',
    by: 'member',
    after: { kind: 'redemption', void_reason: 'cancelled', pending_id: 12, amount: '3000.00', plan: 'gold' },
    reason: 'Redemption from the Gold plan',
    actor: 'You',
    words: [
      [
        'Redemption cancelled',
        'Your instruction #12 (Redemption from the Gold plan, $3,000.00) was cancelled. Your principal stays invested.',
      ],
    ],
  },
  {
    kind: 'transfer_voided',
    by: 'finance',
    after: {
      kind: 'subscription',
      void_reason: 'rejected',
      pending_id: 14,
      amount: '2500.00',
      plan: 'silver',
      internal_note: 'Rejected: Source of funds not yet shown',
    },
    reason: 'Investment in the Silver plan',
    actor: 'Our finance team',
    words: [
      [
        'Investment declined',
        'Your instruction #14 (Investment in the Silver plan, $2,500.00) was declined: Source of funds not yet shown. The amount is free in your Deposit Wallet again.',
      ],
    ],
    translated: {
      'zh-hant': [
        [
          '投資指示被拒絕',
          '您的指示#14（投資於白銀計劃，US$2,500.00）被拒絕：Source of funds not yet shown。該金額已撥回您的存入錢包，可再次使用。',
        ],
      ],
      ar: [
        [
          'تم رفض الاستثمار',
          'تم رفض تعليمتكم رقم 14 (الاستثمار في الخطة الفضية، 2,500.00\u00a0US$): Source of funds not yet shown. أصبح المبلغ متاحًا مجددًا في محفظة الإيداع.',
        ],
      ],
    },
  },
  {
    // An instruction recorded without its plan: the instruction's own words stand in.
    kind: 'transfer_voided',
    by: 'system',
    after: { kind: 'subscription', void_reason: 'expired', pending_id: 13, amount: '500.00' },
    reason: 'Investment in the Silver plan',
    actor: 'Liquid Capital',
    words: [
      [
        'Investment lapsed',
        'Your instruction #13 (Investment in the Silver plan, $500.00) lapsed: it was not accepted in time. The amount is free in your Deposit Wallet again.',
      ],
    ],
  },
  {
    kind: 'ledger_entry',
    by: 'owner',
    after: ledger('interest_wallet', '10.00', '15.00'),
    reason: 'Quarterly interest',
    actor: 'An administrator',
    words: [
      [
        'Interest Wallet changed',
        'An administrator changed your Interest Wallet from $10.00 to $15.00: Quarterly interest',
      ],
    ],
  },
  {
    kind: 'ledger_entry',
    by: 'finance',
    after: ledger('referral', '1234.50', '999.99'),
    actor: 'Our finance team',
    words: [
      [
        'Referral Earnings changed',
        'Our finance team changed your Referral Earnings from $1,234.50 to $999.99.',
      ],
    ],
  },
  {
    kind: 'ledger_entry',
    by: 'support',
    after: ledger('total_invest', '0.00', '1000000.00'),
    reason: '  Opening  ',
    actor: 'Our support team',
    words: [
      [
        'Total Invest changed',
        'Our support team changed your Total Invest from $0.00 to $1,000,000.00: Opening',
      ],
    ],
  },
  {
    kind: 'ledger_entry',
    by: 'auditor',
    after: ledger('deposit_wallet', '2.00', '1.00'),
    actor: 'An auditor',
    words: [['Deposit Wallet changed', 'An auditor changed your Deposit Wallet from $2.00 to $1.00.']],
  },
  {
    kind: 'ledger_entry',
    by: 'member',
    after: ledger('interest_wallet', '3.00', '4.50'),
    actor: 'You',
    words: [['Interest Wallet changed', 'You changed your Interest Wallet from $3.00 to $4.50.']],
  },
  {
    kind: 'ledger_entry',
    by: 'system',
    after: ledger('deposit_wallet', '5.00', '255.50', { source: 'deposit_notice', source_id: 42 }),
    actor: 'Liquid Capital',
    words: [
      [
        'Deposit Wallet changed',
        'Your Deposit Wallet went from $5.00 to $255.50: deposit notice #42 was confirmed.',
      ],
    ],
  },
  {
    kind: 'ledger_entry',
    by: 'system',
    after: ledger('interest_wallet', '100.00', '70.00', { source: 'withdrawal_request', source_id: 9 }),
    actor: 'Liquid Capital',
    words: [
      [
        'Interest Wallet changed',
        'Your Interest Wallet went from $100.00 to $70.00 for withdrawal request #9.',
      ],
    ],
  },
  {
    kind: 'withdrawal_approved',
    by: 'finance',
    before: { id: 7, status: 'pending' },
    after: { id: 7, status: 'approved', amount: '30.00' },
    actor: 'Our finance team',
    words: [['Withdrawal approved', 'Our finance team approved your withdrawal request #7 for $30.00.']],
  },
  {
    kind: 'withdrawal_rejected',
    by: 'owner',
    before: { id: 8, status: 'pending' },
    after: { id: 8, status: 'rejected', amount: '1250' },
    reason: 'Address not verified',
    actor: 'An administrator',
    words: [
      [
        'Withdrawal rejected',
        'An administrator rejected your withdrawal request #8 for $1,250.00: Address not verified',
      ],
    ],
  },
  {
    kind: 'withdrawal_paid',
    by: 'finance',
    before: { id: 9, status: 'approved' },
    after: { id: 9, status: 'paid', amount: '0.01' },
    actor: 'Our finance team',
    words: [['Withdrawal paid', 'Our finance team marked as paid your withdrawal request #9 for $0.01.']],
  },
  {
    kind: 'deposit_notice_valued',
    by: 'finance',
    before: { id: 3, status: 'pending' },
    after: { id: 3, status: 'valued', amount: '250.50', quantity: '0.0835', asset: 'ETH', transfer_id: 11 },
    actor: 'Our finance team',
    words: [
      [
        'Deposit being confirmed',
        'Our finance team valued your deposit of 0.0835 ETH (notice #3) at $250.50. A second staff member checks it before it is credited.',
      ],
    ],
  },
  {
    kind: 'deposit_notice_pending',
    by: 'owner',
    before: { id: 3, status: 'valued', amount: '250.50' },
    after: { id: 3, status: 'pending', quantity: '0.0835', asset: 'ETH' },
    actor: 'An administrator',
    words: [
      [
        'Deposit back in review',
        'The value given to your deposit of 0.0835 ETH (notice #3) was not approved; our staff will value it again.',
      ],
    ],
  },
  {
    kind: 'deposit_notice_confirmed',
    by: 'support',
    before: { id: 3, status: 'valued' },
    after: { id: 3, status: 'confirmed', amount: '250.50', quantity: '0.0835', asset: 'ETH' },
    actor: 'Our support team',
    words: [
      [
        'Deposit credited',
        'Our support team credited your deposit of 0.0835 ETH (notice #3): $250.50 added to your Deposit Wallet.',
      ],
    ],
  },
  {
    kind: 'deposit_notice_rejected',
    by: 'owner',
    before: { id: 4, status: 'pending' },
    after: { id: 4, status: 'rejected', quantity: '0.5', asset: 'BTC' },
    reason: 'No such transaction',
    actor: 'An administrator',
    words: [
      [
        'Deposit notice rejected',
        'An administrator rejected your deposit notice #4 for 0.5 BTC: No such transaction',
      ],
    ],
    translated: {
      'zh-hant': [['存入通知被拒絕', '管理員已拒絕您0.5 BTC的存入通知#4：No such transaction']],
      ar: [
        [
          'تم رفض إشعار الإيداع',
          'تم رفض إشعار الإيداع رقم 4 بكمية 0.5 BTC (المنفِّذ: أحد المسؤولين): No such transaction',
        ],
      ],
    },
  },
  {
    kind: 'address_added',
    by: 'member',
    after: XRP,
    actor: 'You',
    words: [
      [
        'Withdrawal address added',
        'You added the XRP address "Cold wallet" on the XRP Ledger network (rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe, tag 12345). It can be used for withdrawals from 2 Jan 2030, 11:04 HKT. If this was not you, freeze withdrawals now.',
      ],
      [
        'Withdrawal address ready',
        'The XRP address "Cold wallet" on the XRP Ledger network (rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe, tag 12345) can now be used for withdrawals.',
      ],
    ],
  },
  {
    kind: 'address_removed',
    by: 'member',
    after: { asset: 'BTC', network: 'bitcoin', label: '', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' },
    actor: 'You',
    words: [
      [
        'Withdrawal address removed',
        'You removed the BTC address "no label" on the Bitcoin network (1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa).',
      ],
    ],
  },
  {
    kind: 'withdrawals_frozen',
    by: 'member',
    after: { frozen_by_member: true },
    actor: 'You',
    words: [['Withdrawals frozen', `You froze withdrawals from your account. ${FREEZE_LIFT_SENTENCE}`]],
  },
  {
    kind: 'withdrawals_frozen',
    by: 'support',
    after: { frozen_by_member: false },
    reason: 'Suspicious sign-in',
    actor: 'Our support team',
    words: [
      [
        'Withdrawals frozen',
        `Our support team froze withdrawals from your account: Suspicious sign-in. ${FREEZE_LIFT_SENTENCE}`,
      ],
    ],
  },
  {
    kind: 'withdrawals_unfrozen',
    by: 'owner',
    before: { frozen: true },
    after: { proposal_id: 4 },
    reason: 'Checked with the member by phone',
    actor: 'An administrator',
    words: [
      [
        'Withdrawals unfrozen',
        'Two members of our team approved lifting the freeze: withdrawals from your account are allowed again: Checked with the member by phone',
      ],
    ],
  },
  {
    kind: 'member_password_changed',
    by: 'member',
    actor: 'You',
    words: [
      ['Password changed', 'Your password was changed. If this was not you, reset it and contact us now.'],
    ],
  },
  {
    kind: 'member_email_changed',
    by: 'member',
    before: { email: 'old@words.test' },
    after: { email: 'new@words.test' },
    actor: 'You',
    words: [
      [
        'E-mail address changed',
        'The e-mail address of your account changed from old@words.test to new@words.test.',
      ],
    ],
  },
  {
    kind: 'member_factor_enrolled',
    by: 'member',
    after: { factor_id: 'f1', friendly_name: 'Phone' },
    actor: 'You',
    words: [['Authenticator added', 'You added the authenticator "Phone" to your account.']],
  },
  {
    kind: 'member_factor_removed',
    by: 'support',
    before: { factor_id: 'f1', friendly_name: 'Phone' },
    after: { factor_id: 'f1', friendly_name: '' },
    actor: 'Our support team',
    words: [
      ['Authenticator removed', 'Our support team removed the authenticator "unnamed" from your account.'],
    ],
  },
  {
    kind: 'mfa_reset',
    by: 'owner',
    before: { factors: 1 },
    after: { factors: 0 },
    reason: 'Lost phone',
    actor: 'An administrator',
    words: [
      [
        'Authenticator reset',
        'An administrator removed your authenticator apps: Lost phone. You can add a new one on the Security page.',
      ],
    ],
  },
  {
    kind: 'mfa_reset',
    by: 'support',
    actor: 'Our support team',
    words: [
      [
        'Authenticator reset',
        'Our support team removed your authenticator apps. You can add a new one on the Security page.',
      ],
    ],
  },
  {
    kind: 'security_hold_started',
    by: 'member',
    after: { hold_id: 1, change: 'password_changed', hold_until: '2026-11-29T14:05:00Z' },
    actor: 'You',
    words: [
      [
        'Security hold on withdrawals',
        'Because your password was changed, new withdrawal addresses and withdrawal requests wait until 29 Nov 2026, 22:05 HKT. If this was not you, freeze withdrawals now.',
      ],
    ],
  },
  {
    kind: 'security_hold_started',
    by: 'member',
    after: { hold_id: 1, change: 'email_changed', hold_until: '2026-11-29T14:05:00Z' },
    actor: 'You',
    words: [
      [
        'Security hold on withdrawals',
        'Because your e-mail address was changed, new withdrawal addresses and withdrawal requests wait until 29 Nov 2026, 22:05 HKT. If this was not you, freeze withdrawals now.',
      ],
    ],
  },
  {
    kind: 'security_hold_started',
    by: 'member',
    after: { hold_id: 1, change: 'factor_enrolled', hold_until: '2026-11-29T14:05:00Z' },
    actor: 'You',
    words: [
      [
        'Security hold on withdrawals',
        'Because an authenticator app was added, new withdrawal addresses and withdrawal requests wait until 29 Nov 2026, 22:05 HKT. If this was not you, freeze withdrawals now.',
      ],
    ],
  },
  {
    kind: 'security_hold_started',
    by: 'member',
    after: { hold_id: 1, change: 'factor_removed', hold_until: '2026-11-29T14:05:00Z' },
    actor: 'You',
    words: [
      [
        'Security hold on withdrawals',
        'Because an authenticator app was removed, new withdrawal addresses and withdrawal requests wait until 29 Nov 2026, 22:05 HKT. If this was not you, freeze withdrawals now.',
      ],
    ],
  },
  {
    kind: 'security_hold_started',
    by: 'member',
    after: { hold_id: 1, change: 'factor_reset', hold_until: '2026-11-29T14:05:00Z' },
    actor: 'You',
    words: [
      [
        'Security hold on withdrawals',
        'Because your authenticator apps were reset, new withdrawal addresses and withdrawal requests wait until 29 Nov 2026, 22:05 HKT. If this was not you, freeze withdrawals now.',
      ],
    ],
  },
  {
    kind: 'security_hold_changed',
    by: 'system',
    before: { hold_until: '2026-11-29T14:05:00Z' },
    after: { hold_id: 1, change: 'password_changed', hold_until: '2026-11-28T09:30:00Z' },
    actor: 'Liquid Capital',
    words: [
      [
        'Security hold changed',
        'Liquid Capital changed the end of the security hold on your account from 29 Nov 2026, 22:05 HKT to 28 Nov 2026, 17:30 HKT.',
      ],
    ],
  },
  {
    kind: 'address_cooling_off_changed',
    by: 'system',
    before: { usable_from: '2026-11-28T16:00:00Z' },
    after: {
      id: 5,
      label: 'Cold wallet',
      address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      usable_from: '2026-11-27T10:00:00Z',
    },
    actor: 'Liquid Capital',
    words: [
      [
        'Address waiting period changed',
        'Liquid Capital changed when the address "Cold wallet" can be used for withdrawals from 29 Nov 2026, 00:00 HKT to 27 Nov 2026, 18:00 HKT. If you did not ask for this, freeze withdrawals now.',
      ],
    ],
  },
  {
    kind: 'withdrawal_filed',
    by: 'member',
    after: {
      id: 12,
      status: 'pending',
      amount: '12.50',
      asset: 'BTC',
      network: 'bitcoin',
      label: 'Cold wallet',
      address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    },
    actor: 'You',
    words: [
      [
        'Withdrawal requested',
        'You asked to withdraw $12.50 in BTC on the Bitcoin network to "Cold wallet" (request #12). If this was not you, freeze withdrawals now.',
      ],
    ],
  },
  {
    kind: 'withdrawal_filed',
    by: 'system',
    after: {
      id: 13,
      status: 'pending',
      amount: '1250',
      asset: 'XRP',
      network: 'ripple',
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    },
    actor: 'Liquid Capital',
    words: [
      [
        'Withdrawal requested',
        'Liquid Capital asked to withdraw $1,250.00 in XRP on the XRP Ledger network to "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe" (request #13). If this was not you, freeze withdrawals now.',
      ],
    ],
  },
  {
    kind: 'withdrawal_cancelled',
    by: 'member',
    before: { id: 12, status: 'pending' },
    after: { id: 12, status: 'cancelled', amount: '12.50' },
    reason: 'Cancelled by you.',
    actor: 'You',
    words: [
      ['Withdrawal cancelled', 'Your withdrawal request #12 for $12.50 was cancelled: Cancelled by you.'],
    ],
  },
  {
    kind: 'withdrawal_pending',
    by: 'owner',
    before: { id: 7, status: 'approved' },
    after: { id: 7, status: 'pending', amount: '30.00' },
    reason: 'Approved by someone who is no longer allowed to approve: it needs a new approval.',
    actor: 'An administrator',
    words: [
      [
        'Withdrawal back in review',
        'Your withdrawal request #7 for $30.00 needs a new approval: the staff member who approved it may no longer approve withdrawals.',
      ],
    ],
  },
  {
    kind: 'deposit_notice_filed',
    by: 'member',
    after: { id: 3, status: 'pending', quantity: '0.0835', asset: 'ETH', network: 'ethereum' },
    actor: 'You',
    words: [
      [
        'Deposit notice received',
        'You told us about a deposit of 0.0835 ETH (notice #3). We credit it once two of our staff have checked it on-chain.',
      ],
    ],
  },
  {
    kind: 'role_granted',
    by: 'owner',
    after: { role: 'support' },
    actor: 'An administrator',
    words: [['Staff role granted', 'An administrator gave you the staff role support.']],
  },
  {
    kind: 'role_changed',
    by: 'owner',
    before: { role: 'support' },
    after: { role: 'finance' },
    actor: 'An administrator',
    words: [['Staff role changed', 'An administrator changed your staff role from support to finance.']],
  },
  {
    kind: 'role_revoked',
    by: 'owner',
    before: { role: 'finance' },
    actor: 'An administrator',
    words: [['Staff role removed', 'An administrator removed your staff role finance.']],
  },
];

/**
 * Staff's own review and record (staff proposals, the phases of transfers): the member hears the
 * outcome through other kinds (ledger entries, their notices and requests), so these give no words.
 */
// A statement's data being stored, or failing to render, is staff's record: the member hears when the
// files are ready (statement_published).
const SILENT = /^(staff_proposal|transfer)_|^statement_(issued|failed)$/;
/** Kinds about no member (deposit wallets, settings, statement runs): never written with a member_id. */
const ABOUT_NO_MEMBER = new Set([
  'address_edit',
  'firm_settings_changed',
  'plan_terms_changed',
  'statement_run_started',
  'statement_run_finished',
]);

const ISOLATE = /[\u2068\u2069]/g;
/** The texts' own values a sentence may carry in Latin script: the firm, networks, tickers, plan names. */
const LATIN_NAMES = /Liquid Capital|XRP Ledger|Bitcoin|Ethereum|TRON/g;

/**
 * The same event in Chinese or Arabic, through the notice and the activity line: no placeholder left,
 * not the English sentence, every amount in the language's form (usdIn) and the balance before ahead
 * of the balance after, each value isolated in Arabic, and no English sentence left once the case's
 * own values (reasons, labels, addresses, typed by people) are taken out.
 */
async function inLanguage(tx: Queryable, c: Case, event: string, locale: 'zh-hant' | 'ar', member: string) {
  const notices = await tx.query<{ title: string; body: string }>(
    `select w.title, w.body from public.notifications n
     cross join lateral private.notice_words(n.event_id, n.kind, $2) w
     where n.event_id = $1 order by n.available_at, n.id`,
    [event, locale],
  );
  const actor = (
    await tx.query<{ w: string }>(
      `select case $2 when 'ar' then ar else zh_hant end as w from private.member_event_texts where en = $1 and key like 'actor.%'`,
      [c.actor, locale],
    )
  ).rows[0]!.w;
  await becomeCaller(tx, { role: 'authenticated', uid: member });
  const activity = await tx.query<{ actor: string; title: string; body: string }>(
    `select actor, title, body from public.my_activity(null, 5, $2) where id = $1::bigint`,
    [event, locale],
  );
  await tx.query('reset role');
  expect(notices.rows.length).toBe(c.words.length);
  expect(activity.rows[0]).toEqual({ actor, ...notices.rows[0] });
  expect(activity.rows[0]!.actor).toBe(actor);
  const typed = [c.reason, ...Object.values(c.after ?? {}), ...Object.values(c.before ?? {})]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().replace(/^Rejected: /, ''))
    .filter((v) => v.length > 0)
    .sort((a, b) => b.length - a.length);
  notices.rows.forEach(({ title, body }, i) => {
    const [enTitle, enBody] = c.words[i]!;
    for (const text of [title, body]) {
      expect(text, text).not.toMatch(/[{}]/);
      let rest = text.replace(ISOLATE, '');
      for (const value of typed) rest = rest.replaceAll(value, '');
      expect(rest.replace(LATIN_NAMES, ''), `English left in ${locale}: ${text}`).not.toMatch(
        /[A-Za-z]{2,}(?:[ ,.'-]+[A-Za-z]{2,}){2,}/,
      );
    }
    expect(title).not.toBe(enTitle);
    expect(body).not.toBe(enBody);
    const amounts = ['balance_before', 'balance_after', 'amount']
      .map((key) => c.after?.[key])
      .filter((v): v is string => typeof v === 'string')
      .map((v) => usdIn(locale, formatUsd(v)));
    for (const amount of amounts) {
      expect(body).toContain(locale === 'ar' ? `\u2068${amount}\u2069` : amount);
    }
    if (c.after?.balance_before !== undefined && amounts[0] !== amounts[1]) {
      expect(body.indexOf(amounts[0]!)).toBeLessThan(body.indexOf(amounts[1]!));
    }
    const expected = c.translated?.[locale]?.[i];
    if (expected) expect([title, body.replace(ISOLATE, '')]).toEqual(expected);
  });
}

describe.each(engines)('the words members read on %s', (_name, open) => {
  let engine: Engine;
  const uid = {} as Record<Exclude<Actor, 'system'>, string>;

  beforeAll(async () => {
    engine = await open();
    for (const role of ['owner', 'finance', 'support', 'auditor'] as const) {
      uid[role] = (await createStaff(engine.db, { role, email: `${role}@words.test` })).id;
    }
    uid.member = (await createUser(engine.db, { email: 'member@words.test' })).id;
  });
  afterAll(async () => {
    await engine?.close();
  });

  const source = async (fn: string) =>
    (
      await engine.db.query<{ src: string }>(
        `select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'private' and p.proname = $1`,
        [fn],
      )
    ).rows[0]!.src;
  /** The values a check constraint allows a column, e.g. every status, account or source. */
  const allowed = async (table: string, column: string) => {
    const { rows } = await engine.db.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
       where c.conrelid = $1::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) ~ ('\\(' || $2 || ' = ANY')`,
      [`public.${table}`, column],
    );
    return [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]!);
  };
  const columnDefault = async (table: string, column: string) =>
    (
      await engine.db.query<{ d: string }>(
        `select pg_get_expr(d.adbin, d.adrelid) as d from pg_attrdef d
         join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
         where d.adrelid = $1::regclass and a.attname = $2`,
        [`public.${table}`, column],
      )
    ).rows[0]?.d.match(/'([a-z_]+)'/)?.[1];

  it('the catalogue: every kind, account, ledger source and actor word has a word-for-word case', async () => {
    const words = await source('member_event_words');
    // Kinds any function hands to private.audit by name, and those the describer names.
    const { rows } = await engine.db.query<{ src: string }>(
      `select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prosrc like '%private.audit(%'`,
    );
    const kinds = new Set<string>();
    for (const { src } of rows)
      for (const m of src.matchAll(/private\.audit\(\s*'([a-z_]+)'/g)) kinds.add(m[1]!);
    for (const m of words.matchAll(/e\.kind = '([a-z_]+)'/g)) kinds.add(m[1]!);
    for (const m of words.matchAll(/e\.kind in \(([^)]+)\)/g))
      for (const k of m[1]!.matchAll(/'([a-z_]+)'/g)) kinds.add(k[1]!);
    // The phases of a transfer, which its audit trigger picks by a case expression.
    for (const m of (await source('audit_transfer')).matchAll(/'(transfer_[a-z_]+)'/g)) kinds.add(m[1]!);
    // Kinds built from a status: every status a row can change to (the default is where rows start).
    for (const [table, prefix] of [
      ['withdrawal_requests', 'withdrawal_'],
      ['deposit_notices', 'deposit_notice_'],
    ] as const) {
      const start = await columnDefault(table, 'status');
      expect(start, table).toBe('pending');
      for (const status of await allowed(table, 'status')) if (status !== start) kinds.add(prefix + status);
    }
    // The describer's prefixes are all accounted for by those.
    for (const m of words.matchAll(/e\.kind like '([a-z_\\]+)%'/g)) {
      const prefix = m[1]!.replaceAll('\\', '');
      expect(
        [...kinds].some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(kinds.size).toBeGreaterThan(15);

    const covered = new Set(CASES.map((c) => c.kind));
    const missing = [...kinds].filter((k) => !covered.has(k) && !SILENT.test(k) && !ABOUT_NO_MEMBER.has(k));
    expect(missing, 'kinds without a word-for-word case').toEqual([]);

    const accounts = await allowed('ledger_entries', 'account');
    const sources = await allowed('ledger_entries', 'source');
    expect(accounts.length).toBe(4);
    expect(sources.length).toBeGreaterThanOrEqual(2);
    const ledgerCases = CASES.filter((c) => c.kind === 'ledger_entry');
    expect(new Set(ledgerCases.map((c) => c.after?.account))).toEqual(new Set(accounts));
    // Every source, and none (a correction or any transfer not from a notice or request).
    expect(new Set(ledgerCases.map((c) => c.after?.source))).toEqual(new Set([...sources, undefined]));
    // Every actor word the mapping can say, except 'Another member' (no member acts on another's account).
    const actorWords = (
      await engine.db.query<{ en: string }>(
        `select en from private.member_event_texts where key like 'actor.%' order by key`,
      )
    ).rows.map((r) => r.en);
    const said = new Set(CASES.map((c) => c.actor));
    expect(actorWords.filter((w) => !said.has(w))).toEqual(['Another member']);
  });

  it('the texts: three languages with the same placeholders; accounts and plans named as the statement names them', async () => {
    const { rows } = await engine.db.query<{ key: string; en: string; zh_hant: string; ar: string }>(
      `select key, en, zh_hant, ar from private.member_event_texts order by key`,
    );
    expect(rows.length).toBeGreaterThan(90);
    const holes = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const row of rows) {
      expect(holes(row.zh_hant), row.key).toEqual(holes(row.en));
      expect(holes(row.ar), row.key).toEqual(holes(row.en));
      // Chinese punctuation is full width; Arabic has no Chinese and Chinese no Arabic.
      expect(row.zh_hant, row.key).not.toMatch(/[\u0600-\u06ff]|[\u4e00-\u9fff][,:;]/);
      expect(row.ar, row.key).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const named = (prefix: string, column: 'en' | 'zh_hant' | 'ar') =>
      Object.fromEntries(
        rows.filter((r) => r.key.startsWith(prefix)).map((r) => [r.key.slice(prefix.length), r[column]]),
      );
    const pick = (names: Record<string, string>, keys: string[]) =>
      Object.fromEntries(keys.map((k) => [k, names[k]]));
    const accounts = Object.keys(named('account.', 'en'));
    expect(accounts.sort()).toEqual(['deposit_wallet', 'interest_wallet', 'referral', 'total_invest']);
    for (const [column, words] of [
      ['en', statementEn],
      ['zh_hant', statementZhHant],
      ['ar', statementAr],
    ] as const) {
      expect(named('account.', column), column).toEqual(pick(words.accounts, accounts));
      if (column !== 'en') expect(named('plan.', column), column).toEqual(words.plans);
    }
    // A refused language, and the member's own when none is given.
    await expect(engine.db.query(`select private.reader_locale('fr')`)).rejects.toThrow(
      /Unknown language "fr"/,
    );
  });

  it.each(CASES.map((c, i) => [`${c.kind} by ${c.by} (${i})`, c] as const))(
    '%s: the notices and the activity line, word for word',
    async (_label, c) => {
      const ROLLBACK = Symbol('rollback');
      await engine.db
        .transaction(async (tx) => {
          // As the actor: private.audit takes who acted from the request's claims, as for the API.
          const claims = c.by === 'system' ? '' : JSON.stringify({ sub: uid[c.by], role: 'authenticated' });
          await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
          await tx.query(`select private.audit($1, $2, $3::jsonb, $4::jsonb, $5)`, [
            c.kind,
            uid.member,
            c.before ? JSON.stringify(c.before) : null,
            c.after ? JSON.stringify(c.after) : null,
            c.reason ?? null,
          ]);
          // The event itself: a credential change writes a second one after it (the security hold).
          const event = (
            await tx.query<{ id: string }>(
              `select max(id)::text as id from public.audit_events where kind = $1`,
              [c.kind],
            )
          ).rows[0]!.id;
          const notices = await tx.query<{ kind: string; title: string; body: string }>(
            `select n.kind, w.title, w.body from public.notifications n
             cross join lateral private.notice_words(n.event_id, n.kind, 'en') w
             where n.event_id = $1 order by n.available_at, n.id`,
            [event],
          );
          expect(notices.rows).toEqual(
            c.words.map(([title, body], i) => ({ kind: i === 0 ? c.kind : `${c.kind}_usable`, title, body })),
          );
          for (const locale of ['zh-hant', 'ar'] as const) await inLanguage(tx, c, event, locale, uid.member);
          await becomeCaller(tx, { role: 'authenticated', uid: uid.member });
          const activity = await tx.query(
            `select id::text, kind, actor, title, body from public.my_activity(null, 5) where id = $1::bigint`,
            [event],
          );
          expect(activity.rows).toEqual([
            { id: event, kind: c.kind, actor: c.actor, title: c.words[0]![0], body: c.words[0]![1] },
          ]);
          throw ROLLBACK;
        })
        .catch((error: unknown) => {
          if (error !== ROLLBACK) throw error;
        });
    },
  );

  it('staff review kinds give the member nothing: no notice, no activity line', async () => {
    const statuses = await allowed('staff_proposals', 'status');
    expect(statuses.length).toBeGreaterThan(3);
    const phases = ['transfer_pending', 'transfer_posted', 'transfer_voided'];
    // The transfer trigger writes exactly these kinds.
    const audit = await source('audit_transfer');
    for (const kind of phases) expect(audit).toContain(`'${kind}'`);
    const ROLLBACK = Symbol('rollback');
    await engine.db
      .transaction(async (tx) => {
        for (const kind of [...statuses.map((status) => `staff_proposal_${status}`), ...phases]) {
          expect(SILENT.test(kind)).toBe(true);
          await tx.query(
            `select private.audit($1, $2, null, '{"proposal_id":1,"transfer_id":1,"amount":"5.00"}'::jsonb, 'internal')`,
            [kind, uid.member],
          );
        }
        const notices = await tx.query(`select 1 from public.notifications where user_id = $1`, [uid.member]);
        expect(notices.rows).toEqual([]);
        await becomeCaller(tx, { role: 'authenticated', uid: uid.member });
        expect((await tx.query(`select 1 from public.my_activity(null, 100)`)).rows).toEqual([]);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
  });

  it('SQL writes every moment as the portal does: Hong Kong time, "27 Nov 2026, 20:40 HKT"', async () => {
    const sqlWords = async (at: Date) =>
      (
        await engine.db.query<{ w: string }>(`select private.when_words($1::timestamptz) as w`, [
          at.toISOString(),
        ])
      ).rows[0]?.w;
    // The edges: the Hong Kong day turning (16:00 UTC), a minute's last millisecond, a year's end.
    const edges = [
      '2026-11-27T15:59:59.999Z',
      '2026-11-27T16:00:00.000Z',
      '2026-12-31T16:00:00.000Z',
      '2026-12-31T15:59:59.999Z',
      '2028-02-28T16:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ];
    for (const edge of edges) expect(await sqlWords(new Date(edge))).toBe(formatDateTime(edge));
    expect(await sqlWords(new Date('2026-11-27T16:00:00Z'))).toBe('28 Nov 2026, 00:00 HKT');
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        async (at) => {
          expect(await sqlWords(at)).toBe(formatDateTime(at));
        },
      ),
      { numRuns: 60 },
    );
  });
});
