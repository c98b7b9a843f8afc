#!/usr/bin/env -S npx tsx
/**
 * The monthly statement job (issue 34, docs/statements.md):
 *
 *   npm run statements -- --month 2026-11
 *   npm run statements -- --month 2026-09 --reissue LC10000001 --reason "Name corrected"
 *
 * It asks the database to make the month's statements (one per member who had an account by the
 * month end; the database refuses a month that has not closed), then renders each one without files
 * to an A4 PDF in headless Chromium, signs it with the firm's certificate, writes its CSV, stores both
 * in the private Storage bucket "statements" under the member's folder and records their hashes,
 * which tells the member. Running it again makes nothing new and only finishes what is missing.
 *
 * Without SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY it targets the local server; the signing
 * certificate comes from STATEMENT_SIGNING_P12_BASE64 and STATEMENT_SIGNING_P12_PASSWORD, or a
 * development certificate made on first use (scripts/statements/sign.ts).
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serviceClient } from '../grant-admin';
import { site } from '../../src/config/site';
import { fill } from '../../src/i18n/fill';
import statementWordsEn from '../../src/i18n/statement/en';
import { statementCsv } from '../../src/lib/statement-csv';
import { STATEMENTS_BUCKET, type StatementData } from '../../src/lib/statement-data';
import { lastMonth } from '../../src/lib/statement-period';
import { createStatementRenderer, launchStatementBrowser, type StatementRenderer } from './render';
import { createStatementSigner, type StatementSigner } from './sign';

/**
 * What every statement of a run prints about the firm, from the site's one configuration. The texts
 * are the English statement words' (src/i18n/statement/en.ts), which a statement in another language
 * prints in its own words (scripts/statements/template.ts).
 */
export function firmDetails() {
  return {
    name: site.name,
    legal_name: site.legalName,
    address_lines: [...site.address.lines],
    complaints_email: site.email.support,
    complaints_text: fill(statementWordsEn.firm.complaintsText, { email: site.email.support }),
  };
}

export const VALUATION = {
  source: statementWordsEn.firm.valuationSource,
  text: statementWordsEn.firm.valuationText,
};

export interface JobOptions {
  month: string;
  /** Statements made per database call (each call stays inside the API's statement timeout). */
  batch?: number;
  /** Renderers working side by side on one browser. */
  workers?: number;
  log?: (line: string) => void;
}

export interface JobResult {
  run: number;
  made: number;
  published: number;
  failed: number;
  status: string;
  seconds: number;
}

interface Pending {
  id: number;
  user_id: string;
  reference: string;
  data: StatementData;
}

