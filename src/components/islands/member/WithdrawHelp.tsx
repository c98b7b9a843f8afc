import { supportChannelsIn } from '~/config/support-text';
import { fill } from '~/i18n/fill';
import { useMemberLanguage } from './member-language';

/**
 * The sidebar's Withdraw dialog text, in the page's language. Loaded with the dialog, so member pages
 * do not carry the support wording (and the chat settings it reads) in their first load
 * (tests/budgets.json).
 */
export default function WithdrawHelp() {
  const { locale, words } = useMemberLanguage();
  return (
    <p>{fill(words.support.withdraw, { channels: supportChannelsIn(locale, words.support.channels) })}</p>
  );
}
