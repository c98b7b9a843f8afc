/**
 * No realtime event names another member (issue 30). Realtime filters INSERT and UPDATE by RLS but
 * not DELETE: a deleted row's primary key goes to every subscriber (hosted Realtime documents this,
 * the local server does the same). The project therefore publishes no DELETE and lifts freezes by an
 * update. This test runs the local server on the project's own migrations, on both engines:
 * member B subscribes to every table of the publication (read from the catalogue, so a table added
 * later is covered) while member A's account goes through freezes, lifts, notices, holds, addresses,
 * withdrawals and notifications trimmed past the cap. A receives their own events (the feed is
 * live); B must receive none. And a support staff member at aal2 hears none of the money history
 * (transfers, ledger lines, proposals) that a finance admin hears.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DIR, type LocalSupabase } from '../../../../supabase/local/server';
import { testTxId } from '../../../support/tx-id';
import {
  EngineHarness,
  openTestWallets,
  signedInUser,
  sleep,
  verifyAuthenticator,
  waitFor,
  type Engine,
} from '../harness';

interface Seen {
  table: string;
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

async function subscribeToAll(c: SupabaseClient, name: string, tables: string[]) {
  const seen: Seen[] = [];
  const statuses: string[] = [];
  let channel: RealtimeChannel = c.channel(name);
  for (const table of tables) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table } as never, (p: Seen) =>
      seen.push(p),
    );
  }
  channel.subscribe((status) => statuses.push(status));
  await waitFor(() => statuses.includes('SUBSCRIBED'), 15000, `${name} SUBSCRIBED`);
  return { channel, seen };
}

/** A signed-in staff member of the role, at aal2 (an authenticator verified). */
async function staffAtAal2(server: LocalSupabase, tag: string, role: string) {
  const staff = await signedInUser(server, tag);
  await server.db.query(`insert into public.admins (user_id, role) values ($1, $2)`, [staff.id, role]);
  await verifyAuthenticator(staff.client);
  return staff;
}

