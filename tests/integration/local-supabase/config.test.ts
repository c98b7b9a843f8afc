import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadProjectConfig, parseDuration } from '../../../supabase/local/config';
import { FIXTURE_DIR } from './harness';

describe('config.toml as the Supabase CLI reads it', () => {
  it('reads the auth and api settings the server honours', () => {
    const config = loadProjectConfig(FIXTURE_DIR);
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
    const dir = mkdtempSync(join(tmpdir(), 'lc-config-'));
    writeFileSync(
      join(dir, 'config.toml'),
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
});
