/**
 * `npm run bench:supabase`: throughput and realtime latency of the embedded local Supabase, driven by
 * supabase-js over loopback. Reports numbers; it asserts nothing. Bounded: fixed request counts.
 *   BENCH_ENGINE=postgres  run on a throwaway PostgreSQL 15 instead of PGlite
 *   BENCH_REQUESTS=500     requests per throughput phase;  BENCH_SUBSCRIBERS=100;  BENCH_UPDATES=30
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { EngineHarness, type Engine } from '../integration/local-supabase/harness';

const engine = (process.env['BENCH_ENGINE'] ?? 'pglite') as Engine;
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 500);
const CONCURRENCY = 10;
const SUBSCRIBERS = Number(process.env['BENCH_SUBSCRIBERS'] ?? 100);
const UPDATES = Number(process.env['BENCH_UPDATES'] ?? 30);

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

async function throughput(label: string, call: () => PromiseLike<{ error: unknown }>): Promise<void> {
  for (let i = 0; i < 20; i++) await call(); // warm-up: JIT, schema cache, JWT cache
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const { error } = await call();
        if (error) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(34)} ${(REQUESTS / seconds).toFixed(0).padStart(6)} req/s  (${REQUESTS} requests, ${CONCURRENCY} concurrent, ${failures} errors)`,
  );
}

async function main(): Promise<void> {
  const harness = new EngineHarness(engine);
  const clients: SupabaseClient[] = [];
  try {
    const server = await harness.server();
    const opts = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
    const anon = createClient(server.url, server.anonKey, opts);
    const service = createClient(server.url, server.serviceRoleKey, opts);
    console.log(`Local Supabase benchmark on ${engine} (${server.url}), Node ${process.version}`);

    await throughput('select (items, eq filter)', () =>
      anon.from('items').select('id, name, price').eq('id', 1),
    );
    // Embedding costs one lateral subquery per embed: compare against the same table read flat.
    await throughput('select (messages, flat)', () =>
      anon.from('messages').select('id, message, username').eq('id', 1),
    );
    await throughput('select (messages + users embed)', () =>
      anon.from('messages').select('id, message, users(username, status)').eq('id', 1),
    );
    await throughput('rpc (add_numbers)', () => anon.rpc('add_numbers', { a: 1, b: 2 }));

    // Realtime: SUBSCRIBERS clients (one socket each) on the same row; latency per delivered message.
    const arrivals = new Map<number, number[]>();
    let ready = 0;
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const c = createClient(server.url, server.anonKey, opts);
      clients.push(c);
      c.channel(`bench-${i}`)
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'items', filter: 'id=eq.1' },
          (payload) => {
            const qty = Number((payload.new as { qty: number }).qty);
            arrivals.get(qty)?.push(performance.now());
          },
        )
        .on('system', {}, (p: { status?: string }) => {
          if (p.status === 'ok') ready++;
        })
        .subscribe();
    }
    const deadline = Date.now() + 60_000;
    while (ready < SUBSCRIBERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (ready < SUBSCRIBERS) throw new Error(`only ${ready}/${SUBSCRIBERS} subscribers ready`);

    const fromCommit: number[] = [];
    const fromRequest: number[] = [];
    let lost = 0;
    for (let u = 0; u < UPDATES; u++) {
      const qty = 1000 + u;
      const list: number[] = [];
      arrivals.set(qty, list);
      const sent = performance.now();
      const { error } = await service.from('items').update({ qty }).eq('id', 1);
      const committed = performance.now();
      if (error) throw new Error(error.message);
      const until = Date.now() + 10_000;
      while (list.length < SUBSCRIBERS && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
      lost += SUBSCRIBERS - list.length;
      for (const t of list) {
        fromRequest.push(t - sent);
        fromCommit.push(Math.max(0, t - committed));
      }
    }
    fromCommit.sort((a, b) => a - b);
    fromRequest.sort((a, b) => a - b);
    const fmt = (xs: number[]): string =>
      `median ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;
    console.log(
      `realtime, ${SUBSCRIBERS} subscribers, ${UPDATES} updates (${fromCommit.length} deliveries, ${lost} lost)`,
    );
    console.log(
      `  committed update (HTTP reply) → message: ${fmt(fromCommit)}  (0 when the message beat the reply)`,
    );
    console.log(`  update request sent → message:           ${fmt(fromRequest)}`);
  } finally {
    for (const c of clients) await c.removeAllChannels().catch(() => undefined);
    await harness.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
