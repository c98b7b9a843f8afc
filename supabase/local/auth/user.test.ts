import { describe, expect, it } from 'vitest';
import { AuthError } from './errors';
import { mergedUserMetadata, parseUserUpdateParams } from './user';

describe('parseUserUpdateParams', () => {
  it('reads what PUT /user may carry, and nothing empty as a change', () => {
    expect(
      parseUserUpdateParams({ password: '', email: 'a@b.c', data: { x: 1 }, nonce: '123456' }),
    ).toMatchObject({
      password: undefined,
      email: 'a@b.c',
      data: { x: 1 },
      nonce: '123456',
    });
    expect(parseUserUpdateParams({})).toMatchObject({
      password: undefined,
      email: '',
      data: undefined,
      nonce: '',
    });
  });

  it('refuses app_metadata (403 not_admin) and data that is no object (400 bad_json)', () => {
    expect(() => parseUserUpdateParams({ app_metadata: { role: 'admin' } })).toThrow(
      expect.objectContaining({ status: 403, code: 'not_admin' }) as AuthError,
    );
    expect(() => parseUserUpdateParams({ data: 'x' })).toThrow(
      expect.objectContaining({ status: 400, code: 'bad_json' }) as AuthError,
    );
  });
});

describe('mergedUserMetadata', () => {
  it('merges shallowly and removes keys set to null', () => {
    expect(mergedUserMetadata({ a: 1, b: { c: 2 }, d: 4 }, { b: { e: 5 }, d: null, f: 6 })).toEqual({
      a: 1,
      b: { e: 5 },
      f: 6,
    });
    expect(mergedUserMetadata(null, { a: 1 })).toEqual({ a: 1 });
  });
});
