import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Opens and closes PGlite twice, with queries enough for V8 to tier code up, in a fresh Node that
 * prints every wasm code GC it runs. `viaEngine` opens it through engine.ts, as every process here
 * does; otherwise straight from the package, which shows the same work does collect code.
 */
async function wasmCodeGcLines(viaEngine: boolean): Promise<string[]> {
  const script = `
    const viaEngine = ${JSON.stringify(viaEngine)};
    const mod = await import(viaEngine ? './supabase/local/db/engine.ts' : '@electric-sql/pglite');
    for (let round = 0; round < 2; round++) {
      const db = viaEngine ? await mod.openPglite() : await mod.PGlite.create();
      for (let i = 0; i < 50; i++) await db.query('select x from generate_series(1, 2000) x order by x desc limit 1');
      await db.close();
    }`;
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', 'tsx', '--trace-wasm-code-gc', '--input-type=module', '--eval', script],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  return `${stdout}\n${stderr}`.split('\n').filter((line) => line.startsWith('[wasm-gc]'));
}

describe('PGlite under Node 24 (nodejs/node#64500)', () => {
  it('runs with V8 wasm code GC off, which the same work otherwise triggers', async () => {
    const direct = await wasmCodeGcLines(false);
    expect(direct.some((line) => line.includes('Freeing'))).toBe(true);
    expect(await wasmCodeGcLines(true)).toEqual([]);
  }, 60_000);
});
