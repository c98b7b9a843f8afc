import { startTransition, useEffect, useState, type ReactNode } from 'react';
import toast from '~/lib/toast';
import AppShell, { type NavItem } from '~/components/islands/shared/AppShell';
import Toaster from '~/components/islands/shared/Toaster';
import { logOutAndLeave, useGuard } from '~/lib/guard';
import { capabilities, signedInLine, type Capabilities, type StaffRole } from '~/lib/admin/staff';
import { myStaffRole } from '~/lib/admin/my-staff-role';
import { useLoad } from '../shared/useLoad';
import { useEarlyAnswer } from '../shared/useEarlyAnswer';
import { earlyStaff, pendingEarlyStaff } from '~/lib/admin/early-staff';
import type { WorkQueueView } from '~/lib/admin/work-queue-items';
import { supabase } from '~/lib/supabase';
import { subscribeToChanges } from '~/lib/realtime';
import { SIGNED_IN_BAR_CLASS, SIGNED_IN_CLASS, SIGNED_IN_PLACEHOLDER_CLASS } from './header-slots';

export const ADMIN_NAV = [
  { label: 'Home', href: '/admin/home' },
  { label: 'Users', href: '/admin/users' },
  { label: 'Approvals', href: '/admin/approvals' },
  { label: 'Plans', href: '/admin/plans' },
  { label: 'Requests', href: '/admin/requests' },
  { label: 'Wallets', href: '/admin/wallets' },
  { label: 'Messages', href: '/admin/messages' },
  { label: 'Admins', href: '/admin/admins' },
  { label: 'Statements', href: '/admin/statements' },
  { label: 'Audit log', href: '/admin/audit' },
  { label: 'Support', href: '/admin/support' },
  { label: 'Website', href: '/' },
] as const;

export type AdminPath = (typeof ADMIN_NAV)[number]['href'];

/** Pages a role has nothing to do on (support handles no money). */
const HIDDEN: Partial<Record<AdminPath, (can: Capabilities) => boolean>> = {
  '/admin/approvals': (can) => !can.readMoney,
  '/admin/plans': (can) => !can.readMoney,
  '/admin/audit': (can) => !can.readAudit,
  // Auditors and owners read every member's statements (the database's policies say the same).
  '/admin/statements': (can) => !can.readAudit,
};

export interface StaffSession {
  userId: string;
  email: string;
  role: StaffRole;
  can: Capabilities;
  /** The work queue's panel, live (null until its code has loaded): /admin/home shows it. */
  workQueue: ReactNode;
}

/**
 * The header of every admin page: its title, and below it who is signed in (a placeholder until known),
 * in a box of fixed height (header-slots.ts), so nothing below moves when the line is filled in.
 */
function AdminHeader({ title, signedIn }: { title: string; signedIn: string | null }) {
  return (
    <div>
      <h1 className="text-2xl text-ink-950">{title}</h1>
      {signedIn === null ? (
        <p className={SIGNED_IN_PLACEHOLDER_CLASS} aria-hidden="true" data-staff-slot>
          <span className={SIGNED_IN_BAR_CLASS} />
        </p>
      ) : (
        <p className={SIGNED_IN_CLASS} title={signedIn}>
          {signedIn}
        </p>
      )}
    </div>
  );
}

interface AdminSkeletonProps {
  label?: string;
  /** The page's title: the skeleton then has the page's header, as AppShell draws it. */
  title?: string;
  /** "Signed in as …" already known (the early read), shown in that header. */
  signedIn?: string | null;
  /** Rendered into the page's HTML at build time: the one copy the early paint may fill. */
  prerendered?: boolean;
}

/**
 * Reserves the page's shape while the admin check runs, so nothing admin-only shows before it passes
 * (at most who is signed in, read with their own stored session).
 */
