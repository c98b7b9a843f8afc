import { LINK_MESSAGES, type LinkWords } from '~/lib/auth-link';
import type { LinkState } from './useAuthLink';

/*
 * Apart from useAuthLink, so a page loads the question only when a link has arrived while someone is
 * signed in (the Security page loads it on demand; the link pages, which expect it, import it).
 */

/** `template` with {email} replaced by the address, isolated so it keeps its order in any script. */
function withEmail(template: string, email: string) {
  const [before = '', after = ''] = template.split('{email}');
  return (
    <>
      {before}
      <bdi>{email}</bdi>
      {after}
    </>
  );
}

/** The question a signed-in person gets when a link arrives; nothing changes until they answer. */
export default function LinkQuestion({
  state,
  words = LINK_MESSAGES,
}: {
  state: Extract<LinkState, { step: 'ask' }>;
  words?: LinkWords;
}) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="link-question-title"
      aria-describedby="link-question-text"
      className="space-y-4 rounded-lg border border-mist-200 p-5"
    >
      <h2 id="link-question-title" className="text-lg font-semibold text-ink-900">
        {withEmail(words.signedInAs, state.email)}
      </h2>
      <p id="link-question-text" className="text-base text-ink-800">
        {words.openedLink}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-dark" onClick={state.keepSession}>
          {withEmail(words.staySignedInAs, state.email)}
        </button>
        <button type="button" className="btn-outline-dark" onClick={state.useLink}>
          {words.useLink}
        </button>
      </div>
    </section>
  );
}
