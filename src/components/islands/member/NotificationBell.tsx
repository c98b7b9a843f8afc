import { useEffect, useState } from 'react';
import Icon from '../shared/Icon';
import { bellLabel, unreadCount, watchNotifications } from '~/lib/notifications';
import type { FeedStatus } from '~/lib/realtime';
import { memberLink, useMemberLanguage } from './member-language';

/**
 * The member header's bell: the unread count, kept live over realtime, linking to the list. The
 * count is in the link's accessible name ("Notifications, 3 unread"), the badge is decoration.
 */
export default function NotificationBell({ userId, current }: { userId: string; current: boolean }) {
  const language = useMemberLanguage();
  const { words } = language;
  const [unread, setUnread] = useState<number | null>(null);
  const [feed, setFeed] = useState<FeedStatus>('connecting');

  useEffect(
    () =>
      watchNotifications(userId, unreadCount, {
        onData: setUnread,
        // The bell stays usable as a link; the list page shows the error in words.
        onError: () => setUnread(null),
        onStatus: setFeed,
      }),
    [userId],
  );

  return (
    <a
      href={memberLink(language, '/user/notifications')}
      aria-label={bellLabel(unread, words.shell)}
      aria-current={current ? 'page' : undefined}
      className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-mist-200 bg-white text-ink-900 hover:bg-mist-100"
      // Browser tests wait for this before causing an event, so "arrives live" means over realtime.
      data-feed={feed}
    >
      <Icon name="bell" className="size-6" />
      {unread !== null && unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -inset-e-1 min-w-5 rounded-full bg-accent-700 px-1.5 text-center text-xs leading-5 font-semibold text-white tabular-nums"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </a>
  );
}
