import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseApiRequest } from './api-request';
import { planCall } from './plan';
import type { ColumnInfo, FunctionInfo, SchemaCache } from './schema-cache';

const column = (name: string): [string, ColumnInfo] => [name, { name, type: 'integer', typname: 'int4' }];

const fn = (name: string, args: string[], shape: Partial<FunctionInfo> = {}): FunctionInfo => ({
  schema: 'public',
  name,
  args: args.map((a) => ({ name: a, type: a === '' ? 'json' : 'integer', mode: 'i', hasDefault: false })),
  returnType: 'integer',
  returnsSet: false,
  returnsComposite: false,
  returnsVoid: false,
  volatility: 'v',
  resultColumns: undefined,
  returnRelation: undefined,
  ...shape,
});

const FUNCTIONS = [
  fn('add', ['a', 'b']),
  fn('add', ['a', 'b', 'c']),
  fn('loans_of', ['client'], {
    returnsSet: true,
    returnsComposite: true,
    resultColumns: new Map([column('id'), column('amount')]),
  }),
  fn('numbers', ['upto'], { returnsSet: true }),
  fn('echo', ['']),
];

/** A cache holding only functions: the call plan needs nothing else for these. */
const cache = {
  functionsNamed: (_schema: string, name: string): Promise<FunctionInfo[]> =>
    Promise.resolve(FUNCTIONS.filter((f) => f.name === name)),
  relationByKey: () => undefined,
} as unknown as SchemaCache;

const call = (method: string, pathAndQuery: string, body = ''): ReturnType<typeof planCall> => {
  const url = new URL(pathAndQuery, 'http://local');
  const req = {
    method,
    path: url.pathname,
    query: url.searchParams,
    headers: {},
    bearer: undefined,
    body,
    bytes: Buffer.from(body),
    raw: {} as IncomingMessage,
  };
  const api = parseApiRequest(req, ['public']);
  return planCall(cache, api, api.target.kind === 'function' ? api.target.name : '');
};

describe('plan: the function a call runs', () => {
  it('picks the overload whose parameters the arguments name', async () => {
    expect((await call('POST', '/rpc/add', '{"a":1,"b":2}')).fn.args).toHaveLength(2);
    expect((await call('POST', '/rpc/add', '{"a":1,"b":2,"c":3}')).fn.args).toHaveLength(3);
  });

  it('answers PGRST202 when no overload takes those arguments', async () => {
    await expect(call('POST', '/rpc/add', '{"a":1,"z":2}')).rejects.toMatchObject({
      status: 404,
      code: 'PGRST202',
      message: 'Could not find the function public.add(a, z) in the schema cache',
    });
  });

  it('gives a single unnamed json parameter the whole body', async () => {
    const plan = await call('POST', '/rpc/echo', '{"x":[1,2]}');
    expect(plan).toMatchObject({ singleObject: true, args: { x: [1, 2] } });
  });

  it("splits a GET call's keys into arguments and filters on the result rows", async () => {
    const plan = await call('GET', '/rpc/loans_of?client=7&amount=gt.5');
    expect(plan.args).toEqual({ client: '7' });
    expect(plan.scopes.get('')?.conditions).toMatchObject([{ op: 'gt', value: '5' }]);
    expect(plan.resultRelation?.columnOrder).toEqual(['id', 'amount']);
  });

  it('refuses a GET key that is neither an argument nor a filter (PGRST100)', async () => {
    await expect(call('GET', '/rpc/loans_of?client=7&amount=5')).rejects.toMatchObject({ code: 'PGRST100' });
  });

  it('refuses a select of columns on a set of scalars (PGRST100)', async () => {
    await expect(call('GET', '/rpc/numbers?upto=3&select=v')).rejects.toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse select parameter": numbers returns scalars',
    });
  });
});
