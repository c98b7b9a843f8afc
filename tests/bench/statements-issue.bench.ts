/**
 * `npm run bench:statements-db`: what the database's part of the monthly job costs. Makes N members
 * (default 2,000), each with a few postings in a closed month, then times the job's calls as the
 * job makes them: start_statement_run once, issue_statements in batches of 200 until nothing
 * remains. Reports ms per statement and per batch and the time 10,000 statements would take, on
 * PGlite and on PostgreSQL 15. It reports numbers; it sets no time limit.
 *   BENCH_MEMBERS=2000  BENCH_ENGINE=pglite|postgres
 */
import { callAs, createUser, engines, postCorrection, type Caller } from '../../supabase/tests/helpers/db';
import { firmDetails, VALUATION } from '../../scripts/statements/job';

const MEMBERS = Number(process.env['BENCH_MEMBERS'] ?? 2000);
const ONLY = process.env['BENCH_ENGINE'];
const SERVICE: Caller = { role: 'service_role' };
const MONTH = '2026-09';
const AT = '2026-09-15T04:00:00Z';

for (const [name, open] of engines) {
  if (ONLY && !name.startsWith(ONLY)) continue;
  const engine = await open();
  try {
    const setup = performance.now();
    for (let i = 0; i < MEMBERS; i += 1) {
      const { id } = await createUser(engine.db);
      await postCorrection(engine.db, id, 'deposit_wallet', '1000.00');
      await postCorrection(engine.db, id, 'interest_wallet', '12.34');
      await postCorrection(engine.db, id, 'deposit_wallet', '-100.00');
    }
    // Everyone joined and posted in September (the triggers set aside for the move, as the tests do).
    await engine.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.profiles set created_at = $1`, [AT]);
      await tx.query(`update public.ledger_entries set created_at = $1`, [AT]);
      await tx.query(`update public.transfers set created_at = $1`, [AT]);
    });
    console.log(
      `${name}: ${MEMBERS} members with 3 postings each made in ${((performance.now() - setup) / 1000).toFixed(1)} s`,
    );

    const started = performance.now();
    const run = await callAs<{ run: number }>(
      engine.db,
      SERVICE,
      'select public.start_statement_run($1, $2, $3) as r',
      [MONTH, JSON.stringify(firmDetails()), JSON.stringify(VALUATION)],
    );
    const batches: number[] = [];
    for (let remaining = 1; remaining > 0;) {
      const t = performance.now();
      const step = await callAs<{ remaining: number }>(
        engine.db,
        SERVICE,
        'select public.issue_statements($1, 200) as r',
        [run.run],
      );
      batches.push(performance.now() - t);
      remaining = step.remaining;
    }
    const total = performance.now() - started;
    const perStatement = total / MEMBERS;
    batches.sort((a, b) => a - b);
    console.log(
      `${name}: ${MEMBERS} statements in ${(total / 1000).toFixed(1)} s: ${perStatement.toFixed(1)} ms a statement; ` +
        `a batch of 200: median ${batches[Math.floor(batches.length / 2)]!.toFixed(0)} ms, slowest ${batches.at(-1)!.toFixed(0)} ms; ` +
        `10,000 statements: about ${((perStatement * 10_000) / 1000).toFixed(0)} s`,
    );
  } finally {
    await engine.close();
  }
}
