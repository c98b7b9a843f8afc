/*
 * The work queue's words and links: pure data, small, for the admin shell's sidebar badges and the
 * panel on /admin/home. The reads are in work-queue.ts, loaded on demand.
 */

/** One row of public.admin_work_queue(): counts for the signed-in staff member's role. */
export interface WorkQueue {
  /** Open proposals (money and staff changes) the caller did not make and may approve. */
  awaiting_me: number;
  /** Withdrawal requests still pending a first review. */
  withdrawal_requests: number;
  /** Deposit notices still to be valued. */
  deposit_notices: number;
  /** Contact messages newer than the caller's last visit to the Messages page. */
  unread_messages: number;
  /** Members whose withdrawals are frozen. */
  frozen_accounts: number;
}

export type WorkQueueKey = keyof WorkQueue;

/** The panel's rows, in the order a person works through them, each with the page that handles it. */
export const WORK_QUEUE_ITEMS: ReadonlyArray<{ key: WorkQueueKey; label: string; href: string }> = [
  { key: 'awaiting_me', label: 'Proposals awaiting me', href: '/admin/approvals' },
  { key: 'withdrawal_requests', label: 'Withdrawal requests pending', href: '/admin/requests' },
  { key: 'deposit_notices', label: 'Deposit notices to value', href: '/admin/requests' },
  { key: 'unread_messages', label: 'Unread messages', href: '/admin/messages' },
  { key: 'frozen_accounts', label: 'Frozen accounts', href: '/admin/users' },
];

/** A sidebar entry's badge: the number shown, and the words a screen reader adds after the label. */
export interface NavBadge {
  count: number;
  /** Words read after the number: the link's accessible name becomes "Approvals 3 waiting". */
  spoken: string;
}

/** The badges by page: each sums the items its page handles; pages with nothing waiting have none. */
export function navBadges(queue: WorkQueue): Record<string, NavBadge> {
  const badges: Record<string, NavBadge> = {};
  for (const item of WORK_QUEUE_ITEMS) {
    const count = (badges[item.href]?.count ?? 0) + queue[item.key];
    if (count > 0) badges[item.href] = { count, spoken: 'waiting' };
  }
  return badges;
}

/** What the admin shell holds: the counts, and the sidebar's badges made from them. */
export interface WorkQueueView {
  counts: WorkQueue;
  badges: Record<string, NavBadge>;
}

export const WORK_QUEUE_TEXT = {
  heading: 'Work queue',
  loading: 'Counting what waits…',
  allClear: 'Nothing is waiting for you.',
} as const;

/** Fired on the document when a page has changed a count the feed cannot see (messages read). */
export const WORK_QUEUE_REFRESH = 'admin-work-queue-refresh';
