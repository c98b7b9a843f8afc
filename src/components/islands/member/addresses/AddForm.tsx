import { Suspense, useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import SubmitButton from '../../shared/SubmitButton';
import WalletSelect from '../../shared/WalletSelect';
import { useFormProblem } from '../../shared/formProblem';
import { useWalletChoice } from '../../shared/useWalletChoice';
import { errorTextIn } from '~/lib/db-errors';
import type { DepositWallet } from '~/lib/wallets';
import {
  addWithdrawalAddress,
  needsMailedCode,
  needsStepUp,
  type NewAddress,
} from '~/lib/withdrawal-addresses';
import type { AddressesWords } from '~/i18n/member/pages/addresses';
import { useMemberLanguage } from '../member-language';
import { lazyPart } from '../../shared/lazyPart';
import { addressProblem, type StepUp } from './rules';

// The validators (hashes, base58, bech32) load with the first submit, not with the page; the code
// prompt (and the authenticator check behind it) when the database first asks for a fresh code.
const loadValidators = () => import('~/lib/addresses');
const loadStepUpPrompt = () => import('./StepUpPrompt');
const StepUpPrompt = lazyPart(loadStepUpPrompt);

/** "Add an address": the form, and in its place the step-up prompt when the database asks for one. */
export default function AddForm({
  wallets,
  email,
  words,
}: {
  wallets: DepositWallet[];
  email: string;
  words: AddressesWords;
}) {
  const { locale } = useMemberLanguage();
  const { add } = words;
  const { usable, wallet, setWalletId } = useWalletChoice(wallets);
  const [address, setAddress] = useState('');
  const [tag, setTag] = useState('');
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<NewAddress | null>(null);
  const [stepUp, setStepUp] = useState<StepUp | null>(null);
  const { report, fieldProps, alert, clear } = useFormProblem();
  const isRipple = wallet?.network === 'ripple';

  function done() {
    toast.success(add.added);
    setAddress('');
    setTag('');
    setLabel('');
    setPending(null);
    setStepUp(null);
    clear();
  }

  /**
   * Adds `input`; when the database asks for a fresh code, asks for it in place and keeps `input`.
   * After a code (`after`), a second refusal asks for the other one: an authenticator added in this
   * session needs the mailed code and then the authenticator's (step_up_mail_required).
   */
  async function attempt(form: HTMLFormElement | null, input: NewAddress, after?: StepUp): Promise<void> {
    try {
      await addWithdrawalAddress(input);
      done();
    } catch (error) {
      if (!needsStepUp(error)) throw error;
      // The prompt's code arrives while the factor is looked up (a failure shows lazyPart's stand-in).
      loadStepUpPrompt().catch(() => undefined);
      // Without the step-up's code (the connection dropped), the refusal itself is the answer.
      const { sendStepUpCode, verifiedFactorId } = await import('~/lib/step-up').catch(() => {
        throw error;
      });
      const factorId = await verifiedFactorId();
      let next: StepUp | null;
      if (!after)
        next =
          factorId && !needsMailedCode(error)
            ? { kind: 'totp', factorId }
            : { kind: 'email', email, newFactor: needsMailedCode(error) };
      // The mailed code was accepted: what is missing now is the authenticator's.
      else if (after.kind === 'email') next = factorId ? { kind: 'totp', factorId } : null;
      else next = needsMailedCode(error) ? { kind: 'email', email, newFactor: true } : null;
      // Refused again after the only code that could help: the refusal itself is the answer.
      if (!next) throw error;
      if (next.kind === 'email') await sendStepUpCode(email);
      if (form) report(form, null);
      setPending(input);
      setStepUp(next);
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, await addressProblem({ wallet, address, tag, label }, loadValidators, words)) || !wallet)
      return;
    setBusy(true);
    try {
      await attempt(form, {
        walletId: wallet.id,
        address,
        label,
        destinationTag: isRipple ? tag : undefined,
      });
    } catch (error) {
      // The database's refusal is in English: on another language's page, the page's own sentence.
      const message = errorTextIn(locale, error, add.failed);
      report(form, { message, fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card space-y-4 p-5 sm:p-6" aria-labelledby="add-address-heading">
      <h2 id="add-address-heading" className="text-xl text-ink-950">
        {add.heading}
      </h2>
      <p className="text-sm text-muted">{add.intro}</p>
      {stepUp && pending ? (
        <Suspense fallback={null}>
          <StepUpPrompt
            stepUp={stepUp}
            words={words.stepUp}
            key={stepUp.kind}
            onConfirmed={() => attempt(null, pending, stepUp)}
            onCancel={() => {
              setStepUp(null);
              setPending(null);
            }}
          />
        </Suspense>
      ) : (
        <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label={add.heading}>
          <WalletSelect
            label={add.asset}
            id="address-asset"
            wallets={usable}
            value={wallet ? String(wallet.id) : ''}
            onChange={setWalletId}
          />
          <Field
            id="address-value"
            label={add.address}
            controlClassName="font-mono"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            {...fieldProps('address-value')}
          />
          {isRipple && (
            <Field
              id="address-tag"
              label={
                <>
                  {add.tag} <span className="font-normal text-muted">{add.tagNote}</span>
                </>
              }
              controlClassName="font-mono"
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              {...fieldProps('address-tag')}
            />
          )}
          <Field
            id="address-label"
            label={add.label}
            placeholder={add.labelPlaceholder}
            maxLength={60}
            autoComplete="off"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            {...fieldProps('address-label')}
          />
          {alert}
          <SubmitButton
            className="btn-dark"
            label={add.submit}
            busyLabel={add.adding}
            busy={busy}
            disabled={usable.length === 0}
          />
        </form>
      )}
    </section>
  );
}
