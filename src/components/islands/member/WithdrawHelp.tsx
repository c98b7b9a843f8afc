import { withdrawSupportText } from '~/config/support-text';

/**
 * The sidebar's Withdraw dialog text. Loaded with the dialog, so member pages do not carry the
 * support wording (and the chat settings it reads) in their first load (tests/budgets.json).
 */
export default function WithdrawHelp() {
  return <p>{withdrawSupportText()}</p>;
}
