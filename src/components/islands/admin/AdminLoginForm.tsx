import { useState, type FormEvent } from 'react';
import toast from '~/lib/toast';
import Toaster from '~/components/islands/shared/Toaster';
import Field from '~/components/islands/shared/Field';
import PasswordField from '~/components/islands/forms/PasswordField';
import SecondFactorForm from '~/components/islands/admin/SecondFactorForm';
import { signIn } from '~/lib/auth';
import { AUTH_MESSAGES, REDIRECT_DELAY_MS } from '~/lib/auth-rules';
import { signOut } from '~/lib/auth-session';
import { safeNextPath, signInProblem } from '~/lib/auth-rules';
import { useFormProblem } from '~/components/islands/shared/formProblem';
import { useLoad } from '~/components/islands/shared/useLoad';
import { pendingSecondFactor } from '~/lib/mfa';
import { secondFactorStep, type SecondFactorStep } from '~/lib/mfa-step';
import { errorText } from '~/lib/db-errors';

export const NOT_ADMIN_MESSAGE = 'This account does not have admin access.';

/** Only an admin page may be the target after admin sign-in. */
function adminNext(): string {
  const next = safeNextPath(new URLSearchParams(window.location.search).get('next'), '/admin/home');
  return next.startsWith('/admin/') && !next.startsWith('/admin/login') ? next : '/admin/home';
}

/** Signed in: the success toast, then the admin page asked for (spec: after 2 seconds). */
function enterAdminArea(): void {
  toast.success(AUTH_MESSAGES.loginSuccess);
  window.setTimeout(() => window.location.assign(adminNext()), REDIRECT_DELAY_MS);
}

/**
 * /admin/login: the admin's own Supabase account (the database says whether it is an admin; a member
 * account is signed out again at once), then the second factor: the enrolment screen for an admin
 * without an authenticator, else the code prompt. An admin whose session is still at aal1 (a new
 * device, or sent here by an admin page) starts at the code prompt. No credentials live in this code.
 */
export default function AdminLoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();
  // Already at aal2 (or signed out, or the check failed): the page stays the sign-in form it always was.
  const pending = useLoad(pendingSecondFactor, AUTH_MESSAGES.loginFailed, { toast: false });
  /** The step this page moved to itself; undefined until then, while the stored session decides. */
  const [chosen, setSecond] = useState<Exclude<SecondFactorStep, { step: 'done' }> | null | undefined>();
  const second = chosen === undefined ? pending.data : chosen;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (report(event.currentTarget, signInProblem(email, password))) return;
    setBusy(true);
    try {
      const role = await signIn(email, password);
      if (role !== 'admin') {
        await signOut().catch(() => undefined);
        throw new Error(NOT_ADMIN_MESSAGE);
      }
      const next = await secondFactorStep();
      if (next.step === 'done') {
        // Stay busy: the button remains disabled until the page changes.
        enterAdminArea();
        return;
      }
      setSecond(next);
      setBusy(false);
    } catch (error) {
      toast.error(errorText(error, AUTH_MESSAGES.loginFailed));
      setBusy(false);
    }
  }

  async function useAnotherAccount() {
    await signOut().catch(() => undefined);
    setSecond(null);
    setPassword('');
  }

  if (second) {
    return (
      <>
        <Toaster />
        <SecondFactorForm step={second} onVerified={enterAdminArea} onCancel={useAnotherAccount} />
      </>
    );
  }

  return (
    <>
      <Toaster />
      <form className="space-y-5" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {alert}
        <Field
          id="admin-login-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...fieldProps('email')}
        />
        <PasswordField
          id="admin-login-password"
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          problem={fieldProps('password')}
        />
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="text-center text-sm text-muted">
          Need admin access?{' '}
          <a
            href="/admin/register"
            className="font-semibold text-accent-700 underline-offset-4 hover:underline"
          >
            How it is granted
          </a>
        </p>
      </form>
    </>
  );
}
