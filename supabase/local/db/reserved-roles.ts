import type { Queryable } from './engine';

/**
 * Hosted Supabase runs supautils, which stops its privileged role `postgres` from changing the roles
 * the platform depends on, whatever CREATEROLE would allow (supabase/postgres's
 * `ansible/files/postgresql_config/supautils.conf.j2`, supabase/supautils `src/supautils.c`):
 *
 * - `supautils.reserved_roles`: no ALTER (attributes, password, rename), DROP, GRANT … TO or SET on
 *   them; a name ending in `*` may have its settings changed and be granted roles by `postgres`
 *   (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`, `grant x to authenticated`).
 * - `supautils.reserved_memberships`: nobody but a superuser grants membership in these roles.
 * - `supautils.privileged_role`: `postgres` may not change its own attributes.
 *
 * PostgreSQL has no hook a SQL script could use for role statements (event triggers skip them), so
 * the local migration runner compares these roles before and after each migration and refuses the
 * migration with supautils' own error when one changed. Roles the platform has but this server does
 * not create (pgbouncer, dashboard_user, …) are watched too: creating one is refused.
 */
const RESERVED_ROLES = [
  'supabase_admin',
  'supabase_auth_admin',
  'supabase_storage_admin',
  'supabase_read_only_user',
  'supabase_replication_admin',
  'dashboard_user',
  'pgbouncer',
  'service_role*',
  'authenticator*',
  'authenticated*',
  'anon*',
] as const;
// supautils.conf lists the first four; the platform's own roles join them because hosted took them
// away from postgres (supabase/postgres 20250421084701_revoke_admin_roles_from_postgres), which a
// CREATEROLE role could otherwise undo by granting them to itself again.
const RESERVED_MEMBERSHIPS = [
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'authenticator',
  'supabase_admin',
  'supabase_auth_admin',
  'supabase_storage_admin',
  'supabase_read_only_user',
  'supabase_replication_admin',
  'dashboard_user',
  'pgbouncer',
] as const;
const PRIVILEGED_ROLE = 'postgres';

interface RoleState {
  /** Attributes, password and connection limit: what ALTER ROLE changes. */
  attributes: string;
  /** Roles this one is a member of (GRANT x TO role), for roles whose memberships postgres may not change. */
  memberOf?: string;
  /** `alter role … set` settings, for roles whose settings postgres may not change. */
  settings?: string;
  /** Who is a member of this role, for reserved memberships. */
  members?: string;
}

export type ReservedRolesSnapshot = Record<string, RoleState | null>;

export class ReservedRoleError extends Error {
  readonly code = '42501';
}

const names = [
  ...new Set([...RESERVED_ROLES.map((r) => r.replace(/\*$/, '')), ...RESERVED_MEMBERSHIPS, PRIVILEGED_ROLE]),
];

/** The watched roles as they are now (read as the superuser: pg_authid holds the passwords). */
export async function snapshotReservedRoles(q: Queryable): Promise<ReservedRolesSnapshot> {
  const { rows } = await q.query<{
    name: string;
    attributes: string | null;
    member_of: string;
    settings: string;
    members: string;
  }>(
    `select n.name,
       (select concat_ws('|', a.rolsuper, a.rolinherit, a.rolcreaterole, a.rolcreatedb, a.rolcanlogin,
          a.rolreplication, a.rolbypassrls, a.rolconnlimit, a.rolvaliduntil, a.rolpassword)
        from pg_authid a where a.rolname = n.name) as attributes,
       coalesce((select string_agg(m.roleid::regrole::text || ':' || m.admin_option, ',' order by m.roleid::regrole::text)
        from pg_auth_members m join pg_authid a on a.oid = m.member where a.rolname = n.name), '') as member_of,
       coalesce((select string_agg(array_to_string(s.setconfig, ','), ';' order by s.setdatabase)
        from pg_db_role_setting s join pg_authid a on a.oid = s.setrole where a.rolname = n.name), '') as settings,
       coalesce((select string_agg(m.member::regrole::text, ',' order by m.member::regrole::text)
        from pg_auth_members m join pg_authid a on a.oid = m.roleid where a.rolname = n.name), '') as members
     from unnest($1::text[]) as n(name)`,
    [names],
  );
  const snapshot: ReservedRolesSnapshot = {};
  for (const row of rows) {
    snapshot[row.name] =
      row.attributes === null
        ? null
        : {
            attributes: row.attributes,
            memberOf: row.member_of,
            settings: row.settings,
            members: row.members,
          };
  }
  return snapshot;
}

/** Throws supautils' error for the first change `postgres` was not allowed to make. */
export function refuseReservedRoleChanges(before: ReservedRolesSnapshot, after: ReservedRolesSnapshot): void {
  const reserved = (role: string) =>
    new ReservedRoleError(`"${role}" is a reserved role, only superusers can modify it`);
  for (const entry of RESERVED_ROLES) {
    const role = entry.replace(/\*$/, '');
    const configurable = entry.endsWith('*');
    const was = before[role];
    const is = after[role];
    if ((was === null) !== (is === null)) throw reserved(role);
    if (!was || !is) continue;
    if (was.attributes !== is.attributes) throw reserved(role);
    // A configurable role may gain or lose settings and roles granted to it; the others may not.
    if (!configurable && (was.settings !== is.settings || was.memberOf !== is.memberOf)) throw reserved(role);
  }
  for (const role of RESERVED_MEMBERSHIPS) {
    if (before[role]?.members !== after[role]?.members) {
      throw new ReservedRoleError(`"${role}" role memberships are reserved, only superusers can grant them`);
    }
  }
  if (before[PRIVILEGED_ROLE]?.attributes !== after[PRIVILEGED_ROLE]?.attributes) {
    throw new ReservedRoleError('permission denied to alter role');
  }
}
