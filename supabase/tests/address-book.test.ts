/**
 * The address book, its step-up and the freeze (issue 23, docs/address-book.md), on PGlite and
 * PostgreSQL 15: every refusal a member (or someone holding their password) can meet, and what an
 * admin can no longer do once the member froze withdrawals.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAmrClaim, amrOfSession, createSession } from '../local/auth/models/session';
import {
  addActiveAddress,
  addVerifiedFactor,
  adminAtAal2,
  asCaller,
  createUser,
  engines,
  makeAdmin,
  probe,
  startSession,
  type AmrAge,
  payoutArgs,
  type Caller,
  type Engine,
} from './helpers/db';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const BTC_2 = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const XRP = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const SERVICE: Caller = { role: 'service_role' };
const now = (): number => Math.floor(Date.now() / 1000);

/** 'ok', or 'SQLSTATE hint: message' of the error `fn` failed with. */
async function attempt(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (error) {
    const e = error as { code?: string; hint?: string; message?: string };
    return `${e.code ?? ''}${e.hint ? ' ' + e.hint : ''}: ${e.message ?? String(error)}`;
  }
}

/** jsonb arrives as text from some drivers. */
const json = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

describe.each(engines)('address book, step-up and freeze on %s', (_name, open) => {
  let engine: Engine;
  let seq = 0;

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });

  const member = async (): Promise<string> => (await createUser(engine.db, { username: `ab ${++seq}` })).id;
  const withOtp = (
    uid: string,
    age = 60,
    method = 'otp',
    aal: 'aal1' | 'aal2' = 'aal1',
    sessionId?: string,
  ): Caller => ({
    role: 'authenticated',
    uid,
    aal,
    ...(sessionId ? { sessionId } : {}),
    amr: [
      { method: 'password', secondsAgo: 3600 },
      { method, secondsAgo: age },
    ] satisfies AmrAge[],
  });
  const add = (
    caller: Caller,
    wallet: number,
    address: string,
    label = 'Cold wallet',
    tag: string | null = null,
  ) =>
    asCaller(engine.db, caller, async (tx) => {
      const { rows } = await tx.query<{ r: Record<string, unknown> }>(
        'select public.add_withdrawal_address($1::smallint, $2, $3, $4) as r',
        [wallet, address, label, tag],
      );
      return json(rows[0]!.r);
    });
  const rpc = <T = Record<string, unknown>>(caller: Caller, sql: string, params: unknown[] = []) =>
    asCaller(
      engine.db,
      caller,
      async (tx) => json((await tx.query<{ r: unknown }>(sql, params)).rows[0]!.r) as T,
    );
  const fund = (uid: string, amount = '100.00') =>
    rpc(SERVICE, `select public.operator_post_correction($1, 'interest_wallet', $2, 'opening') as r`, [
      uid,
      amount,
    ]);
  const file = (uid: string, wallet: number, address: string, tag: string | null = null, amount = '10.00') =>
    rpc<{ id: number; address_id?: number }>(
      { role: 'authenticated', uid },
      `select public.file_withdrawal_request($1::smallint, 'interest_wallet', $2, $3, $4) as r`,
      [wallet, amount, address, tag],
    );

  describe('step-up from the amr claim', () => {
    it('the local Auth stamps each amr method with its latest success, as GoTrue does', async () => {
      const uid = await member();
      const session = randomUUID();
      await createSession(engine.db, { id: session, userId: uid, userAgent: null });
      await addAmrClaim(engine.db, session, 'password');
      await addAmrClaim(engine.db, session, 'totp');
      // Both signed in 20 minutes ago; then the authenticator code is entered again now.
      await engine.db.query(
        `update auth.mfa_amr_claims set created_at = now() - interval '20 minutes', updated_at = now() - interval '20 minutes'
         where session_id = $1`,
        [session],
      );
      await addAmrClaim(engine.db, session, 'totp');
      const amr = await amrOfSession(engine.db, session);
      const at = Object.fromEntries(amr.map((e) => [e.method, now() - e.timestamp]));
      expect(at.password).toBeGreaterThanOrEqual(1199);
      expect(at.totp).toBeLessThan(60);
    });

    it('refuses an addition with only a password sign-in, and with a code older than 10 minutes', async () => {
      const uid = await member();
      const passwordOnly: Caller = {
        role: 'authenticated',
        uid,
        amr: [{ method: 'password', timestamp: now() }],
      };
      const emailed = 'Please confirm it is you with the code we e-mail you, then try again.';
      expect(await attempt(() => add({ role: 'authenticated', uid }, 1, BTC))).toBe(
        `42501 step_up_required: ${emailed}`,
      );
      expect(await attempt(() => add(passwordOnly, 1, BTC))).toBe(`42501 step_up_required: ${emailed}`);
      expect(await attempt(() => add(withOtp(uid, 601), 1, BTC))).toBe(`42501 step_up_required: ${emailed}`);
      // A TOTP entry cannot come from a member without a factor; a forged-looking timestamp is ignored.
      expect(
        await attempt(() =>
          add(
            { role: 'authenticated', uid, amr: [{ method: 'otp', timestamp: String(now()) }] as never },
            1,
            BTC,
          ),
        ),
      ).toBe(`42501 step_up_required: ${emailed}`);
      const { rows } = await engine.db.query('select 1 from public.withdrawal_addresses where user_id = $1', [
        uid,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('accepts an e-mailed code verified just under 10 minutes ago', async () => {
      const uid = await member();
      const entry = await add(withOtp(uid, 590), 1, BTC, '  Ledger  ');
      expect(entry).toMatchObject({
        wallet_id: 1,
        asset: 'BTC',
        network: 'bitcoin',
        address: BTC,
        label: 'Ledger',
      });
      const { rows } = await engine.db.query<{ wait: string }>(
        `select extract(epoch from usable_from - created_at)::int::text as wait from public.withdrawal_addresses where id = $1`,
        [entry.id],
      );
      expect(rows[0]?.wait).toBe('86400');
    });

    it('takes the cooling-off from firm_settings', async () => {
      const uid = await member();
      await engine.db.query(`update public.firm_settings set address_cooling_off = interval '2 hours'`);
      try {
        const entry = await add(withOtp(uid), 1, BTC);
        const { rows } = await engine.db.query<{ wait: string }>(
          `select extract(epoch from usable_from - created_at)::int::text as wait from public.withdrawal_addresses where id = $1`,
          [entry.id],
        );
        expect(rows[0]?.wait).toBe('7200');
      } finally {
        await engine.db.query(`update public.firm_settings set address_cooling_off = interval '24 hours'`);
      }
    });

    it('with a factor: a fresh TOTP at aal2 passes; an e-mailed code at aal1 or a stale TOTP does not', async () => {
      const uid = await member();
      const factor = await addVerifiedFactor(engine.db, uid, "now() - interval '1 day'");
      // Signed in after the authenticator was verified (yesterday: PGlite's clock counts whole
      // milliseconds, so a factor written just before could share the session's instant and not be
      // older): its code proves more than the password.
      const session = await startSession(engine.db, uid, 'now()', factor);
      const inSession = (age: number, method: string, aal: 'aal1' | 'aal2') =>
        withOtp(uid, age, method, aal, session);
      const authenticator =
        'Please confirm it is you with the code from your authenticator app, then try again.';
      // An e-mailed code leaves the session at aal1, and the member area refuses a member with an
      // authenticator at aal1 before the step-up is even looked at.
      expect(await attempt(() => add(withOtp(uid, 30), 1, BTC))).toBe(
        '42501 aal2_required: Enter the code from your authenticator app first.',
      );
      expect(await attempt(() => add(inSession(601, 'totp', 'aal2'), 1, BTC))).toBe(
        `42501 step_up_required: ${authenticator}`,
      );
      expect(await attempt(() => add(inSession(599, 'totp', 'aal2'), 1, BTC))).toBe('ok');
    });

    // Issue 30: GoTrue lets a password-only session enrol a first authenticator and raise itself to
    // aal2 with a fresh totp. That code proves nothing the password did not.
    it('an authenticator added in this session does not count: the mailed code is needed too', async () => {
      const uid = await member();
      const before = await startSession(engine.db, uid, "now() - interval '1 minute'");
      // Verified half a minute into that session, so the session begun below ('now()') is surely later.
      const factor = await addVerifiedFactor(engine.db, uid, "now() - interval '30 seconds'");
      // As GoTrue does once the new authenticator's first code is verified in this session.
      await engine.db.query(`update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1`, [
        before,
        factor,
      ]);
      // That started a security hold (trust.test.ts covers it); this test is about the step-up.
      await engine.db.query(`update public.security_holds set hold_until = started_at where user_id = $1`, [
        uid,
      ]);
      const mail =
        'Your authenticator app was added in this session, so it cannot confirm this yet: please also confirm it is you with the code we e-mail you, then try again.';
      const totpOnly = withOtp(uid, 30, 'totp', 'aal2', before);
      expect(await attempt(() => add(totpOnly, 1, BTC))).toBe(`42501 step_up_mail_required: ${mail}`);
      // No session the database knows (a forged or missing session_id): the authenticator counts for nothing.
      expect(await attempt(() => add(withOtp(uid, 30, 'totp', 'aal2'), 1, BTC))).toBe(
        `42501 step_up_mail_required: ${mail}`,
      );
      expect(
        await attempt(() =>
          add(withOtp(uid, 30, 'totp', 'aal2', '00000000-0000-4000-8000-000000000000'), 1, BTC),
        ),
      ).toBe(`42501 step_up_mail_required: ${mail}`);
      // The mailed code, then the authenticator (aal2): allowed.
      const both: Caller = {
        role: 'authenticated',
        uid,
        aal: 'aal2',
        sessionId: before,
        amr: [
          { method: 'otp', timestamp: now() - 40 },
          { method: 'totp', timestamp: now() - 30 },
        ],
      };
      expect(await attempt(() => add(both, 1, BTC))).toBe('ok');
      // A session begun after the factor was verified: its code alone is enough, at the edge of the
      // session's start (a factor verified in the very same instant is not older).
      const after = await startSession(engine.db, uid, 'now()', factor);
      expect(await attempt(() => add(withOtp(uid, 30, 'totp', 'aal2', after), 1, BTC_2))).toBe('ok');
      const sameInstant = await startSession(
        engine.db,
        uid,
        `(select created_at from auth.mfa_factors where user_id = '${uid}')`,
        factor,
      );
      expect(await attempt(() => add(withOtp(uid, 30, 'totp', 'aal2', sameInstant), 5, XRP, 'x', '7'))).toBe(
        `42501 step_up_mail_required: ${mail}`,
      );
    });
  });

  describe('what an entry may be', () => {
    it('refuses bad input with a clear message and writes nothing', async () => {
      const uid = await member();
      const c = withOtp(uid);
      expect(await attempt(() => add(c, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'))).toBe(
        '22023: That is not a valid Bitcoin address. Check it and try again.',
      );
      expect(await attempt(() => add(c, 2, BTC))).toBe(
        '22023: That is not a valid Ethereum address. Check it and try again.',
      );
      expect(await attempt(() => add(c, 1, '  '))).toBe('22023: Address is required.');
      expect(await attempt(() => add(c, 6, 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'))).toBe(
        '22023: Choose one of the listed assets.',
      );
      expect(await attempt(() => add(c, 1, BTC, 'x', '12'))).toBe(
        '22023: A destination tag applies to XRP only.',
      );
      expect(await attempt(() => add(c, 5, XRP, 'x', '4294967296'))).toBe(
        '22023: Destination tag must be a whole number from 0 to 4294967295.',
      );
      expect(await attempt(() => add(c, 1, BTC, ' '))).toBe(
        '22023: Label is required (up to 60 characters).',
      );
      expect(await attempt(() => add(c, 1, BTC, 'x'.repeat(61)))).toBe(
        '22023: Label is required (up to 60 characters).',
      );
      const { rows } = await engine.db.query('select 1 from public.withdrawal_addresses where user_id = $1', [
        uid,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('refuses a duplicate, keeps XRP tags apart, and allows re-adding after removal', async () => {
      const uid = await member();
      const c = withOtp(uid);
      const first = await add(c, 1, BTC);
      expect(await attempt(() => add(c, 1, BTC, 'Again'))).toBe(
        '23505: This address is already in your address book for Bitcoin.',
      );
      await add(c, 5, XRP, 'Exchange', '7');
      expect(await attempt(() => add(c, 5, XRP, 'Exchange 2', '8'))).toBe('ok');
      expect(await attempt(() => add(c, 5, XRP, 'Exchange 3', '7'))).toMatch(/^23505: /);
      await rpc({ role: 'authenticated', uid }, 'select public.remove_withdrawal_address($1) as r', [
        first.id,
      ]);
      expect(await attempt(() => add(c, 1, BTC, 'Back'))).toMatch(/^ok$|^PT429/);
    });

    it('limits additions to 5 in 24 hours, counting removed ones', async () => {
      const uid = await member();
      const c = withOtp(uid);
      const addresses = [BTC, BTC_2, '0x000000000000000000000000000000000000dEaD'];
      const a = await add(c, 1, addresses[0]!);
      await add(c, 1, addresses[1]!);
      await add(c, 2, addresses[2]!);
      await add(c, 3, addresses[2]!);
      await rpc({ role: 'authenticated', uid }, 'select public.remove_withdrawal_address($1) as r', [a.id]);
      await add(c, 7, addresses[2]!);
      expect(await attempt(() => add(c, 1, addresses[0]!, 'Sixth'))).toBe(
        'PT429: You can add at most 5 addresses in 24 hours. Please try again later.',
      );
    });

    it('counts a rolling 24 hours: five additions 23:59 ago still block a sixth, five 24:01 ago do not', async () => {
      // Five XRP entries (one address, five tags) written directly at a chosen time, as if the member
      // had added them then.
      const addedAgo = async (uid: string, interval: string) => {
        for (let tag = 1; tag <= 5; tag++)
          await engine.db.query(
            `insert into public.withdrawal_addresses (user_id, wallet_id, address, destination_tag, label, created_at, usable_from)
             values ($1, 5, $2, $3, 'Earlier', now() - $4::interval, now())`,
            [uid, XRP, tag, interval],
          );
      };
      const recent = await member();
      await addedAgo(recent, '23 hours 59 minutes');
      expect(await attempt(() => add(withOtp(recent), 1, BTC))).toBe(
        'PT429: You can add at most 5 addresses in 24 hours. Please try again later.',
      );
      const earlier = await member();
      await addedAgo(earlier, '24 hours 1 minute');
      expect(await attempt(() => add(withOtp(earlier), 1, BTC))).toBe('ok');
    });

    it('holds at most 50 live entries; a removed one frees its place', async () => {
      // Fifty XRP entries (one address, fifty tags) written directly two days ago, outside the daily cap.
      const uid = await member();
      await engine.db.query(
        `insert into public.withdrawal_addresses (user_id, wallet_id, address, destination_tag, label, created_at, usable_from)
         select $1, 5, $2, tag, 'Earlier', now() - interval '2 days', now() - interval '1 day'
         from generate_series(1, 50) tag`,
        [uid, XRP],
      );
      expect(await attempt(() => add(withOtp(uid), 1, BTC))).toBe(
        'PT429: Your address book holds at most 50 addresses. Remove one you no longer use first.',
      );
      await engine.db.query(
        `update public.withdrawal_addresses set removed_at = now() where user_id = $1 and destination_tag = 1`,
        [uid],
      );
      expect(await attempt(() => add(withOtp(uid), 1, BTC))).toBe('ok');
    });

    it('writes address_added and address_removed to the audit log with the agreed fields', async () => {
      const uid = await member();
      const entry = await add(withOtp(uid), 5, XRP, 'Exchange', '42');
      await rpc({ role: 'authenticated', uid }, 'select public.remove_withdrawal_address($1) as r', [
        entry.id,
      ]);
      const { rows } = await engine.db.query<{
        kind: string;
        after: Record<string, unknown>;
        actor_role: string;
      }>(`select kind, after, actor_role from public.audit_events where member_id = $1 order by id`, [uid]);
      expect(rows.map((r) => r.kind)).toEqual(['address_added', 'address_removed']);
      const [added, removed] = rows.map((r) => json(r.after));
      expect(Object.keys(added!).sort()).toEqual(
        ['address', 'asset', 'destination_tag', 'id', 'label', 'network', 'usable_from'].sort(),
      );
      expect(added).toMatchObject({ id: entry.id, asset: 'XRP', network: 'ripple', destination_tag: 42 });
      expect(removed).toEqual({
        id: entry.id,
        asset: 'XRP',
        network: 'ripple',
        label: 'Exchange',
        address: XRP,
      });
      expect(rows[0]!.actor_role).toBe('member');
    });

    it('removal is immediate, own entries only, and keeps the row', async () => {
      const uid = await member();
      const other = await member();
      const entry = await add(withOtp(uid), 1, BTC);
      const remove = (who: string) =>
        attempt(() =>
          rpc({ role: 'authenticated', uid: who }, 'select public.remove_withdrawal_address($1) as r', [
            entry.id,
          ]),
        );
      const gone = '22023: That address is not in your address book (it may have been removed already).';
      expect(await remove(other)).toBe(gone);
      expect(await remove(uid)).toBe('ok');
      expect(await remove(uid)).toBe(gone);
      const { rows } = await engine.db.query<{ removed: boolean }>(
        'select removed_at is not null as removed from public.withdrawal_addresses where id = $1',
        [entry.id],
      );
      expect(rows[0]?.removed).toBe(true);
    });
  });

  describe('row-level security', () => {
    it('a member sees only their own entries; staff at aal2 see all; nobody writes the table directly', async () => {
      const uid = await member();
      const other = await member();
      const staff = await member();
      await makeAdmin(engine.db, staff, 'support');
      await addActiveAddress(engine.db, uid, 1, BTC);
      const count = (caller: Caller) =>
        probe(engine.db, caller, async (tx) => {
          const { rows } = await tx.query<{ n: number }>(
            'select count(*)::int as n from public.withdrawal_addresses where user_id = $1',
            [uid],
          );
          return rows[0]!.n;
        });
      expect(await count({ role: 'authenticated', uid })).toBe(1);
      expect(await count({ role: 'authenticated', uid: other })).toBe(0);
      expect(await count({ role: 'authenticated', uid: staff })).toBe(0);
      expect(await count(adminAtAal2(staff))).toBe(1);
      expect(await attempt(() => count({ role: 'anon' }))).toMatch(/^42501/);
      for (const sql of [
        `insert into public.withdrawal_addresses (user_id, wallet_id, address, label, usable_from) values ('${uid}', 1, '${BTC_2}', 'x', now())`,
        `update public.withdrawal_addresses set usable_from = now() where user_id = '${uid}'`,
        `delete from public.withdrawal_addresses where user_id = '${uid}'`,
      ]) {
        expect(
          await attempt(() => probe(engine.db, { role: 'authenticated', uid }, (tx) => tx.query(sql))),
        ).toMatch(/^42501/);
      }
      expect(
        await attempt(() =>
          rpc({ role: 'anon' }, `select public.add_withdrawal_address(1::smallint, $1, 'x') as r`, [BTC]),
        ),
      ).toMatch(/^42501/);
    });
  });

  describe('withdrawals go only to active entries', () => {
    it('refuses free text, a pending, a removed and another member’s entry; pays to an active one', async () => {
      const uid = await member();
      const other = await member();
      await fund(uid);
      const notListed =
        '22023 address_not_listed: Withdrawals can only go to an address in your address book. Add it on the Addresses page first.';
      expect(await attempt(() => file(uid, 1, BTC))).toBe(notListed);
      await addActiveAddress(engine.db, other, 1, BTC);
      expect(await attempt(() => file(uid, 1, BTC))).toBe(notListed);

      const pending = await add(withOtp(uid), 1, BTC);
      expect(await attempt(() => file(uid, 1, BTC))).toMatch(
        /^22023 address_pending: This address is still in its waiting period: you can withdraw to it from \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d HKT\.$/,
      );
      // Time travel past the cooling-off, as the e2e helper does.
      await engine.db.query(
        `update public.withdrawal_addresses set usable_from = now() - interval '1 second' where id = $1`,
        [pending.id],
      );
      const request = await file(uid, 1, BTC);
      const { rows } = await engine.db.query<{ address_id: number }>(
        'select address_id from public.withdrawal_requests where id = $1',
        [request.id],
      );
      expect(Number(rows[0]?.address_id)).toBe(Number(pending.id));
      // The same address on another wallet is another entry.
      expect(await attempt(() => file(uid, 2, BTC))).toBe(notListed);

      await rpc({ role: 'authenticated', uid }, 'select public.remove_withdrawal_address($1) as r', [
        pending.id,
      ]);
      expect(await attempt(() => file(uid, 1, BTC))).toBe(notListed);
    });

    it('matches the XRP tag too', async () => {
      const uid = await member();
      await fund(uid);
      await addActiveAddress(engine.db, uid, 5, XRP, 7);
      expect(await attempt(() => file(uid, 5, XRP))).toMatch(/^22023 address_not_listed/);
      expect(await attempt(() => file(uid, 5, XRP, '8'))).toMatch(/^22023 address_not_listed/);
      expect(await attempt(() => file(uid, 5, XRP, '7'))).toBe('ok');
    });

    it('keeps requests filed before the address book readable', async () => {
      const uid = await member();
      await fund(uid);
      const { rows } = await engine.db.query<{ id: number }>(
        `insert into public.withdrawal_requests (user_id, wallet_id, account, amount, destination_address) values ($1, 1, 'interest_wallet', 5, $2) returning id`,
        [uid, BTC_2],
      );
      const seen = await probe(
        engine.db,
        { role: 'authenticated', uid },
        async (tx) =>
          (
            await tx.query<{ destination_address: string }>(
              'select destination_address from public.withdrawal_requests where id = $1',
              [rows[0]!.id],
            )
          ).rows,
      );
      expect(seen).toEqual([{ destination_address: BTC_2 }]);
    });
  });

  describe('freeze', () => {
    it('is idempotent, needs no step-up, audits once, and stops filing, approving and paying', async () => {
      const uid = await member();
      const finance = await member();
      const owner = await member();
      await makeAdmin(engine.db, finance, 'finance');
      await makeAdmin(engine.db, owner, 'owner');
      await fund(uid);
      await addActiveAddress(engine.db, uid, 1, BTC);
      const pending = await file(uid, 1, BTC);
      const approved = await file(uid, 1, BTC);
      await rpc(adminAtAal2(finance), `select public.review_withdrawal_request($1, 'approve', null) as r`, [
        approved.id,
      ]);

      const passwordOnly: Caller = {
        role: 'authenticated',
        uid,
        amr: [{ method: 'password', timestamp: now() - 7200 }],
      };
      const first = await rpc<{ frozen_at: string; reason: string | null }>(
        passwordOnly,
        `select public.freeze_withdrawals('I lost my phone') as r`,
      );
      const second = await rpc<{ frozen_at: string }>(
        passwordOnly,
        'select public.freeze_withdrawals() as r',
      );
      expect(second.frozen_at).toBe(first.frozen_at);
      expect(first.reason).toBe('I lost my phone');
      const { rows: events } = await engine.db.query<{ after: unknown }>(
        `select after from public.audit_events where member_id = $1 and kind = 'withdrawals_frozen'`,
        [uid],
      );
      expect(events.map((e) => json(e.after))).toEqual([{ frozen_by_member: true }]);

      expect(await attempt(() => file(uid, 1, BTC))).toBe(
        '42501 withdrawals_frozen: Withdrawals are frozen on your account, so no new request can be filed. Contact us to lift the freeze.',
      );
      expect(
        await attempt(() =>
          rpc(adminAtAal2(finance), `select public.review_withdrawal_request($1, 'approve', null) as r`, [
            pending.id,
          ]),
        ),
      ).toBe(
        '42501 withdrawals_frozen: This member has frozen withdrawals: the request cannot be approved until the freeze is lifted.',
      );
      expect(
        await attempt(() =>
          rpc(
            adminAtAal2(owner),
            `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`,
            [approved.id, ...payoutArgs('10.00')],
          ),
        ),
      ).toBe(
        '42501 withdrawals_frozen: This member has frozen withdrawals: the request cannot be paid until the freeze is lifted.',
      );
      // Not even the table owner, writing the status directly, gets past the freeze.
      expect(
        await attempt(() =>
          engine.db.query(
            `update public.withdrawal_requests set status = 'paid', paid_at = now() where id = $1`,
            [approved.id],
          ),
        ),
      ).toMatch(/^42501 withdrawals_frozen/);
      // Nothing moved; rejecting stays possible.
      const { rows: balance } = await engine.db.query<{ w: string }>(
        'select interest_wallet::text as w from public.profiles where id = $1',
        [uid],
      );
      expect(balance[0]?.w).toBe('100.00');
      expect(
        await attempt(() =>
          rpc(
            adminAtAal2(finance),
            `select public.review_withdrawal_request($1, 'reject', 'Account frozen by member') as r`,
            [pending.id],
          ),
        ),
      ).toBe('ok');

      // Once the freeze is lifted (the four-eyes unfreeze), money moves again.
      await engine.db.query(
        'update public.withdrawal_freezes set lifted_at = now(), lifted_by = $2 where user_id = $1',
        [uid, owner],
      );
      expect(
        await attempt(() =>
          rpc(
            adminAtAal2(owner),
            `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`,
            [approved.id, ...payoutArgs('10.00')],
          ),
        ),
      ).toBe('ok');
      // The paid line, as the database wrote it, in each of the member's languages (issue 36).
      const line = async (locale: string) =>
        (
          await rpc<Array<{ reason: string }> | null>(
            { role: 'authenticated', uid },
            `select json_agg(json_build_object('reason', l.reason)) as r
             from public.my_ledger(null, null, null, $1) l where l.kind = 'withdrawal' and l.source_id = $2`,
            [locale, approved.id],
          )
        )?.map((l) => l.reason);
      const [english] = (await line('en')) ?? [];
      const asset = /^Withdrawal in (\S+) to "Test address" \(request #\d+\)$/.exec(english ?? '')?.[1];
      expect(asset, english).toBeDefined();
      expect(await line('zh-hant')).toEqual([`以${asset}提取至Test address（申請#${approved.id}）`]);
      expect(await line('ar')).toEqual([
        `سحب بعملة \u2068${asset}\u2069 إلى \u2068Test address\u2069 (الطلب رقم \u2068${approved.id}\u2069)`,
      ]);
    });

    it('is for signed-in members only, and a reason has a length limit', async () => {
      const uid = await member();
      expect(await attempt(() => rpc({ role: 'anon' }, 'select public.freeze_withdrawals() as r'))).toMatch(
        /^42501/,
      );
      expect(
        await attempt(() =>
          rpc({ role: 'authenticated', uid }, 'select public.freeze_withdrawals($1) as r', ['x'.repeat(501)]),
        ),
      ).toBe('22023: Reason must be at most 500 characters.');
      const { rows } = await engine.db.query('select 1 from public.withdrawal_freezes where user_id = $1', [
        uid,
      ]);
      expect(rows).toHaveLength(0);
    });
  });
});
