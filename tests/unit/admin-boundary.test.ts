import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The lint rule that keeps member code out of admin modules, exercised through ESLint itself with
// the repo's config, on files placed where member and admin code live.
const eslint = new ESLint();

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('member code stays out of lib/admin', () => {
  it.each([
    [
      'src/lib/profile.ts',
      "import { searchUsers } from '~/lib/admin/users';\nexport const x = searchUsers;\n",
    ],
    ['src/lib/requests.ts', "import { listAdmins } from './admin/admins';\nexport const x = listAdmins;\n"],
    [
      'src/components/islands/member/DepositPage.tsx',
      "import { formatDateTime } from '../admin/format';\nexport const x = formatDateTime;\n",
    ],
  ])('refuses an admin import in %s', async (file, source) => {
    const messages = await restricted(file, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Admin-only module');
  });

  it.each([
    [
      'src/lib/admin/users.ts',
      "import { toDbError } from '~/lib/db-errors';\nimport { x } from './balances';\nexport const y = [toDbError, x];\n",
    ],
    [
      'src/components/islands/admin/AdminsPage.tsx',
      "import { listAdmins } from '~/lib/admin/admins';\nexport const x = listAdmins;\n",
    ],
    ['src/lib/requests.ts', "import { formatUsd } from './money';\nexport const x = formatUsd;\n"],
  ])('allows %s its imports', async (file, source) => {
    expect(await restricted(file, source)).toEqual([]);
  });
});
