import type { SupabaseClient } from '@supabase/supabase-js';
import { latestMail, serviceClient, signedInClient, type TestUser } from './users';

/**
 * The address book as a member's own API client uses it (docs/address-book.md): the e-mailed one-time
 * code read from the local outbox as the step-up, then add_withdrawal_address.
 */

/** Asks for a mailed code and verifies it on `client`: its token then carries a fresh `otp` entry. */
export async function stepUpByMail(client: SupabaseClient, user: TestUser): Promise<void> {
  const since = new Date(Date.now() - 1000).toISOString();
  const sent = await client.auth.signInWithOtp({ email: user.email, options: { shouldCreateUser: false } });
  if (sent.error) throw new Error(`sending the code failed: ${sent.error.message}`);
  const mail = await latestMail(user.email, since);
  const verified = await client.auth.verifyOtp({ email: user.email, token: mail.token, type: 'email' });
  if (verified.error) throw new Error(`verifying the mailed code failed: ${verified.error.message}`);
}

/** Time travel: the entry's cooling-off ends now (the service role may move usable_from). */
export async function endCoolingOff(addressId: string | number): Promise<void> {
  const { error } = await serviceClient()
    .from('withdrawal_addresses')
    .update({ usable_from: new Date(Date.now() - 1000).toISOString() })
    .eq('id', addressId);
  if (error) throw new Error(`moving usable_from failed: ${error.message}`);
}

/** An entry added through the API with the mailed-code step-up and already past its cooling-off. */
export async function addActiveAddress(
  user: TestUser,
  entry: { walletId: number; address: string; label?: string; tag?: string },
): Promise<{ id: string; client: SupabaseClient }> {
  const client = await signedInClient(user);
  await stepUpByMail(client, user);
  const { data, error } = await client.rpc('add_withdrawal_address', {
    p_wallet_id: entry.walletId,
    p_address: entry.address,
    p_label: entry.label ?? 'Test address',
    ...(entry.tag ? { p_destination_tag: entry.tag } : {}),
  });
  if (error) throw new Error(`add_withdrawal_address failed: ${error.message}`);
  const id = String((data as { id: number }).id);
  await endCoolingOff(id);
  return { id, client };
}
