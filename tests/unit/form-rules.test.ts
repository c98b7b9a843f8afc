import { describe, expect, it } from 'vitest';
import { blankFields, looksLikeEmail } from '~/lib/form-rules';
import {
  AUTH_MESSAGES,
  newPasswordProblem,
  emailProblem,
  signInProblem,
  signUpProblem,
} from '~/lib/auth-rules';
import { CONTACT_MESSAGES, contactProblem } from '~/lib/contact-messages';

// The forms are noValidate: these checks decide the message shown in the page and which fields are
// marked invalid (the first one gets focus), so the field lists must name exactly the fields at fault.

describe('form rules', () => {
  it('accepts ordinary addresses and refuses typing slips', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.com', ' padded@example.com ']) {
      expect(looksLikeEmail(ok)).toBe(true);
    }
    for (const bad of ['', 'plain', 'a@b', '@example.com', 'a@.com', 'a b@example.com', 'a@example.com.']) {
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
