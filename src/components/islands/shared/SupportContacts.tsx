import FillableText from './FillableText';
import { supportChannelList } from '~/config/support';
import type { SupportWords } from '~/i18n/member/pages/support';

/**
 * The support desk's channels (/user/support in the member's language, /admin/support in English):
 * e-mail, phone, and the chat only when one is configured. The chat opens on the provider's own page,
 * never inside a page that holds a session. `lead` is the sentence above the list, the audience's own.
 */
export default function SupportContacts({ words, lead }: { words: SupportWords; lead: string }) {
  const channels = supportChannelList();
  const hasChat = channels.some((c) => c.kind === 'chat');
  return (
    <section aria-labelledby="support-heading" className="card max-w-3xl p-5 sm:p-6">
      <h2 id="support-heading" className="text-xl text-ink-950">
        {words.contactHeading}
      </h2>
      <p className="mt-1 text-base text-muted">{lead}</p>
      <dl className="mt-5 divide-y divide-mist-200" data-support-channels>
        {channels.map((channel) => {
          const said = words.channels[channel.kind];
          // The chat's link says what it does; an address or number is shown as it is, left to right.
          const value =
            channel.kind === 'chat' ? (
              words.channels.chat.value
            ) : channel.value === undefined ? null : (
              <bdi dir="ltr">
                <FillableText value={channel.value} />
              </bdi>
            );
          return (
            <div key={channel.kind} className="py-4 sm:grid sm:grid-cols-[9rem_1fr] sm:gap-4">
              <dt className="font-semibold text-ink-950">{said.name}</dt>
              <dd className="mt-1 min-w-0 sm:mt-0">
                <p className="break-words text-ink-800">
                  {channel.link ? (
                    <a
                      href={channel.link.href}
                      className="font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
                      {...(channel.link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      {value}
                      {channel.link.external && <span className="sr-only"> {words.newTab}</span>}
                    </a>
                  ) : (
                    value
                  )}
                </p>
                <p className="mt-1 text-sm text-muted">{said.note}</p>
              </dd>
            </div>
          );
        })}
      </dl>
      {!hasChat && <p className="mt-2 text-sm text-muted">{words.noChat}</p>}
    </section>
  );
}
