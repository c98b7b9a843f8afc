import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * `npm run bench:scale` is a benchmark, not a test; this only proves the script still runs end to
 * end (generation, every measure through the API, realtime, the plans) at a tiny size. Its budgets
 * are not judged here: timings of a few rows on a shared machine mean nothing.
 */
describe('bench:scale smoke run', () => {
  it('generates, measures every path and prints its table on tiny sizes', async () => {
    const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'tests/bench/scale.bench.ts'],
        {
          env: {
            ...process.env,
            SCALE_MEMBERS: '300',
            SCALE_TRANSFERS: '3000',
            SCALE_QUEUE: '60',
            SCALE_DASHBOARDS: '10',
            SCALE_SAMPLES: '8',
          },
          timeout: 170_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 2) : 0, out: stdout + stderr }),
      );
    });
    // 1 = a budget or plan finding (meaningless at this size), 2 = the bench broke.
    expect(code, out).toBeLessThan(2);
    for (const row of [
      'admin users: search',
      'admin users: sort by a column',
      'admin users: page change',
      'admin requests queue by status',
      'member statement: first page',
      'member statement CSV (',
      'posting: correction proposed (propose_correction)',
      'posting: posted by a second admin (approve_transfer)',
      'member balance read (my_accounts)',
      'admin save → dashboard (10 live)',
      'admin audit: first page',
      'admin audit: by member',
      'admin audit: deep page by key',
      'admin audit: verify the chain, per range of 200,000',
      'member bell: unread count',
      'member notifications: first page',
      'member activity: first page',
    ])
      expect(out).toContain(row);
    expect(out).toMatch(/generated \d+ staff, .*\b30\d members/);
    expect(out).toMatch(/[\d,]+ audit events/);
    expect(out).toMatch(/3× intact/);
    // About 3,000 transfers asked for: the generator rounds to whole cycles per member.
    expect(out).toMatch(/[23],\d\d\d transfers/);
    expect(out).toMatch(/[\d,]+ ledger entries/);
    expect(out).toContain('Query plans: .bench/scale-plans.txt');
  }, 180_000);
});
