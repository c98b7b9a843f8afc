/**
 * A member's second factor in SQL (issue 23): with a verified authenticator, a password-only (aal1)
 * session can neither call member functions nor read the member's own rows; at aal2, or without a
 * factor, both work. And the member's security events in the audit log: password changed,
 * authenticator enrolled, authenticator removed. Runs on PGlite and on a real PostgreSQL 15.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../local/db/engine';
import {
  addVerifiedFactor,
  createUser,
  engines,
  pgError,
  probe,
  testTxId,
  type Aal,
  type Engine,
} from './helpers/db';

const OWN_TABLES = [
  ['profiles', 'id'],
  ['ledger_entries', 'user_id'],
  ['ledger_accounts', 'user_id'],
  ['deposit_notices', 'user_id'],
  ['withdrawal_requests', 'user_id'],
  ['withdrawal_freezes', 'user_id'],
  ['withdrawal_addresses', 'user_id'],
  ['notifications', 'user_id'],
] as const;

describe.each(engines)('member second factor on %s', (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });

  const member = (uid: string, aal: Aal) => ({ role: 'authenticated' as const, uid, aal });

  /** One own row in every member table, written as the service role would. */
  async function giveRows(uid: string): Promise<void> {
    await engine.db.query(
      `insert into public.deposit_notices (user_id, wallet_id, quantity, tx_id) values ($1, 1, 5, $2)`,
      [uid, testTxId(`aal-notice-${uid}`)],
    );
    await engine.db.query(
      `insert into public.withdrawal_freezes (user_id, frozen_by, reason) values ($1, $1, 'test')`,
      [uid],
    );
    await engine.db.query(
      `insert into public.withdrawal_addresses (user_id, wallet_id, address, label, usable_from)
       values ($1, 1, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'test', now())`,
      [uid],
    );
    // An audit event about the member writes their notification.
    await engine.db.query(`select private.audit('member_password_changed', $1, null, '{}', null)`, [uid]);
  }

  async function visibleRows(uid: string, aal: Aal): Promise<Record<string, number>> {
    return probe(engine.db, member(uid, aal), async (tx) => {
      const counts: Record<string, number> = {};
      for (const [table, column] of OWN_TABLES) {
        const r = await tx.query<{ n: string }>(
          `select count(*) as n from public.${table} where ${column} = $1`,
          [uid],
        );
        counts[table] = Number(r.rows[0]!.n);
      }
      return counts;
    });
  }

  const fileNotice = (uid: string, aal: Aal) =>
    probe(engine.db, member(uid, aal), (tx) =>
      tx.query(`select public.file_deposit_notice(1::smallint, '10.00', $1)`, [
        testTxId(`aal-${uid}-${aal}`),
      ]),
    ).then(() => ({ code: 'ok', message: '' }), pgError);

  const withdraw = (uid: string, aal: Aal) =>
    probe(engine.db, member(uid, aal), (tx) =>
      tx.query(
        `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '1.00', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')`,
      ),
    ).then(() => ({ code: 'ok', message: '' }), pgError);

  const refused = { code: '42501', message: 'Enter the code from your authenticator app first.' };

  it('without a factor, aal1 reads and files as before', async () => {
    const plain = await createUser(engine.db);
    await giveRows(plain.id);
    expect(await visibleRows(plain.id, 'aal1')).toMatchObject({
      profiles: 1,
      ledger_accounts: 4,
      deposit_notices: 1,
      withdrawal_freezes: 1,
    });
    expect(await fileNotice(plain.id, 'aal1')).toEqual({ code: 'ok', message: '' });
  });

  it('with a verified factor, aal1 sees none of its own rows and every member function refuses; aal2 works', async () => {
    const secured = await createUser(engine.db);
    await giveRows(secured.id);
    await addVerifiedFactor(engine.db, secured.id);

    const hidden = await visibleRows(secured.id, 'aal1');
    expect(hidden).toEqual({
      profiles: 0,
      ledger_entries: 0,
      ledger_accounts: 0,
      deposit_notices: 0,
      withdrawal_requests: 0,
      withdrawal_freezes: 0,
      withdrawal_addresses: 0,
      notifications: 0,
    });
    expect(await fileNotice(secured.id, 'aal1')).toEqual(refused);
    expect(await withdraw(secured.id, 'aal1')).toEqual(refused);
    const ledger = await probe(engine.db, member(secured.id, 'aal1'), (tx) =>
      tx.query(`select * from public.my_ledger()`),
    ).catch(pgError);
    expect(ledger).toEqual(refused);
    const balance = await probe(engine.db, member(secured.id, 'aal1'), (tx) =>
      tx.query(`select public.withdrawable_balance()`),
    ).catch((e: unknown) => ({ ...pgError(e), hint: (e as { hint?: string }).hint }));
    expect(balance).toMatchObject({ ...refused, hint: 'aal2_required' });

    expect(await visibleRows(secured.id, 'aal2')).toMatchObject({
      profiles: 1,
      ledger_accounts: 4,
      deposit_notices: 1,
      withdrawal_freezes: 1,
      withdrawal_addresses: 1,
      // The deposit notice filed, the freeze, the address added (and ready: its cooling-off is over),
      // the password change and the security hold it started.
      notifications: 6,
    });
    expect(await fileNotice(secured.id, 'aal2')).toEqual({ code: 'ok', message: '' });
    // Past the second-factor gate: refused for the frozen account, not for the level.
    expect((await withdraw(secured.id, 'aal2')).message).not.toBe(refused.message);
  });

  it('an unverified (half-finished) factor does not lock the member out at aal1', async () => {
    const half = await createUser(engine.db);
    await engine.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'half', 'totp', 'unverified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [randomUUID(), half.id],
    );
    expect(await fileNotice(half.id, 'aal1')).toEqual({ code: 'ok', message: '' });
    expect((await visibleRows(half.id, 'aal1')).profiles).toBe(1);
  });

  const events = async (db: Queryable, uid: string) =>
    (
      await db.query<{ kind: string; after: string }>(
        `select kind, after::text as after from public.audit_events where member_id = $1 order by id`,
        [uid],
      )
    ).rows.map((r) => ({ kind: r.kind, after: JSON.parse(r.after) as unknown }));

  it('audits a password change, but not the first password of an invited account', async () => {
    const user = await createUser(engine.db);
    await engine.db.query(`update auth.users set encrypted_password = 'first' where id = $1`, [user.id]);
    expect(await events(engine.db, user.id)).toEqual([]);
    await engine.db.query(`update auth.users set encrypted_password = 'second' where id = $1`, [user.id]);
    await engine.db.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
    // The change starts a security hold (docs/address-book.md), audited right after it.
    expect(await events(engine.db, user.id)).toEqual([
      { kind: 'member_password_changed', after: {} },
      { kind: 'security_hold_started', after: expect.objectContaining({ change: 'password_changed' }) },
    ]);
  });

  it('audits an authenticator once when its first code raises a session, and once when it is removed', async () => {
    const user = await createUser(engine.db);
    const factor = randomUUID();
    await engine.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'Phone', 'totp', 'unverified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [factor, user.id],
    );
    const sessions = [randomUUID(), randomUUID()];
    for (const id of sessions) {
      await engine.db.query(
        `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
        [id, user.id],
      );
    }
    // A session naming a factor that is not verified (never GoTrue's order) announces nothing, and
    // a session letting go of a factor that still exists is no removal.
    await engine.db.query(`update auth.sessions set factor_id = $2 where id = $1`, [sessions[0], factor]);
    await engine.db.query(`update auth.sessions set factor_id = null where id = $1`, [sessions[0]]);
    expect(await events(engine.db, user.id)).toEqual([]);
    // As GoTrue verifies: the factor is marked verified, then the session names it.
    await engine.db.query(`update auth.mfa_factors set status = 'verified' where id = $1`, [factor]);
    for (const id of sessions) {
      await engine.db.query(`update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1`, [
        id,
        factor,
      ]);
    }
    const enrolledHold = {
      kind: 'security_hold_started',
      after: expect.objectContaining({ change: 'factor_enrolled' }),
    };
    expect(await events(engine.db, user.id)).toEqual([
      { kind: 'member_factor_enrolled', after: { factor_id: factor, friendly_name: 'Phone' } },
      enrolledHold,
    ]);
    // As GoTrue unenrolls: the factor row goes, then the sessions it raised drop to aal1.
    await engine.db.query(`delete from auth.mfa_factors where id = $1`, [factor]);
    await engine.db.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
      factor,
    ]);
    expect(await events(engine.db, user.id)).toEqual([
      { kind: 'member_factor_enrolled', after: { factor_id: factor, friendly_name: 'Phone' } },
      enrolledHold,
      { kind: 'member_factor_removed', after: { factor_id: factor, friendly_name: 'Phone' } },
      { kind: 'security_hold_started', after: expect.objectContaining({ change: 'factor_removed' }) },
    ]);
  });
});
