import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { StorageError } from './errors';
import { checkExpiresIn, maxExpiresIn, signDownloadToken, verifyDownloadToken } from './tokens';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const key = new TextEncoder().encode(SECRET);

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StorageError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

// Cases follow supabase/storage's src/test/object.test.ts "testing retrieving signed URL".
describe('signed URL tokens', () => {
  it('open the object they name with the project secret, scoped for download', async () => {
    const token = await signDownloadToken(SECRET, 'statements/u1/2026-01.pdf', 60);
    const [, payload = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      number | string
    >;
    expect(claims).toMatchObject({ url: 'statements/u1/2026-01.pdf', scope: 'download' });
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(60);
    await expect(verifyDownloadToken(SECRET, token, 'statements/u1/2026-01.pdf')).resolves.toMatchObject({
      exp: claims['exp'],
    });
  });

  it('refuse another path, another secret, a tampered payload, an expired token and an upload token', async () => {
    const token = await signDownloadToken(SECRET, 'statements/u1/2026-01.pdf', 60);
    expect(await refusal(verifyDownloadToken(SECRET, token, 'statements/u2/2026-01.pdf'))).toEqual({
      code: 'InvalidSignature',
      message: 'Invalid signature',
    });
    expect(
      await refusal(
        verifyDownloadToken('another-secret-of-at-least-32-characters!', token, 'statements/u1/2026-01.pdf'),
      ),
    ).toEqual({
      code: 'InvalidJWT',
      message: 'signature verification failed',
    });
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ url: 'statements/u2/2026-01.pdf', scope: 'download', exp: 4102444800 }),
    ).toString('base64url');
    expect(
      await refusal(
        verifyDownloadToken(SECRET, `${header}.${forged}.${signature}`, 'statements/u2/2026-01.pdf'),
      ),
    ).toMatchObject({
      code: 'InvalidJWT',
    });
    const expired = await new SignJWT({ url: 'b/k', scope: 'download' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await refusal(verifyDownloadToken(SECRET, expired, 'b/k'))).toEqual({
      code: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    });
    const upload = await new SignJWT({ url: 'b/k', scope: 'upload', upsert: false })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect(await refusal(verifyDownloadToken(SECRET, upload, 'b/k'))).toEqual({
      code: 'InvalidSignature',
      message: 'Token is not scoped for download',
    });
    const legacyUpload = await new SignJWT({ url: 'b/k', upsert: true })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect((await refusal(verifyDownloadToken(SECRET, legacyUpload, 'b/k'))).code).toBe('InvalidSignature');
    expect(await refusal(verifyDownloadToken(SECRET, 'xxx', 'b/k'))).toEqual({
      code: 'InvalidJWT',
      message: 'Invalid Compact JWS',
    });
  });

  it('still take a legacy token without a scope (signed before scopes existed)', async () => {
    const legacy = await new SignJWT({ url: 'b/k' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1m')
      .sign(key);
    await expect(verifyDownloadToken(SECRET, legacy, 'b/k')).resolves.toMatchObject({ url: 'b/k' });
  });

  it('last a whole number of seconds, at least one, no later than a JavaScript date reaches', () => {
    expect(checkExpiresIn(60.9)).toBe(60);
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e21, maxExpiresIn() + 10]) {
      expect(() => checkExpiresIn(bad)).toThrow('Invalid Parameter expiresIn');
    }
  });
});
