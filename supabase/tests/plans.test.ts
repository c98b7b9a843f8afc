/**
 * Plans and referrals (issue 33, docs/plans-and-referrals.md), on both engines: a member subscribes to a
 * plan (pending until finance accepts), cancels or redeems; finance proposes a month's returns run and
 * a second admin approves it; a referred member's accepted subscription pays the referrer's bonus
 * once. Every refusal is a sentence and leaves nothing half-written (the fingerprint is unchanged).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans as publicPlans } from '../../src/content/en/asset-management';
import {
  adminAtAal2,
  callAs,
  createUser,
  engines,
  fingerprint,
  createStaff,
  pgError,
  postCorrection,
  type Caller,
  type Engine,
} from './helpers/db';

interface Transfer {
  id: number;
  phase: string;
  kind: string;
  amount: string;
  plan: string | null;
  expires_at: string | null;
}

interface PlanRow {
  plan: string;
  name: string;
  principal: string;
  returns: string;
  since: string | null;
  pending: Array<{ id: number; kind: string; amount: string }>;
}

const key = () => randomUUID().replaceAll('-', '');
const thisMonth = () => new Date().toISOString().slice(0, 7);

describe.each(engines)('plans and referrals on %s', (_name, open) => {
  let engine: Engine;
  let finance: Caller;
  let finance2: Caller;
  let owner: Caller;
  let owner2: Caller;
  let support: Caller;
  const SERVICE: Caller = { role: 'service_role' };
  const ANON: Caller = { role: 'anon' };
  const member = (uid: string): Caller => ({ role: 'authenticated', uid });

  const rpc = <T>(caller: Caller, sql: string, params: unknown[] = []) =>
    callAs<T>(engine.db, caller, sql, params);
  const subscribe = (uid: string, plan: string, amount: string, requestKey = key()) =>
    rpc<Transfer>(member(uid), 'select public.subscribe_to_plan($1, $2, $3) as r', [
      plan,
      amount,
      requestKey,
    ]);
  const redeem = (uid: string, plan: string, amount: string, requestKey = key()) =>
    rpc<Transfer>(member(uid), 'select public.redeem_from_plan($1, $2, $3) as r', [plan, amount, requestKey]);
  const accept = (caller: Caller, id: number) =>
    rpc<Transfer>(caller, 'select public.approve_transfer($1) as r', [id]);
  const decline = (caller: Caller, id: number, reason: string) =>
    rpc<Transfer>(caller, 'select public.reject_transfer($1, $2) as r', [id, reason]);
  const myPlans = (uid: string) =>
    rpc<PlanRow[]>(member(uid), `select coalesce(json_agg(p), '[]') as r from public.my_plans() p`);
  const balances = async (uid: string) =>
    (
      await engine.db.query<Record<string, string>>(
        `select deposit_wallet::text, interest_wallet::text, total_invest::text, referral::text
         from public.profiles where id = $1`,
        [uid],
      )
    ).rows[0]!;
  const available = async (uid: string, purpose: string) =>
    (
      await engine.db.query<{ a: string }>(
        `select (credits_posted - debits_posted - debits_pending)::text as a from public.ledger_accounts
         where user_id = $1 and purpose = $2`,
        [uid, purpose],
      )
    ).rows[0]!.a;
  /** The member's ledger lines as my_ledger words them in `locale`, oldest first. */
  const lines = (uid: string, locale: string) =>
    rpc<Array<{ kind: string; reason: string }>>(
      member(uid),
      `select json_agg(json_build_object('kind', l.kind, 'reason', l.reason) order by l.created_at, l.id) as r
       from public.my_ledger(null, null, null, $1) l`,
      [locale],
    );
  const newMember = async (deposit = '0', meta: Record<string, unknown> = {}) => {
    const user = await createUser(engine.db, { meta: { username: 'Plan Member', ...meta } });
    if (deposit !== '0') await postCorrection(engine.db, user.id, 'deposit_wallet', deposit);
    return user.id;
  };
  const refusal = async (fn: () => Promise<unknown>) => {
    const before = await fingerprint(engine.db);
    try {
      await fn();
    } catch (error) {
      expect(await fingerprint(engine.db)).toBe(before);
      return pgError(error);
    }
    throw new Error('expected a refusal');
  };

  beforeAll(async () => {
    engine = await open();
    const staff = async (role: 'finance' | 'owner' | 'support') => {
      const { id } = await createStaff(engine.db, { role });
      return adminAtAal2(id);
    };
    finance = await staff('finance');
    finance2 = await staff('finance');
    owner = await staff('owner');
    owner2 = await staff('owner');
    support = await staff('support');
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('shows the four plans to signed-in users as the public cards show them; anon reads no table; nobody writes them', async () => {
    expect((await refusal(() => rpc(ANON, 'select count(*) as r from public.plans'))).code).toBe('42501');
    const rows = await rpc<Array<Record<string, string | number>>>(
      member(await newMember()),
      `select json_agg(json_build_object('slug', slug, 'name', name, 'minimum', minimum::text,
         'description', description, 'notice_days', notice_days, 'returns_text', returns_text,
         'fees_text', fees_text, 'risk_text', risk_text) order by position) as r from public.plans`,
    );
    // Every term the public card shows is the database's, word for word.
    expect(rows).toEqual(
      publicPlans.map((p) => ({
        slug: p.slug,
        name: p.name,
        minimum: `${p.minimumUsd}.00`,
        description: p.description,
        notice_days: p.noticeDays,
        returns_text: p.returnsText,
        fees_text: p.feesText,
        risk_text: p.riskText,
      })),
    );
    for (const caller of [ANON, member(await newMember()), finance, owner, SERVICE]) {
      const error = await refusal(() =>
        rpc(caller, `update public.plans set minimum = 1 where slug = 'gold'`),
      );
      expect(error.code).toBe('42501');
    }
  });

  it('subscribes: refuses below the minimum, beyond the funds, on a closed plan or frozen account; reserves, then finance accepts', async () => {
    const uid = await newMember('6000.00');
    expect((await refusal(() => subscribe(uid, 'gold', '4999.99'))).message).toBe(
      'The Gold plan starts at $5,000.00: enter at least that amount.',
    );
    expect((await refusal(() => subscribe(uid, 'gold', '6000.01'))).message).toMatch(
      /^Not enough in Deposit Wallet for this: 6,000\.00 available, 6,000\.01 needed\.$/,
    );
    expect((await refusal(() => subscribe(uid, 'bronze', '6000'))).message).toBe(
      'Choose one of the plans: Silver, Gold, Diamond or Platinum.',
    );
    expect((await refusal(() => subscribe(uid, 'gold', '5000', 'short'))).message).toMatch(/request key/);
    expect((await refusal(() => subscribe(uid, 'gold', '-5000'))).message).toBe(
      'Amount must not be negative.',
    );

    // The boundary itself: exactly the minimum, and (with the same key) once only.
    const requestKey = key();
    const pending = await subscribe(uid, 'gold', '5000.00', requestKey);
    expect(pending).toMatchObject({
      phase: 'pending',
      kind: 'subscription',
      plan: 'gold',
      amount: '5000.00',
    });
    expect((await subscribe(uid, 'gold', '5000.00', requestKey)).id).toBe(pending.id);
    expect(await available(uid, 'deposit_wallet')).toBe('1000.00');
    expect(await balances(uid)).toMatchObject({ deposit_wallet: '6000.00', total_invest: '0.00' });
    // The reservation holds: the rest cannot be invested twice over.
    expect((await refusal(() => subscribe(uid, 'silver', '1000.01'))).message).toMatch(
      /^Not enough in Deposit Wallet/,
    );
    expect((await myPlans(uid)).map((p) => [p.plan, p.principal, p.pending.length])).toEqual([
      ['gold', '0.00', 1],
    ]);

    // Only finance or an owner accepts; never the member.
    expect((await refusal(() => accept(member(uid), pending.id))).code).toBe('42501');
    expect((await refusal(() => accept(support, pending.id))).code).toBe('42501');
    const posted = await accept(finance, pending.id);
    expect(posted).toMatchObject({ phase: 'post_pending', kind: 'subscription' });
    expect(await balances(uid)).toMatchObject({ deposit_wallet: '1000.00', total_invest: '5000.00' });
    expect((await refusal(() => accept(finance2, pending.id))).code).toBe('PT409');
    const [gold] = await myPlans(uid);
    expect(gold).toMatchObject({ plan: 'gold', principal: '5000.00', returns: '0.00', pending: [] });
    expect(gold!.since).not.toBeNull();

    // A closed plan takes no new money; a frozen account gives no instruction.
    await engine.db.query(`update public.plans set accepting = false where slug = 'silver'`);
    try {
      expect((await refusal(() => subscribe(uid, 'silver', '500'))).message).toBe(
        'The Silver plan is not accepting new investments at the moment.',
      );
    } finally {
      await engine.db.query(`update public.plans set accepting = true where slug = 'silver'`);
    }
    await engine.db.query(
      `insert into public.withdrawal_freezes (user_id, frozen_by, reason) values ($1, $1, 'Lost phone')`,
      [uid],
    );
    const frozen = await refusal(() => subscribe(uid, 'silver', '500'));
    expect(frozen.message).toMatch(/^Your account is frozen/);
    expect((await refusal(() => redeem(uid, 'gold', '5000'))).message).toMatch(/^Your account is frozen/);
  });

  it('cancels and declines: the reservation is released, the member is told why, nothing moves', async () => {
    const uid = await newMember('800.00');
    const first = await subscribe(uid, 'silver', '500');
    const cancelled = await rpc<Transfer>(member(uid), 'select public.cancel_plan_instruction($1) as r', [
      first.id,
    ]);
    expect(cancelled).toMatchObject({ phase: 'void_pending' });
    expect(await available(uid, 'deposit_wallet')).toBe('800.00');
    const other = await newMember('1000.00');
    const theirs = await subscribe(other, 'silver', '500');
    expect(
      (await refusal(() => rpc(member(uid), 'select public.cancel_plan_instruction($1) as r', [theirs.id])))
        .message,
    ).toBe('That instruction was not found.');

    const second = await subscribe(uid, 'silver', '800');
    await decline(finance, second.id, 'Source of funds to be confirmed first');
    expect(await balances(uid)).toMatchObject({ deposit_wallet: '800.00', total_invest: '0.00' });
    const notices = await rpc<Array<{ title: string; body: string }>>(
      member(uid),
      `select json_agg(json_build_object('title', n.title, 'body', n.body) order by n.id) as r
       from public.my_notifications(null, 100, 'en') n where n.kind = 'transfer_voided'`,
    );
    expect(notices).toEqual([
      {
        title: 'Investment cancelled',
        body: `Your instruction #${first.id} (Investment in the Silver plan, $500.00) was cancelled. The amount is free in your Deposit Wallet again.`,
      },
      {
        title: 'Investment declined',
        body: `Your instruction #${second.id} (Investment in the Silver plan, $800.00) was declined: Source of funds to be confirmed first. The amount is free in your Deposit Wallet again.`,
      },
    ]);
  });

  it('redeems whole or part, never below the plan minimum, never more than is invested', async () => {
    const uid = await newMember('9000.00');
    await accept(finance, (await subscribe(uid, 'gold', '8000')).id);
    expect((await refusal(() => redeem(uid, 'gold', '8000.01'))).message).toBe(
      'You can redeem at most $8,000.00 from the Gold plan.',
    );
    expect((await refusal(() => redeem(uid, 'silver', '1'))).message).toBe(
      'You can redeem at most $0.00 from the Silver plan.',
    );
    // Leaving 4,999.99 is below Gold's 5,000 minimum; leaving exactly 5,000 is fine.
    expect((await refusal(() => redeem(uid, 'gold', '3000.01'))).message).toBe(
      'A part redemption must leave at least $5,000.00 in the Gold plan: redeem $3,000.00 or less, or all of it ($8,000.00).',
    );
    const part = await redeem(uid, 'gold', '3000.00');
    // The pending part counts: the rest can only go whole.
    expect((await refusal(() => redeem(uid, 'gold', '5000.01'))).message).toBe(
      'You can redeem at most $5,000.00 from the Gold plan.',
    );
    await accept(finance2, part.id);
    expect(await balances(uid)).toMatchObject({ deposit_wallet: '4000.00', total_invest: '5000.00' });
    const rest = await redeem(uid, 'gold', '5000.00');
    expect(Date.parse(rest.expires_at!) - Date.now()).toBeGreaterThan((5 + 7) * 86_400_000 - 60_000);
    await accept(finance, rest.id);
    expect(await balances(uid)).toMatchObject({ deposit_wallet: '9000.00', total_invest: '0.00' });
    expect(await myPlans(uid)).toEqual([]);
  });

  it('a correction of invested principal names its plan and never takes a plan below zero', async () => {
    const uid = await newMember('600.00');
    await accept(finance, (await subscribe(uid, 'silver', '600')).id);
    const propose = (amount: string, plan: string | null) =>
      rpc<Transfer>(
        finance,
        `select public.propose_correction($1, 'total_invest', $2, 'error_correction', 'Principal correction', null, null, $3) as r`,
        [uid, amount, plan],
      );
    expect((await refusal(() => propose('10.00', null))).message).toBe(
      'Invested principal is held in a plan: choose the plan this correction is in.',
    );
    expect((await refusal(() => propose('-600.01', 'silver'))).message).toBe(
      'Not enough invested in the Silver plan for this: $600.00 available.',
    );
    expect((await refusal(() => propose('-1.00', 'gold'))).message).toMatch(
      /^Not enough invested in the Gold plan/,
    );
    const ok = await propose('-100.00', 'silver');
    await accept(finance2, ok.id);
    expect((await myPlans(uid))[0]).toMatchObject({ plan: 'silver', principal: '500.00' });
  });

  it('returns run: previewed with totals, proposed, approved by a second admin, posted once per plan and month', async () => {
    const a = await newMember('20000.00');
    const b = await newMember('10000.00');
    await accept(finance, (await subscribe(a, 'gold', '12345.67')).id);
    await accept(finance, (await subscribe(b, 'gold', '10000.00')).id);
    const month = thisMonth();
    const target = `gold:${month}`;
    const preview = await rpc<{
      members: number;
      total_amount: string;
      period_label: string;
      lines: Array<{ user_id: string; principal: string; amount: string }>;
    }>(finance, `select public.preview_returns_run('gold', $1, '1.25') as r`, [month]);
    const mine = preview.lines.filter((l) => [a, b].includes(l.user_id));
    expect(mine.map((l) => [l.user_id, l.principal, l.amount]).sort()).toEqual(
      [
        [a, '12345.67', '154.32'],
        [b, '10000.00', '125.00'],
      ].sort(),
    );
    const cents = preview.lines.reduce((sum, l) => sum + BigInt(l.amount.replace('.', '')), 0n);
    expect(preview.total_amount.replace('.', '')).toBe(cents.toString());
    expect(preview.members).toBe(preview.lines.length);

    const future = new Date();
    future.setUTCMonth(future.getUTCMonth() + 1);
    expect(
      (
        await refusal(() =>
          rpc(finance, `select public.preview_returns_run('gold', $1, '1') as r`, [
            future.toISOString().slice(0, 7),
          ]),
        )
      ).message,
    ).toMatch(/^Returns are posted for a month that has begun/);
    expect(
      (await refusal(() => rpc(finance, `select public.preview_returns_run('gold', '2026-13', '1') as r`)))
        .message,
    ).toBe('The month must be given as YYYY-MM, for example 2026-11.');
    expect(
      (await refusal(() => rpc(finance, `select public.preview_returns_run('gold', $1, '0') as r`, [month])))
        .message,
    ).toMatch(/above 0 and at most 100/);
    expect(
      (await refusal(() => rpc(support, `select public.preview_returns_run('gold', $1, '1') as r`, [month])))
        .code,
    ).toBe('42501');

    const proposal = await rpc<{ id: number; payload: { members: number; rate_percent: string } }>(
      finance,
      `select public.propose_staff_change('returns_run', $1, '{"rate_percent": "1.25"}'::jsonb, 'November results') as r`,
      [target],
    );
    expect(proposal.payload).toMatchObject({ members: preview.members, rate_percent: '1.25' });
    expect(
      (await refusal(() => rpc(finance, 'select public.approve_staff_change($1) as r', [proposal.id])))
        .message,
    ).toBe('You proposed this change: another admin must approve it.');
    // The proposer's own way out is the "Retract proposal" button; the refusal names it.
    expect(
      (await refusal(() => rpc(finance, `select public.reject_staff_change($1, 'mine') as r`, [proposal.id])))
        .message,
    ).toBe('You proposed this change: retract it instead.');
    expect(
      (await refusal(() => rpc(support, 'select public.approve_staff_change($1) as r', [proposal.id]))).code,
    ).toBe('42501');
    await rpc(owner, 'select public.approve_staff_change($1) as r', [proposal.id]);

    const label = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const returns = await rpc<
      Array<{ user_id: string; amount: string; client_text: string; created_by: string; proposed_by: string }>
    >(
      SERVICE,
      `select json_agg(json_build_object('user_id', user_id, 'amount', amount::text, 'client_text', client_text,
         'created_by', created_by, 'proposed_by', proposed_by)) as r
       from public.transfers where kind = 'return' and business_id like 'return:' || $1 || ':%'`,
      [target],
    );
    expect(returns).toHaveLength(preview.members);
    expect(returns.find((r) => r.user_id === b)).toEqual({
      user_id: b,
      amount: '125.00',
      client_text: `Returns, Gold plan, ${label}`,
      created_by: (owner as { uid: string }).uid,
      proposed_by: (finance as { uid: string }).uid,
    });
    expect((await balances(b)).interest_wallet).toBe('125.00');
    expect((await myPlans(b))[0]).toMatchObject({ plan: 'gold', principal: '10000.00', returns: '125.00' });
    // The database's own lines in the member's language; the correction staff typed stays as typed.
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    // The month's Arabic name from ICU, not from the code under test.
    const arabicMonth = new Intl.DateTimeFormat('ar-AE', { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, monthNumber - 1, 1)),
    );
    const english = await lines(b, 'en');
    expect(await lines(b, 'zh-hant')).toEqual([
      english[0],
      { kind: 'subscription', reason: '投資於黃金計劃' },
      { kind: 'subscription', reason: '投資於黃金計劃' },
      { kind: 'return', reason: `黃金計劃回報，${year}年${monthNumber}月` },
    ]);
    expect((await lines(b, 'ar')).slice(1)).toEqual([
      { kind: 'subscription', reason: 'الاستثمار في الخطة الذهبية' },
      { kind: 'subscription', reason: 'الاستثمار في الخطة الذهبية' },
      { kind: 'return', reason: `عوائد الخطة الذهبية، \u2068${arabicMonth} ${year}\u2069` },
    ]);
    expect(english.slice(1).map((l) => l.reason)).toEqual([
      'Investment in the Gold plan',
      'Investment in the Gold plan',
      `Returns, Gold plan, ${label}`,
    ]);

    // Once per plan and month: neither a preview nor a proposal of the same month again.
    const again = await refusal(() =>
      rpc(
        finance2,
        `select public.propose_staff_change('returns_run', $1, '{"rate_percent": "2"}'::jsonb, 'again') as r`,
        [target],
      ),
    );
    expect(again.message).toBe(`Returns for the Gold plan, ${label} were already posted.`);
  });

  it('a returns run by amount pays only holders, and never the proposer or approver', async () => {
    const holder = await newMember('600.00');
    await accept(finance, (await subscribe(holder, 'silver', '600')).id);
    const stranger = await newMember();
    const month = '2025-01';
    const bad = await refusal(() =>
      rpc(finance, `select public.preview_returns_run('silver', $1, null, $2::jsonb) as r`, [
        month,
        JSON.stringify({ [holder]: '5.00', [stranger]: '1.00' }),
      ]),
    );
    expect(bad.message).toBe(
      `Member ${stranger} holds nothing in the Silver plan: returns go only to its holders.`,
    );
    expect(
      (
        await refusal(() =>
          rpc(finance, `select public.preview_returns_run('silver', $1, '1', '{}'::jsonb) as r`, [month]),
        )
      ).message,
    ).toBe("Give either the month's rate for everyone or an amount per member.");

    // A finance admin who also holds the plan as a member cannot propose a run that pays them.
    await postCorrection(engine.db, (finance2 as { uid: string }).uid, 'deposit_wallet', '500.00');
    const own = await subscribe((finance2 as { uid: string }).uid, 'silver', '500');
    await accept(finance, own.id);
    const mine = await refusal(() =>
      rpc(
        finance2,
        `select public.propose_staff_change('returns_run', 'silver:2025-01', '{"rate_percent": "1"}'::jsonb, 'Jan') as r`,
      ),
    );
    expect(mine.message).toMatch(/^This is your own account/);
    const byAmount = await rpc<{ id: number }>(
      finance,
      `select public.propose_staff_change('returns_run', 'silver:2025-01', $1::jsonb, 'January by amount') as r`,
      [JSON.stringify({ amounts: { [holder]: '5.00', [(finance2 as { uid: string }).uid]: '5.00' } })],
    );
    expect(
      (await refusal(() => rpc(finance2, 'select public.approve_staff_change($1) as r', [byAmount.id])))
        .message,
    ).toMatch(/^This is your own account/);
    await rpc(owner, 'select public.approve_staff_change($1) as r', [byAmount.id]);
    expect((await balances(holder)).interest_wallet).toBe('5.00');
  });

  it('a member who redeemed all of a plan holds nothing in it: a returns run by amount cannot pay them', async () => {
    const holder = await newMember('600.00');
    await accept(finance, (await subscribe(holder, 'silver', '600')).id);
    const former = await newMember('600.00');
    await accept(finance, (await subscribe(former, 'silver', '600')).id);
    await accept(finance2, (await redeem(former, 'silver', '600')).id);
    expect(await balances(former)).toMatchObject({ deposit_wallet: '600.00', total_invest: '0.00' });
    const month = '2025-03';
    expect(
      (
        await refusal(() =>
          rpc(finance, `select public.preview_returns_run('silver', $1, null, $2::jsonb) as r`, [
            month,
            JSON.stringify({ [holder]: '5.00', [former]: '1.00' }),
          ]),
        )
      ).message,
    ).toBe(`Member ${former} holds nothing in the Silver plan: returns go only to its holders.`);
    const byRate = await rpc<{ lines: Array<{ user_id: string }> }>(
      finance,
      `select public.preview_returns_run('silver', $1, '1') as r`,
      [month],
    );
    expect(byRate.lines.map((l) => l.user_id)).toContain(holder);
    expect(byRate.lines.map((l) => l.user_id)).not.toContain(former);
  });

  it("a month's rate of exactly 100% can be previewed; one ten-thousandth more is refused", async () => {
    const holder = await newMember('600.00');
    await accept(finance, (await subscribe(holder, 'silver', '600')).id);
    const preview = (rate: string) =>
      rpc<{ rate_percent: string; lines: Array<{ user_id: string; amount: string }> }>(
        finance,
        `select public.preview_returns_run('silver', '2025-05', $1) as r`,
        [rate],
      );
    const full = await preview('100');
    expect(full.rate_percent).toBe('100');
    expect(full.lines.find((l) => l.user_id === holder)?.amount).toBe('600.00');
    expect((await refusal(() => preview('100.0001'))).message).toBe(
      "The month's rate must be a percentage above 0 and at most 100, with at most 4 decimals.",
    );
  });

  it('referrals: the link records the referrer once; an accepted subscription pays 5% once, to the referrer only', async () => {
    const referrer = await newMember();
    const code = (
      await rpc<
        Array<{
          code: string;
          link_path: string;
          referred_count: number;
          earned: string;
          bonus_percent: string;
        }>
      >(member(referrer), 'select json_agg(r) as r from public.my_referrals() r')
    )[0]!;
    expect(code.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(code).toMatchObject({
      link_path: `/register?ref=${code.code}`,
      referred_count: 0,
      earned: '0.00',
      bonus_percent: '5',
    });

    const referred = await newMember('10000.00', { referral_code: ` ${code.code.toLowerCase()} ` });
    const unknown = await newMember('0', { referral_code: 'NOTACODE' });
    const odd = await newMember('0', { referral_code: 12345 });
    const rows = await rpc<Array<{ id: string; referred_by: string | null }>>(
      SERVICE,
      `select json_agg(json_build_object('id', id, 'referred_by', referred_by)) as r from public.profiles where id = any($1)`,
      [[referred, unknown, odd]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.referred_by]))).toEqual({
      [referred]: referrer,
      [unknown]: null,
      [odd]: null,
    });
    // Fixed at sign-up: not even the service role moves it; members cannot write profiles at all.
    expect(
      (
        await refusal(() =>
          rpc(SERVICE, 'update public.profiles set referred_by = $1 where id = $2', [unknown, referred]),
        )
      ).message,
    ).toBe('A referral code and the referrer are fixed at sign-up.');
    expect(
      (
        await refusal(() =>
          rpc(SERVICE, 'update public.profiles set referred_by = $1 where id = $1', [unknown]),
        )
      ).code,
    ).not.toBe('');
    expect(
      (
        await refusal(() =>
          rpc(member(referred), 'update public.profiles set referred_by = null where id = $1', [referred]),
        )
      ).code,
    ).toBe('42501');

    // A decline pays nothing; an accepted subscription pays 5%, in the same transaction, once.
    const declined = await subscribe(referred, 'gold', '5000');
    await decline(finance, declined.id, 'Not yet');
    expect((await balances(referrer)).referral).toBe('0.00');
    const pending = await subscribe(referred, 'gold', '6000.10');
    await accept(finance, pending.id);
    expect((await balances(referrer)).referral).toBe('300.01');
    expect(await lines(referrer, 'zh-hant')).toEqual([
      { kind: 'referral_bonus', reason: '推薦獎金：您推薦的人士已作出投資' },
    ]);
    expect(await lines(referrer, 'ar')).toEqual([
      { kind: 'referral_bonus', reason: 'مكافأة إحالة: استثمر شخص أحلتموه' },
    ]);
    // Its notice words the line the same way (the ledger entry's reason, not the stored English).
    const notice = await rpc<string[]>(
      member(referrer),
      `select json_agg(n.body) as r from public.my_notifications(null, 100, 'zh-hant') n where n.kind = 'ledger_entry'`,
    );
    expect(notice).toEqual([
      '我們的財務團隊將您的推薦收益由US$0.00更改為US$300.01：推薦獎金：您推薦的人士已作出投資',
    ]);
    expect((await refusal(() => accept(finance2, pending.id))).code).toBe('PT409');
    const bonus = await rpc<
      Array<{ user_id: string; amount: string; client_text: string; proposed_by: string }>
    >(
      SERVICE,
      `select json_agg(json_build_object('user_id', user_id, 'amount', amount::text, 'client_text', client_text,
         'proposed_by', proposed_by)) as r from public.transfers where kind = 'referral_bonus' and business_id = $1`,
      [`referral_bonus:${pending.id}`],
    );
    expect(bonus).toEqual([
      {
        user_id: referrer,
        amount: '300.01',
        client_text: 'Referral bonus: someone you referred has invested',
        proposed_by: referred,
      },
    ]);
    const words = await rpc<string[]>(
      member(referrer),
      `select json_agg(n.body) as r from public.my_notifications(null, 100, 'en') n`,
    );
    expect(words.join(' ')).not.toMatch(/6,000\.10|Plan Member/);
    expect(
      (
        await rpc<Array<{ referred_count: number; earned: string }>>(
          member(referrer),
          'select json_agg(r) as r from public.my_referrals() r',
        )
      )[0],
    ).toMatchObject({ referred_count: 1, earned: '300.01' });

    // The admin who accepts is never the referrer.
    const staffReferrer = (owner2 as { uid: string }).uid;
    const staffCode = (
      await engine.db.query<{ c: string }>('select referral_code as c from public.profiles where id = $1', [
        staffReferrer,
      ])
    ).rows[0]!.c;
    const friend = await newMember('600.00', { referral_code: staffCode });
    const friendly = await subscribe(friend, 'silver', '600');
    expect((await refusal(() => accept(owner2, friendly.id))).message).toMatch(/^This is your own account/);
    await accept(owner, friendly.id);
    expect((await balances(staffReferrer)).referral).toBe('30.00');
  });

  it('at a referral rate of 0% an accepted subscription pays no bonus and is still accepted', async () => {
    const referrer = await newMember();
    const code = (
      await engine.db.query<{ c: string }>('select referral_code as c from public.profiles where id = $1', [
        referrer,
      ])
    ).rows[0]!.c;
    const referred = await newMember('600.00', { referral_code: code });
    await engine.db.query('update public.firm_settings set referral_bonus_rate = 0');
    try {
      const accepted = await accept(finance, (await subscribe(referred, 'silver', '600')).id);
      expect(accepted).toMatchObject({ phase: 'post_pending', kind: 'subscription', amount: '600.00' });
      expect(await balances(referred)).toMatchObject({ deposit_wallet: '0.00', total_invest: '600.00' });
      expect((await balances(referrer)).referral).toBe('0.00');
      expect(
        (
          await rpc<Array<{ referred_count: number; earned: string; bonus_percent: string }>>(
            member(referrer),
            'select json_agg(r) as r from public.my_referrals() r',
          )
        )[0],
      ).toMatchObject({ referred_count: 1, earned: '0.00', bonus_percent: '0' });
    } finally {
      await engine.db.query('update public.firm_settings set referral_bonus_rate = 0.05');
    }
  });

  it("owners change a plan's terms and the referral rate only through an approved proposal", async () => {
    const terms = {
      minimum: '750.00',
      notice_days: 7,
      accepting: true,
      description: 'A measured first allocation to a diversified basket of leading digital assets.',
      returns_text: 'Returns are set monthly and are not guaranteed.',
      fees_text: 'No fees.',
      risk_text: 'You may get back less than you invested.',
    };
    expect(
      (
        await refusal(() =>
          rpc(
            finance,
            `select public.propose_staff_change('plan_terms', 'silver', $1::jsonb, 'Raise') as r`,
            [JSON.stringify(terms)],
          ),
        )
      ).code,
    ).toBe('42501');
    expect(
      (
        await refusal(() =>
          rpc(owner, `select public.propose_staff_change('plan_terms', 'silver', $1::jsonb, 'Raise') as r`, [
            JSON.stringify({ ...terms, notice_days: 3.5 }),
          ]),
        )
      ).message,
    ).toBe('The notice period must be a whole number of days from 0 to 365.');
    const proposal = await rpc<{ id: number; before: { minimum: string } }>(
      owner,
      `select public.propose_staff_change('plan_terms', 'silver', $1::jsonb, 'Raise the entry level') as r`,
      [JSON.stringify(terms)],
    );
    expect(proposal.before.minimum).toBe('500.00');
    await rpc(owner2, 'select public.approve_staff_change($1) as r', [proposal.id]);
    expect(
      await rpc(
        SERVICE,
        `select json_build_object('minimum', minimum::text, 'notice_days', notice_days) as r from public.plans where slug = 'silver'`,
      ),
    ).toEqual({
      minimum: '750.00',
      notice_days: 7,
    });
    const uid = await newMember('1000.00');
    expect((await refusal(() => subscribe(uid, 'silver', '749.99'))).message).toBe(
      'The Silver plan starts at $750.00: enter at least that amount.',
    );

    const tooMuch = await refusal(() =>
      rpc(owner2, `select public.propose_staff_change('firm_settings', 'firm', $1::jsonb, 'Too much') as r`, [
        JSON.stringify({
          small_edit_threshold: null,
          small_edit_daily_limit: null,
          address_cooling_off_hours: 24,
          referral_bonus_percent: '20.01',
        }),
      ]),
    );
    expect(tooMuch.message).toBe(
      'The referral bonus must be a percentage from 0 to 20 with at most 2 decimals.',
    );
    const settings = await rpc<{ before: { referral_bonus_percent: string } }>(
      owner,
      `select public.propose_staff_change('firm_settings', 'firm', $1::jsonb, 'Promotion') as r`,
      [
        JSON.stringify({
          small_edit_threshold: null,
          small_edit_daily_limit: null,
          address_cooling_off_hours: 24,
          referral_bonus_percent: '7.5',
        }),
      ],
    );
    expect(settings.before.referral_bonus_percent).toBe('5');
    await rpc(
      owner2,
      'select public.approve_staff_change((select id from public.staff_proposals where kind = $1 and status = $2)) as r',
      ['firm_settings', 'open'],
    );
    expect(
      await rpc(
        SERVICE,
        `select json_build_object('rate', referral_bonus_rate::text) as r from public.firm_settings`,
      ),
    ).toEqual({
      rate: '0.0750',
    });
  });

  it('the books balance after all of it', async () => {
    const { rows } = await engine.db.query('select * from private.ledger_mismatches()');
    expect(rows).toEqual([]);
  });
});
