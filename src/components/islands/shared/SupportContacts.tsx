import FillableText from './FillableText';
import { SUPPORT_TEXT, supportChannelList } from '~/config/support';

/**
 * The support desk's channels (/user/support, /admin/support): e-mail, phone, and the chat only when
 * one is configured. The chat opens on the provider's own page, never inside a page that holds a session.
 */
export default function SupportContacts({ audience }: { audience: 'member' | 'staff' }) {
  const channels = supportChannelList();
  const hasChat = channels.some((c) => c.kind === 'Live chat');
  return (
    <section aria-labelledby="support-heading" className="card max-w-3xl p-5 sm:p-6">
      <h2 id="support-heading" className="text-xl text-ink-950">
        {SUPPORT_TEXT.heading}
      </h2>
      <p className="mt-1 text-base text-muted">
        {audience === 'member' ? SUPPORT_TEXT.member : SUPPORT_TEXT.staff}
      </p>
      <dl className="mt-5 divide-y divide-mist-200" data-support-channels>
        {channels.map((channel) => (
          <div key={channel.kind} className="py-4 sm:grid sm:grid-cols-[9rem_1fr] sm:gap-4">
            <dt className="font-semibold text-ink-950">{channel.kind}</dt>
            <dd className="mt-1 min-w-0 sm:mt-0">
              <p className="break-words text-ink-800">
                {channel.link ? (
                  <a
                    href={channel.link.href}
                    className="font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
                    {...(channel.link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {channel.link.external ? channel.link.label : <FillableText value={channel.value} />}
                    {channel.link.external && <span className="sr-only"> (opens in a new tab)</span>}
                  </a>
                ) : (
                  <FillableText value={channel.value} />
                )}
              </p>
              <p className="mt-1 text-sm text-muted">{channel.note}</p>
            </dd>
          </div>
        ))}
      </dl>
      {!hasChat && <p className="mt-2 text-sm text-muted">{SUPPORT_TEXT.noChat}</p>}
    </section>
  );
}
