/**
 * PostgREST settings a project may change, resolved as PostgREST resolves them: the authenticator
 * role's in-database `pgrst.*` settings win (the way a hosted project changes them:
 * `alter role authenticator set pgrst.db_plan_enabled = 'true'; notify pgrst, 'reload config'`), then
 * the local server's environment (`PGRST_DB_PLAN_ENABLED`, `PGRST_DB_TX_END`, PostgREST's own names),
 * then PostgREST's defaults: no explain() (plans show RLS internals) and `commit`.
 */
import type { SchemaCache } from './schema-cache';

export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
const TX_ENDS: readonly TxEnd[] = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'];

function setting(cache: SchemaCache, name: string): string | undefined {
  return (
    cache.inDatabaseConfig.get(`pgrst.${name.replaceAll('-', '_')}`) ??
    process.env[`PGRST_${name.replaceAll('-', '_').toUpperCase()}`]
  );
}

/** `db-plan-enabled`: whether `Accept: application/vnd.pgrst.plan…` (supabase-js explain()) answers. */
export function planEnabled(cache: SchemaCache): boolean {
  return setting(cache, 'db-plan-enabled')?.trim().toLowerCase() === 'true';
}

export function txEnd(cache: SchemaCache): TxEnd {
  const value = setting(cache, 'db-tx-end')?.trim().toLowerCase();
  return TX_ENDS.find((t) => t === value) ?? 'commit';
}

/**
 * Whether the request's transaction ends in a rollback: `Prefer: tx=…` counts only under an
 * `…-allow-override` setting, as in PostgREST; otherwise the configured end applies.
 */
export function endsInRollback(cache: SchemaCache, preferTx: string | undefined): boolean {
  if (txOverridable(cache) && (preferTx === 'commit' || preferTx === 'rollback')) {
    return preferTx === 'rollback';
  }
  return txEnd(cache).startsWith('rollback');
}

/** `Preference-Applied` carries `tx=…` only when the preference can be honoured. */
export function txOverridable(cache: SchemaCache): boolean {
  return txEnd(cache).endsWith('-allow-override');
}
