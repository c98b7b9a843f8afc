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
    await tx.query(
      `update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_token_current = '',
         updated_at = now() where id = $1`,
      [user.id, newEmail],
    );
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_token_current'`,
      [user.id],
    );
    const toNew = await storeToken(tx, auth, user, 'emailChangeNew', newEmail, pkce);
    const toCurrent: IssuedToken | undefined = secure
      ? await storeToken(tx, auth, user, 'emailChangeCurrent', current, pkce)
      : undefined;
    if (pkce) await storeFlowState(tx, user.id, pkce, 'email_change');
    return { toNew, toCurrent };
  });
  const mail = (to: string, token: IssuedToken): void =>
    deliver(
      auth,
      'email_change',
      to,
      token,
      verifyLink(auth, token.tokenHash, 'email_change', redirectTo),
      redirectTo,
      newEmail,
    );
  if (tokens.toCurrent) mail(current, tokens.toCurrent);
  mail(newEmail, tokens.toNew);
}
