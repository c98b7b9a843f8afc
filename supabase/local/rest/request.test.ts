import { describe, expect, it } from 'vitest';
import { parseOrder, parseScopedParams, parseSelect, splitKey } from './request';

describe('request: select with embeds and aggregates', () => {
  it('parses embeds with aliases, hints, join modifiers, spreads and nesting', () => {
    const items = parseSelect(
      'id,author:users!messages_username_fkey!inner(name,...teams(slug)),channels!left()',
    );
    expect(items[0]).toMatchObject({ kind: 'column', column: { name: 'id' } });
    expect(items[1]).toMatchObject({
      kind: 'embed',
      embed: { name: 'users', alias: 'author', hint: 'messages_username_fkey', join: 'inner', spread: false },
    });
    expect(items[1]?.embed?.select[1]).toMatchObject({
      kind: 'embed',
      embed: { name: 'teams', spread: true },
    });
    expect(items[2]).toMatchObject({ kind: 'embed', embed: { name: 'channels', join: 'left', select: [] } });
  });

  it('parses aggregates with input and output casts and aliases', () => {
    expect(parseSelect('total:amount::int.sum()::text, count(), price.avg()')).toEqual([
      {
        kind: 'aggregate',
        aggregate: 'sum',
        column: { name: 'amount', path: [] },
        inputCast: 'int',
        cast: 'text',
        alias: 'total',
      },
      { kind: 'aggregate', aggregate: 'count' },
      { kind: 'aggregate', aggregate: 'avg', column: { name: 'price', path: [] } },
    ]);
    expect(() => parseSelect('sum()')).toThrow(/failed to parse/);
  });

  it('addresses filters, order, limit and logic to embed paths', () => {
    const scopes = parseScopedParams(
      new URLSearchParams(
        'id=eq.1&messages.username=eq.x&messages.order=id.desc&messages.limit=2&messages.users.not.or=(a.eq.1,b.eq.2)&select=*',
      ),
    );
    expect(scopes.get('')?.conditions).toHaveLength(1);
    expect(scopes.get('messages')).toMatchObject({
      limit: 2,
      order: [{ column: { name: 'id' }, direction: 'desc' }],
    });
    expect(scopes.get('messages')?.conditions[0]).toMatchObject({ column: { name: 'username' }, op: 'eq' });
    expect(scopes.get('messages.users')?.conditions[0]).toMatchObject({
      type: 'logic',
      op: 'or',
      negate: true,
    });
  });

  it('keeps JSON paths and quoted names whole when splitting keys', () => {
    expect(splitKey('clients.meta->>a.b')).toEqual(['clients', 'meta->>a.b']);
    expect(splitKey('"a.b"')).toEqual(['"a.b"']);
  });

  it('parses an order on a related column', () => {
    expect(parseOrder('clients(name).desc.nullslast,id')).toEqual([
      { relation: 'clients', column: { name: 'name', path: [] }, direction: 'desc', nulls: 'last' },
      { column: { name: 'id', path: [] }, direction: undefined, nulls: undefined },
    ]);
  });
});
