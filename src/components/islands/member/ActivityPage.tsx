import { useCallback } from 'react';
import MemberShell from './MemberShell';
import { LivePagesFrame, useLivePages } from './LivePages';
import { myActivity, type ActivityEvent } from '~/lib/notification-lists';
import { formatDateTimeIn } from '~/lib/date-time-in-language';
import type { ActivityWords } from '~/i18n/member/pages/activity';
import { useMemberLanguage, type MemberLanguage } from './member-language';

/**
 * /user/activity: every event on the member's account, newest first, worded by the database in the
 * page's language (amounts, addresses and staff's reasons isolated in Arabic).
 */
function ActivityContent({ userId, words }: { userId: string; words: ActivityWords }) {
  const { locale } = useMemberLanguage();
  const read = useCallback((before: string | null) => myActivity(locale, before), [locale]);
  const pages = useLivePages<ActivityEvent>(userId, read, words.failed);

  return (
    <section aria-labelledby="activity-heading" className="card p-5 sm:p-6">
      <h2 id="activity-heading" className="text-xl text-ink-950">
        {words.listHeading}
      </h2>
      <p className="mt-1 text-sm text-muted">{words.intro}</p>
      <LivePagesFrame pages={pages} empty={words.empty}>
        {(items) => (
          <ol className="mt-4 divide-y divide-mist-200" aria-label={words.listLabel}>
            {items.map((e) => (
              <li key={e.id} className="py-4">
                <p className="font-semibold text-ink-950">{e.title}</p>
                <p className="mt-1 text-sm break-words text-ink-800">{e.body}</p>
                <p className="mt-1 text-xs text-muted">
                  <bdi>
                    <time dateTime={e.occurred_at}>{formatDateTimeIn(locale, e.occurred_at)}</time>
                  </bdi>{' '}
                  · {e.actor}
                </p>
              </li>
            ))}
          </ol>
        )}
      </LivePagesFrame>
    </section>
  );
}

export default function ActivityPage({
  language,
  words,
}: {
  language: MemberLanguage;
  words: ActivityWords;
}) {
  return (
    <MemberShell language={language} current="/user/activity" heading={words.heading}>
      {({ session }) => <ActivityContent userId={session.user.id} words={words} />}
    </MemberShell>
  );
}
