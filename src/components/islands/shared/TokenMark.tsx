// Token marks from cryptocurrency-icons (CC0-1.0, credited in docs/brand.md). Each SVG is imported as
// a URL, not inlined: a page's JavaScript carries five short file names instead of the drawings
// (tests/budgets.json), and the browser caches each mark once for every page (/_astro/ is immutable).
import btc from 'cryptocurrency-icons/svg/color/btc.svg?url';
import eth from 'cryptocurrency-icons/svg/color/eth.svg?url';
import usdc from 'cryptocurrency-icons/svg/color/usdc.svg?url';
import usdt from 'cryptocurrency-icons/svg/color/usdt.svg?url';
import xrp from 'cryptocurrency-icons/svg/color/xrp.svg?url';

/** The assets the firm accepts (src/lib/assets.ts) and their marks. */
const MARKS: Readonly<Record<string, string>> = { BTC: btc, ETH: eth, USDC: usdc, USDT: usdt, XRP: xrp };

interface TokenMarkProps {
  /** Ticker as the database writes it: "BTC", "USDT". */
  asset: string;
  /** Size and spacing; the mark is square. */
  className?: string;
}

/**
 * An asset's mark beside its name. Decorative (alt=""): the name or ticker is always written next to
 * it. An asset without a mark shows its ticker in a disc rather than a wrong picture.
 */
export default function TokenMark({ asset, className = 'size-8' }: TokenMarkProps) {
  const src = Object.hasOwn(MARKS, asset) ? MARKS[asset] : undefined;
  if (!src) {
    return (
      <span
        aria-hidden="true"
        className={`inline-flex shrink-0 items-center justify-center rounded-full bg-ink-900 text-[0.6rem] font-bold text-accent-400 ${className}`}
      >
        {asset.slice(0, 4)}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={32}
      height={32}
      className={`shrink-0 ${className}`}
      data-token-mark={asset}
    />
  );
}
