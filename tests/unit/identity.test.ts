import { beforeEach, describe, expect, it, vi } from 'vitest';

/** What the fake supabase-js answers, and what it was asked. */
interface Answer {
  data?: unknown;
  error: { code?: string; status?: number; message: string } | null;
}
const fake = vi.hoisted(() => ({
  calls: [] as { method: string; args: unknown[] }[],
  next: new Map<string, Answer>(),
}));

function answer(method: string) {
  return (...args: unknown[]) => {
    fake.calls.push({ method, args });
    return Promise.resolve(fake.next.get(method) ?? { data: {}, error: null });
  };
}

vi.mock('~/lib/supabase', () => ({
  supabase: () => ({
    auth: {
      signUp: answer('signUp'),
      resend: answer('resend'),
      resetPasswordForEmail: answer('resetPasswordForEmail'),
      updateUser: answer('updateUser'),
      reauthenticate: answer('reauthenticate'),
      signOut: answer('signOut'),
    },
  }),
}));

const { requestPasswordReset, resendConfirmation, signUp } = await import('~/lib/auth');
const { AUTH_MESSAGES } = await import('~/lib/auth-rules');
const { changeEmail, changePassword, sendReauthenticationCode, signOutOtherSessions } =
  await import('~/lib/account-security');
const { SECURITY_MESSAGES, validateEmailChange } = await import('~/lib/security-rules');
const { readAuthLink } = await import('~/lib/auth-link');

const ORIGIN = 'https://liquid.example';
const input = {
  username: ' Nora ',
  email: ' nora@example.com ',
  password: 'long-enough-1',
  consent: true,
  locale: 'zh-hant' as const,
};
const rateLimited = { code: 'over_email_send_rate_limit', status: 429, message: 'wait' };

beforeEach(() => {
  fake.calls.length = 0;
  fake.next.clear();
});

describe('sign-up with confirmations on or off', () => {
  it('on: no session comes back, the member is told to check the inbox; the link lands on /auth/confirm', async () => {
    fake.next.set('signUp', { data: { user: { id: 'u' }, session: null }, error: null });
    await expect(signUp(input, ORIGIN)).resolves.toEqual({
      status: 'confirmation-sent',
      email: 'nora@example.com',
    });
    expect(fake.calls[0]?.args[0]).toEqual({
      email: 'nora@example.com',
      password: 'long-enough-1',
      options: {
        // The page's language goes with the account: its confirmation mail is already in it.
        data: { username: 'Nora', display_name: 'Nora', locale: 'zh-hant' },
        emailRedirectTo: `${ORIGIN}/zh-hant/auth/confirm`,
      },
    });
  });

  it("off (a deployer's choice): the session comes back and the member is signed in", async () => {
    const session = { access_token: 't', user: { id: 'u' } };
    fake.next.set('signUp', { data: { user: { id: 'u' }, session }, error: null });
    await expect(signUp(input, ORIGIN)).resolves.toEqual({ status: 'signed-in', session });
  });

  it('off: an address in use keeps the spec message (GoTrue only says so with confirmations off)', async () => {
    fake.next.set('signUp', {
      data: { user: null, session: null },
      error: { code: 'user_already_exists', status: 422, message: 'User already registered' },
    });
    await expect(signUp(input, ORIGIN)).rejects.toThrow(AUTH_MESSAGES.emailInUse);
  });
});

describe('sign-up within the mail interval', () => {
  it('a waiting address registered again reads like a first registration; the hourly budget does not', async () => {
    fake.next.set('signUp', {
      data: { user: null, session: null },
      error: {
        ...rateLimited,
        message: 'For security purposes, you can only request this after 58 seconds.',
      },
    });
    await expect(signUp(input, ORIGIN)).resolves.toEqual({
      status: 'confirmation-sent',
      email: 'nora@example.com',
    });
    fake.next.set('signUp', {
      data: { user: null, session: null },
      error: { ...rateLimited, message: 'email rate limit exceeded' },
    });
    await expect(signUp(input, ORIGIN)).rejects.toThrow(AUTH_MESSAGES.mailRateLimited);
  });
});

