import { describe, expect, it } from 'vitest';
import { ApiError, pgError, pgErrorStatus, pgrstError, toApiError } from './errors';
import { errorReply } from './response';

const shape = (e: ApiError): Record<string, unknown> => ({
  status: e.status,
  code: e.code,
  message: e.message,
  details: e.details,
  hint: e.hint,
});

const origin = { schema: 'public', name: 'loans' };

/** Each constructor with sample arguments and the error PostgREST answers in that case. */
const CASES: Array<[keyof typeof pgrstError, ApiError, Record<string, unknown>]> = [
  [
    'PGRST000',
    pgrstError.PGRST000('boom'),
    { status: 500, code: 'PGRST000', message: 'boom', details: null },
  ],
  [
    'PGRST100',
    pgrstError.PGRST100('"failed to parse order (x.up)"', 'unexpected "up"'),
    { status: 400, code: 'PGRST100', message: '"failed to parse order (x.up)"', details: 'unexpected "up"' },
  ],
  ['PGRST102', pgrstError.PGRST102(), { status: 400, code: 'PGRST102', message: 'Empty or invalid json' }],
  [
    'PGRST103',
    pgrstError.PGRST103('An offset of 9 was requested, but there are only 3 rows.'),
    { status: 416, code: 'PGRST103', message: 'Requested range not satisfiable' },
  ],
  [
    'PGRST106',
    pgrstError.PGRST106('private', ['public', 'graphql_public']),
    {
      status: 406,
      code: 'PGRST106',
      message: 'Invalid schema: private',
      hint: 'Only the following schemas are exposed: public, graphql_public',
    },
  ],
  [
    'PGRST107',
    pgrstError.PGRST107('application/geo+json'),
    {
      status: 406,
      code: 'PGRST107',
      message: 'None of these media types are available: application/geo+json',
    },
  ],
  [
    'PGRST107ContentType',
    pgrstError.PGRST107ContentType('text/plain'),
    { status: 415, code: 'PGRST107', message: 'Content-Type not acceptable: text/plain' },
  ],
  [
    'PGRST108',
    pgrstError.PGRST108('clients'),
    {
      status: 400,
      code: 'PGRST108',
      message: "'clients' is not an embedded resource in this request",
      hint: "Verify that 'clients' is included in the 'select' query parameter.",
    },
  ],
  [
    'PGRST116',
    pgrstError.PGRST116(2),
    {
      status: 406,
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 2 rows',
    },
  ],
  [
    'PGRST117',
    pgrstError.PGRST117('PUT'),
    { status: 405, code: 'PGRST117', message: 'Unsupported HTTP method: PUT' },
  ],
  [
    'PGRST118',
    pgrstError.PGRST118('clients', 'loans'),
    {
      status: 400,
      code: 'PGRST118',
      message: "A related order on 'loans' is not possible",
      details: "'clients' and 'loans' do not form a many-to-one or one-to-one relationship",
    },
  ],
  [
    'PGRST122',
    pgrstError.PGRST122(['foo=bar', 'count=all']),
    {
      status: 400,
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: foo=bar, count=all',
    },
  ],
  [
    'PGRST123',
    pgrstError.PGRST123(),
    { status: 400, code: 'PGRST123', message: 'Use of aggregate functions is not allowed' },
  ],
  [
    'PGRST124',
    pgrstError.PGRST124(3),
    {
      status: 400,
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
    },
  ],
  [
    'PGRST125',
    pgrstError.PGRST125(),
    { status: 404, code: 'PGRST125', message: 'Invalid path specified in request URL' },
  ],
  [
    'PGRST128',
    pgrstError.PGRST128(),
    {
      status: 400,
      code: 'PGRST128',
      message:
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    },
  ],
  [
    'PGRST200',
    pgrstError.PGRST200(origin, 'tags', 'loan_tags'),
    {
      status: 400,
      code: 'PGRST200',
      message: "Could not find a relationship between 'loans' and 'tags' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'loans' and 'tags' using the hint 'loan_tags' in the schema 'public', but no matches were found.",
    },
  ],
  [
    'PGRST201',
    pgrstError.PGRST201('loans', 'clients', [{ cardinality: 'many-to-one' }], ["'clients!a'", "'clients!b'"]),
    {
      status: 300,
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'loans' and 'clients'",
      details: [{ cardinality: 'many-to-one' }],
      hint: "Try changing 'clients' to one of the following: 'clients!a', 'clients!b'. Find the desired relationship in the 'details' key.",
    },
  ],
  [
    'PGRST202',
    pgrstError.PGRST202('public', 'repay', ['amount', 'loan_id']),
    {
      status: 404,
      code: 'PGRST202',
      message: 'Could not find the function public.repay(amount, loan_id) in the schema cache',
      details:
        'Searched for the function public.repay with parameters amount, loan_id or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    },
  ],
  [
    'PGRST204',
    pgrstError.PGRST204('colour', 'loans'),
    {
      status: 400,
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'loans' in the schema cache",
    },
  ],
  [
    'PGRST205',
    pgrstError.PGRST205('public', 'lones'),
    { status: 404, code: 'PGRST205', message: "Could not find the table 'public.lones' in the schema cache" },
  ],
  [
    'PGRST301',
    pgrstError.PGRST301('invalid signature'),
    { status: 401, code: 'PGRST301', message: 'invalid signature' },
  ],
  ['PGRST303', pgrstError.PGRST303('JWT expired'), { status: 401, code: 'PGRST303', message: 'JWT expired' }],
];

describe('errors: PostgREST error constructors', () => {
  it('has a case below for every constructor', () => {
    expect(CASES.map(([name]) => name).sort()).toEqual(Object.keys(pgrstError).sort());
  });

  it.each(CASES)('%s has PostgREST status, code and wording', (_name, error, expected) => {
    expect(error).toBeInstanceOf(ApiError);
    expect(shape(error)).toMatchObject(expected);
  });

  it('PGRST202 says "without parameters" for a call with none', () => {
    expect(pgrstError.PGRST202('public', 'ping', []).message).toBe(
      'Could not find the function public.ping without parameters in the schema cache',
    );
  });

  it('asks for a new token on JWT errors (WWW-Authenticate) and keeps it in the reply', () => {
    const reply = errorReply(pgrstError.PGRST303('JWT expired'));
    expect(reply.headers?.['www-authenticate']).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    expect(JSON.parse(reply.body as string)).toEqual({
      code: 'PGRST303',
      details: null,
      hint: null,
      message: 'JWT expired',
    });
  });

  it.each([
    [pgError.cannotSetRole('admin'), 401, '42501', 'permission denied to set role "admin"'],
    [pgError.undefinedColumn('loans', 'colour'), 400, '42703', 'column loans.colour does not exist'],
    [pgError.undefinedType('money2'), 400, '42704', 'type "money2" does not exist'],
    [pgError.missingWhere('DELETE'), 400, '21000', 'DELETE requires a WHERE clause'],
    [
      pgError.statementTimeout('why', 'what to do'),
      500,
      '57014',
      'canceling statement due to statement timeout',
    ],
  ])(
    'raises PostgreSQL error %#, known before a statement runs, as Postgres words it',
    (error, status, code, message) => {
      expect(shape(error)).toMatchObject({ status, code, message });
    },
  );

  it('keeps the details and hint of the PGlite embed cap', () => {
    expect(shape(pgError.statementTimeout('why', 'what to do'))).toMatchObject({
      details: 'why',
      hint: 'what to do',
    });
  });
});

describe('errors: database errors', () => {
  it('maps SQLSTATEs to HTTP statuses as PostgREST does', () => {
    expect(pgErrorStatus('42501', 'permission denied', true)).toBe(401);
    expect(pgErrorStatus('42501', 'permission denied', false)).toBe(403);
    expect(pgErrorStatus('21000', 'DELETE requires a WHERE clause', false)).toBe(400);
    expect(
      pgErrorStatus('21000', 'more than one row returned by a subquery used as an expression', false),
    ).toBe(500);
    expect(pgErrorStatus('57014', 'canceling statement due to statement timeout', false)).toBe(500);
    expect(pgErrorStatus('PT418', 'teapot', false)).toBe(418);
    expect(pgErrorStatus('23505', 'duplicate', false)).toBe(409);
    expect(pgErrorStatus('P0001', 'raise', false)).toBe(400);
    expect(pgErrorStatus('22P02', 'invalid input', false)).toBe(400);
  });

  it('turns a thrown database error into its reply, and anything else into PGRST000', () => {
    const fromDb = toApiError(
      { code: '23505', message: 'duplicate key', detail: 'Key (id)=(1)', hint: null },
      false,
    );
    expect(shape(fromDb)).toEqual({
      status: 409,
      code: '23505',
      message: 'duplicate key',
      details: 'Key (id)=(1)',
      hint: null,
    });
    const ours = pgrstError.PGRST125();
    expect(toApiError(ours, true)).toBe(ours);
    const original = console.error;
    console.error = (): void => {};
    try {
      expect(shape(toApiError(new TypeError('x is undefined'), true))).toMatchObject({
        status: 500,
        code: 'PGRST000',
        message: 'x is undefined',
      });
    } finally {
      console.error = original;
    }
  });
});
