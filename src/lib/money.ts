/**
 * USD amounts arrive from Postgres as decimal text ("1234.5", "-20.00"). They are formatted by
 * string manipulation, never through a float, so what the database holds is what a person sees.
 */
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export function formatUsd(amount: string | null | undefined, options: { signed?: boolean } = {}): string {
  const match = DECIMAL.exec((amount ?? '').trim());
  if (!match) return '—';
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = fraction.padEnd(2, '0');
  // Stored amounts have at most 2 decimals; anything longer is shown as given rather than rounded.
  const groupedWhole = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(cents);
  const sign = minus && !isZero ? '-' : options.signed && !isZero ? '+' : '';
  return `${sign}$${groupedWhole}.${cents}`;
}
