import { startTransition, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Session } from '@supabase/supabase-js';
import { $session } from '~/stores/session';
import { isAdmin, signOut } from './auth-session';
import { memberSecondFactorStep, secondFactorStep } from './mfa-step';

/**
 * Client-side route guard for member and admin pages. It is a convenience redirect only: the
 * database (RLS and function checks) is what actually refuses data to the wrong person.
 */
export type GuardRole = 'member' | 'admin';

export type GuardState =
  { status: 'checking' } | { status: 'allowed'; session: Session } | { status: 'error'; message: string };

/**
 * Where a visitor without a session is sent from `path`: staff to the admin sign-in, a member to
 * `signIn` (the sign-in page in the member page's language).
 */
export function loginRedirect(role: GuardRole, path: string, signIn = '/login'): string {
  const next = encodeURIComponent(path);
  return role === 'admin' ? `/admin/login?next=${next}` : `${signIn}?next=${next}`;
}

let leaving = false;

/**
 * Log Out: signs out (no sb-* key left in storage, even when the server is unreachable) and goes to
 * `to`. While it runs the guard does not answer the SIGNED_OUT event with its own ?next= redirect,
 * which would race this navigation.
 */
export async function logOutAndLeave(to = '/login'): Promise<void> {
  leaving = true;
  try {
    await signOut();
  } catch {
    // signOut has already removed the local session; the server-side one expires on its own.
  } finally {
    window.location.assign(to);
  }
}

function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** The member sign-in page in the language of the member page in view (useGuard's `signIn`). */
let memberSignIn: string | undefined;

/**
 * A session below aal2 goes to the code prompt, then back here: on /admin/login from the admin area,
 * on the member page's sign-in (/login, /ar/login) from the member area (a member with an
 * authenticator, issue 23).
 */
export function sendToSecondFactor(): void {
  const area: GuardRole = window.location.pathname.startsWith('/admin') ? 'admin' : 'member';
  window.location.replace(loginRedirect(area, currentPath(), memberSignIn));
}

/** A member at aal2, or without an authenticator? One still owing a code is sent to the prompt. */
async function memberReady(): Promise<boolean> {
  const next = await memberSecondFactorStep();
  if (next.step !== 'done') {
    sendToSecondFactor();
    return new Promise<boolean>(() => undefined);
  }
  return true;
}

/** Admin, and at aal2? An admin still owing a code is sent to the prompt (the answer stays pending). */
async function adminReady(): Promise<boolean> {
  if (!(await isAdmin())) return false;
  const next = await secondFactorStep();
  if (next.step !== 'done') {
    sendToSecondFactor();
    return new Promise<boolean>(() => undefined);
  }
  return true;
}

/**
 * `useGuard('member')`: no session → /login?next=<this page>; a member with an authenticator at aal1
 * → the code prompt on /login?next=…. `useGuard('admin')`: no session →
 * /admin/login?next=…; a signed-in non-admin → /user-dashboard; an admin at aal1 → the code prompt on
 * /admin/login?next=…. With `anyLevel`, a member session at any assurance level is allowed (the
 * page then reads only what the database offers at aal1). Render a skeleton until the
 * result is 'allowed' so no member content flashes for a visitor.
 */
export function useGuard(
  role: GuardRole,
  options: { anyLevel?: boolean; signIn?: string | undefined } = {},
): GuardState {
  // /user/freeze (issue 30): any signed-in member, even one still owing a code, may open it.
  // `signIn`: the member sign-in page in the page's language.
  const { anyLevel = false, signIn } = options;
  const session = useStore($session);
  // First of this hook's effects, so the code prompt below (and useLoad's) knows the page's sign-in.
  useEffect(() => {
    memberSignIn = signIn;
  }, [signIn]);
  const [check, setCheck] = useState<{ userId: string; result: boolean | Error } | null>(null);
  const userId = session.status === 'signed-in' ? session.session.user.id : null;

  useEffect(() => {
    if (session.status === 'signed-out' && !leaving)
      window.location.replace(loginRedirect(role, currentPath(), signIn));
  }, [session.status, role, signIn]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    (role === 'admin' ? adminReady() : anyLevel ? Promise.resolve(true) : memberReady()).then(
      (result) => {
        if (cancelled) return;
        // The page's content appears here: a transition, rendered in slices (see useLoad).
        startTransition(() => setCheck({ userId, result }));
        if (!result) window.location.replace('/user-dashboard');
      },
      (error: unknown) => {
        if (!cancelled)
          startTransition(() =>
            setCheck({ userId, result: error instanceof Error ? error : new Error(String(error)) }),
          );
      },
    );
    return () => {
      cancelled = true;
    };
  }, [role, userId, anyLevel]);

  if (session.status !== 'signed-in') return { status: 'checking' };
  if (!check || check.userId !== session.session.user.id) return { status: 'checking' };
  if (check.result instanceof Error) return { status: 'error', message: check.result.message };
  return check.result ? { status: 'allowed', session: session.session } : { status: 'checking' };
}
