import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { GatewayRequest } from '../gateway/http';
import { acceptedMediaType, parseApiRequest, parseExplain, parseRange, type ApiRequest } from './api-request';

const SCHEMAS = ['public', 'graphql_public'];

function request(
  method: string,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  body = '',
): GatewayRequest {
  const url = new URL(pathAndQuery, 'http://local');
  return {
    method,
    path: url.pathname,
    query: url.searchParams,
    headers,
    bearer: undefined,
    body,
    bytes: Buffer.from(body),
    raw: {} as IncomingMessage,
  };
}

const parse = (...args: Parameters<typeof request>): ApiRequest => parseApiRequest(request(...args), SCHEMAS);

describe('api-request: action and target', () => {
  it('maps method and path to what is asked', () => {
    expect(parse('GET', '/loans')).toMatchObject({
      action: 'read',
      target: { kind: 'relation', name: 'loans' },
    });
    expect(parse('HEAD', '/loans')).toMatchObject({ action: 'read', headersOnly: true });
    expect(parse('POST', '/loans', {}, '{"a":1}').action).toBe('insert');
    expect(parse('POST', '/loans', { prefer: 'resolution=merge-duplicates' }, '{"a":1}').action).toBe(
      'upsert',
    );
    expect(parse('PATCH', '/loans?id=eq.1', {}, '{"a":1}').action).toBe('update');
    expect(parse('DELETE', '/loans?id=eq.1').action).toBe('delete');
    expect(parse('OPTIONS', '/loans').action).toBe('info');
    expect(parse('GET', '/rpc/my%20fn')).toMatchObject({
      action: 'call',
      target: { kind: 'function', name: 'my fn' },
    });
    expect(parse('GET', '/').action).toBe('root');
  });

  it('refuses other methods (PGRST117) and nested paths (PGRST125)', () => {
    expect(() => parse('PUT', '/loans')).toThrow(
      expect.objectContaining({ status: 405, code: 'PGRST117' }) as Error,
    );
    expect(() => parse('DELETE', '/rpc/repay')).toThrow(
      expect.objectContaining({ code: 'PGRST117' }) as Error,
    );
    expect(() => parse('GET', '/loans/1')).toThrow(
      expect.objectContaining({ status: 404, code: 'PGRST125' }) as Error,
    );
  });

  it('takes the schema from Accept-Profile on reads and Content-Profile on writes (PGRST106 if not exposed)', () => {
    expect(parse('GET', '/loans', { 'accept-profile': 'graphql_public' }).schema).toBe('graphql_public');
    expect(parse('DELETE', '/loans?id=eq.1', { 'content-profile': 'graphql_public' }).schema).toBe(
      'graphql_public',
    );
    expect(() => parse('GET', '/loans', { 'accept-profile': 'auth' })).toThrow(
      expect.objectContaining({ status: 406, code: 'PGRST106' }) as Error,
    );
  });
});

describe('api-request: query, preferences and media', () => {
  it('parses select, filters per embed, order and limit into the request', () => {
    const api = parse(
      'GET',
      '/loans?select=id,clients(name)&amount=gt.5&clients.name=eq.x&order=id.desc&limit=2',
    );
    expect(api.select.map((i) => i.kind)).toEqual(['column', 'embed']);
    expect(api.scopes.get('')?.conditions).toHaveLength(1);
    expect(api.scopes.get('')).toMatchObject({ limit: 2, order: [{ direction: 'desc' }] });
    expect(api.scopes.get('clients')?.conditions).toHaveLength(1);
  });

  it('refuses a malformed query with PGRST100', () => {
    expect(() => parse('GET', '/loans?amount=5')).toThrow(
      expect.objectContaining({ code: 'PGRST100' }) as Error,
    );
    expect(() => parse('GET', '/loans?limit=ten')).toThrow(
      expect.objectContaining({ code: 'PGRST100' }) as Error,
    );
  });

  it('keeps the typed preferences and refuses invalid ones under handling=strict', () => {
    expect(parse('GET', '/loans', { prefer: 'count=exact, foo' }).preferences).toEqual({
      count: 'exact',
      invalid: ['foo'],
    });
    expect(() => parse('GET', '/loans', { prefer: 'handling=strict, foo=bar' })).toThrow(
      expect.objectContaining({ code: 'PGRST122' }) as Error,
    );
  });

  it('reads the media type, the Range header of reads, and explain', () => {
    const api = parse('GET', '/loans', { accept: 'text/csv', range: '10-19' });
    expect(api).toMatchObject({ media: 'csv', range: { offset: 10, limit: 10 }, explain: undefined });
    expect(parse('DELETE', '/loans?id=eq.1', { range: '5-1' }).range).toBeUndefined();
    expect(
      parse('GET', '/loans', { accept: 'application/vnd.pgrst.plan+json; for="application/json"' }).explain,
    ).toEqual({
      format: 'json',
      options: [],
      accept: 'application/vnd.pgrst.plan+json; for="application/json"',
      for: 'application/json',
    });
  });
});

