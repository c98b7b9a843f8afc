import { describe, expect, it } from 'vitest';
import { findRelationship } from './plan';
import type { RelationInfo, Relationship, SchemaCache } from './schema-cache';

const table = (name: string): RelationInfo => ({
  schema: 'public',
  name,
  kind: 'r',
  columns: new Map(),
  columnOrder: [],
  primaryKey: ['id'],
  uniqueKeys: [['id']],
});

const m2o = (origin: string, target: string, constraint: string, column: string): Relationship => ({
  cardinality: 'many-to-one',
  origin: `public.${origin}`,
  target: `public.${target}`,
  constraint,
  originColumns: [column],
  targetColumns: ['id'],
  isSelf: origin === target,
  foreignKeyOnOrigin: true,
  targetIsView: false,
});

/** A cache holding only relationships: findRelationship needs nothing else. */
const cacheWith = (rels: Relationship[]): SchemaCache =>
  ({
    relationshipsFrom: (origin: string) => rels.filter((r) => r.origin === origin),
  }) as unknown as SchemaCache;

describe('plan: relationship resolution', () => {
  const friends = [
    m2o('best_friends', 'users', 'best_friends_first_user_fkey', 'first_user'),
    m2o('best_friends', 'users', 'best_friends_second_user_fkey', 'second_user'),
  ];

  it('answers PGRST201 (300) with every candidate when two keys lead to the same table', () => {
    try {
      findRelationship(cacheWith(friends), table('best_friends'), {
        name: 'users',
        spread: false,
        select: [],
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ status: 300, code: 'PGRST201' });
      expect((error as { details: unknown[] }).details).toHaveLength(2);
    }
  });

  it('picks one by constraint name or by column name', () => {
    const cache = cacheWith(friends);
    const byName = findRelationship(cache, table('best_friends'), {
      name: 'users',
      hint: 'best_friends_second_user_fkey',
      spread: false,
      select: [],
    });
    expect(byName.originColumns).toEqual(['second_user']);
    const byColumn = findRelationship(cache, table('best_friends'), {
      name: 'users',
      hint: 'first_user',
      spread: false,
      select: [],
    });
    expect(byColumn.constraint).toBe('best_friends_first_user_fkey');
  });

  it('answers PGRST200 (400) when nothing relates the two', () => {
    expect(() =>
      findRelationship(cacheWith(friends), table('best_friends'), {
        name: 'channels',
        spread: false,
        select: [],
      }),
    ).toThrow(expect.objectContaining({ status: 400, code: 'PGRST200' }) as Error);
  });

  it('resolves a self-reference: the column names the parent, the table its children', () => {
    const parent = m2o('collections', 'collections', 'collections_parent_id_fkey', 'parent_id');
    const children: Relationship = {
      ...parent,
      cardinality: 'one-to-many',
      originColumns: ['id'],
      targetColumns: ['parent_id'],
      foreignKeyOnOrigin: false,
    };
    const cache = cacheWith([parent, children]);
    expect(
      findRelationship(cache, table('collections'), { name: 'parent_id', spread: false, select: [] })
        .cardinality,
    ).toBe('many-to-one');
    expect(
      findRelationship(cache, table('collections'), { name: 'collections', spread: false, select: [] })
        .cardinality,
    ).toBe('one-to-many');
  });
});
