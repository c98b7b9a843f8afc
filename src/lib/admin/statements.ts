import { supabase } from '~/lib/supabase';
import { toDbError } from '~/lib/db-errors';

/** One run of the statement job as auditors and owners see it (rpc statement_runs_overview). */
export interface StatementRun {
  run: number;
  /** "2026-11" */
  month: string;
  status: 'running' | 'completed' | 'failed';
  started_at: string;
  finished_at: string | null;
  made: number;
  published: number;
  failures: Array<{ reference: string; error: string; at: string }>;
}

export async function listStatementRuns(): Promise<StatementRun[]> {
  const { data, error } = await supabase().rpc('statement_runs_overview', { p_limit: 24 });
  if (error) throw toDbError(error, 'The statement runs could not be loaded.');
  return ((data ?? []) as unknown as StatementRun[]).map((r) => ({
    ...r,
    made: Number(r.made),
    published: Number(r.published),
    failures: Array.isArray(r.failures) ? r.failures : [],
  }));
}

export interface StatementHolder {
  id: string;
  username: string;
  email: string;
  account_number: string;
}

/** The member an account number ("LC10000001") or an exact e-mail address names, or null. */
export async function findStatementHolder(query: string): Promise<StatementHolder | null> {
  const text = query.trim();
  if (!text) return null;
  const base = supabase().from('profiles').select('id, username, email, account_number');
  const { data, error } = /^lc\d{8}$/i.test(text)
    ? await base.eq('account_number', text.toUpperCase()).limit(1)
    : // An exact address, any case: the wildcards ilike knows are escaped.
      await base
        .ilike(
          'email',
          text.replace(/[\\%_]/g, (c) => `\\${c}`),
        )
        .limit(1);
  if (error) throw toDbError(error, 'The member could not be looked up.');
  return (data?.[0] as StatementHolder | undefined) ?? null;
}
