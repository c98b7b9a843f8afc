import { describe, expect, it } from 'vitest';
import { parseFilter } from './request';
import { Params } from './query';
import type { RelationInfo } from './schema-cache';
import { insertSql, mutationWhereSql, requestSettingsSql } from './statements';

const loans: RelationInfo = {
  schema: 'public',
  name: 'loans',
  kind: 'r',
  columns: new Map(['id', 'amount'].map((c) => [c, { name: c, type: 'integer', typname: 'int4' }])),
  columnOrder: ['id', 'amount'],
  primaryKey: ['id'],
  uniqueKeys: [['id']],
};

describe('statements: writes', () => {
  it('upserts on the primary key unless on_conflict names columns, binding the rows as one value', () => {
    const params = new Params();
    const payload = { keys: ['id', 'amount'], rows: [{ id: 1, amount: 5 }] };
    expect(insertSql(loans, payload, { resolution: 'merge-duplicates' }, undefined, params)).toBe(
      'insert into "public"."loans" as pgrst_t ("id", "amount") select "id", "amount" from json_populate_recordset(null::"public"."loans", $1::json) on conflict ("id") do update set "id" = excluded."id", "amount" = excluded."amount"',
    );
    expect(params.values).toEqual(['[{"id":1,"amount":5}]']);
    expect(insertSql(loans, payload, { resolution: 'ignore-duplicates' }, ['amount'], new Params())).toMatch(
      /on conflict \("amount"\) do nothing$/,
    );
    expect(() =>
      insertSql(loans, payload, { resolution: 'ignore-duplicates' }, ['nope'], new Params()),
    ).toThrow(
      expect.objectContaining({ code: '42703', message: 'column loans.nope does not exist' }) as Error,
    );
  });

  it('refuses an update or delete without a filter, as pg-safeupdate does (21000)', () => {
    expect(() => mutationWhereSql(loans, [], new Params(), 'DELETE')).toThrow(
      expect.objectContaining({
        status: 400,
        code: '21000',
        message: 'DELETE requires a WHERE clause',
      }) as Error,
    );
    expect(mutationWhereSql(loans, [parseFilter('id', 'eq.3')], new Params(), 'UPDATE')).toBe(
      'pgrst_t."id" = $1',
    );
  });
});

describe('statements: per-request settings', () => {
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
