import { formatQuantity } from '~/lib/assets';
import { formatUsdIn } from '~/lib/money-in-language';
import { ltrIn } from '~/lib/bidi';
import type { MemberRequest } from '~/lib/requests';
import { fill } from '~/i18n/fill';
import type { MemberLanguage } from '../member-language';

/*
 * How the member's list of notices and requests reads (RequestList): each one's summary line, its
 * status in words and its badge colours. Apart from the form's rules (rules.ts): the list loads after
 * the page is up, and these with it.
 */

const STATUS_STYLES: Record<string, string> = {
  pending: 'bg-accent-300/40 text-ink-950',
  valued: 'bg-mist-200 text-ink-950',
  approved: 'bg-mist-200 text-ink-950',
  confirmed: 'bg-success-600 text-white',
  paid: 'bg-success-600 text-white',
  rejected: 'bg-danger-600 text-white',
  cancelled: 'bg-mist-200 text-ink-950',
};

/** The colours of a request's status badge. */
export function statusStyle(status: string): string {
  return STATUS_STYLES[status] ?? 'bg-mist-200';
}

/** What the list's words need: the page's language (member-language.tsx). */
type Language = Pick<MemberLanguage, 'locale' | 'words'>;

/** A notice's or withdrawal's state in the member's words; an unknown state as recorded. */
export function statusLabel({ words }: Language, request: Pick<MemberRequest, 'kind' | 'status'>): string {
  const said: Readonly<Record<string, string>> =
    request.kind === 'deposit' ? words.requests.noticeStatus : words.requests.withdrawalStatus;
  return said[request.status] ?? request.status;
}

/**
 * What a request is about, in one line: a notice's quantity and asset, and its USD value once
 * finance has valued it; a withdrawal's amount and the account it is paid from.
 */
export function requestSummary({ locale, words }: Language, r: MemberRequest, walletName: string): string {
  // Names, quantities and amounts keep their left-to-right order inside an Arabic line.
  const ltr = (text: string) => ltrIn(locale, text);
  const usd = (amount: string) => ltr(formatUsdIn(locale, amount));
  if (r.kind === 'deposit') {
    const value = r.credited_amount || r.amount;
    const quantity = ltr(formatQuantity(r.quantity, r.asset));
    return [words.requests.notice, ltr(walletName), quantity, ...(value ? [usd(value)] : [])].join(' · ');
  }
  const from = r.account ? [fill(words.requests.from, { account: words.accounts[r.account] })] : [];
  return [words.requests.withdrawal, ltr(walletName), usd(r.amount), ...from].join(' · ');
}

/**
 * A paid withdrawal's payout as the member reads it: "Paid 0.0041 BTC", and the network fee when
 * there was one ("…; network fee 0.00002 BTC"): the member bears it, so it is why they received
 * less than the amount's worth.
 */
export function paidText(
  { locale, words }: Language,
  r: { quantity: string; asset: string; network_fee?: string },
): string {
  const quantity = ltrIn(locale, formatQuantity(r.quantity, r.asset));
  const fee = r.network_fee?.trim() ?? '';
  return /^[0.]*$/.test(fee)
    ? fill(words.requests.paid, { quantity })
    : fill(words.requests.paidWithFee, { quantity, fee: ltrIn(locale, formatQuantity(fee, r.asset)) });
}
