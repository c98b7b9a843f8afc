/**
 * A payout record that reconciles with its request, for tests that pay a withdrawal: the quantity
 * sent plus the network fee, at the rate, is the amount to the cent (the database's rule in
 * review_withdrawal_request). At 50,000 USD per unit, a cent is 0.0000002 of the asset, so the
 * quantity is exact in 7 decimals: valid for BTC (8) and ETH (18). The fee is the smallest of those
 * steps (half a cent), so even a $0.01 request leaves a quantity to send.
 */
export const PAYOUT_RATE = '50000';
export const PAYOUT_FEE = '0.0000001';

export function payoutFor(amount: string): { quantity: string; rate: string; networkFee: string } {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`payoutFor: ${JSON.stringify(amount)} is not a USD amount`);
  const cents = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
  // One cent buys 2 units of 0.0000001; the fee is 1 of them.
  const units = cents * 2n - 1n;
  if (units <= 0n) throw new Error(`payoutFor: ${amount} does not cover the network fee`);
  const digits = units.toString().padStart(8, '0');
  return {
    quantity: `${digits.slice(0, -7)}.${digits.slice(-7)}`,
    rate: PAYOUT_RATE,
    networkFee: PAYOUT_FEE,
  };
}

/** The same record as review_withdrawal_request's last four arguments (quantity, rate, fee, source). */
export function payoutArgs(amount: string): [string, string, string, string] {
  const { quantity, rate, networkFee } = payoutFor(amount);
  return [quantity, rate, networkFee, 'Test rate'];
}
