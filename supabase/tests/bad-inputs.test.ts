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
  createStaff,
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
  as: 'admin' | 'finance' | 'member' | 'anon' | 'service';
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

const CORRECT = `select public.propose_correction($1, $2, $3, $4, $5, $6, $7)`;
/** A correction's arguments with one changed: member, account, amount, category, client text, note, key. */
const correction = (
  c: Ctx,
  change: Partial<Record<'account' | 'amount' | 'category' | 'text' | 'note' | 'key', unknown>>,
) => [
  c.member,
  'account' in change ? change.account : 'interest_wallet',
  'amount' in change ? change.amount : '1.00',
  'category' in change ? change.category : 'error_correction',
  'text' in change ? change.text : 'bad input test',
  'note' in change ? change.note : null,
  'key' in change ? change.key : null,
];

const balanceCases: Case[] = [
  // A signed amount: "+5" and "-5" are amounts, everything else here is not.
  ...NOT_MONEY.filter((v) => v !== '+5' && v !== '--1').map((v) => ({
    name: `propose_correction amount = ${JSON.stringify(v)}`,
    as: 'admin' as const,
    sql: CORRECT,
    params: (c: Ctx) => correction(c, { amount: v }),
    code: '22023',
    message: /^Amount must be a number with at most 2 decimals\.$/,
  })),
  ...[
    ['', /^Amount is required\.$/],
    ['   ', /^Amount is required\.$/],
    ['-', /^Amount is required\.$/],
    ['0', /^Amount must be more than 0\.$/],
    ['-0.00', /^Amount must be more than 0\.$/],
    ['--1', /^Amount must not be negative\.$/],
    ['+-1', /^Amount must not be negative\.$/],
    ['1000000000000', /^Amount must be at most 999,999,999,999\.99\.$/],
    [null, /^Amount is required\.$/],
  ].map(([v, message]) => ({
    name: `propose_correction amount ${JSON.stringify(v)}`,
    as: 'admin' as const,
    sql: CORRECT,
    params: (c: Ctx) => correction(c, { amount: v }),
    code: '22023',
    message: message as RegExp,
  })),
  ...['version', 'total_deposit', 'total_withdraw', 'corrections', '', null].map((account) => ({
    name: `propose_correction account ${JSON.stringify(account)}`,
    as: 'admin' as const,
    sql: CORRECT,
    params: (c: Ctx) => correction(c, { account }),
    code: '22023',
    message: /^Choose an account: Deposit Wallet, Interest Wallet, Total Invest or Referral Earnings\.$/,
  })),
  ...['', 'bonus', 'ERROR_CORRECTION', null].map((category) => ({
    name: `propose_correction category ${JSON.stringify(category)}`,
    as: 'admin' as const,
    sql: CORRECT,
    params: (c: Ctx) => correction(c, { category }),
    code: '22023',
    message: /^Choose a category: error correction, goodwill, opening balance or other\.$/,
  })),
  ...['', '  ', 'ab', 'x'.repeat(501), null].map((text) => ({
    name: `propose_correction client text ${JSON.stringify(String(text).slice(0, 10))} (${String(text).length} chars)`,
    as: 'admin' as const,
    sql: CORRECT,
    params: (c: Ctx) => correction(c, { text }),
    code: '22023',
    message: /^The text the client reads must be 3 to 500 characters\.$/,
  })),
  {
    name: 'propose_correction with a 501-character internal note',
    as: 'admin',
    sql: CORRECT,
    params: (c) => correction(c, { note: 'n'.repeat(501) }),
    code: '22023',
    message: /^Note must be at most 500 characters\.$/,
  },
  ...['short', 'has space in it', 'x'.repeat(65), 'ключ-ключ-ключ'].map((key) => ({
    name: `propose_correction request key ${JSON.stringify(key.slice(0, 12))}`,
    as: 'admin' as const,
    sql: CORRECT,
    params: (c: Ctx) => correction(c, { key }),
    code: '22023',
    message: /^The request key must be 8 to 64 letters, digits, - or _\.$/,
  })),
  {
    name: 'propose_correction for an unknown user',
    as: 'admin',
    sql: `select public.propose_correction(gen_random_uuid(), 'referral', '1.00', 'other', 'bad input test')`,
    code: '22023',
    message: /^Choose a member\.$/,
  },
  {
    name: 'propose_correction debiting more than the account holds',
    as: 'admin',
    sql: CORRECT,
    params: (c) => correction(c, { account: 'referral', amount: '-0.01' }),
    code: '22023',
    message: /^Not enough in Referral Earnings for this: 0\.00 available, 0\.01 needed\.$/,
  },
  ...['approve_transfer', 'withdraw_transfer'].map((fn) => ({
    name: `${fn} of an unknown transfer`,
    as: 'admin' as const,
    sql: `select public.${fn}(-1)`,
    code: '22023',
    message: /^That pending transfer was not found\.$/,
  })),
  ...['', ' ', 'no', null].map((reason) => ({
    name: `reject_transfer reason ${JSON.stringify(reason)}`,
    as: 'admin' as const,
    sql: `select public.reject_transfer(-1, $1)`,
    params: () => [reason],
    code: '22023',
    message: /^Reason must be 3 to 500 characters\.$/,
  })),
  {
    name: 'approve_transfer of a withdrawal reservation (decided on the Requests page)',
    as: 'admin',
    sql: `select public.approve_transfer((select transfer_id from public.withdrawal_requests where id = $1))`,
    params: (c) => [c.pendingRequest],
    code: '22023',
    message: /^Withdrawals are approved and paid on the Requests page\.$/,
  },
  {
    name: 'operator_post_correction by an admin (service role only)',
    as: 'admin',
    sql: `select public.operator_post_correction($1, 'referral', '1.00', 'bad input test')`,
    params: (c) => [c.member],
    code: '42501',
    message: /permission denied|propose them/,
  },
];

