/**
 * `npx tsx tests/bench/notifications.bench.ts`: what the notifications trigger costs per audit event
 * and how fast a member's pages read on a throwaway PostgreSQL 15, for one member with many events
 * among many other events. Reports the median of 5 runs; asserts nothing.
 *   BENCH_MEMBER_EVENTS=20000 BENCH_OTHER_EVENTS=200000
 */
import { openPostgres } from '../../supabase/local/db/engine';
import { bootstrapDatabase } from '../../supabase/local/db/migrate';
import { startThrowawayPostgres } from '../../supabase/local/db/throwaway-postgres';
import { PROJECT_DIR, asCaller, createUser } from '../../supabase/tests/helpers/db';

const MEMBER_EVENTS = Number(process.env['BENCH_MEMBER_EVENTS'] ?? 20_000);
const OTHER_EVENTS = Number(process.env['BENCH_OTHER_EVENTS'] ?? 200_000);

async function main(): Promise<void> {
  const cluster = await startThrowawayPostgres();
  const db = await openPostgres(cluster.url);
  try {
    await bootstrapDatabase(db, { projectDir: PROJECT_DIR });
    const member = await createUser(db, { email: 'bench@notify.test' });
    // Other members' events (no auth user: the trigger looks and writes nothing), as the table owner.
    let started = performance.now();
    await db.query(
      `insert into public.audit_events (occurred_at, actor_role, member_id, kind, after, reason, prev_hash, hash)
       select timestamptz '2026-01-01' + g * interval '1 second', 'finance',
              ('00000000-0000-0000-0001-' || lpad((g % 5000)::text, 12, '0'))::uuid, 'ledger_entry',
              jsonb_build_object('account', 'referral', 'balance_before', '1.00', 'balance_after', '2.00',
                'source', 'admin_edit'), 'bench', 'p', 'other-' || g
       from generate_series(1, $1::int) g`,
      [OTHER_EVENTS],
    );
    console.log(
      `${OTHER_EVENTS} events of members without an account: ${Math.round(performance.now() - started)} ms`,
    );
    started = performance.now();
    await db.query(
      `insert into public.audit_events (occurred_at, actor_role, member_id, kind, after, reason, prev_hash, hash)
       select timestamptz '2026-06-01' + g * interval '1 second', (array['finance','owner','member'])[1 + g % 3],
              $2::uuid, (array['ledger_entry','withdrawal_approved','proposal_open'])[1 + g % 3],
              jsonb_build_object('account', 'interest_wallet', 'balance_before', '1.00', 'balance_after', '2.00',
                'source', 'admin_edit', 'id', g, 'status', 'approved', 'amount', '5.00'), 'bench', 'p', 'member-' || g
       from generate_series(1, $1::int) g`,
      [MEMBER_EVENTS, member.id],
    );
    const elapsed = performance.now() - started;
    console.log(
      `${MEMBER_EVENTS} events of one member (two thirds notified, cap 500): ${Math.round(elapsed)} ms, ` +
        `${((elapsed / MEMBER_EVENTS) * 1000).toFixed(0)} µs per event`,
    );
    // As events really arrive: one per transaction, through private.audit, for a member at the cap.
    const single = Number(process.env['BENCH_SINGLE_EVENTS'] ?? 2000);
    const once = async (memberId: string | null) => {
      const t = performance.now();
      for (let i = 0; i < single; i += 1) {
        await db.query(
          `select private.audit('ledger_entry', $1, null,
             '{"account":"referral","balance_before":"1.00","balance_after":"2.00","source":"admin_edit"}', 'one by one')`,
          [memberId],
        );
      }
      return ((performance.now() - t) / single) * 1000;
    };
    const without = await once(null);
    const withNotice = await once(member.id);
    console.log(
      `one event per transaction: ${without.toFixed(0)} µs without a member, ${withNotice.toFixed(0)} µs for a member at the cap`,
    );
    await db.query('analyze public.audit_events; analyze public.notifications');
    const caller = { role: 'authenticated' as const, uid: member.id };
    const { rows: deep } = await db.query<{ id: string }>(
      `select id::text from public.audit_events where member_id = $1 order by occurred_at, id limit 1 offset 100`,
      [member.id],
    );
    const queries: Array<[string, string, unknown[]]> = [
      ['my_notifications first page', 'select * from public.my_notifications(null, 20)', []],
      ['unread_notification_count', 'select public.unread_notification_count()', []],
      ['my_activity first page', 'select * from public.my_activity(null, 25)', []],
      ['my_activity page near the oldest', 'select * from public.my_activity($1, 25)', [deep[0]!.id]],
      ['mark_notifications_read (all 500)', 'select public.mark_notifications_read()', []],
    ];
    for (const [name, sql, params] of queries) {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t = performance.now();
        await asCaller(db, caller, (tx) => tx.query(sql, params));
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`${name}: ${times[2]!.toFixed(1)} ms`);
    }
  } finally {
    await db.close();
    await cluster.stop();
  }
}

void main();
