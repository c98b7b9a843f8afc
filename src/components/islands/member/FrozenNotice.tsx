import { useFeed } from '../shared/useFeed';
import { watchFreeze } from '~/lib/withdrawal-freeze';
import { useMemberLanguage } from './member-language';

// Apart from FreezeWithdrawals (the freeze button and its confirmation): the withdraw page needs only
// the state and the notice before its first interaction (issue 24).

/** Whether the member's withdrawals are frozen, kept live; null until the first read. */
export function useWithdrawalFreeze(userId: string): boolean | null {
  return useFeed(watchFreeze, userId, 'freeze-feed');
}

/** The calm notice shown wherever withdrawals would be offered, in the page's language. */
export function FrozenNotice() {
  const { words } = useMemberLanguage();
  return (
    <div
      role="status"
      className="card border-s-4 border-danger-600 p-5 sm:p-6"
      data-testid="withdrawals-frozen"
    >
      <h2 className="text-xl text-ink-950">{words.frozenNotice.heading}</h2>
      <p className="mt-2 text-sm text-ink-800">{words.frozenNotice.text}</p>
    </div>
  );
}
