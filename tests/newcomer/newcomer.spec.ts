/**
 * The README's front door, walked as a newcomer walks it: a fresh clone of the current commit (no
 * supabase/.local/, no .env, no node_modules), the README's own install and run commands, a browser
 * sign-in as a seeded member and as the local admin that `npm run dev` prints, a restart that must
 * keep the data, `npm run supabase:reset` and a clean start, and Ctrl-C that must stop every process.
 *
 * It runs on the README's ports (4321 and 54321), so nothing else may use them meanwhile.
 * NEWCOMER_REF picks another commit to try (e.g. one from before a fix, to see this test fail).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { nextTotpCode } from '../support/totp';
import { readEnrolmentKey } from '../e2e/admin-helpers';

const repoRoot = join(import.meta.dirname, '..', '..');
const SITE = 'http://127.0.0.1:4321';
const SUPABASE = 'http://127.0.0.1:54321';

/** The commands in the README's "Set up and run" block, in order. */
function readmeCommands(dir: string): { install: string; run: string } {
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Set up and run'));
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1];
  const commands = (block ?? '')
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
  const install = commands.find((c) => c.startsWith('npm install'));
  const run = commands.find((c) => c.startsWith('npm run dev'));
  if (!install || !run)
    throw new Error(
      `README "Set up and run" must list npm install and npm run dev; found: ${commands.join(' | ')}`,
    );
  return { install, run };
}

/**
 * A newcomer's environment: the machine's own PATH (without the .tools/ Node this repo's CI may have
 * put first), no project variables, and the local npm cache allowed.
 */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['HOME', 'USER', 'LANG', 'TMPDIR', 'NODE_EXTRA_CA_CERTS', 'npm_config_cache']) {
    if (process.env[key] !== undefined) env[key] = process.env[key];
  }
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((entry) => !entry.includes(`${'.tools'}/node24`) && !entry.includes('node_modules/.bin'))
    .join(':');
  env.npm_config_prefer_offline = 'true';
  env.npm_config_audit = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_update_notifier = 'false';
  return env;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One `npm run dev` in its own process group, as a terminal runs it; its output collected. */
class DevServer {
  readonly child: ChildProcess;
  output = '';
  exited: Promise<number | null>;

