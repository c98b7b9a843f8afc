import { useCallback } from 'react';
import MemberShell from './MemberShell';
import { LivePagesFrame, useLivePages } from './LivePages';
import { myActivity, type ActivityEvent } from '~/lib/notification-lists';
import { formatDateTime } from '~/lib/date-time';
import type { MemberLanguage } from './member-language';

function ActivityContent({ userId }: { userId: string }) {
  const read = useCallback((before: string | null) => myActivity(before), []);
  const pages = useLivePages<ActivityEvent>(userId, read);

  return (
    <section aria-labelledby="activity-heading" className="card p-5 sm:p-6">
      <h2 id="activity-heading" className="text-xl text-ink-950">
        Account activity
      </h2>
      <p className="mt-1 text-sm text-muted">
        Every change to your account, who made it and why. Staff are shown by their role.
      </p>
      <LivePagesFrame pages={pages} empty="Nothing has happened on your account yet.">
        {(items) => (
          <ol className="mt-4 divide-y divide-mist-200" aria-label="Account activity, newest first">
            {items.map((e) => (
              <li key={e.id} className="py-4">
                <p className="font-semibold text-ink-950">{e.title}</p>
                <p className="mt-1 text-sm break-words text-ink-800">{e.body}</p>
                <p className="mt-1 text-xs text-muted">
                  <time dateTime={e.occurred_at}>{formatDateTime(e.occurred_at)}</time> · {e.actor}
                </p>
              </li>
            ))}
          </ol>
        )}
      </LivePagesFrame>
    </section>
  );
}

export default function ActivityPage({ language }: { language: MemberLanguage }) {
  return (
    <MemberShell language={language} current="/user/activity" heading="Activity">
      {({ session }) => <ActivityContent userId={session.user.id} />}
    </MemberShell>
  );
}
