/**
 * Bad inputs to every function: each returns a clear error (the SQLSTATE the API maps to an HTTP
 * status, and a message that names the field) and leaves the database exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asCaller,
  addActiveAddress,
  createUser,
  engines,
  fingerprint,
  makeAdmin,
  adminAtAal2,
  pgError,
  testTxId,
  type Caller,
  type Engine,
} from './helpers/db';

const NOT_MONEY = [
  'abc',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e5',
  '1,000',
  '1.234',
  '0x10',
  '+5',
  '1.',
  '.5',
  '1 000',
  '١٢',
  '5$',
  '--1',
];

interface Case {
  name: string;
  as: 'admin' | 'member' | 'anon' | 'service';
  sql: string;
  params?: (ctx: Ctx) => unknown[];
  code: string;
  message: RegExp;
}

interface Ctx {
  member: string;
  admin: string;
  version: string;
  pendingNotice: string;
  reviewedNotice: string;
  pendingRequest: string;
  approvedBigRequest: string;
}

const balanceCases: Case[] = [
  ...NOT_MONEY.map((v) => ({
    name: `propose_balances Interest Wallet = ${JSON.stringify(v)}`,
    as: 'admin' as const,
    sql: `select public.propose_balances($1, $2, jsonb_build_object('interest_wallet', $3::text), 'bad input test')`,
    params: (c: Ctx) => [c.member, c.version, v],
    code: '22023',
    message: /^Interest Wallet must be a number with at most 2 decimals\.$/,
  })),
  ...[
    ['', /^Referral Earnings is required\.$/],
    ['   ', /^Referral Earnings is required\.$/],
    ['-1', /^Referral Earnings must not be negative\.$/],
    ['-0.01', /^Referral Earnings must not be negative\.$/],
    ['1000000000000', /^Referral Earnings must be at most 999,999,999,999\.99\.$/],
    ['99999999999999999999', /^Referral Earnings must be at most 999,999,999,999\.99\.$/],
  ].map(([v, message]) => ({
    name: `propose_balances Referral = ${JSON.stringify(v)}`,
    as: 'admin' as const,
    sql: `select public.propose_balances($1, $2, jsonb_build_object('referral', $3::text), 'bad input test')`,
    params: (c: Ctx) => [c.member, c.version, v],
    code: '22023',
    message: message as RegExp,
  })),
  {
    name: 'propose_balances with a JSON number instead of text',
    as: 'admin',
    sql: `select public.propose_balances($1, $2, '{"total_invest": 5}', 'bad input test')`,
    params: (c) => [c.member, c.version],
    code: '22023',
    message: /^Total Invest must be a number/,
  },
  {
    name: 'propose_balances with an unknown account',
    as: 'admin',
    sql: `select public.propose_balances($1, $2, '{"version": "7"}', 'bad input test')`,
    params: (c) => [c.member, c.version],
    code: '22023',
    message: /^Unknown balance: version\.$/,
  },
  {
    name: 'propose_balances with one good and one bad value (all or nothing)',
    as: 'admin',
    sql: `select public.propose_balances($1, $2, '{"interest_wallet": "10.00", "total_deposit": "ten"}', 'bad input test')`,
    params: (c) => [c.member, c.version],
    code: '22023',
    message: /^Total Deposit must be a number/,
  },
  ...['', '  ', 'ab', 'x'.repeat(501)].map((reason) => ({
    name: `propose_balances reason ${JSON.stringify(reason.slice(0, 10))} (${reason.length} chars)`,
    as: 'admin' as const,
    sql: `select public.propose_balances($1, $2, '{"referral": "1.00"}', $3)`,
    params: (c: Ctx) => [c.member, c.version, reason],
    code: '22023',
    message: /^Reason must be 3 to 500 characters\.$/,
  })),
  ...["'[]'", "'{}'", '\'"5"\'', 'null'].map((json) => ({
    name: `propose_balances balances = ${json}`,
    as: 'admin' as const,
    sql: `select public.propose_balances($1, $2, ${json}::jsonb, 'bad input test')`,
    params: (c: Ctx) => [c.member, c.version],
    code: '22023',
    message: /^Enter at least one balance\.$/,
  })),
  {
    name: 'propose_balances without a version',
    as: 'admin',
    sql: `select public.propose_balances($1, null, '{"referral": "1.00"}', 'bad input test')`,
    params: (c) => [c.member],
    code: '22023',
    message: /version/,
  },
  {
    name: 'propose_balances with a stale version',
    as: 'admin',
    sql: `select public.propose_balances($1, $2::bigint - 1, '{"referral": "1.00"}', 'bad input test')`,
    params: (c) => [c.member, c.version],
    code: 'PT409',
    message:
      /^This user's balances were changed by someone else\. The latest values are shown; check them and save again\.$/,
  },
  {
    name: 'propose_balances for an unknown user',
    as: 'admin',
    sql: `select public.propose_balances(gen_random_uuid(), 1, '{"referral": "1.00"}', 'bad input test')`,
    code: '22023',
    message: /^That user was not found\.$/,
  },
  {
    name: 'propose_balances with the current values',
    as: 'admin',
    sql: `select public.propose_balances($1, $2, '{"interest_wallet": "3.00", "referral": "0"}', 'bad input test')`,
    params: (c) => [c.member, c.version],
    code: '22023',
    message: /^Nothing to approve: these are the current values\.$/,
  },
  {
    name: 'approve_balance_proposal of an unknown proposal',
    as: 'admin',
    sql: `select public.approve_balance_proposal(-1)`,
    code: '22023',
    message: /^That proposal was not found\.$/,
  },
  ...['', ' ', 'no'].map((reason) => ({
    name: `reject_balance_proposal reason ${JSON.stringify(reason)}`,
    as: 'admin' as const,
    sql: `select public.reject_balance_proposal(-1, $1)`,
    params: () => [reason],
    code: '22023',
    message: /^Reason must be 3 to 500 characters\.$/,
  })),
];

const memberCases: Case[] = [
  ...[...NOT_MONEY, '', '-5', '0', '0.00', '1000000000000'].map((v) => ({
    name: `file_deposit_notice amount ${JSON.stringify(v)}`,
    as: 'member' as const,
    sql: `select public.file_deposit_notice(1::smallint, $1, '${testTxId('bad-input-tx')}')`,
    params: () => [v],
    code: '22023',
    message: /^Amount (must|is required)/,
  })),
  ...[
    [99, /^Choose one of the listed wallets\.$/],
    [6, /^Choose one of the listed wallets\.$/], // USDC on TRON: disabled
    [null, /^Choose one of the listed wallets\.$/],
  ].map(([wallet, message]) => ({
    name: `file_deposit_notice wallet ${wallet}`,
    as: 'member' as const,
    sql: `select public.file_deposit_notice($1::smallint, '10.00', '${testTxId('bad-input-tx')}')`,
    params: () => [wallet],
    code: '22023',
    message: message as RegExp,
  })),
  ...[
    ['', /^Transaction ID is required\.$/],
    ['   ', /^Transaction ID is required\.$/],
    ['ab cd', /^The transaction ID contains a space or an invisible character\./],
    [`${testTxId('bad')}\u200b`, /^The transaction ID contains a space or an invisible character\./],
    [`0x${testTxId('bad')}`, /^Bitcoin transaction IDs have no 0x: enter the 64 characters after it\.$/],
    ['x'.repeat(129), /^That is not a Bitcoin transaction ID: 64 characters 0-9 and a-f\.$/],
  ].map(([tx, message]) => ({
    name: `file_deposit_notice tx id ${JSON.stringify(String(tx).slice(0, 12))}`,
    as: 'member' as const,
    sql: `select public.file_deposit_notice(1::smallint, '10.00', $1)`,
    params: () => [tx],
    code: '22023',
    message: message as RegExp,
  })),
  {
    name: 'file_deposit_notice with a transaction id the member already filed (other case, padded)',
    as: 'member',
    sql: `select public.file_deposit_notice(1::smallint, '10.00', '  ${testTxId('bad-input-claimed').toUpperCase()}  ')`,
    code: '23505',
    message: /^You have already filed this transaction ID \(deposit notice #\d+\)\.$/,
  },
  ...[...NOT_MONEY, '', '0', '-1'].map((v) => ({
    name: `file_withdrawal_request amount ${JSON.stringify(v)}`,
    as: 'member' as const,
    sql: `select public.file_withdrawal_request(1::smallint, $1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')`,
    params: () => [v],
    code: '22023',
    message: /^Amount (must|is required)/,
  })),
  {
    name: 'file_withdrawal_request for more than the withdrawable balance',
    as: 'member',
    sql: `select public.file_withdrawal_request(1::smallint, '950.01', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')`,
    code: '22023',
    message: /^Amount is more than your withdrawable balance \(950\.00\)\.$/,
  },
  {
    name: 'file_withdrawal_request to an address that is not in the address book',
    as: 'member',
    sql: `select public.file_withdrawal_request(1::smallint, '10.00', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')`,
    code: '22023',
    message: /^Withdrawals can only go to an address in your address book\./,
  },
  ...[
    [1, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /^That is not a valid Bitcoin address/],
    [1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', /^That is not a valid Bitcoin address/],
    [2, '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', /^That is not a valid Ethereum address/],
    [4, 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8', /^That is not a valid TRON address/],
    [5, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', /^That is not a valid XRP Ledger address/],
    [5, '', /^Address is required\.$/],
  ].map(([wallet, address, message]) => ({
    name: `add_withdrawal_address wallet ${wallet} address ${JSON.stringify(address)}`,
    as: 'member' as const,
    sql: `select public.add_withdrawal_address($1::smallint, $2, 'Label')`,
    params: () => [wallet, address],
    code: '22023',
    message: message as RegExp,
  })),
  ...['abc', '-1', '4294967296', '1.5', '1e3', '99999999999'].map((tag) => ({
    name: `add_withdrawal_address XRP destination tag ${JSON.stringify(tag)}`,
    as: 'member' as const,
    sql: `select public.add_withdrawal_address(5::smallint, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'Label', $1)`,
    params: () => [tag],
    code: '22023',
    message: /^Destination tag must be a whole number from 0 to 4294967295\.$/,
  })),
  {
    name: 'add_withdrawal_address with a destination tag on Bitcoin',
    as: 'member',
    sql: `select public.add_withdrawal_address(1::smallint, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'Label', '123')`,
    code: '22023',
    message: /^A destination tag applies to XRP only\.$/,
  },
];

const reviewCases: Case[] = [
  ...['approve', '', 'CONFIRM', null].map((decision) => ({
    name: `review_deposit_notice decision ${JSON.stringify(decision)}`,
    as: 'admin' as const,
    sql: `select public.review_deposit_notice($1, $2, null)`,
    params: (c: Ctx) => [c.pendingNotice, decision],
    code: '22023',
    message: /^Decision must be confirm or reject\.$/,
  })),
  {
    name: 'review_deposit_notice of an unknown notice',
    as: 'admin',
    sql: `select public.review_deposit_notice(-1, 'confirm', null)`,
    code: '22023',
    message: /^That deposit notice was not found\.$/,
  },
  {
    name: 'review_deposit_notice with a 501-character note',
    as: 'admin',
    sql: `select public.review_deposit_notice($1, 'confirm', repeat('n', 501))`,
    params: (c) => [c.pendingNotice],
    code: '22023',
    message: /^Note must be at most 500 characters\.$/,
  },
  {
    name: 'review_deposit_notice of a notice already reviewed',
    as: 'admin',
    sql: `select public.review_deposit_notice($1, 'confirm', null)`,
    params: (c) => [c.reviewedNotice],
    code: 'PT409',
    message: /^This deposit notice was already rejected\.$/,
  },
  ...['confirm', 'paid', '', null].map((action) => ({
    name: `review_withdrawal_request action ${JSON.stringify(action)}`,
    as: 'admin' as const,
    sql: `select public.review_withdrawal_request($1, $2, null)`,
    params: (c: Ctx) => [c.pendingRequest, action],
    code: '22023',
    message: /^Action must be approve, reject or pay\.$/,
  })),
  {
    name: 'review_withdrawal_request paying a request that was not approved',
    as: 'admin',
    sql: `select public.review_withdrawal_request($1, 'pay', null)`,
    params: (c) => [c.pendingRequest],
    code: 'PT409',
    message: /^This request is pending; it cannot be paid\.$/,
  },
  {
    name: 'review_withdrawal_request paying more than the Interest Wallet holds',
    as: 'admin',
    sql: `select public.review_withdrawal_request($1, 'pay', null)`,
    params: (c) => [c.approvedBigRequest],
    code: 'PT409',
    message: /^The member's Interest Wallet \(3\.00\) is less than this request \(500\.00\)\.$/,
  },
  ...[null, '', '  ', 'no'].map((note) => ({
    name: `review_withdrawal_request reject with reason ${JSON.stringify(note)}`,
    as: 'admin' as const,
    sql: `select public.review_withdrawal_request($1, 'reject', $2)`,
    params: (c: Ctx) => [c.pendingRequest, note],
    code: '22023',
    message: /^A reason \(3 to 500 characters\) is required to reject a request\.$/,
  })),
  {
    name: 'review_withdrawal_request of an unknown request',
    as: 'admin',
    sql: `select public.review_withdrawal_request(-1, 'approve', null)`,
    code: '22023',
    message: /^That withdrawal request was not found\.$/,
  },
];

// Deposit addresses and staff roles change by proposal (staff_proposals); bad input is refused when
// proposing, before anything is written. The old direct functions keep their checks for the service role.
const PROPOSE = `select public.propose_staff_change($1, $2, $3::jsonb, 'bad input test')`;
const walletAndAdminCases: Case[] = [
  ...[
    [2, '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', /^That is not a valid Ethereum address/],
    [1, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', /^That is not a valid Bitcoin address/],
    [4, 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwc', /^That is not a valid TRON address/],
    [5, 'rrrrrrrrrrrrrrrrrrrrrhoLvTq', /^That is not a valid XRP Ledger address/],
    [5, '   ', /^Address is required\.$/],
    [0, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', /^Unknown wallet\.$/],
    [8, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', /^Unknown wallet\.$/],
  ].map(([wallet, address, message]) => ({
    name: `a proposal for wallet ${wallet} to ${JSON.stringify(address)}`,
    as: 'admin' as const,
    sql: PROPOSE,
    params: () => ['deposit_address', String(wallet), JSON.stringify({ address, enabled: true })],
    code: '22023',
    message: message as RegExp,
  })),
  {
    name: 'a wallet proposal without a reason',
    as: 'admin',
    sql: `select public.propose_staff_change('deposit_address', '1', '{"address":"3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy","enabled":true}', ' ')`,
    code: '22023',
    message: /^Reason must be 3 to 500 characters\.$/,
  },
  {
    name: 'a wallet proposal without enabled',
    as: 'admin',
    sql: PROPOSE,
    params: () => ['deposit_address', '1', JSON.stringify({ address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' })],
    code: '22023',
    message: /^Choose whether the wallet is shown to members\.$/,
  },
  {
    name: 'update_deposit_wallet by the service role without enabled',
    as: 'service',
    sql: `select public.update_deposit_wallet(1::smallint, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', null, 'bad input test')`,
    code: '22023',
    message: /^Choose whether the wallet is shown to members\.$/,
  },
  {
    name: 'a proposal of an unknown kind',
    as: 'admin',
    sql: PROPOSE,
    params: () => ['everything', 'x', '{}'],
    code: '22023',
    message: /^Kind must be deposit_address, staff_role, firm_settings, unfreeze or deposit_credit\.$/,
  },
  ...[
    ['an unknown notice', '999999999', { amount: '10.00' }, /^That deposit notice was not found\.$/],
    ['a target that is not a number', 'abc', { amount: '10.00' }, /^That deposit notice was not found\.$/],
    [
      'an amount that is a number',
      '1',
      { amount: 10 },
      /^Give the amount credited in USD, for example 1250\.00\.$/,
    ],
    ['no amount', '1', {}, /^Give the amount credited in USD, for example 1250\.00\.$/],
    ['a zero amount', '1', { amount: '0' }, /Amount credited/],
    ['a negative amount', '1', { amount: '-5.00' }, /Amount credited/],
    ['three decimals', '1', { amount: '1.005' }, /Amount credited/],
  ].map(([what, target, payload, message]) => ({
    name: `a deposit credit proposal with ${String(what)}`,
    as: 'admin' as const,
    sql: PROPOSE,
    params: () => ['deposit_credit', target, JSON.stringify(payload)],
    code: '22023',
    message: message as RegExp,
  })),
  {
    name: 'a proposal whose change is not an object',
    as: 'admin',
    sql: PROPOSE,
    params: () => ['deposit_address', '1', '[1]'],
    code: '22023',
    message: /^The change must be a JSON object\.$/,
  },
  {
    name: 'a role proposal for an unknown e-mail',
    as: 'admin',
    sql: PROPOSE,
    params: () => ['staff_role', null, JSON.stringify({ email: 'nobody@bad.test', role: 'support' })],
    code: '22023',
    message: /^No account uses that e-mail address\.$/,
  },
  ...['', 'admin', 'Owner', 7].map((role) => ({
    name: `a role proposal with role ${JSON.stringify(role)}`,
    as: 'admin' as const,
    sql: PROPOSE,
    params: () => ['staff_role', null, JSON.stringify({ email: 'member@bad.test', role })],
    code: '22023',
    message: /^Role must be support, finance, auditor or owner\.$/,
  })),
  {
    name: 'a role proposal for oneself',
    as: 'admin',
    sql: PROPOSE,
    params: () => ['staff_role', null, JSON.stringify({ email: 'admin@bad.test', role: 'support' })],
    code: '42501',
    message: /^You cannot change your own role\. Ask another owner\.$/,
  },
  {
    name: 'a role proposal that changes nothing',
    as: 'service',
    sql: `select public.grant_admin('admin@bad.test', 'support')`,
    code: 'PT409',
    message: /^That account is already staff; change its role instead\.$/,
  },
  {
    name: 'revoking someone who is not staff',
    as: 'admin',
    sql: PROPOSE,
    params: () => ['staff_role', null, JSON.stringify({ email: 'member@bad.test', role: null })],
    code: '22023',
    message: /^That user is not staff\.$/,
  },
  {
    name: 'revoke_admin by the service role of someone who is not an admin',
    as: 'service',
    sql: `select public.revoke_admin('member@bad.test')`,
    code: '22023',
    message: /^That user is not an admin\.$/,
  },
  ...[
    [
      { small_edit_threshold: '-1.00', small_edit_daily_limit: null, address_cooling_off_hours: 24 },
      /must be more than 0|negative/,
    ],
    [
      { small_edit_threshold: 5, small_edit_daily_limit: null, address_cooling_off_hours: 24 },
      /^The small-edit threshold must be an amount/,
    ],
    [
      { small_edit_threshold: null, small_edit_daily_limit: null, address_cooling_off_hours: '24' },
      /^The cooling-off period must be a whole number/,
    ],
    [
      { small_edit_threshold: null, small_edit_daily_limit: null, address_cooling_off_hours: -1 },
      /^The cooling-off period must be a whole number/,
    ],
    [
      { small_edit_threshold: '100.00', small_edit_daily_limit: 500, address_cooling_off_hours: 24 },
      /^The small-edit daily limit must be an amount with at most 2 decimals, or none\.$/,
    ],
    [
      { small_edit_threshold: '100.00', small_edit_daily_limit: '0.00', address_cooling_off_hours: 24 },
      /^The small-edit daily limit must be more than 0, or none\.$/,
    ],
    [
      { small_edit_threshold: '100.00', small_edit_daily_limit: '-5', address_cooling_off_hours: 24 },
      /^The small-edit daily limit must not be negative\.$/,
    ],
    [
      { small_edit_threshold: '100.00', small_edit_daily_limit: '5,000', address_cooling_off_hours: 24 },
      /^The small-edit daily limit must be a number with at most 2 decimals\.$/,
    ],
    [
      { small_edit_threshold: '100.00', small_edit_daily_limit: '', address_cooling_off_hours: 24 },
      /^The small-edit daily limit is required\.$/,
    ],
    [
      { small_edit_threshold: '100.00', address_cooling_off_hours: 24 },
      /^Give all three settings: small_edit_threshold \(or null\), small_edit_daily_limit \(or null\) and address_cooling_off_hours\.$/,
    ],
  ].map(([payload, message]) => ({
    name: `a settings proposal ${JSON.stringify(payload)}`,
    as: 'admin' as const,
    sql: PROPOSE,
    params: () => ['firm_settings', null, JSON.stringify(payload)],
    code: '22023',
    message: message as RegExp,
  })),
  {
    name: 'an unfreeze proposal for a malformed member id',
    as: 'admin',
    sql: PROPOSE,
    params: () => ['unfreeze', 'not-a-uuid', '{}'],
    code: '22023',
    message: /^That member was not found\.$/,
  },
  ...[
    [`'password'`, 10, 0, /^Unknown sort column: password\.$/],
    [`'id; drop table public.profiles'`, 10, 0, /^Unknown sort column/],
    [`'email'`, 0, 0, /^Page size must be 1 to 500\.$/],
    [`'email'`, 501, 0, /^Page size must be 1 to 500\.$/],
    [`'email'`, 10, -1, /^Page offset must not be negative\.$/],
  ].map(([sort, limit, offset, message]) => ({
    name: `admin_search_users sort ${sort} limit ${limit} offset ${offset}`,
    as: 'admin' as const,
    sql: `select public.admin_search_users('', ${sort}, true, ${limit}, ${offset})`,
    code: '22023',
    message: message as RegExp,
  })),
];

const contactCases: Case[] = [
  ['', 'v@bad.test', 'Hello', null],
  ['   ', 'v@bad.test', 'Hello', null],
  ['n'.repeat(101), 'v@bad.test', 'Hello', null],
  ['Visitor', 'not-an-email', 'Hello', null],
  ['Visitor', 'a@b', 'Hello', null],
  ['Visitor', `${'e'.repeat(250)}@b.co`, 'Hello', null],
  ['Visitor', 'v@bad.test', '', null],
  ['Visitor', 'v@bad.test', 'm'.repeat(5001), null],
  ['Visitor', 'v@bad.test', 'Hello', 'lender'],
].map(([name, email, message, identity]) => ({
  name: `contact message ${JSON.stringify([name?.slice(0, 8), email?.slice(0, 12), message?.slice(0, 5), identity])}`,
  as: 'anon' as const,
  sql: `insert into public.contact_messages (name, email, message, identity) values ($1, $2, $3, $4)`,
  params: () => [name, email, message, identity],
  code: '23514',
  message: /check constraint/,
}));

describe.each(engines)('bad inputs on %s', (_name, open) => {
  let engine: Engine;
  let ctx: Ctx;
  let callers: Record<Case['as'], Caller>;

  beforeAll(async () => {
    engine = await open();
    const db = engine.db;
    const member = await createUser(db, { email: 'member@bad.test' });
    await addActiveAddress(db, member.id, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    const admin = await createUser(db, { email: 'admin@bad.test' });
    await makeAdmin(db, admin.id);
    callers = {
      anon: { role: 'anon' },
      member: { role: 'authenticated', uid: member.id },
      admin: adminAtAal2(admin.id),
      // Setup only: balances are set directly by the service role (staff propose instead).
      service: { role: 'service_role' },
    };
    const q = async (caller: Caller, sql: string, params: unknown[] = []) =>
      asCaller(db, caller, async (tx) => (await tx.query<{ v: string }>(sql, params)).rows[0]?.v ?? '');
    await q(
      callers.service,
      `select public.admin_update_balances($1, 1, '{"interest_wallet":"1000.00"}', 'setup') as v`,
      [member.id],
    );
    const pendingNotice = await q(
      callers.member,
      `select public.file_deposit_notice(1::smallint, '5.00', '${testTxId('bad-input-claimed')}') ->> 'id' as v`,
    );
    const reviewedNotice = await q(
      callers.member,
      `select public.file_deposit_notice(1::smallint, '5.00', '${testTxId('bad-input-rejected')}') ->> 'id' as v`,
    );
    await q(callers.admin, `select public.review_deposit_notice($1, 'reject', 'setup') as v`, [
      reviewedNotice,
    ]);
    const pendingRequest = await q(
      callers.member,
      `select public.file_withdrawal_request(1::smallint, '50.00', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') ->> 'id' as v`,
    );
    // A request approved, then the Interest Wallet lowered under it by an admin edit.
    const approvedBigRequest = await q(
      callers.member,
      `select public.file_withdrawal_request(1::smallint, '500.00', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') ->> 'id' as v`,
    );
    await q(callers.service, `select public.review_withdrawal_request($1, 'approve', null) as v`, [
      approvedBigRequest,
    ]);
    await q(
      callers.service,
      `select public.admin_update_balances($1, 2, '{"interest_wallet":"3.00"}', 'setup lower') as v`,
      [member.id],
    );
    // The Interest Wallet stays at 3.00 for the review cases; the member cases raise it first.
    const version = (
      await db.query<{ v: string }>('select version as v from public.profiles where id = $1', [member.id])
    ).rows[0]!.v;
    ctx = {
      member: member.id,
      admin: admin.id,
      version,
      pendingNotice,
      reviewedNotice,
      pendingRequest,
      approvedBigRequest,
    };
  });

  afterAll(async () => {
    await engine?.close();
  });

  const run = (cases: Case[]) =>
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
      const before = await fingerprint(engine.db);
      let error: unknown;
      try {
        await asCaller(engine.db, callers[c.as], (tx) => tx.query(c.sql, c.params?.(ctx) ?? []));
      } catch (e) {
        error = e;
      }
      expect(error, 'the call should have failed').toBeDefined();
      const { code, message } = pgError(error);
      expect({ code, message }).toEqual({ code: c.code, message: expect.stringMatching(c.message) });
      expect(await fingerprint(engine.db)).toBe(before);
    });

  describe('propose_balances and proposals', () => run(balanceCases));
  describe('review functions', () => run(reviewCases));
  describe('wallets, admins, search', () => run(walletAndAdminCases));
  describe('contact form', () => run(contactCases));
  describe('member functions', () => {
    beforeAll(async () => {
      // Withdrawable for the member cases: 1500.00 - (50.00 pending + 500.00 approved) = 950.00.
      await asCaller(engine.db, callers.service, (tx) =>
        tx.query(
          `select public.admin_update_balances($1, $2, '{"interest_wallet":"1500.00"}', 'setup raise')`,
          [ctx.member, ctx.version],
        ),
      );
    });
    run(memberCases);
  });
});
