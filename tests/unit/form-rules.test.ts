import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankFields, looksLikeEmail } from '~/lib/form-rules';
import {
  AUTH_MESSAGES,
  PASSWORD_MIN_LENGTH,
  newPasswordProblem,
  emailProblem,
  signInProblem,
  signUpProblem,
} from '~/lib/auth-rules';
import { CONTACT_MESSAGES, contactProblem } from '~/lib/contact-messages';
import { SECURITY_MESSAGES, validatePasswordChange } from '~/lib/security-rules';

// The forms are noValidate: these checks decide the message shown in the page and which fields are
// marked invalid (the first one gets focus), so the field lists must name exactly the fields at fault.

describe('form rules', () => {
  it('accepts ordinary addresses and refuses typing slips', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.com', ' padded@example.com ']) {
      expect(looksLikeEmail(ok)).toBe(true);
    }
    for (const bad of [
      '',
      'plain',
      'a@b',
      '@example.com',
      'a@.com',
      'a b@example.com',
      'a@example.com.',
      // An empty part of the domain: two dots in a row, or a dot right after the @.
      'a@example..com',
      'a@.example.com',
      'a@mail..example.com',
    ]) {
      expect(looksLikeEmail(bad)).toBe(false);
    }
  });
  it('lists blank fields in the given order', () => {
    expect(blankFields({ a: ' ', b: 'x', c: false, d: true, e: '' })).toEqual(['a', 'c', 'e']);
  });
});

describe('sign-up problem', () => {
  const full = { username: 'ann', email: 'ann@example.com', password: 'long-enough', consent: true };
  it("gives the spec's message for an empty form, naming every field", () => {
    expect(signUpProblem({ username: '', email: '', password: '', consent: false })).toEqual({
      message: 'Please fill in all fields.',
      fields: ['username', 'email', 'password', 'consent'],
    });
    expect(signUpProblem({ ...full, consent: false })?.fields).toEqual(['consent']);
  });
  it('then the e-mail format, then the password length', () => {
    expect(signUpProblem({ ...full, email: 'ann' })).toEqual({
      message: AUTH_MESSAGES.invalidEmail,
      fields: ['email'],
    });
    expect(signUpProblem({ ...full, password: '1234567' })).toEqual({
      message: AUTH_MESSAGES.weakPassword,
      fields: ['password'],
    });
    expect(signUpProblem(full)).toBeNull();
  });
});

describe('other auth forms', () => {
  it('sign-in needs both fields and an e-mail', () => {
    expect(signInProblem('', 'x')).toEqual({ message: AUTH_MESSAGES.fillAllFields, fields: ['email'] });
    expect(signInProblem('a@b.co', '')).toEqual({
      message: AUTH_MESSAGES.fillAllFields,
      fields: ['password'],
    });
    expect(signInProblem('nope', 'x')).toEqual({ message: AUTH_MESSAGES.invalidEmail, fields: ['email'] });
    expect(signInProblem('a@b.co', ' ')).toBeNull();
  });
  it('reset request and new password', () => {
    expect(emailProblem(' ')?.message).toBe(AUTH_MESSAGES.emailRequired);
    expect(emailProblem('x@y')?.message).toBe(AUTH_MESSAGES.invalidEmail);
    expect(emailProblem('x@y.z')).toBeNull();
    expect(newPasswordProblem('short', 'short')?.fields).toEqual(['password']);
    expect(newPasswordProblem('long-enough', 'long-enougH')).toEqual({
      message: AUTH_MESSAGES.passwordMismatch,
      fields: ['confirm'],
    });
    expect(newPasswordProblem('long-enough', 'long-enough')).toBeNull();
  });
});

describe('one password minimum for every form that sets a password', () => {
  const signUp = (password: string) =>
    signUpProblem({ username: 'may', email: 'may@example.com', password, consent: true });
  const change = (password: string) =>
    validatePasswordChange({ code: '123456', password, confirm: password });

  it('takes exactly the minimum and refuses one character fewer', () => {
    const enough = 'p'.repeat(PASSWORD_MIN_LENGTH);
    const short = enough.slice(1);
    expect(signUp(enough)).toBeNull();
    expect(newPasswordProblem(enough, enough)).toBeNull();
    expect(change(enough)).toBeNull();
    expect(signUp(short)).toEqual({ message: AUTH_MESSAGES.weakPassword, fields: ['password'] });
    expect(newPasswordProblem(short, short)).toEqual({
      message: AUTH_MESSAGES.weakPassword,
      fields: ['password'],
    });
    expect(change(short)).toEqual({ message: SECURITY_MESSAGES.weakPassword, fields: ['password'] });
  });

  it('counts every character, spaces too, and refuses a password for its length alone', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2 * PASSWORD_MIN_LENGTH }), (password) => {
        const short = password.length < PASSWORD_MIN_LENGTH;
        expect(newPasswordProblem(password, password) !== null).toBe(short);
        expect(change(password) !== null).toBe(short);
        if (password !== '') expect(signUp(password) !== null).toBe(short);
      }),
    );
  });

  it('asks for the e-mailed code before anything else, a blank one too', () => {
    for (const code of ['', '   ', '\t']) {
      expect(validatePasswordChange({ code, password: 'long-enough', confirm: 'long-enough' })).toEqual({
        message: SECURITY_MESSAGES.codeMissing,
        fields: ['code'],
      });
    }
    expect(
      validatePasswordChange({ code: '123456', password: 'long-enough', confirm: 'long-enougH' }),
    ).toEqual({
      message: SECURITY_MESSAGES.passwordMismatch,
      fields: ['confirm'],
    });
  });
});

describe('contact problem', () => {
  it('requires name, e-mail and question; identity is optional', () => {
    expect(contactProblem({ name: '', email: '', message: ' ' })).toEqual({
      message: CONTACT_MESSAGES.fillRequired,
      fields: ['name', 'email', 'message'],
    });
    expect(contactProblem({ name: 'A', email: 'not-an-email', message: 'Q' })).toEqual({
      message: CONTACT_MESSAGES.invalidEmail,
      fields: ['email'],
    });
    expect(contactProblem({ name: 'A', email: 'a@b.co', message: 'Q' })).toBeNull();
  });
});
