import { useLoad } from '../shared/useLoad';
import { holdText, mySecurityStatus } from '~/lib/security-status';

/**
 * The security hold in force, if any, where new addresses or withdrawals would be offered (issue 30):
 * the member learns why they wait, and until when, before trying.
 */
export default function SecurityHoldNotice() {
  // No toast on failure: the page's own forms still show the server's refusal in place.
  const { data } = useLoad(mySecurityStatus, 'Could not load your security status.', { toast: false });
  if (!data?.hold) return null;
  return (
    <div role="status" className="card border-s-4 border-accent-700 p-5 sm:p-6" data-testid="security-hold">
      <h2 className="text-xl text-ink-950">Security hold</h2>
      <p className="mt-2 text-sm text-ink-800">{holdText(data.hold)}</p>
      <p className="mt-2 text-sm">
        <a href="/user/freeze" className="font-semibold underline">
          Freeze withdrawals
        </a>
      </p>
    </div>
  );
}
