import { describe, expect, it } from 'vitest';
import type { Engine } from '../harness';
import type { RestContext } from './context';

/**
 * Resource embedding as PostgREST documents it (docs "Resource Embedding"): relationships come from
 * foreign keys (and views over tables), to-one embeds are objects or null, to-many embeds arrays.
 */
export function embeddingSection(engine: Engine, ctx: RestContext): void {
  describe(`${engine}: REST embedding`, () => {
    it('embeds many-to-one as an object and one-to-many as an array, nested and aliased', async () => {
      const m2o = await ctx
        .anon()
        .from('messages')
        .select('id, author:users(username, status), channels(slug)')
        .order('id')
        .limit(2);
      expect(m2o.error).toBeNull();
      expect(m2o.data).toEqual([
        { id: 1, author: { username: 'supabot', status: 'ONLINE' }, channels: { slug: 'public' } },
        { id: 2, author: { username: 'supabot', status: 'ONLINE' }, channels: { slug: 'random' } },
      ]);
      const o2m = await ctx
        .anon()
        .from('channels')
        .select('slug, messages(id, users(username))')
        .order('id')
        .order('id', { referencedTable: 'messages' });
      expect(o2m.error).toBeNull();
      expect(o2m.data).toEqual([
        {
          slug: 'public',
          messages: [
            { id: 1, users: { username: 'supabot' } },
            { id: 3, users: { username: 'kiwicopple' } },
          ],
        },
        {
          slug: 'random',
          messages: [
            { id: 2, users: { username: 'supabot' } },
            { id: 4, users: { username: 'awailas' } },
          ],
        },
        { slug: 'empty', messages: [] },
      ]);
    });

    it('embeds one-to-one as an object (or null) from both sides', async () => {
      const { data, error } = await ctx
        .anon()
        .from('channels')
        .select('id, channel_details(details)')
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, channel_details: { details: 'the main channel' } },
        { id: 2, channel_details: null },
        { id: 3, channel_details: null },
      ]);
      const back = await ctx.anon().from('channel_details').select('details, channels(slug)').single();
      expect(back.data).toEqual({ details: 'the main channel', channels: { slug: 'public' } });
    });

    it('embeds many-to-many through a junction table', async () => {
      const { data, error } = await ctx
        .anon()
        .from('products')
        .select('name, categories(name)')
        .order('id')
        .order('id', { referencedTable: 'categories' });
      expect(error).toBeNull();
      expect(data).toEqual([
        { name: 'laptop', categories: [{ name: 'electronics' }, { name: 'portable' }] },
        { name: 'phone', categories: [{ name: 'electronics' }, { name: 'portable' }] },
        { name: 'cable', categories: [{ name: 'electronics' }] },
      ]);
      const reverse = await ctx.anon().from('categories').select('name, products(name)').eq('id', 3);
      expect(reverse.data).toEqual([{ name: 'unused', products: [] }]);
    });

    it('filters, orders and limits inside an embed without filtering the parent', async () => {
      const { data, error } = await ctx
        .anon()
        .from('channels')
        .select('slug, messages(id, message)')
        .eq('messages.username', 'supabot')
        .order('id', { referencedTable: 'messages', ascending: false })
        .limit(1, { referencedTable: 'messages' })
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { slug: 'public', messages: [{ id: 1, message: 'Hello World 👋' }] },
        { slug: 'random', messages: [{ id: 2, message: 'Perfection is attained.' }] },
        { slug: 'empty', messages: [] },
      ]);
      const ranged = await ctx
        .anon()
        .from('users')
        .select('username, messages(id)')
        .eq('username', 'supabot')
        .range(1, 1, { referencedTable: 'messages' })
        .order('id', { referencedTable: 'messages' });
      expect(ranged.data).toEqual([{ username: 'supabot', messages: [{ id: 2 }] }]);
      const orTree = await ctx
        .anon()
        .from('channels')
        .select('id, messages(id)')
        .eq('id', 1)
        .or('id.eq.3,username.eq.nobody', { referencedTable: 'messages' });
      expect(orTree.data).toEqual([{ id: 1, messages: [{ id: 3 }] }]);
    });

    it('!inner filters the parent by the embed; is.null on an embed keeps parents without one', async () => {
      const inner = await ctx
        .anon()
        .from('channels')
        .select('slug, messages!inner(id)')
        .eq('messages.username', 'kiwicopple');
      expect(inner.error).toBeNull();
      expect(inner.data).toEqual([{ slug: 'public', messages: [{ id: 3 }] }]);
      const innerToOne = await ctx
        .anon()
        .from('messages')
        .select('id, channels!inner(slug)')
        .eq('channels.slug', 'random')
        .order('id');
      expect(innerToOne.data).toEqual([
        { id: 2, channels: { slug: 'random' } },
        { id: 4, channels: { slug: 'random' } },
      ]);
      const left = await ctx
        .anon()
        .from('messages')
        .select('id, channels!left(slug)')
        .eq('channels.slug', 'random')
        .order('id');
      expect(left.data?.map((r) => r.channels)).toEqual([null, { slug: 'random' }, null, { slug: 'random' }]);
      const noDetails = await ctx
        .anon()
        .from('channels')
        .select('id, channel_details(id)')
        .is('channel_details', null)
        .order('id');
      expect(noDetails.data).toEqual([
        { id: 2, channel_details: null },
        { id: 3, channel_details: null },
      ]);
      const hasMessages = await ctx
        .anon()
        .from('channels')
        .select('id, messages(id)')
        .eq('messages.username', 'awailas')
        .not('messages', 'is', null)
        .order('id');
      expect(hasMessages.data).toEqual([{ id: 2, messages: [{ id: 4 }] }]);
      const filterOnly = await ctx
        .anon()
        .from('channels')
        .select('id, messages!inner()')
        .eq('messages.id', 4);
      expect(filterOnly.data).toEqual([{ id: 2 }]);
    });

    it('disambiguates by foreign key name or column, and answers PGRST201 / PGRST200 as PostgREST', async () => {
      const ambiguous = await ctx.anon().from('best_friends').select('id, users(username)');
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.error?.code).toBe('PGRST201');
      expect(ambiguous.error?.message).toBe(
        "Could not embed because more than one relationship was found for 'best_friends' and 'users'",
      );
      expect(ambiguous.error?.hint).toBe(
        "Try changing 'users' to one of the following: 'users!best_friends_first_user_fkey', 'users!best_friends_second_user_fkey', 'users!best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key.",
      );
      expect(ambiguous.error?.details).toContainEqual({
        cardinality: 'many-to-one',
        embedding: 'best_friends with users',
        relationship: 'best_friends_first_user_fkey using best_friends(first_user) and users(username)',
      });
      const hinted = await ctx
        .anon()
        .from('best_friends')
        .select(
          'id, first:users!best_friends_first_user_fkey(username), second:users!second_user(username), third:users!third_wheel(username)',
        )
        .order('id');
      expect(hinted.error).toBeNull();
      expect(hinted.data).toEqual([
        {
          id: 1,
          first: { username: 'supabot' },
          second: { username: 'kiwicopple' },
          third: { username: 'awailas' },
        },
        { id: 2, first: { username: 'supabot' }, second: { username: 'dragarcia' }, third: null },
      ]);
      const none = await ctx.anon().from('products').select('id, messages(id)');
      expect(none.status).toBe(400);
      expect(none.error).toMatchObject({
        code: 'PGRST200',
        message: "Could not find a relationship between 'products' and 'messages' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'products' and 'messages' in the schema 'public', but no matches were found.",
      });
      const badHint = await ctx.anon().from('messages').select('id, users!nope(username)');
      expect(badHint.error?.code).toBe('PGRST200');
      expect(badHint.error?.details).toContain("using the hint 'nope'");
    });

    it('follows a self-reference: the column name gives the parent, the table name the children', async () => {
      const { data, error } = await ctx
        .anon()
        .from('collections')
        .select('description, parent:parent_id(description), children:collections(description)')
        .eq('id', 2)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({
        description: 'child a',
        parent: { description: 'root' },
        children: [{ description: 'grandchild' }],
      });
    });

    it('spreads a to-one embed into the parent, and a to-many one as arrays (PostgREST 13)', async () => {
      const { data, error } = await ctx
        .anon()
        .from('messages')
        .select('id, ...users(username, status), ...channels(channel_slug:slug)')
        .eq('id', 3)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ id: 3, username: 'kiwicopple', status: 'OFFLINE', channel_slug: 'public' });
      const toMany = await ctx
        .anon()
        .from('channels')
        .select('id, ...messages(message_ids:id)')
        .in('id', [1, 3])
        .order('id')
        .order('id', { referencedTable: 'messages' });
      expect(toMany.error).toBeNull();
      expect(toMany.data).toEqual([
        { id: 1, message_ids: [1, 3] },
        { id: 3, message_ids: [] },
      ]);
    });

    it('reads computed fields (functions of the row) like columns, in embeds too', async () => {
      const { data, error } = await ctx
        .anon()
        .from('users')
        .select('username, messages(id, message_preview)')
        .eq('username', 'kiwicopple');
      expect(error).toBeNull();
      expect(data).toEqual([{ username: 'kiwicopple', messages: [{ id: 3, message_preview: 'Some' }] }]);
      const filtered = await ctx.anon().from('messages').select('id').eq('message_preview', 'Last');
      expect(filtered.data).toEqual([{ id: 4 }]);
    });

    it('orders the parent by a to-one embed column and refuses to order by a to-many one', async () => {
      const { data, error } = await ctx
        .anon()
        .from('messages')
        .select('id, channels(slug)')
        .order('channels(slug)', { ascending: false })
        .order('id');
      expect(error).toBeNull();
      expect(data?.map((r) => r.id)).toEqual([2, 4, 1, 3]);
      const raw = await ctx.rest('/channels?select=id,messages(id)&order=messages(id)');
      expect(raw.status).toBe(400);
      expect(((await raw.json()) as { code: string }).code).toBe('PGRST118');
      const notEmbedded = await ctx.rest('/channels?select=id&messages.id=eq.1');
      expect(notEmbedded.status).toBe(400);
      expect(((await notEmbedded.json()) as { code: string }).code).toBe('PGRST108');
    });

    it('embeds through a view over a table, in both directions', async () => {
      const fromView = await ctx
        .anon()
        .from('recent_messages')
        .select('id, users(username), channels(slug)')
        .order('id')
        .limit(1);
      expect(fromView.error).toBeNull();
      expect(fromView.data).toEqual([
        { id: 2, users: { username: 'supabot' }, channels: { slug: 'random' } },
      ]);
      const toView = await ctx
        .anon()
        .from('users')
        .select('username, recent_messages(id)')
        .eq('username', 'supabot');
      expect(toView.data).toEqual([{ username: 'supabot', recent_messages: [{ id: 2 }] }]);
    });

    it("embeds from a function's rows when it returns a table's row type", async () => {
      const { data, error } = await ctx
        .anon()
        .rpc('channel_messages', { p_channel: 2 })
        .select('id, users(status), channels!inner(slug)')
        .eq('users.status', 'OFFLINE')
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 2, users: null, channels: { slug: 'random' } },
        { id: 4, users: null, channels: { slug: 'random' } },
      ]);
      const inner = await ctx
        .anon()
        .rpc('channel_messages', { p_channel: 1 })
        .select('id, users!inner(username)')
        .eq('users.username', 'kiwicopple');
      expect(inner.data).toEqual([{ id: 3, users: { username: 'kiwicopple' } }]);
    });

    it('returns embeds in the representation of a write', async () => {
      const u = ctx.service();
      const { data, error } = await u
        .from('messages')
        .insert({ id: 50, message: 'embedded', username: 'awailas', channel_id: 2 })
        .select('id, users(status), channels(slug)')
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ id: 50, users: { status: 'ONLINE' }, channels: { slug: 'random' } });
      const updated = await u
        .from('messages')
        .update({ message: 'changed' })
        .eq('id', 50)
        .select('message, channels(slug)');
      expect(updated.data).toEqual([{ message: 'changed', channels: { slug: 'random' } }]);
      await u.from('messages').delete().eq('id', 50);
    });
  });
}