describe('mails that must not reveal accounts', () => {
  it('password reset: a tripped mail limit reads like success; other failures are reported', async () => {
    fake.next.set('resetPasswordForEmail', { data: {}, error: rateLimited });
    await expect(requestPasswordReset('ann@example.com', 'en', ORIGIN)).resolves.toBeUndefined();
    // The link leads to the reset page in the language the member asked in.
    expect(fake.calls.at(-1)?.args[1]).toEqual({ redirectTo: `${ORIGIN}/reset-password` });
    await requestPasswordReset('ann@example.com', 'ar', ORIGIN);
    expect(fake.calls.at(-1)?.args[1]).toEqual({ redirectTo: `${ORIGIN}/ar/reset-password` });
    fake.next.set('resetPasswordForEmail', { data: {}, error: { status: 500, message: 'boom' } });
    await expect(requestPasswordReset('ann@example.com', 'en', ORIGIN)).rejects.toThrow(
      AUTH_MESSAGES.resetRequestFailed,
    );
  });

  it('resend: the limit gets its own clear message, and the link goes to /auth/confirm', async () => {
    await resendConfirmation(' ann@example.com ', 'en', ORIGIN);
    expect(fake.calls[0]?.args[0]).toEqual({
      type: 'signup',
      email: 'ann@example.com',
      options: { emailRedirectTo: `${ORIGIN}/auth/confirm` },
    });
    await resendConfirmation('ann@example.com', 'zh-hant', ORIGIN);
    expect(fake.calls[1]?.args[0]).toMatchObject({
      options: { emailRedirectTo: `${ORIGIN}/zh-hant/auth/confirm` },
    });
    fake.next.set('resend', { data: {}, error: rateLimited });
    await expect(resendConfirmation('ann@example.com', 'en', ORIGIN)).rejects.toThrow(
      AUTH_MESSAGES.mailRateLimited,
    );
    await expect(resendConfirmation('  ', 'en', ORIGIN)).rejects.toThrow(AUTH_MESSAGES.emailRequired);
    await expect(resendConfirmation('no-at-sign', 'en', ORIGIN)).rejects.toThrow(AUTH_MESSAGES.invalidEmail);
  });
});

