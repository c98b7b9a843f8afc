import { describe, expect, it } from 'vitest';
import { acceptedMediaType, contentRange, jsonRowsToCsv, pgErrorStatus } from './response';

describe('response: statuses and headers', () => {
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

  it('writes Content-Range for pages, empty pages and unknown totals', () => {
    expect(contentRange(0, 2, 5)).toBe('0-1/5');
    expect(contentRange(3, 0, 3)).toBe('*/3');
    expect(contentRange(10, 5, undefined)).toBe('10-14/*');
  });

  it('recognises the singular and CSV media types', () => {
    expect(acceptedMediaType('application/vnd.pgrst.object+json')).toBe('object');
    expect(acceptedMediaType('text/csv')).toBe('csv');
    expect(acceptedMediaType(undefined)).toBe('json');
  });

  it('renders rows as CSV with quoting', () => {
    expect(jsonRowsToCsv('[{"a":1,"b":"x, y"},{"a":null,"b":"say \\"hi\\""}]')).toBe(
      'a,b\n1,"x, y"\n,"say ""hi"""',
    );
    expect(jsonRowsToCsv('[]')).toBe('');
  });
});
