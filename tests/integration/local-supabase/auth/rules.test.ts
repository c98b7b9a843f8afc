// Pure rules of the local auth server, checked without a database: redirect allow-list, config.toml
// [auth.rate_limit], and the limiter arithmetic.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadProjectConfig, type AuthConfig } from '../../../../supabase/local/config';
import { globToRegExp, isRedirectAllowed } from '../../../../supabase/local/auth/redirect';
import { IntervalLimiter, TokenBucketLimiter } from '../../../../supabase/local/auth/rate-limit';
import {
  resolveKeys,
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
} from '../../../../supabase/local/gateway/keys';
import { FIXTURE_DIR } from '../harness';

const config = (siteUrl: string, additionalRedirectUrls: string[] = []): AuthConfig => ({
  ...DEFAULT_CONFIG.auth,
  siteUrl,
  additionalRedirectUrls,
});

describe('redirect_to: GoTrue IsRedirectURLValid', () => {
  const hosted = config('https://app.example.com', ['https://preview-*.example.com/**', 'myapp://callback']);

  it('accepts the site itself only with the same scheme, host and port', () => {
    expect(isRedirectAllowed(hosted, 'https://app.example.com/welcome?x=1')).toBe(true);
    expect(isRedirectAllowed(hosted, 'http://app.example.com/welcome')).toBe(false);
    expect(isRedirectAllowed(hosted, 'https://app.example.com:8443/welcome')).toBe(false);
    expect(isRedirectAllowed(hosted, 'javascript://app.example.com/%0aalert(1)')).toBe(false);
    expect(isRedirectAllowed(hosted, 'https://app.example.com.evil.test/')).toBe(false);
    expect(isRedirectAllowed(hosted, 'https://evil.test/?https://app.example.com')).toBe(false);
  });

  it('matches the allow-list as globs with . and / as separators, ignoring the fragment only', () => {
    expect(isRedirectAllowed(hosted, 'https://preview-42.example.com/a/b#x')).toBe(true);
    expect(isRedirectAllowed(hosted, 'https://preview-42.evil.example.com/a')).toBe(false);
    expect(isRedirectAllowed(hosted, 'myapp://callback')).toBe(true);
    expect(isRedirectAllowed(hosted, 'myapp://callback/extra')).toBe(false);
    expect(globToRegExp('http://localhost:{3000,4321}/*').test('http://localhost:4321/x')).toBe(true);
    expect(globToRegExp('http://localhost:{3000,4321}/*').test('http://localhost:5000/x')).toBe(false);
  });

  it('on a loopback site: any port of a loopback name, loopback IPs, never script schemes or decimal IPs', () => {
    const local = config('http://127.0.0.1:4321', ['http://localhost:4321/**']);
    expect(isRedirectAllowed(local, 'http://127.0.0.1:4321/reset')).toBe(true);
    expect(isRedirectAllowed(local, 'http://127.0.0.1:9999/other-port')).toBe(true);
    expect(isRedirectAllowed(local, 'https://127.0.0.1/other-scheme')).toBe(true);
    expect(isRedirectAllowed(local, 'http://[::1]:3000/')).toBe(true);
    expect(isRedirectAllowed(local, 'http://10.0.0.1:4321/')).toBe(false);
    expect(isRedirectAllowed(local, 'http://2130706433/')).toBe(false);
    expect(isRedirectAllowed(local, 'javascript://127.0.0.1/%0aalert(document.domain)')).toBe(false);
    expect(isRedirectAllowed(local, 'data://127.0.0.1/,x')).toBe(false);
    expect(isRedirectAllowed(local, 'http://localhost:4321.evil.test/')).toBe(false);
    expect(isRedirectAllowed(local, 'http://evil_host.test/')).toBe(false);
    expect(isRedirectAllowed(local, '')).toBe(false);
    expect(isRedirectAllowed(local, 'not a url')).toBe(false);
  });
});

describe('[auth.rate_limit] and the limiters', () => {
  it('reads [auth.rate_limit] with the CLI key names and falls back to GoTrue defaults', () => {
    expect(loadProjectConfig(FIXTURE_DIR).auth.rateLimit.signInSignUps).toBe(100000);
    const dir = mkdtempSync(join(tmpdir(), 'lc-rate-'));
    writeFileSync(
      join(dir, 'config.toml'),
      '[auth.rate_limit]\nemail_sent = 2\ntoken_refresh = 20\nsign_in_sign_ups = 5\ntoken_verifications = 7\nanonymous_users = 9\n',
    );
    expect(loadProjectConfig(dir).auth.rateLimit).toEqual({
      emailSent: 2,
      tokenRefresh: 20,
      signInSignUps: 5,
      tokenVerifications: 7,
      anonymousUsers: 9,
    });
    const empty = mkdtempSync(join(tmpdir(), 'lc-rate-'));
    expect(loadProjectConfig(empty).auth.rateLimit).toEqual({
      emailSent: 30,
      anonymousUsers: 30,
      tokenRefresh: 150,
      signInSignUps: 30,
      tokenVerifications: 30,
    });
  });

  it('token bucket: a burst, then the configured rate per second', () => {
    const bucket = new TokenBucketLimiter();
    const rate = { perSecond: 30 / 300, burst: 30 };
    const t0 = 1_000_000;
    for (let i = 0; i < 30; i++) expect(bucket.take('ip', rate, t0)).toBe(true);
    expect(bucket.take('ip', rate, t0)).toBe(false);
    expect(bucket.take('other-ip', rate, t0)).toBe(true);
    expect(bucket.take('ip', rate, t0 + 9_000)).toBe(false);
    expect(bucket.take('ip', rate, t0 + 10_000)).toBe(true);
    expect(bucket.take('ip', rate, t0 + 10_001)).toBe(false);
  });

  it('e-mail budget: so many per hour, none when the budget is 0', () => {
    const limiter = new IntervalLimiter();
    const t0 = 5_000_000;
    expect(limiter.allow(2, t0)).toBe(true);
    expect(limiter.allow(2, t0 + 1)).toBe(true);
    expect(limiter.allow(2, t0 + 2)).toBe(false);
    expect(limiter.allow(2, t0 + 3_600_000)).toBe(true);
    expect(new IntervalLimiter().allow(0, t0)).toBe(false);
  });
});

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
