import { describe, expect, it } from 'vitest';
import { resolveKeys, DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY } from './keys';

describe('API keys with a custom JWT secret', () => {
  it('derives opaque keys from the secret, stable per secret, never the well-known ones', async () => {
    const a = await resolveKeys({ jwtSecret: 'a-custom-secret-that-is-at-least-32-chars' });
    const again = await resolveKeys({ jwtSecret: 'a-custom-secret-that-is-at-least-32-chars' });
    const b = await resolveKeys({ jwtSecret: 'another-custom-secret-at-least-32-chars!' });
    expect(a.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(a.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(a.secretKey).not.toBe(DEFAULT_SECRET_KEY);
    expect(a.publishableKey).not.toBe(DEFAULT_PUBLISHABLE_KEY);
    expect(again).toEqual(a);
    expect(b.secretKey).not.toBe(a.secretKey);
    const chosen = await resolveKeys({
      jwtSecret: 'a-custom-secret-that-is-at-least-32-chars',
      secretKey: 'sb_secret_mine',
    });
    expect(chosen.secretKey).toBe('sb_secret_mine');
    const defaults = await resolveKeys();
    expect(defaults.secretKey).toBe(DEFAULT_SECRET_KEY);
  });
});
