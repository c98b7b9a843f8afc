import toast from '~/lib/toast';
import Dialog from '../shared/Dialog';
import { copyText } from '../shared/clipboard';
import { useLoad } from '../shared/useLoad';
import { ACCOUNT_LABELS } from '~/lib/accounts';
import { formatUsd } from '~/lib/money';
import { myReferrals, referralLink } from '~/lib/referrals';

/** The spec's title; the percent in the text is the firm's setting, read from the database. */
export const REFERRALS_DIALOG_TITLE = 'Referrals 5%';
export const referralsDialogText = (percent: string): string =>
  `Get a ${percent}% referral bonus when your referral makes an investment with us.`;
export const LINK_LABEL = 'Your referral link';
export const LINK_COPIED = 'Link copied';

interface ReferralsDialogProps {
  onClose: () => void;
  /**
   * The member's Referral Earnings as the live profile has it: when a bonus arrives it changes, and
   * the dialog reads its figures again.
   */
  earned: string | undefined;
}

/**
 * "Referrals 5%": the member's link to share (with a Copy button), how many people signed up through
 * it and what their investments have earned. Loaded when first opened (the sidebar and the Referral
 * Earnings card open it).
 */
export default function ReferralsDialog({ onClose, earned }: ReferralsDialogProps) {
  const { data, error } = useLoad(myReferrals, 'Your referral link could not be loaded.', {
    key: earned ?? '',
    toast: false,
  });
  const link = data ? referralLink(window.location.origin, data.link_path) : '';

  async function onCopy() {
    if (await copyText(link, 'link')) toast.success(LINK_COPIED, { id: 'link-copied' });
  }

  return (
    <Dialog
      open
      title={REFERRALS_DIALOG_TITLE}
      onClose={onClose}
      size="md"
      actions={
        <button type="button" className="btn-dark" onClick={onClose}>
          Okay
        </button>
      }
    >
      {data ? (
        <div className="space-y-4">
          <p>{referralsDialogText(data.bonus_percent)}</p>
          <div>
            <label htmlFor="referral-link" className="field-label">
              {LINK_LABEL}
            </label>
            {/* A read-only text area: the whole link shows, wrapped, even on a phone. */}
            <textarea
              id="referral-link"
              className="field-input resize-none font-mono text-sm break-all"
              rows={2}
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="btn-outline-dark mt-2 px-4 py-2 text-sm"
              onClick={() => void onCopy()}
            >
              Copy link
            </button>
          </div>
          <dl className="flex flex-wrap gap-x-10 gap-y-2 text-sm">
            <div>
              <dt className="text-muted">People referred</dt>
              <dd className="text-lg font-semibold text-ink-950 tabular-nums" data-testid="referred-count">
                {data.referred_count}
              </dd>
            </div>
            <div>
              <dt className="text-muted">{ACCOUNT_LABELS.referral}</dt>
              <dd className="text-lg font-semibold text-ink-950 tabular-nums" data-testid="referral-earned">
                {formatUsd(data.earned)}
              </dd>
            </div>
          </dl>
        </div>
      ) : error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : (
        <p role="status">Loading your referral link…</p>
      )}
    </Dialog>
  );
}
