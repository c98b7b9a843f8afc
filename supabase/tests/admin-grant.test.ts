/**
 * Admin rights go only to accounts whose e-mail address was confirmed (issue 20): an address
 * registered by someone else and never confirmed must not become an admin, whichever path writes the
 * admins row (a role proposal by an owner at aal2, refused when proposed; or a service-role insert as
 * `npm run admin:grant` does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAtAal2,
  asCaller,
  createUser,
  engines,
  fingerprint,
  createStaff,
  makeAdmin,
  pgError,
  type Engine,
} from './helpers/db';

const REFUSAL =
  'That account has not confirmed its e-mail address yet. Admin rights go only to confirmed accounts: ' +
  'ask the person to open the confirmation link we e-mailed them, then grant again.';

describe.each(engines)('grant_admin on %s', (_name, open) => {
  let engine: Engine;
  let adminId: string;

  beforeAll(async () => {
    engine = await open();
    const admin = await createUser(engine.db, { email: 'granter@grant.test' });
    adminId = admin.id;
    await makeAdmin(engine.db, admin.id);
  });

  afterAll(async () => {
    await engine?.close();
  });

  async function unconfirmed(email: string): Promise<string> {
    const user = await createUser(engine.db, { email });
    await engine.db.query('update auth.users set email_confirmed_at = null where id = $1', [user.id]);
    return user.id;
  }

  const failure = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      return null;
    } catch (error) {
      return pgError(error);
    }
  };

  const isAdmin = async (userId: string): Promise<boolean> =>
    (await engine.db.query('select 1 from public.admins where user_id = $1', [userId])).rows.length === 1;

  it('refuses an unconfirmed account with a message that says why, and writes nothing', async () => {
    const target = await unconfirmed('Pre.Registered@grant.test');
    const before = await fingerprint(engine.db);
    const error = await failure(() =>
      asCaller(engine.db, adminAtAal2(adminId), (tx) =>
        tx.query(
          `select public.propose_staff_change('staff_role', null, '{"email":" pre.registered@GRANT.test ","role":"support"}', 'new colleague')`,
        ),
      ),
    );
    expect(error).toEqual({ code: '22023', message: REFUSAL });
    expect(await fingerprint(engine.db)).toBe(before);
    expect(await isAdmin(target)).toBe(false);
  });

  it('refuses a service-role insert of an unconfirmed account too (the admin:grant path)', async () => {
    const target = await unconfirmed('cli-target@grant.test');
    const result = await failure(() =>
      asCaller(engine.db, { role: 'service_role' }, (tx) =>
        tx.query('insert into public.admins (user_id) values ($1)', [target]),
      ),
    );
    expect(result).toEqual({ code: '22023', message: REFUSAL });
    expect(await isAdmin(target)).toBe(false);
  });

  it('grants once the same account has confirmed its address', async () => {
    const target = await unconfirmed('later@grant.test');
    await engine.db.query('update auth.users set email_confirmed_at = now() where id = $1', [target]);
    await asCaller(engine.db, { role: 'service_role' }, (tx) =>
      tx.query(`select public.grant_admin('later@grant.test')`),
    );
    expect(await isAdmin(target)).toBe(true);
  });

  it('cannot move an existing admins row onto an unconfirmed account', async () => {
    const confirmed = await createStaff(engine.db, { email: 'moved-from@grant.test' });
    const target = await unconfirmed('moved-to@grant.test');
    const result = await failure(() =>
      engine.db.query('update public.admins set user_id = $2 where user_id = $1', [confirmed.id, target]),
    );
    expect(result).toEqual({ code: '22023', message: REFUSAL });
    expect(await isAdmin(target)).toBe(false);
  });
});
