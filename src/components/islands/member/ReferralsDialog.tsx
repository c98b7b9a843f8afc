import toast from '~/lib/toast';
import Dialog from '../shared/Dialog';
import { copyText } from '../shared/clipboard';
import { useLoad } from '../shared/useLoad';
import { formatUsdIn } from '~/lib/money-in-language';
import { myReferrals, referralLink } from '~/lib/referrals';
import { fill } from '~/i18n/fill';
import { useMemberLanguage } from './member-language';

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
  const { locale, words: all } = useMemberLanguage();
  const words = all.referrals;
  const { data, error } = useLoad(myReferrals, words.failed, {
    key: earned ?? '',
    toast: false,
  });
  const link = data ? referralLink(window.location.origin, data.link_path) : '';

  async function onCopy() {
    if (await copyText(link, 'link')) toast.success(words.copied, { id: 'link-copied' });
  }

  return (
    <Dialog
      open
      title={words.title}
      onClose={onClose}
      size="md"
      actions={
        <button type="button" className="btn-dark" onClick={onClose}>
          {all.shell.okay}
        </button>
      }
    >
      {data ? (
        <div className="space-y-4">
          <p>{fill(words.text, { percent: data.bonus_percent })}</p>
          <div>
            <label htmlFor="referral-link" className="field-label">
              {words.linkLabel}
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
              {words.copy}
            </button>
          </div>
          <dl className="flex flex-wrap gap-x-10 gap-y-2 text-sm">
            <div>
              <dt className="text-muted">{words.referred}</dt>
              <dd className="text-lg font-semibold text-ink-950 tabular-nums" data-testid="referred-count">
                {data.referred_count}
              </dd>
            </div>
            <div>
              <dt className="text-muted">{all.balances.cards.referral.label}</dt>
              <dd className="text-lg font-semibold text-ink-950 tabular-nums" data-testid="referral-earned">
                <bdi dir="ltr">{formatUsdIn(locale, data.earned)}</bdi>
              </dd>
            </div>
          </dl>
        </div>
      ) : error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : (
        <p role="status">{words.loading}</p>
      )}
    </Dialog>
  );
}
