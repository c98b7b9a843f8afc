import { Suspense, useEffect } from 'react';
import { lazyPart } from '../shared/lazyPart';
import type { Session } from '@supabase/supabase-js';
import toast from '~/lib/toast';
import MemberShell from './MemberShell';
import { useAuthLink, type LinkState } from '../shared/useAuthLink';
import MemberSkeleton from './MemberSkeleton';
import { ltrIn } from '~/lib/bidi';
import { fill } from '~/i18n/fill';
import type { EmailChangeLanding } from '~/lib/security-rules';
import type { SecurityPageWords } from '~/i18n/security-words';
import PasswordSection from './security/PasswordSection';
import { useMemberLanguage, type MemberLanguage } from './member-language';

// The first card (the password) comes with the page; the others load just after it, each in a
// placeholder of its own size. The authenticator section carries the enrolment flow (QR code, key, code).
const EmailSection = lazyPart(() => import('./security/EmailSection'));
// The question a mailed link asks a signed-in member: only when one has arrived.
const LinkQuestion = lazyPart(() => import('../shared/LinkQuestion'));
const AuthenticatorSection = lazyPart(() => import('./security/AuthenticatorSection'));
const SessionsSection = lazyPart(() => import('./security/SessionsSection'));
// The freeze card sits last and shows nothing until its own first read: it need not be in the first load.
const FreezeWithdrawals = lazyPart(() => import('./FreezeWithdrawals'));

/** How far an e-mail change got when the page was opened from one of its links. */
function landingOf(link: LinkState): EmailChangeLanding {
  if (link.step === 'problem') return 'invalid';
  if (link.step !== 'done') return null;
  if (link.link === 'halfway') return 'halfway';
  return link.exchanged ? 'completed' : null;
}

/** Reports, once, how far an e-mail change got when the page is opened from one of its links. */
function useEmailChangeReport(link: LinkState, session: Session, words: SecurityPageWords) {
  const { locale } = useMemberLanguage();
  const landing = landingOf(link);
  useEffect(() => {
    if (!landing) return;
    if (landing === 'halfway') toast.success(words.messages.emailChangeHalfway);
    else if (link.step === 'problem' && link.reason !== 'refused') toast.error(link.message);
    else if (landing === 'invalid') toast.error(words.messages.emailChangeLinkInvalid);
    else toast.success(fill(words.email.changedTo, { email: ltrIn(locale, session.user.email ?? '') }));
    // Only on arrival: a later session refresh must not repeat the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [landing]);
}

function SecurityContent({
  session,
  link,
  words,
}: {
  session: Session;
  link: LinkState;
  words: SecurityPageWords;
}) {
  useEmailChangeReport(link, session, words);
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <PasswordSection email={session.user.email ?? ''} words={words} />
      <EmailSection session={session} landing={landingOf(link)} words={words} />
      <Suspense
        fallback={<div className="card h-40 animate-pulse" aria-label={words.authenticators.loading} />}
      >
        <AuthenticatorSection words={words} />
      </Suspense>
      <SessionsSection words={words} />
      <Suspense fallback={null}>
        <FreezeWithdrawals userId={session.user.id} />
      </Suspense>
    </div>
  );
}

/** /user/security: the member's own password, e-mail address, authenticators and sessions. */
export default function SecurityPage({
  language,
  words,
}: {
  language: MemberLanguage;
  words: SecurityPageWords;
}) {
  // The second e-mail change link lands here with a code; the member is asked before it is used.
  const link = useAuthLink('email-change', words.link);
  return (
    <MemberShell language={language} current="/user/security" heading={words.heading}>
      {({ session }) =>
        link.step === 'ask' ? (
          <Suspense fallback={<MemberSkeleton />}>
            <LinkQuestion state={link} words={words.link} />
          </Suspense>
        ) : link.step === 'checking' ? (
          <MemberSkeleton />
        ) : (
          <SecurityContent session={session} link={link} words={words} />
        )
      }
    </MemberShell>
  );
}