const memberCases: Case[] = [
  // A quantity of BTC: up to 8 decimals ('1.234' is a quantity now).
  ...[...NOT_MONEY.filter((v) => v !== '1.234'), '', '-5', '0', '0.00', '0.000000001', '1000000000000'].map(
    (v) => ({
      name: `file_deposit_notice quantity ${JSON.stringify(v)}`,
      as: 'member' as const,
      sql: `select public.file_deposit_notice(1::smallint, $1, '${testTxId('bad-input-tx')}')`,
      params: () => [v],
      code: '22023',
      message: /^Quantity sent \(BTC\) (must|is required|can have at most 8 decimals|is too large)/,
    }),
  ),
  {
    name: 'file_deposit_notice quantity of ETH with 19 decimals',
    as: 'member',
    sql: `select public.file_deposit_notice(2::smallint, '0.1234567890123456789', '0x${'ab'.repeat(32)}')`,
    code: '22023',
    message: /^Quantity sent \(ETH\) can have at most 18 decimals\.$/,
  },
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
    sql: `select public.file_withdrawal_request(1::smallint, 'interest_wallet', $1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')`,
    params: () => [v],
    code: '22023',
    message: /^Amount (must|is required)/,
  })),
  {
    name: 'file_withdrawal_request for more than the withdrawable balance',
    as: 'member',
    sql: `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '950.01', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')`,
    code: '22023',
    message: /^Amount is more than you can withdraw from your Interest Wallet \(\$950\.00\)\.$/,
  },
  ...['total_invest', 'total_deposit', '', null].map((account) => ({
    name: `file_withdrawal_request from account ${JSON.stringify(account)}`,
    as: 'member' as const,
    sql: `select public.file_withdrawal_request(1::smallint, $1, '1.00', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')`,
    params: () => [account],
    code: '22023',
    message: /^Choose the account to withdraw from: Deposit Wallet, Interest Wallet or Referral Earnings\./,
  })),
  {
    name: 'file_withdrawal_request from the Deposit Wallet, which holds nothing',
    as: 'member',
    sql: `select public.file_withdrawal_request(1::smallint, 'deposit_wallet', '0.01', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')`,
    code: '22023',
    message: /^Amount is more than you can withdraw from your Deposit Wallet \(\$0\.00\)\.$/,
  },
  {
    name: 'file_withdrawal_request to an address that is not in the address book',
    as: 'member',
    sql: `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '10.00', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')`,
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
    sql: `select public.review_withdrawal_request($1, 'pay', null, '0.0005', '60000', '0.00001', 'Test rate')`,
    params: (c) => [c.pendingRequest],
    code: 'PT409',
    message: /^This request is pending; it cannot be paid\.$/,
  },
  ...(
    [
      [[null, '60000', '0', 'Kraken'], /^Quantity sent \(BTC\) is required\.$/],
      [['0.000000001', '60000', '0', 'Kraken'], /^Quantity sent \(BTC\) can have at most 8 decimals\.$/],
      [['-1', '60000', '0', 'Kraken'], /^Quantity sent \(BTC\) must be a positive number, like 0\.5\.$/],
      [['0.01', null, '0', 'Kraken'], /^Rate \(USD per BTC\) is required\.$/],
      [['0.01', '0', '0', 'Kraken'], /^Rate \(USD per BTC\) must be more than 0\.$/],
      [['0.01', '60000', 'abc', 'Kraken'], /^Network fee \(BTC\) must be a positive number, like 0\.5\.$/],
      [['0.01', '60000', null, 'Kraken'], /^Network fee \(BTC\) is required\.$/],
      [['0.01', '60000', '0', ''], /^Say where the rate comes from \(2 to 120 characters\)/],
      [['0.01', '60000', '0', 'x'.repeat(121)], /^Say where the rate comes from \(2 to 120 characters\)/],
      // What was sent must reconcile with the $500.00 requested (quantity plus fee, at the rate).
      [
        ['0.01', '60000', '0', 'Kraken'],
        /^At 60000 USD per BTC, 0\.01 BTC sent is worth 600\.00 USD, not the 500\.00 USD requested\. Check the quantity, the network fee or the rate\.$/,
      ],
      [
        ['0.01', '50000', '0.0001', 'Kraken'],
        /^At 50000 USD per BTC, 0\.01 BTC sent plus a 0\.0001 BTC network fee is worth 505\.00 USD, not the 500\.00 USD requested\./,
      ],
      [
        ['99999999999999999999', '99999999999999999999', '0', 'Kraken'],
        /, 99999999999999999999 BTC sent is worth 9999999999999999999800000000000000000001\.00 USD, not the 500\.00 USD requested\./,
      ],
    ] as const
  ).map(([args, message]) => ({
    name: `review_withdrawal_request paying with ${JSON.stringify(args.map((a) => (a ?? 'null').slice(0, 12)))}`,
    as: 'admin' as const,
    sql: `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5)`,
    params: (c: Ctx) => [c.approvedBigRequest, ...args],
    code: '22023',
    message,
  })),
  {
    name: 'review_withdrawal_request paid by its approver',
    as: 'finance',
    sql: `select public.review_withdrawal_request($1, 'pay', null, '0.0005', '60000', '0.00001', 'Test rate')`,
    params: (c) => [c.approvedBigRequest],
    code: '42501',
    message: /^You approved this request: another admin must mark it paid\.$/,
  },
  ...(
    [
      [[null, '1', 'Kraken'], /^USD value is required\.$/],
      [['5.00', null, 'Kraken'], /^Rate \(USD per BTC\) is required\.$/],
      [['5.00', 'abc', 'Kraken'], /^Rate \(USD per BTC\) must be a positive number, like 0\.5\.$/],
      [['5.00', '0.00000000001', 'Kraken'], /^Rate \(USD per BTC\) can have at most 10 decimals\.$/],
      [['5.00', '1', ''], /^Say where the rate comes from \(2 to 120 characters\)/],
      [
        ['5.01', '1', 'Kraken'],
        /^At 1 USD per BTC, 5(\.0+)? BTC is worth 5\.00 USD, not 5\.01\. Check the rate or the value\.$/,
      ],
      [['-5.00', '-1', 'Kraken'], /^USD value must not be negative\.$/],
    ] as const
  ).map(([args, message]) => ({
    name: `review_deposit_notice confirming with ${JSON.stringify(args.map((a) => (a ?? 'null').slice(0, 12)))}`,
    as: 'admin' as const,
    sql: `select public.review_deposit_notice($1, 'confirm', null, $2, $3, $4)`,
    params: (c: Ctx) => [c.pendingNotice, ...args],
    code: '22023',
    message,
  })),
  ...[null, '', '  ', 'no'].map((note) => ({
    name: `review_deposit_notice reject with reason ${JSON.stringify(note)}`,
    as: 'admin' as const,
    sql: `select public.review_deposit_notice($1, 'reject', $2)`,
    params: (c: Ctx) => [c.pendingNotice, note],
    code: '22023',
    message: /^A reason \(3 to 500 characters\) is required to reject a notice\.$/,
  })),
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
    message:
      /^Kind must be deposit_address, staff_role, firm_settings, unfreeze, plan_terms or returns_run\.$/,
  },
  {
    name: 'a deposit credit through a staff proposal (the kind is gone: credits are transfers)',
    as: 'admin',
    sql: PROPOSE,
    params: () => ['deposit_credit', '1', JSON.stringify({ amount: '10.00' })],
    code: '22023',
    message:
      /^Kind must be deposit_address, staff_role, firm_settings, unfreeze, plan_terms or returns_run\.$/,
  },
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
    const admin = await createStaff(db, { email: 'admin@bad.test' });
    const finance = await createStaff(db, { role: 'finance', email: 'finance@bad.test' });
    callers = {
      anon: { role: 'anon' },
      member: { role: 'authenticated', uid: member.id },
      admin: adminAtAal2(admin.id),
      finance: adminAtAal2(finance.id),
      // Setup only: balances are set directly by the service role (staff propose instead).
      service: { role: 'service_role' },
    };
    const q = async (caller: Caller, sql: string, params: unknown[] = []) =>
      asCaller(db, caller, async (tx) => (await tx.query<{ v: string }>(sql, params)).rows[0]?.v ?? '');
    await q(
      callers.service,
      `select public.operator_post_correction($1, 'interest_wallet', '1000.00', 'setup') as v`,
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
      `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '50.00', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') ->> 'id' as v`,
    );
    // A request approved, then the Interest Wallet lowered under it by an admin edit.
    const approvedBigRequest = await q(
      callers.member,
      `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '500.00', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') ->> 'id' as v`,
    );
    // Approved by the finance admin, so the owner (admin) may pay it.
    await q(callers.finance, `select public.review_withdrawal_request($1, 'approve', null) as v`, [
      approvedBigRequest,
    ]);
    // 1000.00 - (50.00 + 500.00 reserved) = 450.00 available; the member cases raise it first.
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

  describe('propose_correction and transfer decisions', () => run(balanceCases));
  describe('review functions', () => run(reviewCases));
  describe('wallets, admins, search', () => run(walletAndAdminCases));
  describe('contact form', () => run(contactCases));
  describe('member functions', () => {
    beforeAll(async () => {
      // Withdrawable for the member cases: 1500.00 - (50.00 pending + 500.00 approved) = 950.00.
      await asCaller(engine.db, callers.service, (tx) =>
        tx.query(`select public.operator_post_correction($1, 'interest_wallet', '500.00', 'setup raise')`, [
          ctx.member,
        ]),
      );
    });
    run(memberCases);
  });
});
