/**
 * `npm run bench:admin`: the admin users table with 10,000 users. Starts the local Supabase in-process
 * (PGlite, in memory), seeds the users in one SQL statement through its `db` handle (the sign-up
 * trigger makes their profiles) and gives them balances through the money engine, builds the site against
 * that server, then drives Debian's Chromium with Playwright and times, as an admin sees them:
 *   first render of the table (navigation until 25 rows show), a search, a sort change, a page change.
 * Reports the median and worst of BENCH_RUNS (default 5) runs. It asserts only that each step shows
 * the right rows, so a broken table fails the benchmark instead of timing nothing.
 *   BENCH_USERS=10000  BENCH_RUNS=5  BENCH_SITE_PORT=4451  BENCH_SKIP_BUILD=1 (reuse the last build)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { chromium, expect, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { startLocalSupabase, type LocalSupabase } from '../../supabase/local/server';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { nextTotpCode } from '../support/totp';
import { readEnrolmentKey } from '../e2e/admin-helpers';

const USERS = Number(process.env['BENCH_USERS'] ?? 10_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const SITE_PORT = Number(process.env['BENCH_SITE_PORT'] ?? 4451);
const OUT_DIR = `dist-bench-admin-${SITE_PORT}`;
const siteUrl = `http://127.0.0.1:${SITE_PORT}`;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function seed(server: LocalSupabase): Promise<{ total: number; users: number; ledger: number }> {
  const started = performance.now();
  const hash = bcrypt.hashSync('bench-member-password', 4);
  // One statement for all users: the sign-up trigger creates each profile, as for a real sign-up.
  await server.db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'bench' || lpad(i::text, 5, '0') || '@example.com', $1, now(),
       '{"provider":"email","providers":["email"]}', jsonb_build_object('username', 'Bench User ' || i),
       now() - make_interval(secs => $2 - i), now()
     from generate_series(1, $2::int) as i`,
    [hash, USERS],
  );
  const usersDone = performance.now();
  // Varied balances, posted through the money engine (a single-phase correction to each of two
  // accounts, as operators post opening balances), so each balance equals its account and its lines.
  await server.db.query(
    `select public.operator_post_correction(p.id, c.account, c.amount::text, 'Opening balance (benchmark seed)')
     from (select id, row_number() over (order by email) as n from public.profiles where email like 'bench%') p
     cross join lateral (values
       ('interest_wallet', (1 + (n * 7919) % 100000000 / 100.0)::numeric(20, 2)),
       ('deposit_wallet', (1 + (n * 104729) % 50000000 / 100.0)::numeric(20, 2))) as c (account, amount)`,
  );
  const done = performance.now();
  return { total: done - started, users: usersDone - started, ledger: done - usersDone };
}

async function startSite(server: LocalSupabase): Promise<ChildProcess> {
  if (process.env['BENCH_SKIP_BUILD'] !== '1') {
    execFileSync('npx', ['astro', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ASTRO_OUT_DIR: OUT_DIR,
        PUBLIC_SUPABASE_URL: server.url,
        PUBLIC_SITE_URL: siteUrl,
      },
    });
  }
  const site = spawn(
    process.execPath,
    ['scripts/serve-static.mjs', '--dir', OUT_DIR, '--port', String(SITE_PORT)],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${siteUrl}/admin/login`)).ok) return site;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  site.kill();
  throw new Error('The static site did not start.');
}

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="false"]').filter({ has: page.locator('table') })).toHaveCount(1, {
    timeout: 30_000,
  });
}

async function main(): Promise<void> {
  const server = await startLocalSupabase({ port: 0, memory: true, quiet: true });
  let site: ChildProcess | undefined;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const seeded = await seed(server);
    const service = createClient(server.url, server.serviceRoleKey, { auth: { persistSession: false } });
    const created = await service.auth.admin.createUser({
      ...ADMIN,
      email_confirm: true,
      user_metadata: { username: 'Bench Admin' },
    });
    if (created.error || !created.data.user) throw new Error(`admin: ${created.error?.message}`);
    const granted = await service.from('admins').insert({ user_id: created.data.user.id });
    if (granted.error) throw new Error(`admin grant: ${granted.error.message}`);
    const { count } = await service.from('profiles').select('id', { count: 'exact', head: true });
    const total = count ?? 0;
    console.log(
      `Seeded ${USERS.toLocaleString('en-US')} users in ${ms(seeded.users)} (one insert into auth.users; the ` +
        `sign-up trigger makes the profiles), their balances through the money engine in ${ms(seeded.ledger)}; ` +
        `${total} profiles in all.`,
    );

    site = await startSite(server);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${siteUrl}/admin/login`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Admin power needs a second factor: enrol the bench admin's authenticator from the key in text.
    const secret = await readEnrolmentKey(page);
    await page.getByLabel('Authenticator code').fill(await nextTotpCode(secret));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.waitForURL('**/admin/home', { timeout: 30_000 });

    const totals = `of ${total.toLocaleString('en-US')} users`;
    const results: Record<'first render' | 'search' | 'sort' | 'page change', number[]> = {
      'first render': [],
      search: [],
      sort: [],
      'page change': [],
    };
    for (let run = 0; run < RUNS; run += 1) {
      results['first render'].push(
        await timed(async () => {
          await page.goto(`${siteUrl}/admin/users`);
          await expect(page.locator('tbody tr')).toHaveCount(25, { timeout: 30_000 });
          await expect(page.getByText(`Showing 1–25 ${totals}`)).toBeVisible();
        }),
      );
      const interest = page.getByRole('columnheader', { name: 'Interest Wallet' });
      results.sort.push(
        await timed(async () => {
          await interest.getByRole('button').click();
          await expect(interest).toHaveAttribute('aria-sort', 'ascending');
          await settled(page);
        }),
      );
      results['page change'].push(
        await timed(async () => {
          await page.getByRole('button', { name: 'Next page' }).click();
          await expect(page.getByText(`Showing 26–50 ${totals}`)).toBeVisible();
          await settled(page);
        }),
      );
      const term = `bench0${run + 1}2`;
      results.search.push(
        await timed(async () => {
          await page.getByLabel('Search users').fill(term);
          await page.getByLabel('Search users').press('Enter');
          await expect(page.getByText(/Showing 1–25 of 100 users/)).toBeVisible({ timeout: 30_000 });
          await settled(page);
        }),
      );
      await expect(page.locator('tbody tr').first()).toContainText(term);
    }

    console.log(
      `\nAdmin users table, ${total.toLocaleString('en-US')} profiles, ${RUNS} runs (Playwright timings, ms):`,
    );
    console.log(`${'step'.padEnd(14)} ${'median'.padStart(8)} ${'worst'.padStart(8)}   all`);
    const metrics: { name: string; value: number; unit: string }[] = [];
    for (const [name, values] of Object.entries(results)) {
      console.log(
        `${name.padEnd(14)} ${median(values).toFixed(0).padStart(8)} ${Math.max(...values)
          .toFixed(0)
          .padStart(8)}   ${values.map((v) => v.toFixed(0)).join(', ')}`,
      );
      metrics.push({ name: `admin table ${name} (median)`, value: Math.round(median(values)), unit: 'ms' });
    }
    metrics.push({
      name: `admin table seed ${USERS} users + balances`,
      value: Math.round(seeded.total),
      unit: 'ms',
    });
    if (process.env['BENCH_RESULT_FILE'])
      writeFileSync(process.env['BENCH_RESULT_FILE'], JSON.stringify({ metrics }));
  } finally {
    await browser.close();
    site?.kill();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
