/**
 * Recovering an admin who lost their authenticator, and the rule that the only admin cannot drop
 * their last one. Runs on PGlite and on a real PostgreSQL 15.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVerifiedFactor,
  adminAtAal2,
  asCaller,
  createUser,
  engines,
  createStaff,
  makeAdmin,
  pgError,
  probe,
  type Caller,
  type Engine,
} from './helpers/db';

describe.each(engines)('authenticator recovery on %s', (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });

  const factorCount = async (userId: string): Promise<number> =>
    Number(
      (
        await engine.db.query<{ n: string }>(
          `select count(*) as n from auth.mfa_factors where user_id = $1`,
          [userId],
        )
      ).rows[0]!.n,
    );

  async function addSession(userId: string): Promise<string> {
    const id = randomUUID();
    await engine.db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal2')`,
      [id, userId],
    );
    return id;
  }

  it('lets another admin at aal2 reset a lost authenticator: factors gone, sessions ended, audited with who and when', async () => {
    const lost = await createUser(engine.db, { username: 'Lost Phone' });
    const helper = await createUser(engine.db, { username: 'Helper' });
    await makeAdmin(engine.db, lost.id);
    await makeAdmin(engine.db, helper.id);
    await addVerifiedFactor(engine.db, lost.id);
    await addVerifiedFactor(engine.db, helper.id);
    const session = await addSession(lost.id);

    const atAal1 = await probe(engine.db, { role: 'authenticated', uid: helper.id, aal: 'aal1' }, (tx) =>
      tx.query(`select public.admin_reset_mfa($1, 'lost phone')`, [lost.id]),
    ).catch(pgError);
    expect(atAal1).toMatchObject({ code: '42501', message: 'Admin actions need your authenticator code.' });
    expect(await factorCount(lost.id)).toBe(1);

    const before = Date.now();
    const result = await asCaller(
      engine.db,
      adminAtAal2(helper.id),
      async (tx) =>
        JSON.parse(
          (
            await tx.query<{ r: string }>(`select public.admin_reset_mfa($1, ' lost phone ')::text as r`, [
              lost.id,
            ])
          ).rows[0]!.r,
        ) as Record<string, unknown>,
    );
    expect(result).toMatchObject({
      user_id: lost.id,
      reset_by: helper.id,
      factors_removed: 1,
      reason: 'lost phone',
    });
    expect(Date.parse(String(result['reset_at']))).toBeGreaterThanOrEqual(before - 5_000);
    expect(await factorCount(lost.id)).toBe(0);
    expect(await factorCount(helper.id)).toBe(1);
    const sessions = await engine.db.query(`select 1 from auth.sessions where id = $1`, [session]);
    expect(sessions.rows).toHaveLength(0);
    const audit = await engine.db.query<{ reset_by: string }>(
      `select reset_by::text from public.mfa_resets where user_id = $1`,
      [lost.id],
    );
    expect(audit.rows).toEqual([{ reset_by: helper.id }]);
    // The audit is append-only, even for the service role.
    const rewrite = await probe(engine.db, { role: 'service_role' }, (tx) =>
      tx.query(`update public.mfa_resets set reason = 'x'`),
    ).catch(pgError);
    expect(rewrite).toMatchObject({ code: '42501' });
  });

  it('refuses resetting oneself, an account without an authenticator, and bad input, changing nothing', async () => {
    const admin = await createUser(engine.db);
    const other = await createUser(engine.db);
    await makeAdmin(engine.db, admin.id);
    await addVerifiedFactor(engine.db, admin.id);
    const call = (caller: Caller, userId: string | null, reason: string) =>
      probe(engine.db, caller, (tx) =>
        tx.query(`select public.admin_reset_mfa($1, $2)`, [userId, reason]),
      ).then(() => ({ code: 'ok', message: '' }), pgError);
    expect(await call(adminAtAal2(admin.id), admin.id, 'my phone')).toEqual({
      code: '22023',
      message: 'You cannot reset your own authenticator. Ask another admin.',
    });
    expect(await call(adminAtAal2(admin.id), other.id, 'no phone')).toEqual({
      code: '22023',
      message: 'That account has no authenticator to reset.',
    });
    expect(await call(adminAtAal2(admin.id), null, 'nobody')).toMatchObject({ code: '22023' });
    expect(await call(adminAtAal2(admin.id), randomUUID(), 'ghost')).toEqual({
      code: '22023',
      message: 'No account has that id.',
    });
    await addVerifiedFactor(engine.db, other.id);
    expect(await call(adminAtAal2(admin.id), other.id, 'x')).toMatchObject({ code: '22023' });
    expect(
      await call({ role: 'authenticated', uid: other.id, aal: 'aal2' }, admin.id, 'member tries'),
    ).toEqual({
      code: '42501',
      message: 'Only an admin can do this.',
    });
    expect(await factorCount(admin.id)).toBe(1);
    expect(await factorCount(other.id)).toBe(1);
  });

  // Builds a database of its own (base schema, every migration, the seed): slow on a busy machine.
  it('keeps the only admin’s last authenticator when GoTrue unenrolls it, but lets the command line reset it', async () => {
    // A fresh database of its own: "the only admin" must be true here.
    const solo = await open();
    try {
      const admin = await createStaff(solo.db);
      const first = await addVerifiedFactor(solo.db, admin.id);
      const second = await addVerifiedFactor(solo.db, admin.id);
      const raisedBy = async (factorId: string): Promise<string> => {
        const id = randomUUID();
        await solo.db.query(
          `insert into auth.sessions (id, user_id, created_at, updated_at, aal, factor_id)
           values ($1, $2, now(), now(), 'aal2', $3)`,
          [id, admin.id, factorId],
        );
        return id;
      };
      // GoTrue's UnenrollFactor / adminUserDeleteFactor transaction, as supabase_auth_admin with no JWT:
      // delete the factor, then downgrade the sessions it raised.
      const unenroll = (factorId: string) =>
        solo.db.transaction(async (tx) => {
          await tx.query(`delete from auth.mfa_factors where id = $1`, [factorId]);
          await tx.query(
            `update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`,
            [admin.id, factorId],
          );
        });
      await raisedBy(first);
      const lastSession = await raisedBy(second);
      await unenroll(first);
      const last = await unenroll(second).catch(pgError);
      expect(last).toEqual({
        code: '42501',
        message: 'You are the only admin: grant another admin before removing your last authenticator.',
      });
      // Nothing half-done: the factor and the aal2 session it raised are both still there.
      expect(
        (await solo.db.query(`select 1 from auth.mfa_factors where id = $1`, [second])).rows,
      ).toHaveLength(1);
      expect(
        (
          await solo.db.query<{ aal: string }>(`select aal::text as aal from auth.sessions where id = $1`, [
            lastSession,
          ])
        ).rows,
      ).toEqual([{ aal: 'aal2' }]);
      // Nothing on auth.mfa_factors itself refuses any more (Supabase supports triggers on users,
      // identities, sessions, refresh_tokens and audit_log_entries only): the bare row can go.
      await solo.db.query(`delete from auth.mfa_factors where id = $1`, [second]);
      await addVerifiedFactor(solo.db, admin.id);
      // The service role (npm run admin:reset-mfa) may: that is how a lone admin without a phone gets back in.
      const reset = await asCaller(
        solo.db,
        { role: 'service_role' },
        async (tx) =>
          JSON.parse(
            (
              await tx.query<{ r: string }>(`select public.admin_reset_mfa($1, 'lost phone')::text as r`, [
                admin.id,
              ])
            ).rows[0]!.r,
          ) as { reset_by: string | null },
      );
      expect(reset.reset_by).toBeNull();
      const left = await solo.db.query(`select 1 from auth.mfa_factors where user_id = $1`, [admin.id]);
      expect(left.rows).toHaveLength(0);

      // With a second admin the first may drop their own last factor; deleting the account always works.
      await addVerifiedFactor(solo.db, admin.id);
      const colleague = await createStaff(solo.db);
      const mine = await addVerifiedFactor(solo.db, admin.id);
      await raisedBy(mine);
      await addVerifiedFactor(solo.db, colleague.id);
      await unenroll(mine);
      await solo.db.query(`delete from public.admins where user_id = $1`, [colleague.id]);
      await solo.db.query(`delete from auth.users where id = $1`, [admin.id]);
      const gone = await solo.db.query(`select 1 from auth.mfa_factors where user_id = $1`, [admin.id]);
      expect(gone.rows).toHaveLength(0);
    } finally {
      await solo.close();
    }
  }, 120_000);
});
