import { describe, expect, it } from 'vitest';
import { filterSql, ident, Params, RANGE, type Target } from './query';
import { parseFilter } from './request';

const target: Target = { columns: undefined, label: 't' };

describe('query: filters', () => {
  it('maps nxr to &< and nxl to &> (rangeLte / rangeGte), as PostgREST does', () => {
    expect(RANGE['nxr']).toBe('&<');
    expect(RANGE['nxl']).toBe('&>');
    const params = new Params();
    expect(filterSql(target, parseFilter('r', 'nxl.[1,5]'), params)).toBe('pgrst_t."r" &> $1');
    expect(filterSql(target, parseFilter('r', 'nxr.[1,5]'), params)).toBe('pgrst_t."r" &< $2');
    expect(params.values).toEqual(['[1,5]', '[1,5]']);
  });

  it('binds every value and quotes identifiers', () => {
    const params = new Params();
    const sql = filterSql(target, parseFilter('"my col"', "eq.x'; drop table t; --"), params, 'pgrst_1');
    expect(sql).toBe('pgrst_1."my col" = $1');
    expect(ident('na"me')).toBe('"na""me"');
    expect(params.values).toEqual(["x'; drop table t; --"]);
  });

  it('resolves computed fields to a call on the row and refuses unknown columns', () => {
    const withComputed: Target = {
      columns: new Map([['id', { name: 'id', type: 'integer', typname: 'int4' }]]),
      label: 'messages',
      computed: new Map([['preview', '"public"."preview"']]),
    };
    const params = new Params();
    expect(filterSql(withComputed, parseFilter('preview', 'eq.x'), params)).toBe(
      '"public"."preview"(pgrst_t) = $1',
    );
    expect(() => filterSql(withComputed, parseFilter('nope', 'eq.x'), params)).toThrow(
      'column messages.nope does not exist',
    );
  });
});
