import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import Toaster from '../shared/Toaster';
import PasswordField from './PasswordField';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, REDIRECT_DELAY_MS, signUp, validateSignUp } from '~/lib/auth';

/** /register: creates the account, signs in at once, then the dashboard after 2 s. */
export default function SignUpForm() {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const input = { username, email, password, consent };
    // Our own check first (the form is noValidate): the spec's message, no request sent.
    const invalid = validateSignUp(input);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    setBusy(true);
    try {
      await signUp(input);
      toast.success(AUTH_MESSAGES.registrationSuccess);
      window.setTimeout(() => window.location.assign('/user-dashboard'), REDIRECT_DELAY_MS);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : AUTH_MESSAGES.registrationFailed);
      setBusy(false);
    }
  }

  return (
    <>
      <Toaster />
      <form className="space-y-5" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div>
          <label htmlFor="signup-username" className="field-label">
            Username
          </label>
          <input
            id="signup-username"
            name="username"
            type="text"
            className="field-input"
            autoComplete="username"
            required
            maxLength={50}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="signup-email" className="field-label">
            Email address
          </label>
          <input
            id="signup-email"
            name="email"
            type="email"
            className="field-input"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <PasswordField
          id="signup-password"
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={setPassword}
        />
        <div className="flex items-start gap-3">
          <input
            id="signup-consent"
            name="consent"
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-ink-900"
            required
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <label htmlFor="signup-consent" className="text-sm leading-6 text-ink-800">
            I agree to the{' '}
            <a
              href="/privacy-policy"
              className="font-semibold underline decoration-accent-500 underline-offset-2"
            >
              Privacy Policy
            </a>{' '}
            and the{' '}
            <a
              href="/terms-of-service"
              className="font-semibold underline decoration-accent-500 underline-offset-2"
            >
              Terms of Service
            </a>
            .
          </label>
        </div>
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? 'Signing up…' : 'Sign Up'}
        </button>
        <p className="text-center text-sm text-muted">
          <a
            href="/login"
            className="font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
          >
            Already have an account? Login
          </a>
        </p>
      </form>
    </>
  );
}
