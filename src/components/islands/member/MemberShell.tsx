import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { lazyPart } from '../shared/lazyPart';
import type { Session } from '@supabase/supabase-js';
import toast from '~/lib/toast';
import AppShell, { type NavItem } from '../shared/AppShell';
import Dialog from '../shared/LazyDialog';
import Toaster from '../shared/Toaster';
import MemberSkeleton from './MemberSkeleton';
import { useEarlyAnswer } from '../shared/useEarlyAnswer';
import NotificationBell from './NotificationBell';
import { displayName } from '~/lib/auth-session';
import { logOutAndLeave, useGuard } from '~/lib/guard';
import { watchProfile } from '~/lib/profile';
import { earlyProfile, pendingEarlyProfile } from '~/lib/early-profile';
import type { Profile } from '~/lib/profile-row';
import type { FeedStatus } from '~/lib/realtime';
import { fill } from '~/i18n/fill';
import { MemberLanguageProvider, memberLink, type MemberLanguage } from './member-language';

// The referral link, count and earnings are read when the dialog first opens: out of every member
// page's first load (tests/budgets.json).
const ReferralsDialog = lazyPart(() => import('./ReferralsDialog'), 'dialog');
const WithdrawHelp = lazyPart(() => import('./WithdrawHelp'));
// The sidebar's language menu comes right after the page (it is below the navigation), out of the
// first load (tests/budgets.json).
const LanguageMenu = lazyPart(() => import('./LanguageMenu'), 'item');

export interface MemberContext {
  session: Session;
  /** null until the first read; then kept live. */
  profile: Profile | null;
  feed: FeedStatus;
  openWithdrawDialog: () => void;
  openReferralsDialog: () => void;
}

interface MemberShellProps {
  /** This page's path, to mark the current sidebar entry. */
  current: string;
  /** The page heading shown above the greeting. */
  heading: string;
  /**
   * The page's first view while the session is checked (MemberSkeleton's content), given the profile
   * read so far; the same view its HTML was built with, so the takeover changes nothing on screen.
   */
  skeleton?: (profile: Profile | null) => ReactNode;
  children: (context: MemberContext) => ReactNode;
  /**
   * Open to a session at any assurance level (/user/freeze): no redirect to the code prompt, and no
   * profile feed or notification bell, which the database keeps from a session still owing a code.
   */
  anyLevel?: boolean;
  /** The page's language: its words arrive as the page's prop. */
  language: MemberLanguage;
}

/**
 * Everything member pages share: the guard (skeleton until the session is known, else off to
 * /login?next=…), the live profile, the sidebar with its Withdraw and Referrals dialogs, and toasts.
 */
export default function MemberShell({
  current,
  heading,
  skeleton,
  children,
  anyLevel = false,
  language,
}: MemberShellProps) {
  const { words } = language;
  const guard = useGuard('member', { anyLevel, signIn: language.signIn });
  const session = guard.status === 'allowed' ? guard.session : null;
  const userId = session?.user.id;
  // The early read's values (early-balances.ts), when the page made one: the first render shows what
  // the skeleton already shows, and the live feed below takes over from there.
  const [profile, setProfile] = useEarlyAnswer<Profile>(earlyProfile, pendingEarlyProfile);
  const [feed, setFeed] = useState<MemberContext['feed']>('connecting');
  const [dialog, setDialog] = useState<'withdraw' | 'referrals' | null>(null);

  useEffect(() => {
    if (!userId || anyLevel) return;
    return watchProfile(userId, {
      onData: setProfile,
      onError: (error) => toast.error(error.message, { id: 'profile-feed' }),
      onStatus: setFeed,
    });
  }, [userId, setProfile, anyLevel]);

  if (!session) {
    return guard.status === 'error' ? (
      <p role="alert">{guard.message}</p>
    ) : (
      <MemberLanguageProvider language={language}>
        <MemberSkeleton>{skeleton?.(profile)}</MemberSkeleton>
      </MemberLanguageProvider>
    );
  }
  // Only ever the signed-in member's own row (the early read used the stored session, which a sign-in
  // in another tab may have replaced since).
  const ownProfile = profile?.id === session.user.id ? profile : null;

  const link = (label: string, path: string) => ({
    label,
    href: memberLink(language, path),
    current: current === path || (path === '/user-dashboard' && current === '/user-home'),
  });
  const nav: NavItem[] = [
    link(words.nav.home, '/user-dashboard'),
    link(words.nav.plans, '/user/plans'),
    link(words.nav.deposit, '/user/deposit'),
    { label: words.nav.withdraw, onSelect: () => setDialog('withdraw') },
    link(words.nav.addresses, '/user/addresses'),
    { label: words.nav.referrals, onSelect: () => setDialog('referrals') },
    link(words.nav.statement, '/user/statement'),
    link(words.nav.security, '/user/security'),
    link(words.nav.notifications, '/user/notifications'),
    link(words.nav.activity, '/user/activity'),
    link(words.nav.freeze, '/user/freeze'),
    link(words.nav.support, '/user/support'),
  ];
  const name = displayName(session, ownProfile?.username);
  const close = () => setDialog(null);
  const okay = (
    <button type="button" className="btn-dark" onClick={close}>
      {words.shell.okay}
    </button>
  );

  return (
    <MemberLanguageProvider language={language}>
      <Toaster />
      <AppShell
        title={words.area}
        nav={nav}
        after={[{ label: words.nav.website, href: language.home }]}
        home={language.home}
        extra={
          <Suspense fallback={null}>
            <LanguageMenu current={current} language={language} />
          </Suspense>
        }
        words={words.shell}
        userName={name}
        onLogout={() => void logOutAndLeave(language.signIn)}
        header={
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl text-ink-950 sm:text-3xl">{heading}</h1>
              <p className="mt-1 text-base text-muted">{fill(words.shell.hello, { name })}</p>
              {(feed === 'reconnecting' || feed === 'stalled') && (
                <p role="status" className="mt-1 text-sm font-medium text-accent-700">
                  {feed === 'reconnecting' ? (
                    words.shell.reconnecting
                  ) : (
                    <>
                      {words.shell.liveStalled}{' '}
                      <button type="button" className="underline" onClick={() => location.reload()}>
                        {words.shell.reload}
                      </button>
                    </>
                  )}
                </p>
              )}
            </div>
            {!anyLevel && (
              <NotificationBell userId={session.user.id} current={current === '/user/notifications'} />
            )}
          </div>
        }
      >
        {children({
          session,
          profile: ownProfile,
          feed,
          openWithdrawDialog: () => setDialog('withdraw'),
          openReferralsDialog: () => setDialog('referrals'),
        })}
      </AppShell>
      <Dialog
        open={dialog === 'withdraw'}
        title={words.shell.withdrawalTitle}
        onClose={close}
        actions={
          <>
            {current !== '/user/withdraw' && (
              <a href={memberLink(language, '/user/withdraw')} className="btn-outline-dark">
                {words.shell.requestWithdrawal}
              </a>
            )}
            {okay}
          </>
        }
      >
        <Suspense fallback={null}>
          <WithdrawHelp />
        </Suspense>
      </Dialog>
      {dialog === 'referrals' && (
        <Suspense fallback={null}>
          <ReferralsDialog onClose={close} earned={ownProfile?.referral} />
        </Suspense>
      )}
    </MemberLanguageProvider>
  );
}
