import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadProjectConfig, parseDuration } from './config';

/** A project folder holding only this config.toml. */
function projectWith(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'lc-config-'));
  writeFileSync(join(dir, 'config.toml'), toml);
  return dir;
}

describe('config.toml as the Supabase CLI reads it', () => {
  it('reads the auth and api settings the server honours', () => {
    const config = loadProjectConfig(
      projectWith(
        [
          '[api]',
          'max_rows = 1000',
          '[auth]',
          'site_url = "http://127.0.0.1:4321"',
          'additional_redirect_urls = ["http://127.0.0.1:4321/**", "http://localhost:4321/**"]',
          'jwt_expiry = 3600',
          'minimum_password_length = 8',
          '[auth.email]',
          'enable_confirmations = false',
          'max_frequency = "1s"',
          'otp_expiry = 3600',
        ].join('\n'),
      ),
    );
    expect(config.auth).toMatchObject({
      siteUrl: 'http://127.0.0.1:4321',
      additionalRedirectUrls: ['http://127.0.0.1:4321/**', 'http://localhost:4321/**'],
      minimumPasswordLength: 8,
      jwtExpiry: 3600,
      maxFrequency: 1,
      otpExpiry: 3600,
      enableConfirmations: false,
    });
    expect(config.api.maxRows).toBe(1000);
  });

  it('falls back to the CLI defaults, honours env(), and lets overrides win', () => {
    const dir = projectWith(
      '[auth]\nsite_url = "env(LC_TEST_SITE_URL)"\njwt_expiry = 120\n[auth.email]\nmax_frequency = "1m30s"\n',
    );
    process.env['LC_TEST_SITE_URL'] = 'http://example.test';
    const config = loadProjectConfig(dir, { minimumPasswordLength: 12 });
    expect(config.auth.siteUrl).toBe('http://example.test');
    expect(config.auth.jwtExpiry).toBe(120);
    expect(config.auth.maxFrequency).toBe(90);
    expect(config.auth.minimumPasswordLength).toBe(12);
    expect(config.auth.otpExpiry).toBe(DEFAULT_CONFIG.auth.otpExpiry);
    expect(config.api).toEqual(DEFAULT_CONFIG.api);
    delete process.env['LC_TEST_SITE_URL'];
    expect(loadProjectConfig(dir).auth.siteUrl).toBe(DEFAULT_CONFIG.auth.siteUrl);
  });

  it('parses Go-style durations', () => {
    expect(parseDuration('1s', 0)).toBe(1);
    expect(parseDuration('500ms', 0)).toBe(0.5);
    expect(parseDuration('2h', 0)).toBe(7200);
    expect(parseDuration('soon', 7)).toBe(7);
    expect(parseDuration(30, 7)).toBe(30);
  });
  it('reads [auth.rate_limit] with the CLI key names and falls back to GoTrue defaults', () => {
    const dir = projectWith(
      '[auth.rate_limit]\nemail_sent = 2\ntoken_refresh = 20\nsign_in_sign_ups = 5\ntoken_verifications = 7\nanonymous_users = 9\n',
    );
    expect(loadProjectConfig(dir).auth.rateLimit).toEqual({
      emailSent: 2,
      tokenRefresh: 20,
      signInSignUps: 5,
      tokenVerifications: 7,
      anonymousUsers: 9,
    });
    expect(loadProjectConfig(projectWith('')).auth.rateLimit).toEqual({
      emailSent: 30,
      anonymousUsers: 30,
      tokenRefresh: 150,
      signInSignUps: 30,
      tokenVerifications: 30,
    });
  });
});
