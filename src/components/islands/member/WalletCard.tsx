import { useEffect, useRef, useState } from 'react';
import QrCode from './QrCode';
import TokenMark from '../shared/TokenMark';
import { copyText } from '../shared/clipboard';
import { depositQrPayload, groupAddress, networkName, type DepositWallet } from '~/lib/wallets';
import { fill } from '~/i18n/fill';
import { ltrIn } from '~/lib/bidi';
import { useMemberLanguage } from './member-language';
import type { DepositWords } from '~/i18n/member/pages/deposit';

/** Badge duration after a copy (spec: 2000 ms). */
export const COPIED_BADGE_MS = 2000;

interface WalletCardProps {
  wallet: DepositWallet;
  /** The member's XRP destination tag, shown on the Ripple card. */
  destinationTag?: string | undefined;
  /** The deposit page's words: the card's and the networks' names. */
  words: Pick<DepositWords, 'card' | 'networks'>;
}

/**
 * One deposit wallet. Clicking anywhere on the card (or its Copy button, for keyboards) copies the
 * address and shows "Address Copied!" for 2 s. A wallet that is off or whose address fails its
 * network check shows no address at all: nothing unverified can be copied.
 */
export default function WalletCard({ wallet, destinationTag, words }: WalletCardProps) {
  const { locale } = useMemberLanguage();
  const said = words.card;
  // The ticker and the network's name keep their order inside an Arabic sentence ("(ERC-20)").
  const sendOnly = fill(said.sendOnly, {
    asset: ltrIn(locale, wallet.asset),
    network: ltrIn(locale, words.networks[networkName(wallet.network, wallet.asset)]),
  });
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
        <p className="mt-1 text-sm text-muted">{sendOnly}</p>
        <p className="mt-4 rounded-lg bg-mist-100 px-3 py-2 text-sm font-medium text-ink-800">
          {wallet.enabled ? said.unavailable : said.notOpen}
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
          <p className="mt-1 text-sm font-medium text-danger-600">{sendOnly}</p>
        </div>
        <span role="status" className="shrink-0">
          {copied && (
            <span className="rounded-full bg-success-600 px-3 py-1 text-xs font-semibold text-white">
              {said.copied}
            </span>
          )}
        </span>
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        <QrCode
          value={depositQrPayload(wallet, destinationTag)}
          label={fill(isRipple ? said.qrWithTag : said.qr, { wallet: wallet.wallet_name })}
        />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-muted uppercase">{said.address}</p>
          <p
            className="mt-1 font-mono text-sm break-words text-ink-950"
            data-testid="wallet-address"
            dir="ltr"
          >
            {groupAddress(wallet.address).join(' ')}
          </p>
          {isRipple && (
            <div className="mt-3 rounded-lg border-2 border-accent-500 bg-accent-300/20 px-3 py-2">
              <p className="text-xs font-semibold tracking-wider text-ink-900 uppercase">{said.tag}</p>
              <p
                className="mt-0.5 font-mono text-lg font-semibold text-ink-950"
                data-testid="xrp-destination-tag"
                dir="ltr"
              >
                {destinationTag || '—'}
              </p>
              <p className="mt-1 text-xs text-ink-800">{said.tagNote}</p>
            </div>
          )}
        </div>
      </div>
      <button type="button" className="btn-outline-dark mt-4 self-start text-start whitespace-normal">
        {fill(said.copy, { wallet: wallet.wallet_name })}
      </button>
    </article>
  );
}