export function AdminSkeleton({
  label = 'Checking admin access…',
  title,
  signedIn = null,
  prerendered = false,
}: AdminSkeletonProps) {
  return (
    <div
      className="min-h-dvh bg-mist-50 lg:flex"
      aria-busy="true"
      data-prerendered={prerendered || undefined}
    >
      <div className="hidden w-64 shrink-0 bg-ink-900 lg:block" />
      <div className="h-[68px] bg-ink-900 lg:hidden" />
      <div className="min-w-0 flex-1">
        {title !== undefined && (
          <header className="border-b border-mist-200 bg-white px-5 py-5 sm:px-8">
            <AdminHeader title={title} signedIn={signedIn} />
          </header>
        )}
        <div className="px-5 py-6 sm:px-8 sm:py-8">
          <p className="text-sm text-muted">{label}</p>
          <div className="mt-6 h-96 animate-pulse rounded-(--radius-card) bg-mist-200" aria-hidden="true" />
        </div>
      </div>
    </div>
  );
}

type QueuePart = typeof import('./work-queue-part');

/**
 * The work queue, live, once the staff role is known: the sidebar's badges, and the panel at the top
 * of /admin/home. Its code (the read, the feed, the panel) is imported only then, after the shell has
 * painted: no admin page's first load carries it (tests/budgets.json).
 */
function useWorkQueue(enabled: boolean): [QueuePart | null, WorkQueueView | null] {
  const [part, setPart] = useState<QueuePart | null>(null);
  const [view, setView] = useState<WorkQueueView | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let stop = () => {};
    // A failed load (the connection dropped) leaves the page without badges, nothing worse.
    import('./work-queue-part').then(
      (m) => {
        if (!live) return;
        // Drawn as transitions, in slices (see useLoad).
        startTransition(() => setPart(m));
        stop = m.watchWorkQueue({ supabase, subscribeToChanges }, (next) =>
          startTransition(() => setView(next)),
        );
      },
      () => {},
    );
    return () => {
      live = false;
      stop();
    };
  }, [enabled]);
  return [part, view];
}

export interface AdminAreaProps {
  current: AdminPath;
  title: string;
  children: (session: StaffSession) => ReactNode;
}

/**
 * Frame of every guarded admin page: waits for the admin check (a visitor goes to /admin/login, a
 * member to /user-dashboard), then shows the sidebar, the page title and the page. The database
 * refuses admin data to everyone else anyway; this only avoids showing an empty admin screen.
 */
export default function AdminArea({ current, title, children }: AdminAreaProps) {
  const guard = useGuard('admin');
  const staff = useLoad(guard.status === 'allowed' ? myStaffRole : null, 'Could not load your staff role.', {
    toast: false,
  });

  const role = staff.data;
  const [queuePart, queue] = useWorkQueue(Boolean(role));

  // Who is signed in, from the page's early read (early-header.ts), while the admin check runs.
  const [early] = useEarlyAnswer(earlyStaff, pendingEarlyStaff);

  useEffect(() => {
    if (guard.status === 'error') toast.error(guard.message);
  }, [guard]);

  const skeleton = (
    <AdminSkeleton title={title} signedIn={early ? signedInLine(early.email, early.role) : null} />
  );
  if (guard.status === 'checking') return skeleton;
  const failure = guard.status === 'error' ? guard.message : staff.error;
  if (failure) {
    return (
      <>
        <Toaster />
        <div className="container-page py-16">
          <h1 className="text-2xl">Admin</h1>
          <p role="alert" className="mt-4 text-danger-600">
            {failure}
          </p>
          <button type="button" className="btn-dark mt-6" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      </>
    );
  }

  if (guard.status !== 'allowed' || !role) return skeleton;
  const can = capabilities(role);
  const nav: NavItem[] = ADMIN_NAV.filter((item) => !HIDDEN[item.href]?.(can)).map((item) => ({
    label: item.label,
    href: item.href,
    current: item.href === current,
    badge: queue?.badges[item.href],
  }));
  const user = guard.session.user;

  return (
    <>
      <Toaster />
      <AppShell
        title="Admin"
        nav={nav}
        onLogout={() => void logOutAndLeave('/admin/login')}
        header={<AdminHeader title={title} signedIn={signedInLine(user.email ?? '', role)} />}
      >
        {children({
          userId: user.id,
          email: user.email ?? '',
          role,
          can,
          workQueue: queuePart && <queuePart.WorkQueuePanel queue={queue?.counts ?? null} can={can} />,
        })}
      </AppShell>
    </>
  );
}
