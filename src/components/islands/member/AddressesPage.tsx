import { useEffect, useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import MemberShell from './MemberShell';
import Field from '../shared/Field';
import WalletSelect from '../shared/WalletSelect';
import CopyableValue from '../shared/CopyableValue';
import Dialog from '../shared/Dialog';
import { useFormProblem } from '../shared/formProblem';
import { useLoad } from '../shared/useLoad';
import type { FormProblem } from '~/lib/form-rules';
import { errorText } from '~/lib/db-errors';
import { verifyCode } from '~/lib/mfa';
import { listDepositWallets, networkLabel, type DepositWallet } from '~/lib/wallets';
import {
  addWithdrawalAddress,
  isActive,
  needsStepUp,
  removeWithdrawalAddress,
  sendStepUpCode,
  timeLeft,
  verifiedFactorId,
  verifyStepUpCode,
  watchMyAddresses,
  type AddressEntry,
  type NewAddress,
} from '~/lib/withdrawal-addresses';

const MAX_TAG = 4294967295;
export const ADDRESS_ADDED = 'Address added. You can withdraw to it once its waiting period is over.';

/** How the member proves it is them before an address is added. */
type StepUp = { kind: 'email'; email: string } | { kind: 'totp'; factorId: string };

function StepUpForm({
  stepUp,
  onConfirmed,
  onCancel,
}: {
  stepUp: StepUp;
  onConfirmed: () => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    try {
      if (stepUp.kind === 'email') await verifyStepUpCode(stepUp.email, code);
      else await verifyCode(stepUp.factorId, code);
      report(form, null);
      await onConfirmed();
    } catch (error) {
      report(form, { message: errorText(error, 'The code could not be checked.'), fields: ['step-up-code'] });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (stepUp.kind !== 'email') return;
    try {
      await sendStepUpCode(stepUp.email);
      toast.success(`We sent a new code to ${stepUp.email}.`);
    } catch (error) {
      toast.error(errorText(error, 'We could not send the code.'));
    }
  }

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-labelledby="step-up-heading">
      <h3 id="step-up-heading" className="text-lg text-ink-950">
        Confirm it is you
      </h3>
      <p className="text-sm text-ink-800" data-testid="step-up-prompt">
        {stepUp.kind === 'email'
          ? `We sent a code to ${stepUp.email}. Enter it to add the address.`
          : 'Enter the 6-digit code from your authenticator app to add the address.'}
      </p>
      <Field
        id="step-up-code"
        label={stepUp.kind === 'email' ? 'Code from the e-mail' : 'Authenticator code'}
        inputMode="numeric"
        autoComplete="one-time-code"
        controlClassName="font-mono"
        data-autofocus
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        {...fieldProps('step-up-code')}
      />
      {alert}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-dark" disabled={busy}>
          {busy ? 'Checking…' : 'Confirm and add'}
        </button>
        {stepUp.kind === 'email' && (
          <button type="button" className="btn-outline-dark" onClick={() => void resend()}>
            Send a new code
          </button>
        )}
        <button type="button" className="btn-outline-dark" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AddAddressForm({ wallets, email }: { wallets: DepositWallet[]; email: string }) {
  const usable = wallets.filter((w) => w.enabled);
  const [walletId, setWalletId] = useState('');
  const [address, setAddress] = useState('');
  const [tag, setTag] = useState('');
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<NewAddress | null>(null);
  const [stepUp, setStepUp] = useState<StepUp | null>(null);
  const { report, fieldProps, alert, clear } = useFormProblem();
  const wallet = usable.find((w) => String(w.id) === walletId) ?? usable[0];
  const isRipple = wallet?.network === 'ripple';

  async function check(): Promise<FormProblem | null> {
    if (!wallet) return { message: 'Choose the asset.', fields: ['address-asset'] };
    // The validators (hashes, base58, bech32) load with the first submit, not with the page.
    const { invalidAddressMessage, isValidAddress } = await import('~/lib/addresses');
    if (!address.trim()) return { message: 'Address is required.', fields: ['address-value'] };
    if (!isValidAddress(wallet.network, address.trim())) {
      return { message: invalidAddressMessage(wallet.network), fields: ['address-value'] };
    }
    if (isRipple && tag.trim() && (!/^\d{1,10}$/.test(tag.trim()) || Number(tag.trim()) > MAX_TAG)) {
      return {
        message: `Destination tag must be a whole number from 0 to ${MAX_TAG}.`,
        fields: ['address-tag'],
      };
    }
    if (!label.trim() || label.trim().length > 60) {
      return { message: 'Label is required (up to 60 characters).', fields: ['address-label'] };
    }
    return null;
  }

  function done() {
    toast.success(ADDRESS_ADDED);
    setAddress('');
    setTag('');
    setLabel('');
    setPending(null);
    setStepUp(null);
    clear();
  }

  /** Adds `input`; when the database asks for a fresh code, asks for it in place and keeps `input`. */
  async function attempt(form: HTMLFormElement, input: NewAddress): Promise<void> {
    try {
      await addWithdrawalAddress(input);
      done();
    } catch (error) {
      if (!needsStepUp(error)) throw error;
      const factorId = await verifiedFactorId();
      if (!factorId) await sendStepUpCode(email);
      report(form, null);
      setPending(input);
      setStepUp(factorId ? { kind: 'totp', factorId } : { kind: 'email', email });
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, await check()) || !wallet) return;
    setBusy(true);
    try {
      await attempt(form, {
        walletId: wallet.id,
        address,
        label,
        destinationTag: isRipple ? tag : undefined,
      });
    } catch (error) {
      report(form, { message: errorText(error, 'The address could not be added.'), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card space-y-4 p-5 sm:p-6" aria-labelledby="add-address-heading">
      <h2 id="add-address-heading" className="text-xl text-ink-950">
        Add an address
      </h2>
      <p className="text-sm text-muted">
        For your safety, a new address can receive withdrawals only after a waiting period (usually 24 hours),
        and adding one needs a one-time code.
      </p>
      {stepUp && pending ? (
        <StepUpForm
          stepUp={stepUp}
          onConfirmed={async () => {
            await addWithdrawalAddress(pending);
            done();
          }}
          onCancel={() => {
            setStepUp(null);
            setPending(null);
          }}
        />
      ) : (
        <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Add an address">
          <WalletSelect
            id="address-asset"
            wallets={usable}
            value={wallet ? String(wallet.id) : ''}
            onChange={setWalletId}
          />
          <Field
            id="address-value"
            label="Address"
            controlClassName="font-mono"
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
                  Destination tag{' '}
                  <span className="font-normal text-muted">(if your receiving account needs one)</span>
                </>
              }
              controlClassName="font-mono"
              inputMode="numeric"
              autoComplete="off"
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              {...fieldProps('address-tag')}
            />
          )}
          <Field
            id="address-label"
            label="Label"
            placeholder="e.g. My hardware wallet"
            maxLength={60}
            autoComplete="off"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            {...fieldProps('address-label')}
          />
          {alert}
          <button type="submit" className="btn-dark" disabled={busy || usable.length === 0}>
            {busy ? 'Adding…' : 'Add address'}
          </button>
        </form>
      )}
    </section>
  );
}

/** Re-renders every 30 seconds, so countdowns move and an entry turns Active on time. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function AddressList({ entries, wallets }: { entries: AddressEntry[] | null; wallets: DepositWallet[] }) {
  const now = useNow();
  const [removing, setRemoving] = useState<AddressEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const walletOf = (id: number) => wallets.find((w) => w.id === id);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await removeWithdrawalAddress(removing.id);
      toast.success(`“${removing.label}” was removed.`);
      setRemoving(null);
    } catch (error) {
      toast.error(errorText(error, 'The address could not be removed.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="address-list-heading" className="card p-5 sm:p-6">
      <h2 id="address-list-heading" className="text-xl text-ink-950">
        Your addresses
      </h2>
      {entries === null ? (
        <div className="mt-4 h-24 animate-pulse rounded bg-mist-100" aria-hidden="true" />
      ) : entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          No addresses yet. Withdrawals can only go to an address listed here.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-mist-200">
          {entries.map((entry) => {
            const wallet = walletOf(entry.wallet_id);
            const active = isActive(entry, now);
            return (
              <li
                key={entry.id}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between"
                data-testid="address-entry"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold text-ink-950">
                    {entry.label}
                    <span className="font-normal text-muted">
                      {' '}
                      ·{' '}
                      {wallet
                        ? `${wallet.asset} on ${networkLabel(wallet.network, wallet.asset)}`
                        : `Wallet ${entry.wallet_id}`}
                    </span>
                  </p>
                  <p className="mt-1 flex min-w-0 items-start gap-1 text-xs text-muted">
                    <CopyableValue label={`address of ${entry.label}`} value={entry.address} />
                  </p>
                  {entry.destination_tag && (
                    <p className="text-xs text-muted">Destination tag {entry.destination_tag}</p>
                  )}
                  <p className="mt-1 text-xs text-muted">
                    {active
                      ? `Usable since ${new Date(entry.usable_from).toLocaleString()}`
                      : `Usable from ${new Date(entry.usable_from).toLocaleString()} (in ${timeLeft(entry, now)})`}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ${active ? 'bg-success-600 text-white' : 'bg-accent-300/40 text-ink-950'}`}
                  >
                    {active ? 'Active' : 'Pending'}
                  </span>
                  <button
                    type="button"
                    className="btn-outline-dark px-3 py-1 text-xs"
                    aria-label={`Remove ${entry.label}`}
                    onClick={() => setRemoving(entry)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        open={removing !== null}
        title="Remove this address?"
        onClose={() => setRemoving(null)}
        actions={
          <>
            <button type="button" className="btn-outline-dark" onClick={() => setRemoving(null)}>
              Keep it
            </button>
            <button type="button" className="btn-dark" disabled={busy} onClick={() => void remove()}>
              {busy ? 'Removing…' : 'Remove'}
            </button>
          </>
        }
      >
        <p className="text-sm text-ink-800">
          “{removing?.label}” will no longer receive withdrawals. Requests already filed to it are not
          changed. Adding it again later starts a new waiting period.
        </p>
      </Dialog>
    </section>
  );
}

function AddressesContent({ userId, email }: { userId: string; email: string }) {
  const wallets = useLoad(listDepositWallets, 'The wallet list could not be loaded.').data ?? [];
  const [entries, setEntries] = useState<AddressEntry[] | null>(null);

  useEffect(
    () =>
      watchMyAddresses(userId, {
        onData: setEntries,
        onError: (error) => toast.error(error.message, { id: 'addresses-feed' }),
      }),
    [userId],
  );

  return (
    <div className="grid items-start gap-8 xl:grid-cols-2 [&>*]:min-w-0">
      <AddAddressForm wallets={wallets} email={email} />
      <AddressList entries={entries} wallets={wallets} />
    </div>
  );
}

/** /user/addresses: the member's address book, the only places withdrawals can go. */
export default function AddressesPage() {
  return (
    <MemberShell current="/user/addresses" heading="Addresses">
      {({ session }) => <AddressesContent userId={session.user.id} email={session.user.email ?? ''} />}
    </MemberShell>
  );
}
