import { useEffect, useRef, useState } from 'react';
import QrCode from './QrCode';
import TokenMark from '../shared/TokenMark';
import { copyText } from '../shared/clipboard';
import { depositQrPayload, groupAddress, sendOnlyText, type DepositWallet } from '~/lib/wallets';

/** What a member reads on an asset whose deposits are closed (no address is ever shown for it). */
export const DEPOSITS_NOT_OPEN = 'Deposits for this asset are not open yet.';

/** Badge duration after a copy (spec: 2000 ms). */
export const COPIED_BADGE_MS = 2000;

interface WalletCardProps {
  wallet: DepositWallet;
  /** The member's XRP destination tag, shown on the Ripple card. */
  destinationTag?: string | undefined;
}

/**
 * One deposit wallet. Clicking anywhere on the card (or its Copy button, for keyboards) copies the
 * address and shows "Address Copied!" for 2 s. A wallet that is off or whose address fails its
 * network check shows no address at all: nothing unverified can be copied.
 */
export default function WalletCard({ wallet, destinationTag }: WalletCardProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const headingId = `wallet-${wallet.id}-name`;

  if (!wallet.usable) {
    return (
      <article className="card flex h-full flex-col border-dashed bg-mist-50 p-5" aria-labelledby={headingId}>
        <h3 id={headingId} className="flex items-center gap-2.5 text-lg text-ink-950">
          <TokenMark asset={wallet.asset} />
          {wallet.wallet_name}
        </h3>
        <p className="mt-1 text-sm text-muted">{sendOnlyText(wallet)}</p>
        <p className="mt-4 rounded-lg bg-mist-100 px-3 py-2 text-sm font-medium text-ink-800">
          {wallet.enabled ? 'This address is temporarily unavailable.' : DEPOSITS_NOT_OPEN}
        </p>
      </article>
    );
  }

  async function onCopy() {
    if (await copyText(wallet.address)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_BADGE_MS);
    }
  }

  const isRipple = wallet.network === 'ripple';
  return (
    // The whole card is a click target for mice; the Copy button inside is the keyboard route.
    <article
      className="card relative flex h-full cursor-pointer flex-col p-5 transition-shadow hover:shadow-lg"
      aria-labelledby={headingId}
      onClick={() => void onCopy()}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2.5 text-lg text-ink-950">
            <TokenMark asset={wallet.asset} />
            {wallet.wallet_name}
          </h3>
          <p className="mt-1 text-sm font-medium text-danger-600">{sendOnlyText(wallet)}</p>
        </div>
        <span role="status" className="shrink-0">
          {copied && (
            <span className="rounded-full bg-success-600 px-3 py-1 text-xs font-semibold text-white">
              Address Copied!
            </span>
          )}
        </span>
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        <QrCode
          value={depositQrPayload(wallet, destinationTag)}
          label={`QR code of the ${wallet.wallet_name} deposit address${isRipple ? ' and your destination tag' : ''}`}
        />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-muted uppercase">Address</p>
          <p className="mt-1 font-mono text-sm break-words text-ink-950" data-testid="wallet-address">
            {groupAddress(wallet.address).join(' ')}
          </p>
          {isRipple && (
            <div className="mt-3 rounded-lg border-2 border-accent-500 bg-accent-300/20 px-3 py-2">
              <p className="text-xs font-semibold tracking-wider text-ink-900 uppercase">
                Your destination tag (required)
              </p>
              <p
                className="mt-0.5 font-mono text-lg font-semibold text-ink-950"
                data-testid="xrp-destination-tag"
              >
                {destinationTag || '—'}
              </p>
              <p className="mt-1 text-xs text-ink-800">
                Deposits without this tag cannot be credited to you.
              </p>
            </div>
          )}
        </div>
      </div>
      <button type="button" className="btn-outline-dark mt-4 self-start text-start whitespace-normal">
        Copy {wallet.wallet_name} address
      </button>
    </article>
  );
}
