import { openPostgres, SUPERUSER } from './engine';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, chownSync, existsSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freeLowPort } from '../../../scripts/free-port.mjs';

/**
 * A throwaway PostgreSQL cluster (the machine's own server binaries, PostgreSQL 15 here: the major
 * hosted Supabase projects run) in a temporary folder on a free loopback port below 32768. initdb refuses to
 * run as root, so as root the cluster belongs to the `postgres` OS user.
 */
export interface ThrowawayPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops the server cleanly and hands over its data folder (a template for later clusters). */
  stopKeepingData(): Promise<string>;
  /** Creates an empty database `name` (a plain identifier) and answers its connection string. */
  createDatabase(name: string): Promise<string>;
}

function postgresUid(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

// runuser lives in sbin, which a minimal PATH (cron, CI) may leave out.
function runuserPath(): string {
  return ['/usr/sbin/runuser', '/sbin/runuser'].find((candidate) => existsSync(candidate)) ?? 'runuser';
}

function run(command: string, args: string[], asPostgres: boolean): void {
  const [cmd, argv] = asPostgres
    ? [runuserPath(), ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

/**
 * A new cluster: initdb, or a copy of `from`, the data folder of a cluster stopped by
 * stopKeepingData (the tests' migrated template: copying it skips initdb and every migration).
 */
export async function startThrowawayPostgres(start: { from?: string } = {}): Promise<ThrowawayPostgres> {
  const owner = postgresUid();
  const dir = mkdtempSync(join(tmpdir(), 'lc-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = join(dir, 'data');
  const port = await freeLowPort();
  const asPostgres = owner !== undefined;

  if (start.from) {
    // cp -a keeps the owner and the 0700 mode the server insists on.
    execFileSync('cp', ['-a', start.from, dataDir]);
  } else {
    run(
      'initdb',
      // As the hosted image: supabase_admin is the superuser; the base schema makes `postgres` a plain role.
      ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      asPostgres,
    );
  }
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start'], asPostgres);

  let stopped = false;
  const url = `postgresql://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      const admin = await openPostgres(url);
      try {
        await admin.exec(`create database ${name}`);
      } finally {
        await admin.close();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async stopKeepingData() {
      stopped = true;
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'], asPostgres);
      return dataDir;
    },
  };
}
