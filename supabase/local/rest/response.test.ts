import { describe, expect, it } from 'vitest';
import type { ApiRequest } from './api-request';
import { parsePreferences } from './preferences';
import {
  callReply,
  contentRange,
  explainReply,
  jsonRowsToCsv,
  mutationReply,
  plannedRows,
  readReply,
} from './response';

/** The parts of a request the response looks at. */
const request = (
  action: ApiRequest['action'],
  prefer = '',
  media: ApiRequest['media'] = 'json',
): ApiRequest => ({ action, media, preferences: parsePreferences(prefer) }) as ApiRequest;

const page = (pageTotal: number, total: number | undefined, body = '[]') => ({
  pageTotal,
  total,
  inserted: 0,
  body,
});

describe('response: statuses and headers', () => {
  it('writes Content-Range for pages, empty pages and unknown totals', () => {
    expect(contentRange(0, 2, 5)).toBe('0-1/5');
    expect(contentRange(3, 0, 3)).toBe('*/3');
    expect(contentRange(10, 5, undefined)).toBe('10-14/*');
  });

  it('renders rows as CSV with quoting', () => {
    expect(jsonRowsToCsv('[{"a":1,"b":"x, y"},{"a":null,"b":"say \\"hi\\""}]')).toBe(
      'a,b\n1,"x, y"\n,"say ""hi"""',
    );
    expect(jsonRowsToCsv('[]')).toBe('');
  });
});

describe('response: reads', () => {
  it('answers 200 for a whole result and 206 for a counted partial page', () => {
    expect(readReply(request('read'), 0, page(2, undefined), false)).toMatchObject({
      status: 200,
      headers: { 'content-range': '0-1/*' },
    });
    expect(readReply(request('read'), 0, page(2, 5), false)).toMatchObject({
      status: 206,
      headers: { 'content-range': '0-1/5' },
    });
  });

  it('refuses an offset past the rows (416 PGRST103) and a singular read of other than one row (406)', () => {
    expect(() => readReply(request('read'), 7, page(0, 3), false)).toThrow(
      expect.objectContaining({
        status: 416,
        code: 'PGRST103',
        headers: { 'content-range': '*/3' },
      }) as Error,
    );
    expect(() => readReply(request('read', '', 'object'), 0, page(2, undefined), false)).toThrow(
      expect.objectContaining({ status: 406, code: 'PGRST116' }) as Error,
    );
  });
});

describe('response: writes', () => {
  it('answers 201 to an insert, 200 to an upsert that only updated, 204 without representation', () => {
    const inserted = { pageTotal: 1, inserted: 1, body: '[{"id":1}]' };
    const updatedOnly = { ...inserted, inserted: 0 };
    expect(mutationReply(request('insert', 'return=representation'), inserted, false).status).toBe(201);
    expect(
      mutationReply(
        request('upsert', 'return=representation, resolution=merge-duplicates'),
        updatedOnly,
        false,
      ),
    ).toMatchObject({
      status: 200,
      headers: { 'preference-applied': 'return=representation, resolution=merge-duplicates' },
    });
    expect(mutationReply(request('delete'), updatedOnly, false)).toEqual({
      status: 204,
      headers: { 'content-range': '*/*' },
    });
  });

  it('counts in Content-Range when asked, and echoes tx only when it can be honoured', () => {
    const two = { pageTotal: 2, inserted: 0, body: '[{},{}]' };
    expect(
      mutationReply(request('update', 'return=representation, count=exact'), two, false).headers,
    ).toMatchObject({
      'content-range': '0-1/2',
    });
    expect(mutationReply(request('update', 'tx=rollback'), two, true).headers).toMatchObject({
      'preference-applied': 'tx=rollback',
    });
    expect(
      mutationReply(request('update', 'tx=rollback'), two, false).headers?.['preference-applied'],
    ).toBeUndefined();
  });
});

describe('response: calls and plans', () => {
  it('answers a void call 204, a value 200 as is, and pages a set of rows', () => {
    expect(callReply(request('call'), 'void', 0, page(1, undefined))).toEqual({
      status: 204,
      headers: { 'content-range': '*/*' },
    });
    expect(callReply(request('call', 'count=exact'), 'scalar', 0, page(1, undefined, '5'))).toMatchObject({
      status: 200,
      body: '5',
      headers: { 'content-range': '0-0/1' },
    });
    expect(callReply(request('call', '', 'csv'), 'rows', 2, page(1, 3, '[{"n":3}]'))).toMatchObject({
      status: 206,
      body: 'n\n3',
      headers: { 'content-range': '2-2/3' },
    });
  });

  it('answers explain() in the plan media type it was asked for', () => {
    const json = { format: 'json' as const, options: [], accept: '', for: 'text/csv' };
    expect(explainReply(json, [[{ Plan: {} }]])).toEqual({
      status: 200,
      headers: { 'content-type': 'application/vnd.pgrst.plan+json; for="text/csv"; charset=utf-8' },
      body: '[{"Plan":{}}]',
    });
    expect(explainReply({ ...json, format: 'text' }, ['Seq Scan', '  Filter']).body).toBe(
      'Seq Scan\n  Filter',
    );
    expect(plannedRows('[{"Plan":{"Plan Rows":41.6}}]')).toBe(42);
  });
});
