import { Suspense, useEffect } from 'react';
import { lazyPart } from '../shared/lazyPart';
import type { Session } from '@supabase/supabase-js';
import toast from '~/lib/toast';
import MemberShell from './MemberShell';
import { LinkQuestion, useAuthLink, type LinkState } from '../shared/useAuthLink';
import MemberSkeleton from './MemberSkeleton';
import { SECURITY_MESSAGES, type EmailChangeLanding } from '~/lib/security-rules';
import PasswordSection from './security/PasswordSection';
import EmailSection from './security/EmailSection';
import SessionsSection from './security/SessionsSection';
import type { MemberLanguage } from './member-language';

// The authenticator section carries the enrolment flow (QR code, key, code): loaded after the rest.
const AuthenticatorSection = lazyPart(() => import('./security/AuthenticatorSection'));
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
function useEmailChangeReport(link: LinkState, session: Session) {
  const landing = landingOf(link);
  useEffect(() => {
    if (!landing) return;
    if (landing === 'halfway') toast.success(SECURITY_MESSAGES.emailChangeHalfway);
    else if (link.step === 'problem' && link.reason !== 'refused') toast.error(link.message);
    else if (landing === 'invalid') toast.error(SECURITY_MESSAGES.emailChangeLinkInvalid);
    else toast.success(`${SECURITY_MESSAGES.emailChanged} It is now ${session.user.email ?? ''}.`);
    // Only on arrival: a later session refresh must not repeat the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [landing]);
}

function SecurityContent({ session, link }: { session: Session; link: LinkState }) {
  useEmailChangeReport(link, session);
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <PasswordSection email={session.user.email ?? ''} />
      <EmailSection session={session} landing={landingOf(link)} />
      <Suspense fallback={<div className="card h-40 animate-pulse" aria-label="Loading authenticators" />}>
        <AuthenticatorSection />
      </Suspense>
      <SessionsSection />
      <Suspense fallback={null}>
        <FreezeWithdrawals userId={session.user.id} />
      </Suspense>
    </div>
  );
}

/** /user/security: the member's own password, e-mail address, authenticators and sessions. */
export default function SecurityPage({ language }: { language: MemberLanguage }) {
  // The second e-mail change link lands here with a code; the member is asked before it is used.
  const link = useAuthLink('email-change');
  return (
    <MemberShell language={language} current="/user/security" heading="Security">
      {({ session }) =>
        link.step === 'ask' ? (
          <LinkQuestion state={link} />
        ) : link.step === 'checking' ? (
          <MemberSkeleton />
        ) : (
          <SecurityContent session={session} link={link} />
        )
      }
    </MemberShell>
  );
}
