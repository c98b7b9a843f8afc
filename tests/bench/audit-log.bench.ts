/**
 * `npx tsx tests/bench/audit-log.bench.ts`: the /admin/audit queries on 1,000,000 audit events on a
 * throwaway PostgreSQL 15 (the size the issue asks to stay fast at). Reports the median of 5 runs of
 * each page query the screen sends (newest first, 50 rows, by kind, actor, member, date range, a deep
 * page by offset and by key). Reports numbers; asserts nothing.
 *   BENCH_EVENTS=1000000
 */
import { openPostgres } from '../../supabase/local/db/engine';
import { bootstrapDatabase } from '../../supabase/local/db/migrate';
import { startThrowawayPostgres } from '../../supabase/local/db/throwaway-postgres';
import { PROJECT_DIR } from '../../supabase/tests/helpers/db';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);

async function main(): Promise<void> {
  const cluster = await startThrowawayPostgres();
  const db = await openPostgres(cluster.url);
  try {
    await bootstrapDatabase(db, { projectDir: PROJECT_DIR });
    const started = performance.now();
    // Bulk rows as the table owner (the hashes are not a chain; the page queries do not read them).
    await db.query(
      `insert into public.audit_events
         (occurred_at, actor_id, actor_role, member_id, kind, before, after, reason, prev_hash, hash)
       select timestamptz '2026-01-01' + g * interval '15 seconds',
              ('00000000-0000-0000-0000-' || lpad((g % 20)::text, 12, '0'))::uuid, 'finance',
              ('00000000-0000-0000-0001-' || lpad((g % 5000)::text, 12, '0'))::uuid,
              (array['ledger_entry','proposal_open','proposal_approved','withdrawal_paid','address_edit'])[1 + g % 5],
              null, jsonb_build_object('n', g), 'bench', md5((g - 1)::text), 'bench-' || md5(g::text)
       from generate_series(1, $1::int) g`,
      [EVENTS],
    );
    await db.query('analyze public.audit_events');
    console.log(`inserted ${EVENTS} events in ${Math.round(performance.now() - started)} ms`);
    const cols = 'id, occurred_at, actor_id, actor_role, member_id, kind, before, after, reason';
    const page = 'order by occurred_at desc, id desc limit 51';
    // Events older than event g (the cursor), as the keyset filter of the screen writes it.
    const older = (g: number) => {
      const t = `(timestamptz '2026-01-01' + ${g} * interval '15 seconds')`;
      return `occurred_at <= ${t} and (occurred_at < ${t} or (occurred_at = ${t} and id < ${g}))`;
    };
    const queries: [string, string][] = [
      ['newest 50', `select ${cols} from public.audit_events order by occurred_at desc, id desc limit 51`],
      [
        'kind',
        `select ${cols} from public.audit_events where kind = 'address_edit' order by occurred_at desc, id desc limit 51`,
      ],
      [
        'actor',
        `select ${cols} from public.audit_events where actor_id = '00000000-0000-0000-0000-000000000007' order by occurred_at desc, id desc limit 51`,
      ],
      [
        'member',
        `select ${cols} from public.audit_events where member_id = '00000000-0000-0000-0001-000000000042' order by occurred_at desc, id desc limit 51`,
      ],
      [
        'kind + dates',
        `select ${cols} from public.audit_events where kind = 'address_edit' and occurred_at >= '2026-03-01' and occurred_at < '2026-03-02' order by occurred_at desc, id desc limit 51`,
      ],
      [
        'date range',
        `select ${cols} from public.audit_events where occurred_at >= '2026-03-01' and occurred_at < '2026-03-02' order by occurred_at desc, id desc limit 51`,
      ],
      [
        'page 200',
        `select ${cols} from public.audit_events order by occurred_at desc, id desc limit 51 offset 10000`,
      ],
      // The page before the oldest: offset against the key /admin/audit pages by (src/lib/admin/audit.ts
      // sends `occurred_at <= t` plus the tie-break as PostgREST filters).
      [
        'page 19,999 offset',
        `select ${cols} from public.audit_events order by occurred_at desc, id desc limit 51 offset 999900`,
      ],
      ['page 19,999 keyset', `select ${cols} from public.audit_events where ${older(150)} ${page}`],
      [
        'kind deep keyset',
        `select ${cols} from public.audit_events where kind = 'address_edit' and ${older(1000)} ${page}`,
      ],
      [
        'member deep keyset',
        `select ${cols} from public.audit_events where member_id = '00000000-0000-0000-0001-000000000042' and ${older(5042)} ${page}`,
      ],
    ];
    for (const [label, sql] of queries) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await db.query(sql);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const plan = await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
      console.log(
        `${label.padEnd(12)} median ${times[2]!.toFixed(1)} ms   ${plan.rows
          .map((r) => r['QUERY PLAN'])
          .find((l) => /Scan/.test(l))
          ?.trim()}`,
      );
    }
  } finally {
    await db.close();
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
