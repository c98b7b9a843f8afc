import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DIR, type LocalSupabase } from '../../../../supabase/local/server';
import {
  EngineHarness,
  client,
  openTestWallets,
  restRequest,
  signedInUser,
  verifyAuthenticator,
  waitFor,
  type Engine,
} from '../harness';

/**
 * RLS through every path of the stand-in, on the product's own schema (supabase/migrations), where
 * both sides of each relationship have RLS: profiles ← ledger_entries, deposit_wallets ←
 * deposit_notices. Member A owns the rows; member B, an admin at aal1 and an admin at aal2 reach for
 * them through a plain read, embeds in both directions, `!inner`, a spread, a security-invoker view,
 * exact counts (GET and HEAD), an aggregate and a realtime filter. Only A and the aal2 admin see A's
 * rows; a disabled wallet is hidden from members even when embedded from their own notice.
 */

type Who = 'owner' | 'other' | 'adminAal1' | 'adminAal2';
const CALLERS: Who[] = ['owner', 'other', 'adminAal1', 'adminAal2'];
/** Who may read member A's ledger entries and deposit notices. */
const SEES_OWNER_ROWS: Record<Who, boolean> = {
  owner: true,
  other: false,
  adminAal1: false,
  adminAal2: true,
};
/** Who may read a disabled deposit wallet (members see enabled ones only; admins need aal2). */
const SEES_DISABLED_WALLET: Record<Who, boolean> = {
  owner: false,
  other: false,
  adminAal1: false,
  adminAal2: true,
};
const ENABLED_WALLET = 2;
const DISABLED_WALLET = 7;

