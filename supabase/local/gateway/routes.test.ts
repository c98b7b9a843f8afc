import { describe, expect, it } from 'vitest';
import { isOpen, matchRoute, ROUTES } from './routes';

describe('gateway routes', () => {
  it.each([
    ['/auth/v1/token', 'auth', '/token'],
    ['/auth/v1', 'auth', '/'],
    ['/rest/v1/profiles', 'rest', '/profiles'],
    ['/realtime/v1/websocket', 'realtime', '/websocket'],
    ['/storage/v1/object/files/a.pdf', 'storage', '/object/files/a.pdf'],
    ['/__local/outbox/latest', 'local', '/outbox/latest'],
  ])('sends %s to %s as %s', (path, service, rest) => {
    const match = matchRoute(path);
    expect(match?.route.service).toBe(service);
    expect(match?.path).toBe(rest);
  });

  it.each(['/', '/auth/v10/token', '/rest', '/storage/v10/object', '/functions/v1/hello', '/__localx'])(
    'claims nothing for %s',
    (path) => {
      expect(matchRoute(path)).toBeUndefined();
    },
  );

  it('lets only the e-mail link endpoints through without a key, and only for GET', () => {
    const verify = matchRoute('/auth/v1/verify');
    const token = matchRoute('/auth/v1/token');
    const rest = matchRoute('/rest/v1/verify');
    expect(verify && isOpen(verify, 'GET')).toBe(true);
    expect(verify && isOpen(verify, 'POST')).toBe(false);
    expect(token && isOpen(token, 'GET')).toBe(false);
    expect(rest && isOpen(rest, 'GET')).toBe(false);
  });

  it('leaves storage to check its own tokens, as kong.yml does: signed and public URLs carry no key', () => {
    const storage = ROUTES.filter((route) => route.service === 'storage');
    expect(storage).toEqual([expect.objectContaining({ prefix: '/storage/v1', key: 'none', cors: true })]);
    expect(ROUTES.filter((route) => route.key === 'none').map((route) => route.service)).toEqual(['storage']);
  });

  it('keeps the development routes away from browsers and behind the service key', () => {
    const local = ROUTES.filter((route) => route.prefix.startsWith('/__local'));
    expect(local).toHaveLength(1);
    expect(local[0]).toMatchObject({ cors: false, key: 'service-key' });
    expect(ROUTES.filter((route) => route.service !== 'local').every((route) => route.cors)).toBe(true);
  });
});
