import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Dialog from '../shared/Dialog';
import Field from '../shared/Field';
import WalletSelect from '../shared/WalletSelect';
import { useFormProblem } from '../shared/formProblem';
import { supportChatLink } from '~/config/chat';
import { supportChannelsIn } from '~/config/support-text';
import { quantityProblem } from '~/lib/assets';
import { fileDepositNotice } from '~/lib/deposit-notices';
import { canonicalTxId, txIdProblemKind } from '~/lib/transaction-ids';
import { NETWORK_NAMES } from '~/lib/addresses';
import type { DepositWallet } from '~/lib/wallets';
import { DbError, errorText } from '~/lib/db-errors';
import { fill } from '~/i18n/fill';
import type { DepositWords } from '~/i18n/member/pages/deposit';
import { useMemberLanguage } from './member-language';

type NoticeWords = DepositWords['notice'];

/** What is wrong with the typed quantity, in the page's words; null when it is fine. */
export function quantityMessage(words: NoticeWords, quantity: string, asset: string): string | null {
  const problem = quantityProblem(quantity, asset);
  if (!problem) return null;
  const label = fill(words.quantity, { asset });
  return problem.kind === 'decimals'
    ? fill(words.quantityProblems.decimals, { label, asset, decimals: problem.decimals, unit: problem.unit })
    : fill(words.quantityProblems[problem.kind], { label });
}

/** What is wrong with the typed transaction id, in the page's words; null when it is one. */
export function txIdMessage(
  words: NoticeWords,
  network: DepositWallet['network'],
  txId: string,
): string | null {
  if (canonicalTxId(network, txId) !== null) return null;
  // Networks are named as they name themselves ("Bitcoin", "XRP Ledger") in every language.
  return fill(words.txProblems[txIdProblemKind(network, txId)], { network: NETWORK_NAMES[network] });
}

/**
 * The database's refusal in the page's words, known by its code: a transaction id filed before
 * (23505, naming that notice) or too many notices at once (PT429); any other in the page's own
 * sentence. English pages show the database's sentence as it is.
 */
function refusalText(locale: string, words: NoticeWords, error: unknown): string {
  if (locale === 'en') return errorText(error, words.failed);
  const code = error instanceof DbError ? error.code : undefined;
  if (code === '23505') {
    const number = /#(\d+)/.exec(error instanceof Error ? error.message : '')?.[1] ?? '';
    return fill(words.refusals.duplicate, { number });
  }
  return code === 'PT429' ? words.refusals.tooMany : words.failed;
}

interface DepositNoticeDialogProps {
  open: boolean;
  onClose: () => void;
  wallets: DepositWallet[];
  words: Pick<DepositWords, 'notice' | 'madeDeposit'>;
}

/** "I've made the deposit": the spec's pointer to support, plus a notice an admin can confirm. */
export default function DepositNoticeDialog({
  open,
  onClose,
  wallets,
  words: page,
}: DepositNoticeDialogProps) {
  const { locale, words: shell } = useMemberLanguage();
  const words = page.notice;
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
    const quantityWrong = wallet ? quantityMessage(words, quantity, wallet.asset) : null;
    const txProblem = wallet ? txIdMessage(words, wallet.network, txId) : null;
    const problem = !wallet
      ? { message: words.chooseAsset, fields: ['notice-asset'] }
      : quantityWrong
        ? { message: quantityWrong, fields: ['notice-quantity'] }
        : txProblem
          ? { message: txProblem, fields: ['notice-tx'] }
          : null;
    if (report(form, problem) || !wallet) return;
    setBusy(true);
    try {
      await fileDepositNotice(wallet.id, quantity, txId);
      toast.success(words.sent);
      setQuantity('');
      setTxId('');
      onClose();
    } catch (err) {
      report(form, { message: refusalText(locale, words, err), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={page.madeDeposit}
      onClose={close}
      size="md"
      actions={
        <button type="button" className="btn-dark" onClick={close}>
          {shell.shell.okay}
        </button>
      }
    >
      <p>{fill(shell.support.deposit, { channels: supportChannelsIn(locale, shell.support.channels) })}</p>
      <p className="mt-2">
        <a
          href={support.href}
          className="font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
          {...(support.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {support.external ? words.openChat : words.emailSupport}
        </a>
      </p>
      <form
        className="mt-6 space-y-4 border-t border-mist-200 pt-5"
        onSubmit={onSubmit}
        noValidate
        aria-busy={busy}
      >
        <p className="text-sm text-muted">{words.or}</p>
        <WalletSelect
          label={words.asset}
          id="notice-asset"
          wallets={usable}
          value={wallet ? String(wallet.id) : ''}
          onChange={setWalletId}
        />
        <div>
          <Field
            id="notice-quantity"
            label={wallet ? fill(words.quantity, { asset: wallet.asset }) : words.quantityBare}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            {...fieldProps('notice-quantity')}
            aria-describedby={[fieldProps('notice-quantity')['aria-describedby'], 'notice-quantity-hint']
              .filter(Boolean)
              .join(' ')}
          />
          <p id="notice-quantity-hint" className="mt-1 text-sm text-muted">
            {words.quantityHint}
          </p>
        </div>
        <Field
          id="notice-tx"
          label={words.txId}
          controlClassName="font-mono"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          value={txId}
          onChange={(e) => setTxId(e.target.value)}
          {...fieldProps('notice-tx')}
        />
        {alert}
        <button type="submit" className="btn-outline-dark" disabled={busy}>
          {busy ? words.sending : words.send}
        </button>
      </form>
    </Dialog>
  );
}