describe.each(['pglite', 'postgres'] as Engine[])('realtime names no other member (%s)', (engine) => {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;

  beforeAll(async () => {
    server = await harness.server({ projectDir: DEFAULT_PROJECT_DIR, bcryptCost: 4 });
    await openTestWallets(server);
  }, 120_000);
  afterAll(async () => {
    await harness.stop();
  });

  it('publishes no DELETE from any table', async () => {
    const { rows } = await server.db.query<{ pubdelete: boolean }>(
      `select pubdelete from pg_publication where pubname = 'supabase_realtime'`,
    );
    expect(rows).toEqual([{ pubdelete: false }]);
  });

  it("sends member B nothing of member A's freezes, lifts, holds, notices, addresses, withdrawals and notifications", async () => {
    const tables = (
      await server.db.query<{ tablename: string }>(
        `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by 1`,
      )
    ).rows.map((r) => r.tablename);
    expect(tables).toEqual(expect.arrayContaining(['withdrawal_freezes', 'notifications', 'security_holds']));
    const a = await signedInUser(server, 'rt-privacy-a');
    const b = await signedInUser(server, 'rt-privacy-b');
    const subA = await subscribeToAll(a.client, 'privacy-a', tables);
    const subB = await subscribeToAll(b.client, 'privacy-b', tables);
    const db = server.db;

    // A freezes, and staff lift it (an update now, never a delete).
    expect((await a.client.rpc('freeze_withdrawals', { p_reason: 'lost phone' })).error).toBeNull();
    await db.query(
      `update public.withdrawal_freezes set lifted_at = now(), lifted_by = $2 where user_id = $1 and lifted_at is null`,
      [a.id, b.id],
    );
    // A files a deposit notice and changes the password (a security hold, its notices and mail).
    expect(
      (
        await a.client.rpc('file_deposit_notice', {
          p_wallet_id: 1,
          p_quantity: '0.0001',
          p_tx_id: testTxId('privacy'),
        })
      ).error,
    ).toBeNull();
    expect((await a.client.auth.updateUser({ password: 'another-horse-2' })).error).toBeNull();
    await db.query(`update public.security_holds set hold_until = started_at where user_id = $1`, [a.id]);
    // An address-book entry (past its cooling-off), a withdrawal to it, then the entry removed.
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'service_role', true),
        set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
      await tx.query(`select public.operator_post_correction($1, 'interest_wallet', '50.00', 'opening')`, [
        a.id,
      ]);
    });
    const entry = (
      await db.query<{ id: string }>(
        `insert into public.withdrawal_addresses (user_id, wallet_id, address, label, created_at, usable_from)
         values ($1, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'Cold', now() - interval '2 days', now() - interval '1 day')
         returning id`,
        [a.id],
      )
    ).rows[0]!.id;
    const filed = await a.client.rpc('file_withdrawal_request', {
      p_wallet_id: 1,
      p_account: 'interest_wallet',
      p_amount: '5.00',
      p_destination_address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });
    expect(filed.error).toBeNull();
    expect((await a.client.rpc('remove_withdrawal_address', { p_id: Number(entry) })).error).toBeNull();
    // A's notifications trimmed past the cap: the oldest rows are deleted.
    const before = (
      await db.query<{ n: string }>(`select count(*) as n from public.notifications where user_id = $1`, [
        a.id,
      ])
    ).rows[0]!.n;
    await db.query(
      `delete from public.notifications where id = (select min(id) from public.notifications where user_id = $1)`,
      [a.id],
    );
    expect(Number(before)).toBeGreaterThan(0);

    // A hears about their own account on several tables; B hears nothing at all.
    await waitFor(
      () => new Set(subA.seen.map((s) => s.table)).size >= 5 && subA.seen.length >= 10,
      15000,
      "A's own events",
    );
    await sleep(500);
    expect(subA.seen.every((s) => JSON.stringify(s).includes(a.id) || s.table === 'profiles')).toBe(true);
    expect(subB.seen.map((s) => `${s.table} ${s.eventType}`)).toEqual([]);
    expect(JSON.stringify(subB.seen)).not.toContain(a.id);
  }, 60_000);

  it('sends support staff none of the money history a finance admin hears: transfers, ledger lines, proposals', async () => {
    const tables = ['transfers', 'ledger_entries', 'staff_proposals'];
    const member = await signedInUser(server, 'rt-money-member');
    const support = await staffAtAal2(server, 'rt-money-support', 'support');
    const finance = await staffAtAal2(server, 'rt-money-finance', 'finance');
    const heardBySupport = await subscribeToAll(support.client, 'money-support', tables);
    const heardByFinance = await subscribeToAll(finance.client, 'money-finance', tables);
    // A correction proposed (a pending transfer), then posted by the operator (ledger lines), and
    // the member's freeze lift proposed (a staff proposal).
    const proposed = await finance.client.rpc('propose_correction', {
      p_user_id: member.id,
      p_account: 'referral',
      p_amount: '7.00',
      p_category: 'goodwill',
      p_client_text: 'A goodwill credit',
    });
    expect(proposed.error).toBeNull();
    await server.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'service_role', true),
        set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
      await tx.query(`select public.operator_post_correction($1, 'interest_wallet', '50.00', 'opening')`, [
        member.id,
      ]);
    });
    expect((await member.client.rpc('freeze_withdrawals', { p_reason: 'lost phone' })).error).toBeNull();
    const unfreeze = await finance.client.rpc('propose_staff_change', {
      p_kind: 'unfreeze',
      p_target: member.id,
      p_payload: {},
      p_reason: 'phone found',
    });
    expect(unfreeze.error).toBeNull();

    await waitFor(
      () => tables.every((t) => heardByFinance.seen.some((s) => s.table === t)),
      15000,
      'finance hears each table',
    );
    await sleep(500);
    expect(heardBySupport.seen.map((s) => `${s.table} ${s.eventType}`)).toEqual([]);
  }, 60_000);
});