describe('api-request: payload', () => {
  it('takes the rows of an insert with their common keys, or the keys ?columns= names', () => {
    expect(parse('POST', '/loans', {}, '[{"a":1,"b":2},{"b":3,"a":4}]').insert).toEqual({
      keys: ['a', 'b'],
      rows: [
        { a: 1, b: 2 },
        { b: 3, a: 4 },
      ],
    });
    expect(parse('POST', '/loans?columns=a', {}, '[{"a":1,"b":2},{"c":3}]').insert?.keys).toEqual(['a']);
    expect(
      parse('POST', '/loans?on_conflict=a,b', { prefer: 'resolution=ignore-duplicates' }, '{"a":1}')
        .onConflict,
    ).toEqual(['a', 'b']);
  });

  it('refuses bodies PostgREST refuses (PGRST102, PGRST107)', () => {
    const refused = (
      method: string,
      path: string,
      body: string,
      headers: Record<string, string> = {},
    ): unknown => {
      try {
        parse(method, path, headers, body);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refused('POST', '/loans', '[{"a":1},{"b":2}]')).toMatchObject({
      code: 'PGRST102',
      message: 'All object keys must match',
    });
    expect(refused('POST', '/loans', '[{},{}]')).toMatchObject({
      message: 'Bulk insert of empty objects is not supported',
    });
    expect(refused('POST', '/loans', '{"a":')).toMatchObject({ status: 400, code: 'PGRST102' });
    expect(refused('POST', '/loans', '')).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    expect(refused('PATCH', '/loans?id=eq.1', '[{"a":1}]')).toMatchObject({ code: 'PGRST102' });
    expect(refused('POST', '/rpc/repay', '[1]')).toMatchObject({ code: 'PGRST102' });
    expect(
      refused('POST', '/loans', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    ).toMatchObject({
      status: 415,
      code: 'PGRST107',
    });
  });

  it("keeps a GET call's root keys aside: arguments or filters, once the function is known", () => {
    const api = parse('GET', '/rpc/loans_of?client=7&amount=gt.5&order=id');
    expect(api.callParams.map((p) => [p.key, p.value])).toEqual([
      ['client', '7'],
      ['amount', 'gt.5'],
    ]);
    // `7` is no filter: the error waits until the plan knows whether `client` is an argument.
    expect(api.callParams[0]?.filter).toMatchObject({ code: 'PGRST100' });
    expect(api.callParams[1]?.filter).toMatchObject({ type: 'filter', op: 'gt', value: '5' });
    expect(api.scopes.get('')?.conditions).toEqual([]);
    expect(parse('POST', '/rpc/repay', {}, '{"loan_id":1}').callBody).toEqual({ loan_id: 1 });
  });
});

describe('api-request: Range, Accept and explain', () => {
  it('parses Range as offset and limit, with PGRST103 for a reversed range', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRange('items=5-')).toEqual({ offset: 5, limit: undefined });
    expect(parseRange(undefined)).toBeUndefined();
    expect(parseRange('bytes=a-b')).toBeUndefined();
    expect(() => parseRange('9-0')).toThrow(
      expect.objectContaining({ status: 416, code: 'PGRST103' }) as Error,
    );
  });

  it('recognises the singular and CSV media types and refuses what it cannot produce', () => {
    expect(acceptedMediaType('application/vnd.pgrst.object+json')).toBe('object');
    expect(acceptedMediaType('text/csv')).toBe('csv');
    expect(acceptedMediaType(undefined)).toBe('json');
    expect(acceptedMediaType('application/json, */*')).toBe('json');
    expect(() => acceptedMediaType('application/geo+json')).toThrow(
      expect.objectContaining({ status: 406, code: 'PGRST107' }) as Error,
    );
  });

  it("reads explain()'s format, allowed options and target type", () => {
    expect(
      parseExplain('application/vnd.pgrst.plan+text; for="text/csv"; options=analyze|verbose|bogus'),
    ).toMatchObject({
      format: 'text',
      options: ['analyze', 'verbose'],
      for: 'text/csv',
    });
    expect(parseExplain('application/json')).toBeUndefined();
  });
});