async function rpc<T>(client: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Renders, signs and stores one statement's files, then records them (which tells the member). */
async function publish(
  client: SupabaseClient,
  renderer: StatementRenderer,
  signer: StatementSigner,
  s: Pending,
) {
  const pdf = await signer.sign(await renderer.render(s.data), {
    reason: `Monthly statement ${s.reference}`,
    contactInfo: s.data.firm.complaints_email,
    location: 'Hong Kong',
  });
  const csv = Buffer.from(statementCsv(s.data), 'utf8');
  const base = `${s.user_id}/${s.reference}`;
  const storage = client.storage.from(STATEMENTS_BUCKET);
  // upsert: a file stored by an attempt that stopped before recording it is replaced, not refused.
  for (const [path, bytes, contentType] of [
    [`${base}.pdf`, pdf, 'application/pdf'],
    [`${base}.csv`, csv, 'text/csv'],
  ] as const) {
    const { error } = await storage.upload(path, bytes, { contentType, upsert: true });
    if (error) throw new Error(`storing ${path}: ${error.message}`);
  }
  await rpc(client, 'attach_statement_files', {
    p_statement: s.id,
    p_pdf_path: `${base}.pdf`,
    p_pdf_sha256: sha256(pdf),
    p_pdf_bytes: pdf.byteLength,
    p_csv_path: `${base}.csv`,
    p_csv_sha256: sha256(csv),
    p_csv_bytes: csv.byteLength,
  });
}

/**
 * The month's statements after `after` (by id), a page at a time, with whether each has its files:
 * the job stores what is missing, this run's and any an earlier run left.
 */
async function statementPage(client: SupabaseClient, month: string, after: number, limit: number) {
  const { data, error } = await client
    .from('statements')
    .select('id, user_id, reference, data, statement_files(kind)')
    .eq('month', `${month}-01`)
    .gt('id', after)
    .order('id')
    .limit(limit);
  if (error) throw new Error(`reading statements: ${error.message}`);
  return (data ?? []) as Array<Pending & { statement_files: unknown[] | null }>;
}

export async function runStatementJob(client: SupabaseClient, options: JobOptions): Promise<JobResult> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const start = await rpc<{ run: number; members: number; issued: number }>(client, 'start_statement_run', {
    p_month: options.month,
    p_firm: firmDetails(),
    p_valuation: VALUATION,
  });
  log(
    `Run ${start.run} for ${options.month}: ${start.members} members, ${start.issued} statements already made.`,
  );
  let made = 0;
  for (let remaining = 1; remaining > 0;) {
    const step = await rpc<{ made: number; remaining: number }>(client, 'issue_statements', {
      p_run: start.run,
      p_limit: options.batch ?? 200,
    });
    made += step.made;
    remaining = step.remaining;
  }
  log(`Made ${made} new statements.`);

  const signer = createStatementSigner();
  if (signer.development) log(`Signing with a development certificate (${signer.subject}).`);
  const browser = await launchStatementBrowser();
  let published = 0;
  let failed = 0;
  try {
    const workers = Math.max(1, options.workers ?? 2);
    const renderers = await Promise.all(
      Array.from({ length: workers }, () => createStatementRenderer({ browser })),
    );
    for (let after = 0; ;) {
      const read = await statementPage(client, options.month, after, 100);
      if (read.length === 0) break;
      after = read[read.length - 1]!.id;
      const page = read.filter((s) => (s.statement_files ?? []).length === 0);
      let next = 0;
      await Promise.all(
        renderers.map(async (renderer) => {
          while (next < page.length) {
            const s = page[next++]!;
            try {
              await publish(client, renderer, signer, s);
              published += 1;
            } catch (error) {
              failed += 1;
              const message = error instanceof Error ? error.message : String(error);
              log(`${s.reference}: ${message}`);
              await rpc(client, 'record_statement_failure', {
                p_run: start.run,
                p_statement: s.id,
                p_error: message,
              }).catch(() => undefined);
            }
          }
        }),
      );
      log(`Stored ${published} statements' files${failed ? `, ${failed} failed` : ''}.`);
    }
    await Promise.all(renderers.map((r) => r.close()));
  } finally {
    await browser.close();
  }
  const finished = await rpc<{ status: string }>(client, 'finish_statement_run', { p_run: start.run });
  const seconds = (Date.now() - started) / 1000;
  log(`Run ${start.run} ${finished.status} in ${seconds.toFixed(1)} s.`);
  return { run: start.run, made, published, failed, status: finished.status, seconds };
}

async function main() {
  const { values } = parseArgs({
    options: {
      month: { type: 'string' },
      reissue: { type: 'string' },
      reason: { type: 'string' },
      batch: { type: 'string' },
      workers: { type: 'string' },
    },
  });
  const month = values.month ?? lastMonth(Date.now());
  const client = serviceClient();
  if (values.reissue) {
    const out = await rpc<{ reference: string; replaces: string }>(client, 'reissue_statement', {
      p_account_number: values.reissue,
      p_month: month,
      p_reason: values.reason ?? '',
    });
    console.log(`Made ${out.reference}, replacing ${out.replaces}.`);
  }
  const result = await runStatementJob(client, {
    month,
    ...(values.batch ? { batch: Number(values.batch) } : {}),
    ...(values.workers ? { workers: Number(values.workers) } : {}),
    log: (line) => console.log(line),
  });
  if (result.status !== 'completed') process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
