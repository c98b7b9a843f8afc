import { useFeed } from '../shared/useFeed';
import { watchMyNotices } from '~/lib/deposit-notices';
import type { DepositWallet } from '~/lib/wallets';
import RequestList from './withdraw/RequestList';

/**
 * The member's deposit notices on the deposit page, live: what was sent (quantity and asset), its
 * USD value once valued, and where it stands (pending review, being confirmed, credited, rejected).
 * Loaded after the page is up, out of its first load (tests/budgets.json).
 */
export default function DepositNotices({ userId, wallets }: { userId: string; wallets: DepositWallet[] }) {
  const notices = useFeed(watchMyNotices, userId, 'notices-feed');
  return <RequestList requests={notices} wallets={wallets} only="deposit" />;
}
