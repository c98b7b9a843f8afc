import type { SupabaseClient } from '@supabase/supabase-js';
import {
  adminClient,
  checkerClient,
  latestMail,
  serviceClient,
  signedInClient,
  type TestUser,
} from './users';
import { payoutFor } from '../../support/payout';

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

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/**
 * A withdrawal of `amount` USD from `account`, filed by the member to a Bitcoin address of their book,
 * approved by one admin and paid by another (at `rate` USD per BTC): the way Total Withdraw grows.
 */
export async function paidWithdrawalFor(
  user: TestUser,
  options: { amount: string; account?: 'deposit_wallet' | 'interest_wallet' | 'referral' },
): Promise<void> {
  const { client } = await addActiveAddress(user, { walletId: 1, address: BTC_ADDRESS, label: 'Payout' });
  const filed = await client.rpc('file_withdrawal_request', {
    p_wallet_id: 1,
    p_account: options.account ?? 'deposit_wallet',
    p_amount: options.amount,
    p_destination_address: BTC_ADDRESS,
  });
  if (filed.error) throw new Error(`filing the withdrawal failed: ${filed.error.message}`);
  const id = (filed.data as { id: number }).id;
  const approved = await (
    await adminClient()
  ).rpc('review_withdrawal_request', { p_request_id: id, p_action: 'approve', p_note: null });
  if (approved.error) throw new Error(`approving the withdrawal failed: ${approved.error.message}`);
  // What was sent reconciles with the amount (the database refuses a payout that does not).
  const payout = payoutFor(options.amount);
  const paid = await (
    await checkerClient()
  ).rpc('review_withdrawal_request', {
    p_request_id: id,
    p_action: 'pay',
    p_note: null,
    p_quantity: payout.quantity,
    p_rate: payout.rate,
    p_network_fee: payout.networkFee,
    p_rate_source: 'E2E fixed rate',
  });
  if (paid.error) throw new Error(`paying the withdrawal failed: ${paid.error.message}`);
}
