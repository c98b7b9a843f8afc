import { useCallback } from 'react';
import { useLoad } from '../shared/useLoad';
import { mySecurityStatus, type SecurityHold } from '~/lib/security-status';
import { formatDateTimeIn } from '~/lib/date-time-in-language';
import { fill } from '~/i18n/fill';
import { memberLink, useMemberLanguage, type MemberLanguage } from './member-language';

/** Why a hold is on and until when, in the page's language (the time with its zone). */
export function holdSentence(
  { locale, words }: Pick<MemberLanguage, 'locale' | 'words'>,
  hold: SecurityHold,
): string {
  const changes: Readonly<Record<string, string>> = words.hold.changes;
  return fill(words.hold.text, {
    change: changes[hold.change] ?? words.hold.changes.other,
    until: formatDateTimeIn(locale, hold.hold_until),
  });
}

/**
 * The security hold in force, if any, where new addresses or withdrawals would be offered (issue 30):
 * the member learns why they wait, and until when, before trying.
 */
export default function SecurityHoldNotice() {
  const language = useMemberLanguage();
  const { words, locale } = language;
  const load = useCallback(() => mySecurityStatus(locale), [locale]);
  // Nothing is shown on failure (no toast, no text): the page's own forms still show the server's
  // refusal in place, so the fallback sentence is never read.
  const { data } = useLoad(load, 'Could not load your security status.', { toast: false });
  if (!data?.hold) return null;
  return (
    <div role="status" className="card border-s-4 border-accent-700 p-5 sm:p-6" data-testid="security-hold">
      <h2 className="text-xl text-ink-950">{words.hold.heading}</h2>
      <p className="mt-2 text-sm text-ink-800">{holdSentence(language, data.hold)}</p>
      <p className="mt-2 text-sm">
        <a href={memberLink(language, '/user/freeze')} className="font-semibold underline">
          {words.hold.freezeLink}
        </a>
      </p>
    </div>
  );
}
