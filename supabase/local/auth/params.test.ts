// The typed params each auth endpoint reads from its body or query (GoTrue's *Params structs), checked
// without a server: what is decoded, what counts as absent, and which refusals happen at parse time.
import { describe, expect, it } from 'vitest';
import { parseAdminDeleteParams, parseGenerateLinkParams, parseInviteParams } from './admin';
import { AuthError } from './errors';
import { parseMagicLinkParams, parseOtpParams } from './otp';
import { parseRecoverParams } from './recover';
import { parseResendParams } from './resend';
import { parseSignupParams } from './signup';
import { parsePasswordGrantParams, parsePkceGrantParams, parseRefreshTokenGrantParams } from './token';
import { parseUserUpdateParams } from './user';
import { checkPkceParams } from './validation';
import { parseVerifyBody, parseVerifyQuery } from './verify';

const refusal = (status: number, code: string, message?: string): AuthError =>
  expect.objectContaining(message ? { status, code, message } : { status, code }) as AuthError;

const CHALLENGE = 'a'.repeat(43);

describe('sign-up, OTP, magic link, recover, resend', () => {
  it('SignupParams: strings as sent, anything else as absent; data decoded; redirect and PKCE kept', () => {
    expect(
      parseSignupParams({
        email: 'New@Example.com',
        phone: 7,
        password: 'secret-pass',
        data: { name: 'N' },
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
        redirect_to: 'http://127.0.0.1:4321/welcome',
      }),
    ).toEqual({
      email: 'New@Example.com',
      phone: '',
      password: 'secret-pass',
      data: { name: 'N' },
      pkce: { codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' },
      redirectTo: 'http://127.0.0.1:4321/welcome',
    });
    expect(parseSignupParams({})).toMatchObject({ email: '', phone: '', data: {}, redirectTo: '' });
    expect(() => parseSignupParams({ data: [1] })).toThrow(refusal(400, 'bad_json'));
  });

  it('OtpParams: create_user defaults to true and only false turns it off; magic link drops phone', () => {
    expect(parseOtpParams({ email: 'a@b.co' }).createUser).toBe(true);
    expect(parseOtpParams({ email: 'a@b.co', create_user: 'false' }).createUser).toBe(true);
    expect(parseOtpParams({ email: 'a@b.co', create_user: false }).createUser).toBe(false);
    expect(parseMagicLinkParams({ email: 'a@b.co', phone: '+1555', data: null })).toEqual({
      email: 'a@b.co',
      data: {},
      pkce: { codeChallenge: '', codeChallengeMethod: '' },
      redirectTo: '',
    });
  });

  it('RecoverParams and ResendParams read the address, type and redirect as sent', () => {
    expect(parseRecoverParams({ email: 'x@y.co', redirect_to: 'myapp://cb' })).toEqual({
      email: 'x@y.co',
      pkce: { codeChallenge: '', codeChallengeMethod: '' },
      redirectTo: 'myapp://cb',
    });
    expect(parseResendParams({ type: 'signup', email: 'x@y.co' })).toMatchObject({
      type: 'signup',
      email: 'x@y.co',
      phone: '',
    });
    expect(parseResendParams({ type: 1 }).type).toBe('');
  });

  it('the PKCE pair is checked where the endpoint checks it: both or neither, a valid method', () => {
    expect(checkPkceParams({ codeChallenge: '', codeChallengeMethod: '' })).toBeUndefined();
    expect(checkPkceParams({ codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' })).toEqual({
      challenge: CHALLENGE,
      method: 's256',
    });
    expect(() => checkPkceParams({ codeChallenge: CHALLENGE, codeChallengeMethod: '' })).toThrow(
      refusal(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge'),
    );
    expect(() => checkPkceParams({ codeChallenge: 'short', codeChallengeMethod: 'plain' })).toThrow(
      refusal(400, 'validation_failed'),
    );
  });
});

describe('token grants', () => {
  it('password: the address trimmed and lower-cased; neither address nor phone is refused', () => {
    expect(parsePasswordGrantParams({ email: '  Ann@Example.COM ', password: 'pw' })).toEqual({
      email: 'ann@example.com',
      password: 'pw',
    });
    expect(() => parsePasswordGrantParams({ password: 'pw' })).toThrow(
      refusal(400, 'validation_failed', 'missing email or phone'),
    );
  });

  it('refresh_token: the 12-character format this server issues, or a longer one', () => {
    expect(parseRefreshTokenGrantParams({ refresh_token: 'abcdef123456' })).toEqual({
      refreshToken: 'abcdef123456',
    });
    for (const bad of ['ABCDEF123456', 'short', 123456789012, undefined]) {
      expect(() => parseRefreshTokenGrantParams({ refresh_token: bad })).toThrow(
        refusal(400, 'validation_failed', 'Refresh token is not valid'),
      );
    }
  });

  it('pkce: both the auth code and the verifier, as strings', () => {
    expect(parsePkceGrantParams({ auth_code: 'c', code_verifier: 'v' })).toEqual({
      authCode: 'c',
      codeVerifier: 'v',
    });
    expect(() => parsePkceGrantParams({ auth_code: 'c', code_verifier: 5 })).toThrow(
      refusal(400, 'validation_failed'),
    );
  });
});

describe('verify', () => {
  it('reads the same VerifyParams from a mailed link’s query and from a JSON body', () => {
    const fromLink = parseVerifyQuery(new URLSearchParams('token=pkce_abc&type=signup&redirect_to=x'));
    expect(fromLink).toEqual({
      type: 'signup',
      token: 'pkce_abc',
      tokenHash: '',
      email: '',
      phone: '',
      redirectTo: 'x',
    });
    expect(parseVerifyBody({ type: 'email', token_hash: 'h', email: 3 })).toEqual({
      type: 'email',
      token: '',
      tokenHash: 'h',
      email: '',
      phone: '',
      redirectTo: '',
    });
  });
});

describe('admin and PUT /user', () => {
  it('InviteParams checks the address; GenerateLinkParams the address and the link type', () => {
    expect(parseInviteParams({ email: ' Guest@Example.com', data: { a: 1 } })).toEqual({
      email: 'guest@example.com',
      data: { a: 1 },
      redirectTo: '',
    });
    expect(() => parseInviteParams({})).toThrow(refusal(400, 'validation_failed'));
    expect(
      parseGenerateLinkParams({ type: 'email_change_new', email: 'a@b.co', new_email: 'c@d.co' }),
    ).toMatchObject({ type: 'email_change_new', email: 'a@b.co', newEmail: 'c@d.co', password: undefined });
    expect(() => parseGenerateLinkParams({ type: 'sms', email: 'a@b.co' })).toThrow(
      refusal(400, 'validation_failed', 'Invalid email action link type requested: sms'),
    );
  });

  it('admin delete is soft only for should_soft_delete: true', () => {
    expect(parseAdminDeleteParams({ should_soft_delete: true }).shouldSoftDelete).toBe(true);
    expect(parseAdminDeleteParams({ should_soft_delete: 'true' }).shouldSoftDelete).toBe(false);
  });

  it('UserUpdateParams keeps the PKCE pair and redirect for the e-mail change mail', () => {
    expect(
      parseUserUpdateParams({ email: 'n@e.co', code_challenge: CHALLENGE, redirect_to: 'myapp://cb' }),
    ).toMatchObject({
      pkce: { codeChallenge: CHALLENGE, codeChallengeMethod: '' },
      redirectTo: 'myapp://cb',
    });
  });
});
