import type { Queryable } from './engine';

/**
 * Hosted's supautils.policy_grants for the storage tables, around one migration (db/policy-grants.sql
 * says why and how): `postgres` may create, alter and drop policies on storage.objects and
 * storage.buckets, which it does not own. PostgreSQL lets only an owner do that, so for the length
 * of the migration `postgres` becomes a member of their owner, and the event triggers of
 * policy-grants.sql refuse every other DDL statement on what that owner held when it began.
 *
 * Both calls run as the superuser, in the migration's transaction: `open` before `set local role
 * postgres`, `close` after `reset role`, so a migration that fails leaves nothing behind either.
 */
const OWNER = 'supabase_storage_admin';
const MEMBER = 'postgres';

export interface PolicyGrants {
  /** Whether `open` made the membership (one that existed before is left alone). */
  granted: boolean;
}

export async function openPolicyGrants(tx: Queryable): Promise<PolicyGrants> {
  const { rows } = await tx.query<{ member: boolean; owner: boolean; pg16: boolean }>(
    `select exists (select 1 from pg_auth_members m where m.roleid = to_regrole($1) and m.member = to_regrole($2)) as member,
            to_regrole($1) is not null as owner,
            current_setting('server_version_num')::int >= 160000 as pg16`,
    [OWNER, MEMBER],
  );
  const state = rows[0];
  // A database bootstrapped before the storage schema existed has no owner to stand in for.
  if (!state?.owner) return { granted: false };
  await tx.query(
    `select set_config('supabase_local.policy_grant_objects', extensions.local_policy_grant_objects(), true)`,
  );
  if (state.member) return { granted: false };
  // PostgreSQL 16 and later can keep the member from SET ROLE to the owner; 15 cannot say so.
  await tx.exec(
    state.pg16 ? `grant ${OWNER} to ${MEMBER} with inherit true, set false` : `grant ${OWNER} to ${MEMBER}`,
  );
  return { granted: true };
}

export async function closePolicyGrants(tx: Queryable, grants: PolicyGrants): Promise<void> {
  if (grants.granted) await tx.exec(`revoke ${OWNER} from ${MEMBER}`);
  await tx.query(`select set_config('supabase_local.policy_grant_objects', '', true)`);
}
