import { Suspense } from 'react';
import { lazyPart } from '../shared/lazyPart';
import MemberShell from './MemberShell';
import { useLoad } from '../shared/useLoad';
import { useFeed } from '../shared/useFeed';
import type { SupportLink } from '~/config/chat';
import { watchMyRequests } from '~/lib/requests';
import { listDepositWallets } from '~/lib/wallets';
import { FrozenNotice, useWithdrawalFreeze } from './FrozenNotice';
import { useMyAddresses } from './addresses/useAddressBook';
import WithdrawalForm from './withdraw/WithdrawalForm';
import { useMemberLanguage, type MemberLanguage } from './member-language';
import type { WithdrawWords } from '~/i18n/member/pages/withdraw';

// The hold notice reads its own status after the page is up: the form does not wait for it, and its
// code stays out of the page's first load (tests/budgets.json).
const SecurityHoldNotice = lazyPart(() => import('./SecurityHoldNotice'));
// The list of requests and notices (and the asset and status words it reads) loads right after the
// page, in the place its placeholder keeps for it: out of the first load (tests/budgets.json).
const RequestList = lazyPart(() => import('./withdraw/RequestList'));

/** The list's first view until its code arrives: the same card, heading and placeholder as its loading state. */
function RequestListPlaceholder() {
  const { words } = useMemberLanguage();
  return (
    <section aria-labelledby="requests-heading" className="card p-5 sm:p-6">
      <h2 id="requests-heading" className="text-xl text-ink-950">
        {words.requests.heading}
      </h2>
      <div className="mt-4 h-24 animate-pulse rounded bg-mist-100" aria-hidden="true" />
    </section>
  );
}

/** The page's pointer to support: its sentence and link, from the site's configuration at build time. */
export interface WithdrawHelp {
  text: string;
  link: SupportLink;
}

function WithdrawContent({
  userId,
  help,
  words,
}: {
  userId: string;
  help: WithdrawHelp;
  words: WithdrawWords;
}) {
  const wallets = useLoad(listDepositWallets, words.walletsFailed).data ?? [];
  const frozen = useWithdrawalFreeze(userId);
  const addresses = useMyAddresses(userId);
  const snapshot = useFeed(watchMyRequests, userId, 'requests-feed');
  const support = help.link;

  return (
    <div className="space-y-8">
      <div className="card p-5 sm:p-6">
        <p className="text-base text-ink-800">{help.text}</p>
        <a
          href={support.href}
          className="mt-2 inline-block font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
          {...(support.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {support.external ? words.openChat : words.emailSupport}
        </a>
      </div>
      {!frozen && (
        <Suspense fallback={null}>
          <SecurityHoldNotice />
        </Suspense>
      )}
      <div className="grid items-start gap-8 xl:grid-cols-2 [&>*]:min-w-0">
        {frozen ? (
          <FrozenNotice />
        ) : (
          <WithdrawalForm
            wallets={wallets}
            accounts={snapshot?.accounts ?? null}
            addresses={addresses}
            words={words}
          />
        )}
        <Suspense fallback={<RequestListPlaceholder />}>
          <RequestList requests={snapshot?.requests ?? null} wallets={wallets} />
        </Suspense>
      </div>
    </div>
  );
}

/** /user/withdraw: the spec's text, a withdrawal request form and the live list of requests. */
export default function WithdrawPage({
  help,
  language,
  words,
}: {
  help: WithdrawHelp;
  language: MemberLanguage;
  words: WithdrawWords;
}) {
  return (
    <MemberShell language={language} current="/user/withdraw" heading={words.heading}>
      {({ session }) => <WithdrawContent userId={session.user.id} help={help} words={words} />}
    </MemberShell>
  );
}
