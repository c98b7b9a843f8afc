import { useState, type SubmitEvent } from 'react';
import { reasonLabel } from '~/lib/admin/reason';
import toast from '~/lib/toast';
import { ACCOUNT_LABELS } from '~/lib/accounts';
import { formatQuantity, quantityFor, usdValueOf } from '~/lib/assets';
import { reviewDepositNotice, reviewWithdrawal } from '~/lib/admin/requests';
import { fetchUser } from '~/lib/admin/users';
import { errorText } from '~/lib/db-errors';
import { formatUsd } from '~/lib/money';
import Dialog from '../../shared/Dialog';
import { FieldFrame } from '../../shared/Field';
import FigureInput from './FigureInput';
import { useFormProblem } from '../../shared/formProblem';
import { ACTION_TEXT, type Pending } from '../ReviewCard';
import { REVIEW_FIELDS as F, REVIEW_TEXT as T, payoutProblem, valuationProblem } from './review-rules';

/** The outcome toast, with the member's cards as the database now holds them (the effect). */
async function announce(outcome: string, userId: string) {
  let balances = '';
  try {
    const member = await fetchUser(userId);
    balances = ` ${member.email}: Deposit Wallet ${formatUsd(member.deposit_wallet)}, Interest Wallet ${formatUsd(
      member.interest_wallet,
    )}, Referral Earnings ${formatUsd(member.referral)}, Total Deposit ${formatUsd(
      member.total_deposit,
    )}, Total Withdraw ${formatUsd(member.total_withdraw)}.`;
  } catch (e) {
    balances = ` (${errorText(e, 'Could not load the member’s balances.')})`;
  }
  toast.success(`${outcome}${balances}`, { duration: 8000 });
}

/**
 * The review of one notice or request: what it is, what the action does, the values the action
 * records (a deposit's rate, USD value and rate source; a payout's quantity, rate, network fee and
 * rate source) and a note, checked before anything is sent. A refusal from the server shows in the
 * dialog, which stays open with everything kept.
 */
export default function ReviewDialog({
  pending,
  walletName,
  onClose,
  onDone,
}: {
  pending: Pending;
  walletName: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [note, setNote] = useState('');
  const [usdValue, setUsdValue] = useState('');
  const [rate, setRate] = useState('');
  const [rateSource, setRateSource] = useState('');
  const [quantity, setQuantity] = useState('');
  const [networkFee, setNetworkFee] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert, clear } = useFormProblem();
  const { item, action } = pending;
  const text = ACTION_TEXT[action];
  const valuing = pending.kind === 'notice' && action === 'confirm';
  const paying = pending.kind === 'withdrawal' && action === 'pay';
  // Rejecting tells the member why, so it needs a reason (the database refuses one without).
  const noteRequired = action === 'reject';
  const asset = pending.item.asset;
  const accountKey = pending.kind === 'withdrawal' ? pending.item.account : '';
  const account = accountKey ? ACCOUNT_LABELS[accountKey] : '';
  const subject =
    pending.kind === 'notice' ? formatQuantity(pending.item.quantity, asset) : formatUsd(pending.item.amount);
  const expected = valuing && pending.kind === 'notice' ? usdValueOf(pending.item.quantity, rate) : null;
  // What to send so that, with the fee, it comes to the amount (the fee may be left empty while typing).
  const toSend = paying ? quantityFor(item.amount, rate, networkFee.trim() || '0', asset) : null;

  function close() {
    if (busy) return;
    clear();
    onClose();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const problem =
      pending.kind === 'notice' && valuing
        ? valuationProblem({ asset, quantity: pending.item.quantity, usdValue, rate, rateSource })
        : paying
          ? payoutProblem({ asset, amount: item.amount, quantity, rate, networkFee, rateSource })
          : noteRequired && note.trim().length < 3
            ? { message: 'Give the member a reason of 3 to 500 characters.', fields: [F.note] }
            : null;
    if (report(form, problem)) return;
    setBusy(true);
    try {
      if (pending.kind === 'notice') {
        const review = await reviewDepositNotice(
          item.id,
          pending.action,
          note,
          valuing ? { usdValue, rate, rateSource } : undefined,
        );
        clear();
        onDone();
        if (review.status === 'valued' || review.transfer_id) {
          // Nothing was credited yet: say who acts next, and show no balances (they did not move).
          toast.success(T.proposedToast(pending.item, usdValue), { duration: 8000 });
        } else {
          await announce(`Deposit notice ${review.status}.`, item.user_id);
        }
      } else {
        const status = await reviewWithdrawal(
          item.id,
          pending.action,
          note,
          paying ? { quantity, rate, networkFee, rateSource } : undefined,
        );
        clear();
        onDone();
        await announce(`Withdrawal request ${status}.`, item.user_id);
      }
    } catch (e) {
      report(form, { message: errorText(e, 'Could not save the review.'), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open title={`${text.title}: ${subject}`} size="md" onClose={close}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <p>
          {item.user_email} · {walletName}
          {accountKey && ` · ${T.fromAccount(accountKey)}`}
        </p>
        {pending.kind === 'notice' && (
          <p className="text-sm">
            {T.memberSent}: <strong>{formatQuantity(pending.item.quantity, asset)}</strong>
          </p>
        )}
        {pending.kind === 'withdrawal' && (
          <p className="text-sm">
            {T.reserved}: <strong>{formatUsd(pending.item.amount)}</strong>
          </p>
        )}
        <p className="text-sm">{text.effect(formatUsd(item.amount), account)}</p>
        {valuing && (
          <>
            <FigureInput
              id={F.rate}
              label={T.rate(asset)}
              value={rate}
              onChange={setRate}
              invalid={fieldProps(F.rate)}
              autoFocus
            />
            <FigureInput
              id={F.usdValue}
              label={T.usdValue}
              value={usdValue}
              onChange={setUsdValue}
              hint={T.usdValueHint(expected)}
              invalid={fieldProps(F.usdValue)}
            />
          </>
        )}
        {paying && (
          <>
            <FigureInput
              id={F.rate}
              label={T.rate(asset)}
              value={rate}
              onChange={setRate}
              invalid={fieldProps(F.rate)}
              autoFocus
            />
            <FigureInput
              id={F.networkFee}
              label={T.networkFee(asset)}
              value={networkFee}
              onChange={setNetworkFee}
              invalid={fieldProps(F.networkFee)}
            />
            <FigureInput
              id={F.quantity}
              label={T.quantityPaid(asset)}
              value={quantity}
              onChange={setQuantity}
              hint={T.quantityPaidHint(item.amount, asset, toSend)}
              invalid={fieldProps(F.quantity)}
            />
          </>
        )}
        {(valuing || paying) && (
          <FigureInput
            id={F.rateSource}
            label={T.rateSource}
            value={rateSource}
            onChange={setRateSource}
            hint={T.rateSourceHint}
            invalid={fieldProps(F.rateSource)}
            inputMode="text"
          />
        )}
        <FieldFrame
          id={F.note}
          label={noteRequired ? reasonLabel('Reason', true) : reasonLabel('Note', true, true)}
        >
          <textarea
            id={F.note}
            className="field-input"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            {...fieldProps(F.note)}
            {...(!valuing && !paying ? { 'data-autofocus': true } : {})}
          />
        </FieldFrame>
        {alert}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-outline-dark" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn-dark" disabled={busy}>
            {text.button}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
