// GoTrue's redirect allow-list (IsRedirectURLValid), checked without a server.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type AuthConfig } from '../config';
import { globToRegExp, isRedirectAllowed } from './redirect';

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
