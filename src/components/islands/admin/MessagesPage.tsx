import { useEffect } from 'react';
import AdminArea, { type AdminPath } from './AdminArea';
import { listMessages, markMessagesSeen, watchMessages } from '~/lib/admin/messages';
import { formatDateTime } from './format';
import { useLoad } from '../shared/useLoad';
import LoadingCards from '../shared/LoadingCards';

const IDENTITY_LABELS = { investor: 'Investor', borrower: 'Borrower' } as const;

/** Contact messages, newest first. Everything is rendered as React text, so markup in a message stays inert. */
function Messages() {
  const { data: messages, error, reload } = useLoad(listMessages, 'Could not load the messages.');
  useEffect(() => watchMessages(reload), [reload]);
  // Shown is read: each list on screen clears this person's unread count (a failure only leaves the
  // badge up, so it is not worth a toast).
  useEffect(() => {
    if (messages) markMessagesSeen().catch(() => undefined);
  }, [messages]);

  if (error && !messages) {
    return (
      <p role="alert" className="text-danger-600">
        {error}
      </p>
    );
  }
  if (!messages) return <LoadingCards label="Loading messages" />;
  if (messages.length === 0) return <p className="text-muted">No messages yet.</p>;
  return (
    <ol className="space-y-4" aria-label="Contact messages, newest first">
      {messages.map((m) => (
        <li key={m.id} className="card p-5">
          <article aria-label={`Message from ${m.name}`}>
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-sans text-base font-semibold text-ink-950 break-all">
                {m.name} <span className="font-normal text-muted">&lt;{m.email}&gt;</span>
              </h2>
              <p className="text-sm text-muted">
                {m.identity ? `${IDENTITY_LABELS[m.identity]} · ` : ''}
                <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
              </p>
            </header>
            <p className="mt-3 whitespace-pre-wrap break-words text-ink-800">{m.message}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}

export default function MessagesPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Messages">
      {() => <Messages />}
    </AdminArea>
  );
}
