import { Suspense, useState } from 'react';
import CopyableValue from '../../shared/CopyableValue';
import type { DepositWallet } from '~/lib/wallets';
import { isActive, type AddressEntry } from '~/lib/withdrawal-addresses';
import { fill } from '~/i18n/fill';
import type { AddressesWords } from '~/i18n/member/pages/addresses';
import { useMemberLanguage } from '../member-language';
import { entryWalletText, usableText } from './rules';
import { ltrIn } from '~/lib/bidi';
import { useNow } from './useAddressBook';
import { lazyPart } from '../../shared/lazyPart';

// "Remove this address?" and its call load on the first Remove, not with the page (tests/budgets.json).
const RemoveDialog = lazyPart(() => import('./RemoveDialog'), 'dialog');

function AddressItem({
  entry,
  wallet,
  now,
  onRemove,
  words,
}: {
  entry: AddressEntry;
  wallet: DepositWallet | undefined;
  now: number;
  onRemove: () => void;
  words: AddressesWords;
}) {
  const { locale, words: shell } = useMemberLanguage();
  const { list } = words;
  const active = isActive(entry, now);
  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between"
      data-testid="address-entry"
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-ink-950">
          <bdi>{entry.label}</bdi>
          <span className="font-normal text-muted"> · {entryWalletText(wallet, entry.wallet_id, words)}</span>
        </p>
        <p className="mt-1 flex min-w-0 items-start gap-1 text-xs text-muted">
          <CopyableValue
            label={fill(list.copyLabel, { label: entry.label })}
            value={entry.address}
            words={shell.copy}
          />
        </p>
        {entry.destination_tag && (
          <p className="text-xs text-muted">
            {fill(list.tag, { tag: ltrIn(locale, entry.destination_tag) })}
          </p>
        )}
        <p className="mt-1 text-xs text-muted">{usableText(entry, now, list, locale)}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${active ? 'bg-success-600 text-white' : 'bg-accent-300/40 text-ink-950'}`}
        >
          {active ? list.active : list.pending}
        </span>
        <button
          type="button"
          className="btn-outline-dark px-3 py-1 text-xs"
          aria-label={fill(list.removeLabel, { label: entry.label })}
          onClick={onRemove}
        >
          {list.remove}
        </button>
      </div>
    </li>
  );
}

/** "Your addresses": each entry with its state (Pending with a countdown, or Active) and Remove. */
export default function AddressList({
  entries,
  wallets,
  words,
}: {
  entries: AddressEntry[] | null;
  wallets: DepositWallet[];
  words: AddressesWords;
}) {
  const now = useNow();
  const [removing, setRemoving] = useState<AddressEntry | null>(null);

  return (
    <section aria-labelledby="address-list-heading" className="card p-5 sm:p-6">
      <h2 id="address-list-heading" className="text-xl text-ink-950">
        {words.list.heading}
      </h2>
      {entries === null ? (
        <div className="mt-4 h-24 animate-pulse rounded bg-mist-100" aria-hidden="true" />
      ) : entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{words.list.none}</p>
      ) : (
        <ul className="mt-4 divide-y divide-mist-200">
          {entries.map((entry) => (
            <AddressItem
              key={entry.id}
              entry={entry}
              wallet={wallets.find((w) => w.id === entry.wallet_id)}
              now={now}
              onRemove={() => setRemoving(entry)}
              words={words}
            />
          ))}
        </ul>
      )}
      {removing && (
        <Suspense fallback={null}>
          <RemoveDialog entry={removing} onClose={() => setRemoving(null)} words={words.remove} />
        </Suspense>
      )}
    </section>
  );
}
