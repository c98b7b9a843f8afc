/**
 * Each member page's own words, in one language (issue 36). The shell's words (sidebar, header,
 * dialogs every page opens) are in ./<locale>.ts; a page's own are in ./pages/<page>.ts, and only its
 * page writes them into its HTML (`catalog(locale).memberPages.<page>`), so no page carries another's.
 */
import type { Locale } from '../locales';
import { depositWords } from './pages/deposit';
import { withdrawWords } from './pages/withdraw';
import { addressesWords } from './pages/addresses';
import { plansWords } from './pages/plans';
import { statementWords } from './pages/statement';
import { securityWords } from './pages/security';
import { notificationsWords } from './pages/notifications';
import { activityWords } from './pages/activity';
import { freezeWords } from './pages/freeze';
import { supportWords } from './pages/support';

export function memberPagesIn(locale: Locale) {
  return {
    deposit: depositWords[locale],
    withdraw: withdrawWords[locale],
    addresses: addressesWords[locale],
    plans: plansWords[locale],
    statement: statementWords[locale],
    security: securityWords[locale],
    notifications: notificationsWords[locale],
    activity: activityWords[locale],
    freeze: freezeWords[locale],
    support: supportWords[locale],
  };
}

export type MemberPageWords = ReturnType<typeof memberPagesIn>;
