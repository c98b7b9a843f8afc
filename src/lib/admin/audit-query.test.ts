import { describe, expect, it } from 'vitest';
import { VERIFY_RANGE, walkAuditChain } from './audit-query';

type Args = { p_after_id?: number; p_limit: number };
type Answer = { data: unknown; error: { message: string; code: string } | null };

/** A client whose rpc answers from `answers` in turn and records what it was asked. */
function fakeRest(answers: Answer[]) {
  const asked: Args[] = [];
  const rest = {
    rpc: (name: string, args: Args) => {
      expect(name).toBe('verify_audit_chain');
      asked.push(args);
      return Promise.resolve(
        answers[asked.length - 1] ?? { data: null, error: { message: 'no more', code: 'x' } },
      );
    },
  };
  return { rest: rest as unknown as Parameters<typeof walkAuditChain>[0], asked };
}

const range = (checked: number, through: number, done = false, intact = true) => ({
  data: {
    intact,
    done,
    checked,
    intact_through: through,
    broken_at: intact ? null : through + 1,
    problem: intact ? null : 'bad',
  },
  error: null,
});

describe('walkAuditChain', () => {
  it('asks for each range after the last one checked, sums the count and reports progress', async () => {
    const { rest, asked } = fakeRest([
      range(VERIFY_RANGE, 200_004),
      // Some servers hand jsonb back as text.
      { data: JSON.stringify(range(VERIFY_RANGE, 400_010).data), error: null },
      range(17, 400_027, true),
    ]);
    const progress: number[] = [];
    const verdict = await walkAuditChain(rest, (n) => progress.push(n));
    expect(asked).toEqual([
      { p_limit: VERIFY_RANGE },
      { p_after_id: 200_004, p_limit: VERIFY_RANGE },
      { p_after_id: 400_010, p_limit: VERIFY_RANGE },
    ]);
    expect(progress).toEqual([VERIFY_RANGE, 2 * VERIFY_RANGE]);
    expect(verdict).toEqual({
      intact: true,
      checked: 2 * VERIFY_RANGE + 17,
      intact_through: 400_027,
      broken_at: null,
      problem: null,
    });
  });

  it('ends at a break with the count up to it', async () => {
    const { rest } = fakeRest([range(VERIFY_RANGE, 200_000), range(5, 200_005, true, false)]);
    expect(await walkAuditChain(rest)).toEqual({
      intact: false,
      checked: VERIFY_RANGE + 5,
      intact_through: 200_005,
      broken_at: 200_006,
      problem: 'bad',
    });
  });

  it('stops with a message when a range does not move on, or the server refuses', async () => {
    await expect(
      walkAuditChain(fakeRest([range(VERIFY_RANGE, 9), range(VERIFY_RANGE, 9)]).rest),
    ).rejects.toThrow('Could not verify the audit log: the walk did not move on.');
    await expect(
      walkAuditChain(
        fakeRest([
          { data: null, error: { message: 'Your staff role (support) cannot do this.', code: '42501' } },
        ]).rest,
      ),
    ).rejects.toThrow('Your staff role (support) cannot do this.');
  });
});