export function rlsPathsSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  const tokens = {} as Record<Who, string>;
  const clients = {} as Record<Who, SupabaseClient>;
  let ownerId = '';
  let ownerEntries = 0;
  let ownerSum = '';

  beforeAll(async () => {
    server = await harness.server({ projectDir: DEFAULT_PROJECT_DIR, bcryptCost: 4 });
    await openTestWallets(server);
    const service = client(server, server.serviceRoleKey);
    const owner = await signedInUser(server, 'rls-owner');
    const other = await signedInUser(server, 'rls-other');
    const admin1 = await signedInUser(server, 'rls-admin1');
    const admin2 = await signedInUser(server, 'rls-admin2');
    for (const a of [admin1, admin2]) {
      await server.db.query(`insert into public.admins (user_id) values ($1)`, [a.id]);
    }
    // The aal2 admin answers a TOTP challenge, as the admin area requires.
    await verifyAuthenticator(admin2.client);
    ownerId = owner.id;
    const people = { owner, other, adminAal1: admin1, adminAal2: admin2 };
    for (const who of CALLERS) {
      clients[who] = people[who].client;
      tokens[who] = (await people[who].client.auth.getSession()).data.session?.access_token ?? '';
    }

    // A's rows: operator corrections of two accounts, notices on an enabled wallet and on one disabled later.
    for (const [account, amount] of [
      ['interest_wallet', '100.25'],
      ['referral', '3.50'],
    ] as const) {
      const saved = await service.rpc('operator_post_correction', {
        p_user_id: owner.id,
        p_account: account,
        p_amount: amount,
        p_client_text: 'RLS paths setup',
      });
      if (saved.error) throw saved.error;
    }
    ownerEntries = 2;
    ownerSum = '103.75';
    for (const [wallet, tx] of [
      [ENABLED_WALLET, `0x${'a'.repeat(64)}`],
      [DISABLED_WALLET, `0x${'b'.repeat(64)}`],
    ] as const) {
      const filed = await owner.client.rpc('file_deposit_notice', {
        p_wallet_id: wallet,
        p_quantity: '0.01',
        p_tx_id: tx,
      });
      if (filed.error) throw filed.error;
    }
    await server.db.transaction(async (tx) => {
      await tx.query(`select set_config('lc.change_reason', 'RLS paths: disabled wallet', true)`);
      await tx.query(`update public.deposit_wallets set enabled = false where id = $1`, [DISABLED_WALLET]);
    });
    // A view that runs as its caller, the way a view over RLS tables must be written.
    await server.db.exec(`
      create view public.rls_paths_ledger with (security_invoker = true) as
        select id, user_id, account, delta from public.ledger_entries;
      grant select on public.rls_paths_ledger to authenticated;
    `);
    await server.db.exec(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`);
    await server.reloadRestSchema();
  });
  afterAll(async () => {
    await harness.stop();
  });

  const get = async (who: Who, path: string, init: RequestInit = {}) => {
    const res = await restRequest(server, path, { ...init, token: tokens[who] });
    expect(res.status, `${who} GET ${path}`).toBeLessThan(300);
    return res;
  };
  const rows = async (who: Who, path: string) =>
    (await (await get(who, path)).json()) as Record<string, unknown>[];

  describe(`${engine}: RLS through every REST path`, () => {
    for (const who of CALLERS) {
      const sees = SEES_OWNER_ROWS[who];
      const seesWallet = SEES_DISABLED_WALLET[who];

      it(`${who}: a plain read and a security-invoker view show A's ledger only when allowed`, async () => {
        const plain = await rows(who, `/ledger_entries?select=id&user_id=eq.${ownerId}`);
        expect(plain).toHaveLength(sees ? ownerEntries : 0);
        const viewed = await rows(who, `/rls_paths_ledger?select=id&user_id=eq.${ownerId}`);
        expect(viewed).toHaveLength(sees ? ownerEntries : 0);
      });

      it(`${who}: parent → children embeds (plain and !inner) carry only the children RLS allows`, async () => {
        // The profile is itself RLS-protected: hidden parent, hidden children.
        const profile = await rows(who, `/profiles?select=id,ledger_entries(id)&id=eq.${ownerId}`);
        expect(profile.map((p) => p['id'])).toEqual(sees ? [ownerId] : []);
        if (sees) expect(profile[0]?.['ledger_entries']).toHaveLength(ownerEntries);
        // A wallet every member sees: visible parent, A's notice on it hidden from the others.
        const wallet = await rows(
          who,
          `/deposit_wallets?select=id,deposit_notices(id,user_id)&id=eq.${ENABLED_WALLET}&deposit_notices.user_id=eq.${ownerId}`,
        );
        expect(wallet).toHaveLength(1);
        expect(wallet[0]?.['deposit_notices']).toHaveLength(sees ? 1 : 0);
        const inner = await rows(
          who,
          `/deposit_wallets?select=id,deposit_notices!inner(id)&id=eq.${ENABLED_WALLET}&deposit_notices.user_id=eq.${ownerId}`,
        );
        expect(inner).toHaveLength(sees ? 1 : 0);
      });

      it(`${who}: child → parent embeds, !inner and spreads do not reveal a hidden parent`, async () => {
        const notices = await rows(
          who,
          `/deposit_notices?select=id,wallet_id,deposit_wallets(id,wallet_name)&user_id=eq.${ownerId}&order=wallet_id`,
        );
        expect(notices.map((n) => n['wallet_id'])).toEqual(sees ? [ENABLED_WALLET, DISABLED_WALLET] : []);
        if (sees) {
          expect(notices[0]?.['deposit_wallets']).toMatchObject({ id: ENABLED_WALLET });
          // A's own notice on a wallet A may no longer read: the embedded wallet is null.
          expect(notices[1]?.['deposit_wallets']).toEqual(
            seesWallet ? expect.objectContaining({ id: DISABLED_WALLET }) : null,
          );
        }
        const inner = await rows(
          who,
          `/deposit_notices?select=id,deposit_wallets!inner(id)&user_id=eq.${ownerId}&wallet_id=eq.${DISABLED_WALLET}`,
        );
        expect(inner).toHaveLength(sees && seesWallet ? 1 : 0);
        const spread = await rows(
          who,
          `/deposit_notices?select=id,...deposit_wallets(wallet_name)&user_id=eq.${ownerId}&wallet_id=eq.${DISABLED_WALLET}`,
        );
        expect(spread.map((n) => n['wallet_name'])).toEqual(
          sees ? [seesWallet ? expect.any(String) : null] : [],
        );
        const ledgerUp = await rows(
          who,
          `/ledger_entries?select=id,profiles!inner(id)&user_id=eq.${ownerId}`,
        );
        expect(ledgerUp).toHaveLength(sees ? ownerEntries : 0);
      });

      it(`${who}: exact counts (GET, HEAD, embedded count) count only visible rows`, async () => {
        const want = sees ? ownerEntries : 0;
        const range = (res: Response) => res.headers.get('content-range')?.split('/')[1];
        const path = `/ledger_entries?select=id&user_id=eq.${ownerId}`;
        const counted = await get(who, path, { headers: { Prefer: 'count=exact' } });
        expect(range(counted)).toBe(String(want));
        const head = await get(who, path, { method: 'HEAD', headers: { Prefer: 'count=exact' } });
        expect(range(head)).toBe(String(want));
        const everything = await get(who, `/deposit_notices?select=id&user_id=eq.${ownerId}`, {
          method: 'HEAD',
          headers: { Prefer: 'count=exact' },
        });
        expect(range(everything)).toBe(String(sees ? 2 : 0));
        const embedded = await rows(
          who,
          `/deposit_wallets?select=id,deposit_notices(count)&id=eq.${ENABLED_WALLET}&deposit_notices.user_id=eq.${ownerId}`,
        );
        expect(embedded).toEqual([{ id: ENABLED_WALLET, deposit_notices: [{ count: sees ? 1 : 0 }] }]);
      });

      it(`${who}: an aggregate sums only visible rows`, async () => {
        const sum = await rows(who, `/ledger_entries?select=delta.sum(),id.count()&user_id=eq.${ownerId}`);
        expect(sum).toHaveLength(1);
        expect(sum[0]?.['count']).toBe(sees ? ownerEntries : 0);
        expect(sum[0]?.['sum'] === null ? null : Number(sum[0]?.['sum']).toFixed(2)).toBe(
          sees ? ownerSum : null,
        );
      });
    }
  });

  describe(`${engine}: RLS through a realtime filter`, () => {
    it("a filter on A's rows delivers A's changes to A and the aal2 admin only", async () => {
      const seen: Record<Who, Array<Record<string, unknown>>> = {
        owner: [],
        other: [],
        adminAal1: [],
        adminAal2: [],
      };
      const otherOwn: Array<Record<string, unknown>> = [];
      const channels: RealtimeChannel[] = [];
      const otherId = (await clients.other.auth.getUser()).data.user?.id ?? '';
      for (const who of CALLERS) {
        let channel = clients[who]
          .channel(`rls-paths-${who}`)
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'ledger_entries', filter: `user_id=eq.${ownerId}` },
            (payload) => seen[who].push(payload.new),
          );
        if (who === 'other') {
          channel = channel.on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'ledger_entries', filter: `user_id=eq.${otherId}` },
            (payload) => otherOwn.push(payload.new),
          );
        }
        const statuses: string[] = [];
        channel.subscribe((status) => statuses.push(status));
        await waitFor(() => statuses.includes('SUBSCRIBED'), 10_000, `${who} subscribed`);
        channels.push(channel);
      }
      const service = client(server, server.serviceRoleKey);
      const save = async (id: string, balances: Record<string, string>) => {
        for (const [account, amount] of Object.entries(balances)) {
          const { error } = await service.rpc('operator_post_correction', {
            p_user_id: id,
            p_account: account,
            p_amount: amount,
            p_client_text: 'RLS paths realtime',
            p_plan: account === 'total_invest' ? 'gold' : null,
          });
          if (error) throw error;
        }
      };
      await save(ownerId, { total_invest: '5.00' });
      // B's own change after A's: once B hears its own, A's change has been through the stream.
      await save(otherId, { total_invest: '1.00' });
      await waitFor(
        () => seen.owner.length === 1 && seen.adminAal2.length === 1,
        10_000,
        'A and admin hear A',
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}: heard ${JSON.stringify(seen)}`);
      });
      await waitFor(() => otherOwn.length === 1, 10_000, 'B hears its own change');
      expect(seen.owner[0]).toMatchObject({ user_id: ownerId, account: 'total_invest' });
      expect(seen.adminAal2[0]).toMatchObject({ user_id: ownerId });
      expect(seen.other).toEqual([]);
      expect(seen.adminAal1).toEqual([]);
      for (const channel of channels) await channel.unsubscribe();
    });
  });
}