describe('member security', () => {
  it('a password change always carries the mailed code and maps the server refusals', async () => {
    const change = { code: ' 123456 ', password: 'new-password-1', confirm: 'new-password-1' };
    await changePassword(change);
    expect(fake.calls[0]?.args[0]).toEqual({ password: 'new-password-1', nonce: '123456' });
    await expect(changePassword({ ...change, code: '' })).rejects.toThrow(SECURITY_MESSAGES.codeMissing);
    await expect(changePassword({ ...change, confirm: 'other' })).rejects.toThrow(
      SECURITY_MESSAGES.passwordMismatch,
    );
    for (const [code, message] of [
      ['same_password', SECURITY_MESSAGES.samePassword],
      ['weak_password', SECURITY_MESSAGES.weakPassword],
      ['reauthentication_not_valid', SECURITY_MESSAGES.codeInvalid],
      ['reauthentication_needed', SECURITY_MESSAGES.codeRequired],
      ['unexpected_failure', SECURITY_MESSAGES.passwordChangeFailed],
    ] as const) {
      fake.next.set('updateUser', { data: {}, error: { code, status: 422, message: 'x' } });
      await expect(changePassword(change)).rejects.toThrow(message);
    }
    // Only the form's own checks ran for the two refusals above: one request per server answer.
    expect(fake.calls.filter((c) => c.method === 'updateUser')).toHaveLength(6);
  });

  it('the code mail reports its rate limit clearly', async () => {
    fake.next.set('reauthenticate', { data: {}, error: rateLimited });
    await expect(sendReauthenticationCode()).rejects.toThrow(SECURITY_MESSAGES.mailRateLimited);
  });

  it('an e-mail change is checked first, then sent with the security page as landing', async () => {
    expect(validateEmailChange('no-at-sign', 'a@example.com')).toEqual({
      message: SECURITY_MESSAGES.invalidEmail,
      fields: ['email'],
    });
    expect(validateEmailChange('A@Example.com ', 'a@example.com')).toEqual({
      message: SECURITY_MESSAGES.sameEmail,
      fields: ['email'],
    });
    fake.next.set('updateUser', { data: { user: { id: 'u', new_email: 'b@example.com' } }, error: null });
    await changeEmail(' b@example.com ', 'a@example.com', '', ORIGIN);
    expect(fake.calls[0]?.args).toEqual([
      { email: 'b@example.com' },
      { emailRedirectTo: `${ORIGIN}/user/security?email-change=1` },
    ]);
    // Asked from the Arabic page: the links land on the Arabic page.
    fake.next.set('updateUser', { data: { user: { id: 'u', new_email: 'b@example.com' } }, error: null });
    await changeEmail('b@example.com', 'a@example.com', '/ar', ORIGIN);
    expect(fake.calls.at(-1)?.args[1]).toEqual({
      emailRedirectTo: `${ORIGIN}/ar/user/security?email-change=1`,
    });
    fake.next.set('updateUser', {
      data: { user: null },
      error: { code: 'email_exists', status: 422, message: 'taken' },
    });
    await expect(changeEmail('c@example.com', 'a@example.com', '', ORIGIN)).rejects.toThrow(
      SECURITY_MESSAGES.emailUnavailable,
    );
  });

  it('reads what a landing URL carries: a code, refused tokens, an error or the first e-mail change link', () => {
    const at = (rest: string) => readAuthLink(`${ORIGIN}/auth/confirm${rest}`);
    expect(at('?code=abc&sb_flow_id=f1')).toEqual({ kind: 'code', code: 'abc', flowId: 'f1' });
    expect(at('?code=abc')).toEqual({ kind: 'code', code: 'abc', flowId: null });
    // A session in the fragment (the implicit flow) is never a code, even next to one.
    expect(at('#access_token=x&refresh_token=y&type=signup')).toEqual({ kind: 'tokens' });
    expect(at('?code=abc#access_token=x&refresh_token=y')).toEqual({ kind: 'tokens' });
    expect(at('?error=access_denied&error_description=Email+link+is+invalid#error=access_denied')).toEqual({
      kind: 'error',
      description: 'Email link is invalid',
    });
    expect(at('?email-change=1&message=Confirmation+link+accepted')).toEqual({ kind: 'halfway' });
    expect(at('?email-change=1#message=Confirmation+link+accepted&sb=')).toEqual({ kind: 'halfway' });
    expect(at('')).toEqual({ kind: 'none' });
  });

  it('signing out the other sessions uses scope "others" and never the current one', async () => {
    await signOutOtherSessions();
    expect(fake.calls[0]).toEqual({ method: 'signOut', args: [{ scope: 'others' }] });
    fake.next.set('signOut', { error: { status: 500, message: 'boom' } });
    await expect(signOutOtherSessions()).rejects.toThrow(SECURITY_MESSAGES.otherSessionsFailed);
  });
});

describe('supabase/config.toml, as a hosted project is set up', () => {
  it('confirms new addresses, confirms changes on both addresses, and guards password changes', async () => {
    const { loadProjectConfig } = await import('../../supabase/local/config');
    const { auth } = loadProjectConfig('supabase');
    expect(auth).toMatchObject({
      enableConfirmations: true,
      doubleConfirmChanges: true,
      securePasswordChange: true,
      maxFrequency: 60,
    });
  });

  it('allows the confirmation and e-mail change landings of the development site as redirects', async () => {
    const { loadProjectConfig } = await import('../../supabase/local/config');
    const { isRedirectAllowed } = await import('../../supabase/local/auth/redirect');
    const { auth } = loadProjectConfig('supabase');
    for (const origin of ['http://127.0.0.1:4321', 'http://localhost:4321']) {
      expect(isRedirectAllowed(auth, `${origin}/auth/confirm`), origin).toBe(true);
      expect(isRedirectAllowed(auth, `${origin}/user/security?email-change=1`), origin).toBe(true);
    }
    expect(isRedirectAllowed(auth, 'https://evil.example/auth/confirm')).toBe(false);
  });
});
