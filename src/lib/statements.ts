import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { STATEMENTS_BUCKET } from './statement-data';

/**
 * Monthly statements (issue 34, docs/statements.md): one per member per closed month, made by the
 * statement job from the ledger, never changed (a correction is a new version). Their signed PDF and
 * CSV are kept in the private Storage bucket "statements", under the member's own folder; the
 * bucket's policies let a member read only their own files.
 */

export interface MonthlyStatement {
  id: number;
  /** "2026-11" */
  month: string;
  /** "November 2026" */
  periodLabel: string;
  version: number;
  reference: string;
  /** The reference of the version this one replaces (null for a first version). */
  replaces: string | null;
  /** Whether a later version replaces this one. */
  replaced: boolean;
  createdAt: string;
  /** Object names in the bucket; absent until the job has stored the files. */
  pdfPath: string | null;
  csvPath: string | null;
}

interface StatementRow {
  id: number;
  month: string;
  version: number;
  reference: string;
  created_at: string;
  period_label: string | null;
  replaces: string | null;
  statement_files: Array<{ kind: string; path: string }> | null;
}

/**
 * One member's statements, newest month first, each month's latest version first: the member's own
 * (RLS shows a member nothing else), or any member's for auditors and owners.
 */
export async function statementsOf(userId: string): Promise<MonthlyStatement[]> {
  const { data, error } = await supabase()
    .from('statements')
    .select(
      'id, month, version, reference, created_at, period_label:data->period->>label, replaces:data->>replaces, statement_files(kind, path)',
    )
    .eq('user_id', userId)
    .order('month', { ascending: false })
    .order('version', { ascending: false });
  if (error) throw toDbError(error, 'The monthly statements could not be loaded.');
  const rows = (data ?? []) as unknown as StatementRow[];
  const latest = new Map<string, number>();
  for (const r of rows) latest.set(r.month, Math.max(latest.get(r.month) ?? 0, r.version));
  return rows.map((r) => {
    const file = (kind: string) => r.statement_files?.find((f) => f.kind === kind)?.path ?? null;
    return {
      id: r.id,
      month: r.month.slice(0, 7),
      periodLabel: r.period_label ?? r.month.slice(0, 7),
      version: r.version,
      reference: r.reference,
      replaces: r.replaces,
      replaced: r.version < (latest.get(r.month) ?? r.version),
      createdAt: r.created_at,
      pdfPath: file('pdf'),
      csvPath: file('csv'),
    };
  });
}

/** A statement file (the member's own, or any for auditors and owners), as the browser saves it. */
export async function statementFile(path: string): Promise<Blob> {
  const storage = await supabase().storage();
  const { data, error } = await storage.from(STATEMENTS_BUCKET).download(path);
  if (error || !data) throw new Error('The file could not be downloaded. Try again in a moment.');
  return data;
}

/** The file name a statement is saved under: "liquid-capital-statement-LC10000001-2026-11-v1.pdf". */
export function statementFileName(
  statement: Pick<MonthlyStatement, 'reference'>,
  kind: 'pdf' | 'csv',
): string {
  return `liquid-capital-statement-${statement.reference}.${kind}`;
}
