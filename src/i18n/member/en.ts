/**
 * The member portal's words in English (issue 36): the shell (sidebar, header, menu), the balance
 * cards and the dashboard. English defines the keys; each language's catalog carries its own under
 * `member` (src/i18n/catalogs/<locale>.ts), so the catalogs' tests check these too. Member islands
 * read them through MemberWords (components/islands/member/member-words.tsx): English is this module,
 * bundled as the literals were; another language arrives as the page's prop.
 */
import { ACCOUNT_LABELS, ACCOUNT_MEANINGS } from '~/lib/accounts';
import { FREEZE_LIFT_SENTENCE } from '~/lib/freeze-words';
import type { Widen } from '../widen';

/** Withdrawals frozen, in a sentence: the banner, and the Freeze page's state. */
const FROZEN_TEXT = `Withdrawals are frozen. No new request can be filed and nothing pending will be paid. ${FREEZE_LIFT_SENTENCE}`;

export const memberEn = {
  /** The area's name above the sidebar navigation. */
  area: 'Member area',
  nav: {
    home: 'Home',
    plans: 'Plans',
    deposit: 'Deposit',
    withdraw: 'Withdraw',
    addresses: 'Addresses',
    referrals: 'Referrals',
    statement: 'Statement',
    security: 'Security',
    notifications: 'Notifications',
    activity: 'Activity',
    freeze: 'Freeze withdrawals',
    support: 'Support',
    website: 'Website',
  },
  shell: {
    menu: 'Menu',
    close: 'Close',
    logOut: 'Log Out',
    /** The drawer's and the sidebar navigation's accessible names. */
    menuLabel: 'Member area menu',
    navigationLabel: 'Member area navigation',
    /** {name} is the member's name. */
    hello: 'Hello, {name}',
    loading: 'Loading your account',
    reconnecting: 'Reconnecting… balances will refresh.',
    /** The live feed's code could not load and will not until the page is reloaded; then the button. */
    liveStalled: 'Live updates have stopped. Reload the page to see your latest balances.',
    reload: 'Reload the page',
    okay: 'Okay',
    withdrawalTitle: 'Withdrawal!',
    requestWithdrawal: 'Request a withdrawal',
    notifications: 'Notifications',
    /** {count} unread notices. */
    notificationsUnread: 'Notifications, {count} unread',
    /** The language menu in the sidebar: its label, then each language by its own name. */
    language: 'Language',
    /** "Show older" under the notifications and activity lists, and its states. */
    showOlder: 'Show older',
    loadingOlder: 'Loading…',
    olderFailed: 'Older entries could not be loaded.',
  },
  headings: {
    dashboard: 'Dashboard',
  },
  balances: {
    region: 'Balances',
    cards: {
      deposit_wallet: { label: 'Deposit Wallet Balance', meaning: ACCOUNT_MEANINGS.deposit_wallet },
      interest_wallet: { label: 'Interest Wallet Balance', meaning: ACCOUNT_MEANINGS.interest_wallet },
      total_invest: { label: 'Total Invest', meaning: ACCOUNT_MEANINGS.total_invest },
      total_deposit: { label: 'Total Deposit', meaning: ACCOUNT_MEANINGS.total_deposit },
      total_withdraw: { label: 'Total Withdraw', meaning: ACCOUNT_MEANINGS.total_withdraw },
      referral: { label: 'Referral Earnings', meaning: ACCOUNT_MEANINGS.referral },
    },
    /** The spec's text for the Total Withdraw card's dialog (it repeats the deposit instruction). */
    totalWithdrawText:
      'Please copy the wallet address for your chosen asset and proceed with your investment deposit.',
  },
  dashboard: {
    nextSteps: 'Next steps',
    deposit: 'Deposit',
    requestWithdrawal: 'Request a withdrawal',
    viewStatement: 'View statement',
  },
  plans: {
    heading: 'Your plans',
    link: 'Invest or redeem',
    unavailable: 'Your plans could not be loaded. Reload the page to try again.',
    /** Each plan's name, as the statements name it (src/i18n/statement); an English page shows the firm's own. */
    names: { silver: 'Silver', gold: 'Gold', diamond: 'Diamond', platinum: 'Platinum' },
    principal: 'Principal',
    returnsToDate: 'Returns to date',
    noPlansYet: 'You have no plan yet. Choose one to invest in.',
    /** A plan's pending instructions: none, one, or {count} (the language's plural for "other"). */
    pending: {
      none: 'No pending instruction',
      one: '{count} pending instruction',
      other: '{count} pending instructions',
    },
  },
  freeze: {
    heading: 'Something wrong?',
    text: 'If you think someone else is using your account, freeze withdrawals. It takes effect at once.',
    button: 'Freeze withdrawals',
    confirmTitle: 'Freeze withdrawals?',
    confirmText: `No new withdrawal request can be filed, and requests already waiting will not be paid. Your balances stay as they are. ${FREEZE_LIFT_SENTENCE}`,
    cancel: 'Cancel',
    freezing: 'Freezing…',
    freezeNow: 'Freeze now',
    frozen: 'Withdrawals are frozen.',
    failed: 'Withdrawals could not be frozen.',
  },
  /** The banner wherever withdrawals would be offered while the member's own freeze is on. */
  frozenNotice: {
    heading: 'Withdrawals are frozen',
    text: FROZEN_TEXT,
  },
  /** A security hold in force (issue 30): why ({change}), until when ({until}, with its zone). */
  hold: {
    heading: 'Security hold',
    text: 'Because {change}, new withdrawal addresses and withdrawal requests wait until {until}. If this was not you, freeze withdrawals now.',
    changes: {
      password_changed: 'your password was changed',
      email_changed: 'your e-mail address was changed',
      factor_enrolled: 'an authenticator app was added',
      factor_removed: 'an authenticator app was removed',
      factor_reset: 'your authenticator apps were reset',
      other: 'your sign-in details changed',
    },
    freezeLink: 'Freeze withdrawals',
  },
  /** The sentences that send a member to support; {channels} is the list of channels this build has. */
  support: {
    channels: { chat: 'live chat', email: 'e-mail', phone: 'phone' },
    deposit: 'Please contact support by {channels} for assistance.',
    withdraw: 'Please request withdrawals via the dashboard or contact support by {channels} for assistance.',
  },
  /** The Referrals dialog (the sidebar's Referrals entry and the Referral Earnings card). */
  referrals: {
    /** The spec's title; the percent in the text is the firm's setting, read from the database. */
    title: 'Referrals 5%',
    text: 'Get a {percent}% referral bonus when your referral makes an investment with us.',
    linkLabel: 'Your referral link',
    copy: 'Copy link',
    copied: 'Link copied',
    referred: 'People referred',
    loading: 'Loading your referral link…',
    failed: 'Your referral link could not be loaded.',
  },
  /** The member's deposit notices and withdrawal requests (the deposit and withdraw pages' list). */
  requests: {
    heading: 'Your requests and notices',
    noticesHeading: 'Your deposit notices',
    none: 'Nothing filed yet.',
    /** One line per request: {wallet}, {quantity} ("0.5 BTC"), {amount}, {account}; the parts join with " · ". */
    notice: 'Deposit notice',
    withdrawal: 'Withdrawal request',
    from: 'from {account}',
    paid: 'Paid {quantity}',
    /** A payout whose network fee the member bore: {quantity} sent, {fee} to the network. */
    paidWithFee: 'Paid {quantity}; network fee {fee}',
    tx: 'Tx',
    to: 'To',
    noticeStatus: {
      pending: 'Pending review',
      valued: 'Being confirmed',
      confirmed: 'Credited',
      rejected: 'Rejected',
    },
    withdrawalStatus: {
      pending: 'Pending',
      approved: 'Approved',
      rejected: 'Rejected',
      paid: 'Paid',
      cancelled: 'Cancelled',
    },
    cancel: 'Cancel request',
    /** The cancel button's accessible name, starting with its visible words (`cancel`): {amount} to {address}. */
    cancelNamed: 'Cancel request of {amount} to {address}',
    cancelTitle: 'Cancel this withdrawal request?',
    cancelText: '{amount} to {address} will not be paid, and the amount is available to withdraw again.',
    keep: 'Keep it',
    cancelling: 'Cancelling…',
    cancelled: 'Withdrawal request cancelled. Its amount is available again.',
    cancelFailed: 'Your withdrawal request could not be cancelled.',
  },
  /** A long identifier's copy button (transaction ids, addresses). {label} names what is copied. */
  copy: {
    copy: 'Copy',
    copied: 'Copied',
    named: 'Copy {label}',
    txId: 'transaction id',
    address: 'destination address',
  },
  /** The accounts by name, inside a sentence ("from Deposit Wallet"): src/lib/accounts.ts's names. */
  accounts: ACCOUNT_LABELS,
} as const;

/** The member portal's words in any language: English's keys. */
export type MemberWords = Widen<typeof memberEn>;
