import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Dialog from '../shared/Dialog';
import Field from '../shared/Field';
import WalletSelect from '../shared/WalletSelect';
import { useFormProblem } from '../shared/formProblem';
import { supportChatLink } from '~/config/chat';
import { depositSupportText } from '~/config/support-text';
import { quantityError } from '~/lib/assets';
import { fileDepositNotice } from '~/lib/deposit-notices';
import { txIdError } from '~/lib/transaction-ids';
import type { DepositWallet } from '~/lib/wallets';
import { errorText } from '~/lib/db-errors';

/** Names only the channels this build has (no chat unless one is configured). */
export const DEPOSIT_DIALOG_TEXT = depositSupportText();
export const NOTICE_SENT = 'Deposit notice sent. We will confirm it once the transfer arrives.';
/** The quantity field's label names the asset: "Quantity sent (BTC)". */
export const quantityLabel = (asset: string | undefined): string =>
  asset ? `Quantity sent (${asset})` : 'Quantity sent';
export const QUANTITY_HINT =
  'The amount of the asset you sent, as your wallet shows it (not its value in USD). We value it in USD when it arrives.';

interface DepositNoticeDialogProps {
  open: boolean;
  onClose: () => void;
  wallets: DepositWallet[];
}

/** "I've made the deposit": the spec's pointer to support, plus a notice an admin can confirm. */
export default function DepositNoticeDialog({ open, onClose, wallets }: DepositNoticeDialogProps) {
  const usable = wallets.filter((w) => w.usable);
  const [walletId, setWalletId] = useState('');
  const wallet = usable.find((w) => String(w.id) === walletId) ?? usable[0];
  const [quantity, setQuantity] = useState('');
  const [txId, setTxId] = useState('');
  const { report, fieldProps, alert, clear } = useFormProblem();
  const [busy, setBusy] = useState(false);
  const support = supportChatLink();

  function close() {
    clear();
    onClose();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const quantityProblem = wallet
      ? quantityError(quantity, wallet.asset, quantityLabel(wallet.asset))
      : null;
    const txProblem = wallet ? txIdError(wallet.network, txId) : null;
    const problem = !wallet
      ? { message: 'Choose the asset you sent.', fields: ['notice-asset'] }
      : quantityProblem
        ? { message: quantityProblem, fields: ['notice-quantity'] }
        : txProblem
          ? { message: txProblem, fields: ['notice-tx'] }
          : null;
    if (report(form, problem) || !wallet) return;
    setBusy(true);
    try {
      await fileDepositNotice(wallet.id, quantity, txId);
      toast.success(NOTICE_SENT);
      setQuantity('');
      setTxId('');
      onClose();
    } catch (err) {
      report(form, {
        message: errorText(err, 'Your deposit notice could not be filed.'),
        fields: [],
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title="I've made the deposit"
      onClose={close}
      size="md"
      actions={
        <button type="button" className="btn-dark" onClick={close}>
          Okay
        </button>
      }
    >
      <p>{DEPOSIT_DIALOG_TEXT}</p>
      <p className="mt-2">
        <a
          href={support.href}
          className="font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
          {...(support.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {support.label}
        </a>
      </p>
      <form
        className="mt-6 space-y-4 border-t border-mist-200 pt-5"
        onSubmit={onSubmit}
        noValidate
        aria-busy={busy}
      >
        <p className="text-sm text-muted">Or send us a deposit notice and we will confirm it:</p>
        <WalletSelect
          id="notice-asset"
          wallets={usable}
          value={wallet ? String(wallet.id) : ''}
          onChange={setWalletId}
        />
        <div>
          <Field
            id="notice-quantity"
            label={quantityLabel(wallet?.asset)}
            inputMode="decimal"
            autoComplete="off"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            {...fieldProps('notice-quantity')}
            aria-describedby={[fieldProps('notice-quantity')['aria-describedby'], 'notice-quantity-hint']
              .filter(Boolean)
              .join(' ')}
          />
          <p id="notice-quantity-hint" className="mt-1 text-sm text-muted">
            {QUANTITY_HINT}
          </p>
        </div>
        <Field
          id="notice-tx"
          label="Transaction ID"
          controlClassName="font-mono"
          autoComplete="off"
          spellCheck={false}
          value={txId}
          onChange={(e) => setTxId(e.target.value)}
          {...fieldProps('notice-tx')}
        />
        {alert}
        <button type="submit" className="btn-outline-dark" disabled={busy}>
          {busy ? 'Sending…' : 'Send deposit notice'}
        </button>
      </form>
    </Dialog>
  );
}