  constructor(dir: string, command: string, env: NodeJS.ProcessEnv) {
    this.child = spawn('bash', ['-c', command], {
      cwd: dir,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** Resolves once `pattern` appears in the output; fails at once if the process ends first. */
  async waitForOutput(pattern: RegExp, timeoutMs = 240_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    let ended = false;
    void this.exited.then(() => (ended = true));
    while (Date.now() < deadline) {
      const match = this.output.match(pattern);
      if (match) return match;
      if (ended) throw new Error(`npm run dev ended before printing ${pattern}:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`npm run dev did not print ${pattern} within ${timeoutMs / 1000} s:\n${this.output}`);
  }

  async waitForSite(): Promise<void> {
    await this.waitForOutput(/Local\s+http:\/\/127\.0\.0\.1:4321/);
    await expect
      .poll(async () => (await fetch(`${SITE}/`).catch(() => undefined))?.status, { timeout: 120_000 })
      .toBe(200);
  }

  /** Ctrl-C in the terminal: SIGINT to the whole process group; then nothing of it may be left. */
  async stop(): Promise<void> {
    const pgid = this.child.pid;
    if (pgid === undefined) return;
    process.kill(-pgid, 'SIGINT');
    await Promise.race([
      this.exited,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`npm run dev did not stop on Ctrl-C:\n${this.output}`)), 30_000),
      ),
    ]);
    await expect
      .poll(() => groupMembers(pgid), { timeout: 20_000, message: 'processes left after Ctrl-C' })
      .toEqual([]);
    expect(await portOpen(4321), 'port 4321 still open after Ctrl-C').toBe(false);
    expect(await portOpen(54321), 'port 54321 still open after Ctrl-C').toBe(false);
  }

  /** For a failed test: stop whatever is left without checks. */
  kill(): void {
    if (this.child.pid !== undefined && groupMembers(this.child.pid).length) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}

function groupMembers(pgid: number): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => Number(cols[1]) === pgid)
    .map((cols) => cols.slice(2).join(' '));
}

async function signInMember(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${SITE}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/user-dashboard', { timeout: 60_000 });
  await expect(page.getByText('Interest Wallet').first()).toBeVisible({ timeout: 30_000 });
}

/**
 * The admin sign-in with its second factor. 'enrol': the first sign-in's enrolment screen, answered
 * with the key shown in text (as a person types it into an app; otpauth computes the code). Otherwise
 * the code prompt, answered with `code()` (the README's `npm run admin:code`, or the enrolled key).
 */
async function signInAdmin(
  page: Page,
  email: string,
  password: string,
  second: { enrol: true } | { code: () => Promise<string> },
): Promise<string | undefined> {
  await page.goto(`${SITE}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  let secret: string | undefined;
  if ('enrol' in second) {
    await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
    secret = await readEnrolmentKey(page);
    await page.getByLabel('Authenticator code').fill(await nextTotpCode(secret));
  } else {
    await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
    await page.getByLabel('Authenticator code').fill(await second.code());
  }
  await page.getByRole('button', { name: 'Verify code' }).click();
  await page.waitForURL('**/admin/home', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('alice@example.com').first()).toBeVisible({ timeout: 30_000 });
  return secret;
}

/** `npm run <script>` in the clone, as the README says; its output. */
function npmRun(dir: string, env: NodeJS.ProcessEnv, script: string): string {
  return execFileSync('bash', ['-c', `npm run --silent ${script}`], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function passwordGrant(anonKey: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${SUPABASE}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

test('a fresh clone runs with the README commands, keeps its data, resets, and stops on Ctrl-C', async ({
  browser,
}) => {
  test.setTimeout(12 * 60_000);
  expect(await portOpen(4321), 'port 4321 must be free for the newcomer test').toBe(false);
  expect(await portOpen(54321), 'port 54321 must be free for the newcomer test').toBe(false);

  const dir = mkdtempSync(join(tmpdir(), 'lc-newcomer-'));
  const servers: DevServer[] = [];
  try {
    const ref = process.env.NEWCOMER_REF ?? 'HEAD';
    execFileSync('git', ['clone', '--quiet', '--no-checkout', repoRoot, dir]);
    execFileSync('git', [
      '-C',
      dir,
      'checkout',
      '--quiet',
      execFileSync('git', ['-C', repoRoot, 'rev-parse', ref], { encoding: 'utf8' }).trim(),
    ]);
    expect(existsSync(join(dir, 'supabase', '.local')), 'a clone must not carry local data').toBe(false);

    const env = newcomerEnv();
    const { install, run } = readmeCommands(dir);
    execFileSync('bash', ['-c', install], { cwd: dir, env, stdio: 'pipe', timeout: 300_000 });

    // First start: migrations, seed and the printed local admin.
    const first = new DevServer(dir, run, env);
    servers.push(first);
    const applied = await first.waitForOutput(/Migrations applied now: (.*)/);
    expect(applied[1]).toMatch(/\.sql/);
    expect(applied[1]).toContain('(seed.sql loaded)');
    const admin = await first.waitForOutput(/email:\s+(\S+)\n(?:.*\n)?.*password:\s+(\S+)/);
    const [adminEmail, adminPassword] = [admin[1] ?? '', admin[2] ?? ''];
    expect(adminEmail).toContain('@');
    const anonKey = (await first.waitForOutput(/anon key:\s+(\S+)/))[1] ?? '';
    const serviceKey = (await first.waitForOutput(/service_role key:\s+(\S+)/))[1] ?? '';
    await first.waitForSite();

    await signInMember(await freshPage(browser), 'alice@example.com', 'demo-password');
    const secret = await signInAdmin(await freshPage(browser), adminEmail, adminPassword, { enrol: true });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Someone who joins during the first run must still be there after a restart.
    const newcomerEmail = `newcomer-${Date.now()}@example.com`;
    const created = await fetch(`${SUPABASE}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: serviceKey,
        authorization: `Bearer ${serviceKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        email: newcomerEmail,
        password: 'newcomer-pass-1',
        email_confirm: true,
        user_metadata: { username: 'Newcomer' },
      }),
    });
    expect(created.status).toBe(200);
    await first.stop();
    expect(existsSync(join(dir, 'supabase', '.local', 'db')), 'data kept in supabase/.local/db').toBe(true);

    // Second start: same data, no migration re-applied.
    const second = new DevServer(dir, run, env);
    servers.push(second);
    expect((await second.waitForOutput(/Migrations applied now: (.*)/))[1]).toBe('none');
    await second.waitForSite();
    await signInMember(await freshPage(browser), newcomerEmail, 'newcomer-pass-1');
    // The authenticator survived the restart: the code prompt, answered with the README's admin:code.
    await signInAdmin(await freshPage(browser), adminEmail, adminPassword, {
      code: async () => {
        const printed = npmRun(dir, env, 'admin:code');
        const code = /^(\d{6})\s/.exec(printed)?.[1];
        if (!code) throw new Error(`npm run admin:code printed no code: ${printed}`);
        return code;
      },
    });
    // Lost device: the README's command-line reset (service key), then enrolment again.
    expect(npmRun(dir, env, `admin:reset-mfa -- ${adminEmail}`)).toContain('1 authenticator(s) removed');
    await signInAdmin(await freshPage(browser), adminEmail, adminPassword, { enrol: true });
    await second.stop();

    // Reset, then a clean start: migrations again, and the newcomer is gone.
    execFileSync('bash', ['-c', 'npm run supabase:reset'], {
      cwd: dir,
      env,
      stdio: 'pipe',
      timeout: 120_000,
    });
    const third = new DevServer(dir, run, env);
    servers.push(third);
    expect((await third.waitForOutput(/Migrations applied now: (.*)/))[1]).toContain('(seed.sql loaded)');
    await third.waitForOutput(/password:\s+\S+/);
    expect(await passwordGrant(anonKey, newcomerEmail, 'newcomer-pass-1')).toBe(400);
    expect(await passwordGrant(anonKey, 'alice@example.com', 'demo-password')).toBe(200);
    await third.stop();
  } finally {
    for (const server of servers) server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
