import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Dialog from '../shared/Dialog';
import Field from '../shared/Field';
import WalletSelect from '../shared/WalletSelect';
import { useFormProblem } from '../shared/formProblem';
import { supportChatLink } from '~/config/chat';
import { amountError } from '~/lib/money';
import { fileDepositNotice } from '~/lib/requests';
import { txIdError } from '~/lib/transaction-ids';
import type { DepositWallet } from '~/lib/wallets';
import { errorText } from '~/lib/db-errors';

export const DEPOSIT_DIALOG_TEXT = 'Please contact support chat for assistance.';
export const NOTICE_SENT = 'Deposit notice sent. We will confirm it once the transfer arrives.';

interface DepositNoticeDialogProps {
  open: boolean;
  onClose: () => void;
  wallets: DepositWallet[];
}

/** "I've made the deposit": the spec's pointer to support, plus a notice an admin can confirm. */
export default function DepositNoticeDialog({ open, onClose, wallets }: DepositNoticeDialogProps) {
  const usable = wallets.filter((w) => w.usable);
  const [walletId, setWalletId] = useState('');
  const [amount, setAmount] = useState('');
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
    const chosen = walletId || String(usable[0]?.id ?? '');
    const wallet = usable.find((w) => String(w.id) === chosen);
    const form = event.currentTarget;
    const amountProblem = amountError(amount, 'Amount');
    const txProblem = wallet ? txIdError(wallet.network, txId) : null;
    const problem = !wallet
      ? { message: 'Choose the asset you sent.', fields: ['notice-asset'] }
      : amountProblem
        ? { message: amountProblem, fields: ['notice-amount'] }
        : txProblem
          ? { message: txProblem, fields: ['notice-tx'] }
          : null;
    if (report(form, problem)) return;
    setBusy(true);
    try {
      await fileDepositNotice(Number(chosen), amount, txId);
      toast.success(NOTICE_SENT);
      setAmount('');
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
          value={walletId || String(usable[0]?.id ?? '')}
          onChange={setWalletId}
        />
        <Field
          id="notice-amount"
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...fieldProps('notice-amount')}
        />
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
