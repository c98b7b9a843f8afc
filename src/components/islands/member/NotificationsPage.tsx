import { useCallback } from 'react';
import MemberShell from './MemberShell';
import { LivePagesFrame, useLivePages } from './LivePages';
import { errorTextIn } from '~/lib/db-errors';
import { markRead, myNotifications, type MemberNotification } from '~/lib/notification-lists';
import toast from '~/lib/toast';
import FreezeWithdrawals from './FreezeWithdrawals';
import { formatDateTimeIn } from '~/lib/date-time-in-language';
import { fill } from '~/i18n/fill';
import type { NotificationsWords } from '~/i18n/member/pages/notifications';
import { useMemberLanguage, type MemberLanguage } from './member-language';

/**
 * /user/notifications: the member's notices, newest first, worded by the database in the page's
 * language; unread ones marked, each or all marked read.
 */
function NotificationsContent({ userId, words }: { userId: string; words: NotificationsWords }) {
  const { locale } = useMemberLanguage();
  const read = useCallback((before: string | null) => myNotifications(locale, before), [locale]);
  const pages = useLivePages<MemberNotification>(userId, read, words.failed);
  const { items, update } = pages;
  const unread = items?.filter((n) => n.read_at === null).length ?? 0;

  const mark = async (ids?: string[]) => {
    try {
      await markRead(ids);
      const now = new Date().toISOString();
      // The live feed re-reads too; this only spares the member a flash of the old state.
      update((n) => (n.read_at === null && (!ids || ids.includes(n.id)) ? { ...n, read_at: now } : n));
    } catch (err) {
      toast.error(errorTextIn(locale, err, words.markFailed));
    }
  };

  return (
    <section aria-labelledby="notifications-heading" className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notifications-heading" className="text-xl text-ink-950">
          {words.heading}
        </h2>
        <button
          type="button"
          className="btn-outline-dark"
          disabled={unread === 0}
          onClick={() => void mark()}
        >
          {words.markAll}
        </button>
      </div>
      <LivePagesFrame pages={pages} empty={words.empty}>
        {(list) => (
          <ul className="mt-4 divide-y divide-mist-200" aria-label={words.listLabel}>
            {list.map((n) => (
              <li
                key={n.id}
                className={`flex items-start justify-between gap-3 py-4 ${n.read_at === null ? 'border-s-4 border-accent-700 ps-3' : 'ps-4'}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 font-semibold text-ink-950">
                    {n.read_at === null && (
                      <span className="inline-flex items-center gap-1 rounded-full bg-accent-700 px-2 text-xs leading-5 text-white">
                        {words.unread}
                      </span>
                    )}
                    <span>{n.title}</span>
                  </p>
                  <p className="mt-1 text-sm break-words text-ink-800">{n.body}</p>
                  <p className="mt-1 text-xs text-muted">
                    <bdi>
                      <time dateTime={n.available_at}>{formatDateTimeIn(locale, n.available_at)}</time>
                    </bdi>
                  </p>
                </div>
                {/* Compact, beside the notice rather than a full-size button under each one on a phone
                    (issue 35); still a 32 px target, above WCAG's 24 px minimum. */}
                {n.read_at === null && (
                  <button
                    type="button"
                    className="inline-flex min-h-8 shrink-0 items-center rounded-full border border-ink-900/30 px-3 text-xs font-semibold whitespace-nowrap text-ink-900 transition-colors hover:border-ink-900 hover:bg-ink-900/5"
                    aria-label={fill(words.markOneLabel, { title: n.title })}
                    onClick={() => void mark([n.id])}
                  >
                    {words.markOne}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </LivePagesFrame>
    </section>
  );
}

export default function NotificationsPage({
  language,
  words,
}: {
  language: MemberLanguage;
  words: NotificationsWords;
}) {
  return (
    <MemberShell language={language} current="/user/notifications" heading={words.heading}>
      {({ session }) => (
        <div className="grid grid-cols-1 gap-6">
          <NotificationsContent userId={session.user.id} words={words} />
          {/* Where a member reads of a change they did not make, they can stop money leaving at once. */}
          <FreezeWithdrawals userId={session.user.id} />
        </div>
      )}
    </MemberShell>
  );
}
