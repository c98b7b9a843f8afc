import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { signInErrorMessage, signUpErrorMessage, updatePasswordErrorMessage } from '~/lib/auth';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, safeNextPath, validateSignUp } from '~/lib/auth-rules';
import { loginRedirect } from '~/lib/guard';

describe('password minimum', () => {
  it('matches supabase/config.toml, and the message names the number', () => {
    const config = parse(readFileSync('supabase/config.toml', 'utf8')) as {
      auth: { minimum_password_length: number };
    };
    expect(PASSWORD_MIN_LENGTH).toBe(config.auth.minimum_password_length);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(AUTH_MESSAGES.weakPassword).toBe('Password should be at least 8 characters long');
  });
});

describe('sign-in messages', () => {
  it('names an unconfirmed address (GoTrue says so only after a right password)', () => {
    expect(signInErrorMessage({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(signInErrorMessage({ code: 'email_not_confirmed', message: 'Email not confirmed' })).toBe(
      AUTH_MESSAGES.emailNotConfirmed,
    );
  });
  it('maps anything else to the generic failure', () => {
    expect(signInErrorMessage({ code: 'over_request_rate_limit', message: 'Too many' })).toBe(
      'Login failed. Please try again.',
    );
    expect(signInErrorMessage({ message: 'Failed to fetch' })).toBe('Login failed. Please try again.');
  });
});

describe('sign-up messages', () => {
  it('maps the server codes to the spec catalogue', () => {
    expect(signUpErrorMessage({ code: 'weak_password', message: 'x' })).toBe(
      'Password should be at least 8 characters long',
    );
    expect(signUpErrorMessage({ code: 'user_already_exists', message: 'x' })).toBe('Email already in use');
    expect(signUpErrorMessage({ code: 'email_exists', message: 'x' })).toBe('Email already in use');
    expect(signUpErrorMessage({ code: 'unexpected_failure', message: 'x' })).toBe(
      'Registration failed. Please try again.',
    );
    expect(updatePasswordErrorMessage({ code: 'same_password', message: 'x' })).toBe(
      AUTH_MESSAGES.samePassword,
    );
  });
  it('asks for every field (and consent) before any request', () => {
    const full = { username: 'ann', email: 'ann@example.com', password: 'long-enough', consent: true };
    expect(validateSignUp(full)).toBeNull();
    for (const missing of [{ username: ' ' }, { email: '' }, { password: '' }, { consent: false }]) {
      expect(validateSignUp({ ...full, ...missing })).toBe('Please fill in all fields.');
    }
    expect(validateSignUp({ ...full, password: '1234567' })).toBe(AUTH_MESSAGES.weakPassword);
    expect(validateSignUp({ ...full, password: '12345678' })).toBeNull();
  });
});

describe('guard redirects', () => {
  it('remembers the page for members and admins', () => {
    expect(loginRedirect('member', '/user/deposit')).toBe('/login?next=%2Fuser%2Fdeposit');
    // A member page in another language sends to sign-in in that language (its page says which).
    expect(loginRedirect('member', '/ar/user-dashboard', '/ar/login')).toBe(
      '/ar/login?next=%2Far%2Fuser-dashboard',
    );
    expect(loginRedirect('admin', '/admin/users')).toBe('/admin/login?next=%2Fadmin%2Fusers');
  });
  it('accepts only same-site paths as ?next=', () => {
    expect(safeNextPath('/user/withdraw')).toBe('/user/withdraw');
    expect(safeNextPath('/user/statement?x=1')).toBe('/user/statement?x=1');
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a\nb',
    ]) {
      expect(safeNextPath(bad)).toBe('/user-dashboard');
    }
  });
});
