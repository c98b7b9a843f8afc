import { useEffect, type ReactNode } from 'react';
import toast from '~/lib/toast';
import AppShell, { type NavItem } from '~/components/islands/shared/AppShell';
import Toaster from '~/components/islands/shared/Toaster';
import { logOutAndLeave, useGuard } from '~/lib/guard';
import { capabilities, myStaffRole, ROLE_LABELS, type Capabilities, type StaffRole } from '~/lib/admin/staff';
import { useLoad } from '../shared/useLoad';

export const ADMIN_NAV = [
  { label: 'Home', href: '/admin/home' },
  { label: 'Users', href: '/admin/users' },
  { label: 'Approvals', href: '/admin/approvals' },
  { label: 'Requests', href: '/admin/requests' },
  { label: 'Wallets', href: '/admin/wallets' },
  { label: 'Messages', href: '/admin/messages' },
  { label: 'Admins', href: '/admin/admins' },
  { label: 'Audit log', href: '/admin/audit' },
  { label: 'Website', href: '/' },
] as const;

export type AdminPath = (typeof ADMIN_NAV)[number]['href'];

/** Pages a role has nothing to do on (support handles no money). */
const HIDDEN: Partial<Record<AdminPath, (can: Capabilities) => boolean>> = {
  '/admin/approvals': (can) => !can.readMoney,
  '/admin/audit': (can) => !can.readAudit,
};

export interface StaffSession {
  userId: string;
  email: string;
  role: StaffRole;
  can: Capabilities;
}

/** Reserves the page's shape while the admin check runs, so nothing admin-only shows before it passes. */
export function AdminSkeleton({ label = 'Checking admin access…' }: { label?: string }) {
  return (
    <div className="min-h-dvh bg-mist-50 lg:flex" aria-busy="true">
      <div className="hidden w-64 shrink-0 bg-ink-900 lg:block" />
      <div className="h-16 bg-ink-900 lg:hidden" />
      <div className="flex-1 p-8">
        <p className="text-sm text-muted">{label}</p>
        <div className="mt-6 h-96 animate-pulse rounded-(--radius-card) bg-mist-200" aria-hidden="true" />
      </div>
    </div>
  );
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

  useEffect(() => {
    if (guard.status === 'error') toast.error(guard.message);
  }, [guard]);

  if (guard.status === 'checking') return <AdminSkeleton />;
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

  if (guard.status !== 'allowed' || !staff.data) return <AdminSkeleton />;
  const role = staff.data;
  const can = capabilities(role);
  const nav: NavItem[] = ADMIN_NAV.filter((item) => !HIDDEN[item.href]?.(can)).map((item) => ({
    label: item.label,
    href: item.href,
    current: item.href === current,
  }));
  const user = guard.session.user;

  return (
    <>
      <Toaster />
      <AppShell
        title="Admin"
        nav={nav}
        onLogout={() => void logOutAndLeave('/admin/login')}
        header={
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h1 className="text-2xl text-ink-950">{title}</h1>
            <p className="text-sm text-muted">
              Signed in as {user.email} ({ROLE_LABELS[role]})
            </p>
          </div>
        }
      >
        {children({ userId: user.id, email: user.email ?? '', role, can })}
      </AppShell>
    </>
  );
}
