import type { Auth } from './context';
import {
  checkEmailBudget,
  deliver,
  refuseIfMailedRecently,
  storeFlowState,
  storeToken,
  verifyLink,
  type IssuedToken,
} from './email-tokens';
import type { UserRow } from './models/user';
import type { PkceParams } from './validation';
import { setPendingEmailChange } from './models/user';

/**
 * GoTrue's sendEmailChange: the new address gets a link and code; with double_confirm_changes
 * (GoTrue's secure e-mail change) the current address gets its own, and both must be opened while
 * confirmations are on. Nothing changes until then: the address waits in email_change.
 */
export async function sendEmailChange(
  auth: Auth,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  pkce: PkceParams | undefined,
): Promise<void> {
  refuseIfMailedRecently(auth, user.email_change_sent_at);
  checkEmailBudget(auth);
  const current = user.email ?? '';
  const secure = auth.config.doubleConfirmChanges && current !== '';
  const tokens = await auth.db.transaction(async (tx) => {
    await setPendingEmailChange(tx, user.id, newEmail, false);
    const toNew = await storeToken(tx, auth, user, 'emailChangeNew', newEmail, pkce);
    const toCurrent: IssuedToken | undefined = secure
      ? await storeToken(tx, auth, user, 'emailChangeCurrent', current, pkce)
      : undefined;
    if (pkce) await storeFlowState(tx, user.id, pkce, 'email_change');
    return { toNew, toCurrent };
  });
  const mail = (to: string, token: IssuedToken): void =>
    deliver(auth, {
      type: 'email_change',
      to,
      user,
      token,
      link: verifyLink(auth, token.tokenHash, 'email_change', redirectTo),
      redirectTo,
      newEmail,
    });
  if (tokens.toCurrent) mail(current, tokens.toCurrent);
  mail(newEmail, tokens.toNew);
}
