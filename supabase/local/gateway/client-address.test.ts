// The pure rules behind the client address the gateway hands Postgres; the end-to-end check (forged
// headers against the contact form's limit) is tests/integration/local-supabase/client-address.test.ts.
import { describe, expect, it } from 'vitest';
import {
  ClientAddressResolver,
  normalizeAddress,
  parseTrustedProxies,
  withClientAddress,
} from './client-address';

describe('client address rules', () => {
  it('forwards headers as the edge does: cf-connecting-ip replaced, the peer appended to X-Forwarded-For', () => {
    const forged: Record<string, string> = {
      'x-forwarded-for': '192.0.2.1',
      'cf-connecting-ip': '192.0.2.2',
    };
    withClientAddress(forged, '198.51.100.9', '127.0.0.1');
    expect(forged).toEqual({ 'x-forwarded-for': '192.0.2.1, 127.0.0.1', 'cf-connecting-ip': '198.51.100.9' });
    const plain: Record<string, string> = {};
    withClientAddress(plain, '127.0.0.1', '127.0.0.1');
    expect(plain).toEqual({ 'x-forwarded-for': '127.0.0.1', 'cf-connecting-ip': '127.0.0.1' });
  });

  it('normalises addresses and refuses a malformed trusted-proxy setting', () => {
    expect(normalizeAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeAddress('192.0.2.1:80')).toBe('');
    expect(parseTrustedProxies(' 10.0.0.0/8 , ,::1 ')).toEqual(['10.0.0.0/8', '::1']);
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(() => new ClientAddressResolver(['proxy.internal'])).toThrow(
      'Trusted proxy "proxy.internal" is not an IP address or CIDR range.',
    );
    expect(() => new ClientAddressResolver(['10.0.0.0/33'])).toThrow(
      'Trusted proxy "10.0.0.0/33" has an invalid prefix length.',
    );
  });
});
