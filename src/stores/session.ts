import { atom, onMount } from 'nanostores';
import type { Session } from '@supabase/supabase-js';

/**
 * The session as a three-state store fed by supabase-js's auth events. Nothing may render
 * "signed out" while the state is still 'loading' (that is what causes a flash of wrong content).
 */
export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: Session };

export const $session = atom<SessionState>({ status: 'loading' });

onMount($session, () => {
  // The Supabase client is imported here, not at the top: a page that only shows a form (reset
  // password, e-mail confirmation) paints and hydrates first and fetches the client after.
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  void import('~/lib/supabase').then(({ supabase }) => {
    if (stopped) return;
    const { data } = supabase().auth.onAuthStateChange((_event, session) => {
      $session.set(session ? { status: 'signed-in', session } : { status: 'signed-out' });
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
});

/** Resolves once the store has left 'loading'. */
export function sessionReady(): Promise<Exclude<SessionState, { status: 'loading' }>> {
  return new Promise((resolve) => {
    const unsubscribe = $session.subscribe((state) => {
      if (state.status !== 'loading') {
        queueMicrotask(() => unsubscribe());
        resolve(state);
      }
    });
  });
}
