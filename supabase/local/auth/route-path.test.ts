import { describe, expect, it } from 'vitest';
import { matchPath, parameterCount } from './route-path';

describe('matchPath', () => {
  it('matches static paths exactly', () => {
    expect(matchPath('/factors', '/factors')).toEqual({});
    expect(matchPath('/factors', '/factors/')).toBeNull();
    expect(matchPath('/factors', '/factor')).toBeNull();
  });

  it('reads and decodes parameters', () => {
    expect(matchPath('/factors/:factorId/verify', '/factors/%7Babc%7D/verify')).toEqual({
      factorId: '{abc}',
    });
    expect(matchPath('/admin/users/:userId/factors/:factorId', '/admin/users/u1/factors/f1')).toEqual({
      userId: 'u1',
      factorId: 'f1',
    });
  });

  it('refuses empty parameters, extra segments and bad escapes', () => {
    expect(matchPath('/factors/:factorId', '/factors/')).toBeNull();
    expect(matchPath('/factors/:factorId', '/factors/a/verify')).toBeNull();
    expect(matchPath('/factors/:factorId', '/factors/%E0%A4%A')).toBeNull();
  });

  it('counts parameters so static routes win', () => {
    expect(parameterCount('/user/identities/authorize')).toBe(0);
    expect(parameterCount('/admin/users/:userId/factors/:factorId')).toBe(2);
  });
});
