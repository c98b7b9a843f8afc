import { describe, expect, it } from 'vitest';
import { filterSql, ident, Params, RANGE, requestSettingsSql, type Target } from './query';
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

describe('query: per-request settings', () => {
  it("sets the role's own settings first, then search_path, role, claims and request.* as bound values", () => {
    const { sql, values } = requestSettingsSql({
      req: { method: 'GET', path: '/loans', headers: { cookie: 'a=1; b = two', prefer: 'count=exact' } },
      schema: 'api',
      extraSearchPath: ['public', 'api', 'extensions'],
      auth: { role: 'authenticated', claims: { role: 'authenticated', sub: 'u1' } },
      readOnly: true,
      roleSettings: [['statement_timeout', '8s']],
    });
    expect(sql.indexOf('set_config($9, $10, true)')).toBeLessThan(
      sql.indexOf("set_config('role', $2, true)"),
    );
    expect(values).toEqual([
      '"api", "public", "extensions"',
      'authenticated',
      '{"role":"authenticated","sub":"u1"}',
      'GET',
      '/loans',
      '{"cookie":"a=1; b = two","prefer":"count=exact"}',
      '{"a":"1","b":"two"}',
      'on',
      'statement_timeout',
      '8s',
    ]);
  });
});
