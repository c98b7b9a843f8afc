import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateFromMigrations, includedSchemas, TYPES_FILE } from '../scripts/gen-types';

describe('generated database types', () => {
  let fresh: string;
  // Starting PostgreSQL 15, applying every migration and running postgres-meta takes seconds, more on a busy machine.
  beforeAll(async () => {
    fresh = await generateFromMigrations();
  }, 180_000);

  it('src/lib/database.types.ts matches a fresh generation from the migrations (run npm run db:types)', () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(fresh);
  });

  it('asks for the schemas the Supabase CLI would: public, then config.toml [api] schemas', () => {
    expect(includedSchemas()).toEqual(['public', 'graphql_public']);
  });

  it('describes the contract: tables with Row/Insert/Update, functions with Args/Returns', () => {
    for (const table of [
      'profiles',
      'admins',
      'ledger_entries',
      'ledger_accounts',
      'transfers',
      'deposit_wallets',
      'deposit_wallet_changes',
      'deposit_notices',
      'withdrawal_requests',
      'contact_messages',
    ]) {
      expect(fresh).toMatch(new RegExp(`\\n {6}${table}: \\{\\n {8}Row: \\{`));
    }
    for (const fn of [
      'is_admin',
      'admin_search_users',
      'admin_user_ledger',
      'propose_correction',
      'approve_transfer',
      'reject_transfer',
      'withdraw_transfer',
      'admin_pending_transfers',
      'operator_post_correction',
      'my_accounts',
      'grant_admin',
      'revoke_admin',
      'update_deposit_wallet',
      'review_deposit_notice',
      'review_withdrawal_request',
      'file_deposit_notice',
      'file_withdrawal_request',
      'withdrawable_balance',
      'my_ledger',
    ]) {
      expect(fresh).toMatch(new RegExp(`\\n {6}${fn}: \\{\\s*Args: `));
    }
    // Identity columns cannot be written; defaulted ones are optional on insert.
    expect(fresh).toMatch(
      /contact_messages: \{[\s\S]*?Insert: \{\s*client_address\?: string \| null\s*created_at\?: string\s*email: string\s*id\?: never\s/,
    );
    // The CLI's shape: every schema of config.toml's [api] list, and its helper types and constants.
    expect(fresh).toMatch(/^export type Database = \{\n {2}graphql_public: \{\n/m);
    for (const helper of ['Tables', 'TablesInsert', 'TablesUpdate', 'Enums', 'CompositeTypes']) {
      expect(fresh).toMatch(new RegExp(`\\nexport type ${helper}<`));
    }
    expect(fresh).toContain('export const Constants = {');
  });
});
