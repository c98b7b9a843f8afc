import { useState } from 'react';
import type { DepositWallet } from '~/lib/wallets';

/**
 * The "Asset" choice of a member form over the enabled wallets: the chosen one, else the first
 * (so a wallet switched off meanwhile falls back rather than staying selected).
 */
export function useWalletChoice(wallets: readonly DepositWallet[]) {
  const usable = wallets.filter((w) => w.enabled);
  const [walletId, setWalletId] = useState('');
  const wallet: DepositWallet | undefined = usable.find((w) => String(w.id) === walletId) ?? usable[0];
  return { usable, wallet, setWalletId };
}
