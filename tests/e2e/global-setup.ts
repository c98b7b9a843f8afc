import { createClient } from '@supabase/supabase-js';
import { existsSync } from 'node:fs';
import { TEST_DEPOSIT_ADDRESSES } from '../support/test-wallets';
import { SERVICE_ROLE_KEY, supabaseUrl } from './support/env';

/**
 * Opens the test server's deposit wallets before any spec runs. The seed starts them off with burn
 * addresses the database refuses to turn on (issue 35); the specs file deposits and withdrawals, so
 * the wallets get published example addresses (tests/support/test-wallets.ts), as an operator would
 * set real ones. Wallet 6 stays off and unconfigured. Runs after the web servers are up.
 */
export default async function globalSetup(): Promise<void> {
  if (!existsSync('supabase/local/cli.ts') || process.env.E2E_NO_SUPABASE === '1') return;
  const service = createClient(supabaseUrl, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  for (const [id, address] of Object.entries(TEST_DEPOSIT_ADDRESSES)) {
    const { error } = await service
      .from('deposit_wallets')
      .update({ address, enabled: true })
      .eq('id', Number(id));
    if (error) throw new Error(`opening test deposit wallet ${id} failed: ${error.message}`);
  }
}
