import { describe, expect, it } from 'vitest';
import type { Engine } from '../harness';
import type { RestContext } from './context';

/**
 * The server's caps and settings at depth, as hosted applies them. `max_rows` (1000) caps the top
 * level of a read and a set-returning rpc, whatever limit the request asks for, and never an embedded
 * list (PostgREST restricts the root node's range only), whose own limit still applies. Role settings
 * from `alter role … set` apply per request with PostgreSQL's precedence: the role's setting for this
 * database over its global one, another database's never; the authenticator's `pgrst.*` settings
 * (PostgREST's in-database configuration) the same way.
 */
export function depthSection(engine: Engine, ctx: RestContext): void {
  describe(`${engine}: REST caps and settings at depth`, () => {
    const CHANNEL = 900;
    const MESSAGES = 1005;

    it('max_rows caps the top level and set-returning rpcs, never an embedded list', async () => {
      const service = ctx.service();
      expect((await service.from('channels').insert({ id: CHANNEL, slug: 'deep' })).error).toBeNull();
      const rows = Array.from({ length: MESSAGES }, (_, i) => ({
        message: `deep ${i}`,
        username: 'supabot',
        channel_id: CHANNEL,
      }));
      expect((await service.from('messages').insert(rows)).error).toBeNull();
      try {
        const top = await ctx.anon().from('messages').select('id').eq('channel_id', CHANNEL).limit(5000);
        expect(top.data?.length).toBe(1000);
        const rpc = await ctx.anon().rpc('channel_messages', { p_channel: CHANNEL });
        expect((rpc.data as unknown[] | null)?.length).toBe(1000);
        // One level down, and two (channel → messages → their user): the whole list.
        const nested = await ctx
          .anon()
          .from('channels')
          .select('slug, messages(id)')
          .eq('id', CHANNEL)
          .single();
        expect(nested.error).toBeNull();
        expect((nested.data as { messages: unknown[] }).messages.length).toBe(MESSAGES);
        const deeper = await ctx
          .anon()
          .from('users')
          .select('username, messages(id, channels(slug))')
          .eq('username', 'supabot')
          .eq('messages.channel_id', CHANNEL)
          .single();
        expect(deeper.error).toBeNull();
        // supabase-js types a to-one embed as a list without the schema; the server answers one object.
        const list = (deeper.data as unknown as { messages: { channels: { slug: string } }[] }).messages;
        expect(list.length).toBe(MESSAGES);
        expect(new Set(list.map((m) => m.channels.slug))).toEqual(new Set(['deep']));
        // An embed's own limit still holds.
        const limited = await ctx
          .anon()
          .from('channels')
          .select('slug, messages(id)')
          .eq('id', CHANNEL)
          .limit(3, { referencedTable: 'messages' })
          .single();
        expect((limited.data as { messages: unknown[] }).messages.length).toBe(3);
      } finally {
        await service.from('messages').delete().eq('channel_id', CHANNEL);
        await service.from('channels').delete().eq('id', CHANNEL);
      }
    });

    /** `alter role` for this database (current_database()), for another one, or for all. */
    const alter = (role: string, where: 'this' | 'template1' | 'all', clause: string) =>
      ctx
        .server()
        .db.exec(
          where === 'all'
            ? `alter role ${role} ${clause}`
            : `do $$ begin execute format('alter role ${role} in database %I ${clause.replaceAll("'", "''")}', ${
                where === 'this' ? 'current_database()' : "'template1'"
              }); end $$`,
        );
    const timeout = async () =>
      (await ctx.anon().rpc('setting', { p_name: 'statement_timeout' })).data as string;

    it("a role's setting for this database wins over its global one; another database's never applies", async () => {
      const server = ctx.server();
      const before = await timeout();
      try {
        await alter('anon', 'template1', `set statement_timeout = '111ms'`);
        await alter('anon', 'all', `set statement_timeout = '300ms'`);
        await server.reloadRestSchema();
        expect(await timeout()).toBe('300ms');
        await alter('anon', 'this', `set statement_timeout = '200ms'`);
        await server.reloadRestSchema();
        expect(await timeout()).toBe('200ms');
        // Another role's settings stay its own.
        await alter('authenticated', 'this', `set statement_timeout = '250ms'`);
        await server.reloadRestSchema();
        expect(await timeout()).toBe('200ms');
        // Without the database's setting, the global one again.
        await alter('anon', 'this', 'reset statement_timeout');
        await server.reloadRestSchema();
        expect(await timeout()).toBe('300ms');
      } finally {
        for (const where of ['this', 'template1'] as const) {
          await alter('anon', where, 'reset statement_timeout');
        }
        // Back to the global setting the server starts with (anon 3 s, as hosted).
        await alter('anon', 'all', `set statement_timeout = '${before}'`);
        await alter('authenticated', 'this', 'reset statement_timeout');
        await server.reloadRestSchema();
      }
      expect(await timeout()).toBe(before);
    });

    it("the authenticator's in-database configuration for this database wins over its global one", async () => {
      const server = ctx.server();
      const aggregates = async () => (await ctx.anon().from('products').select('price.sum()')).status;
      try {
        await alter('authenticator', 'all', `set pgrst.db_aggregates_enabled = 'false'`);
        await alter('authenticator', 'this', `set pgrst.db_aggregates_enabled = 'true'`);
        await server.reloadRestSchema();
        expect(await aggregates()).toBe(200);
        await alter('authenticator', 'all', `set pgrst.db_aggregates_enabled = 'true'`);
        await alter('authenticator', 'this', `set pgrst.db_aggregates_enabled = 'false'`);
        await server.reloadRestSchema();
        expect(await aggregates()).toBe(400);
      } finally {
        await alter('authenticator', 'this', 'reset pgrst.db_aggregates_enabled');
        await alter('authenticator', 'all', 'reset pgrst.db_aggregates_enabled');
        await server.reloadRestSchema();
      }
      expect(await aggregates()).toBe(400);
    });
  });
}
