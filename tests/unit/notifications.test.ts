import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberEn } from '~/i18n/member/en';
import { memberZhHant } from '~/i18n/member/zh-hant';

/**
 * The browser side of notifications: the bell's accessible name, keyset pages, and the re-read when a
 * notice written for later comes due (Realtime is silent then). supabase-js is replaced by a stub:
 * rpc answers from `answers`, and the realtime socket never opens, so only timers cause re-reads.
 */
const answers: Record<string, unknown> = {};
const calls: string[] = [];
const args: unknown[] = [];
vi.mock('~/lib/supabase', () => ({
  supabase: () => ({
    rpc: async (name: string, given?: unknown) => {
      calls.push(name);
      args.push(given);
      return { data: answers[name] ?? null, error: null };
    },
    realtime: () => new Promise(() => {}),
  }),
}));

const { bellLabel, unreadCount, watchNotifications } = await import('~/lib/notifications');
const { myNotifications, myActivity } = await import('~/lib/notification-lists');

const notice = (id: number) => ({
  id,
  kind: 'ledger_entry',
  title: 'Interest Wallet changed',
  body: 'An administrator changed your Interest Wallet from 1.00 to 2.00: test',
  available_at: '2026-11-24T10:00:00+00:00',
  read_at: null,
});

beforeEach(() => {
  calls.length = 0;
  for (const key of Object.keys(answers)) delete answers[key];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('notifications module', () => {
  it('names the bell with the count', () => {
    const words = memberEn.shell;
    expect(bellLabel(3, words)).toBe('Notifications, 3 unread');
    expect(bellLabel(0, words)).toBe('Notifications, 0 unread');
    expect(bellLabel(null, words)).toBe('Notifications');
    expect(bellLabel(2, memberZhHant.shell)).toBe('通知，2項未讀');
  });

  it('gives the next page key only after a full page', async () => {
    answers.my_notifications = [notice(9), notice(8)];
    expect(await myNotifications('en', null, 2)).toMatchObject({ next: '8' });
    expect(await myNotifications('en', null, 3)).toMatchObject({ next: null });
  });

  it('asks for each list in the page’s language, the database writing the words in it', async () => {
    args.length = 0;
    await myNotifications('ar', '9', 2);
    await myActivity('zh-hant');
    expect(args).toEqual([
      { p_before: 9, p_limit: 2, p_locale: 'ar' },
      { p_limit: 25, p_locale: 'zh-hant' },
    ]);
  });

  it('re-reads when a notice written for later comes due, and stops when unsubscribed', async () => {
    answers.unread_notification_count = 1;
    answers.next_notification_in = 30;
    const seen: number[] = [];
    const stop = watchNotifications('member-id', unreadCount, {
      onData: (n) => seen.push(n),
      onError: (e) => {
        throw e;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1]);
    // Not before it is due…
    answers.unread_notification_count = 2;
    answers.next_notification_in = null;
    await vi.advanceTimersByTimeAsync(29_000);
    expect(seen).toEqual([1]);
    // …then once, and nothing more is due.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(seen).toEqual([1, 2]);

    answers.next_notification_in = 5;
    const again: number[] = [];
    const stopAgain = watchNotifications('member-id', unreadCount, {
      onData: (n) => again.push(n),
      onError: () => {},
    });
    await vi.advanceTimersByTimeAsync(0);
    stopAgain();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(again).toEqual([2]);
    stop();
  });
});
