/**
 * The small-edit threshold and the daily limit (four eyes, docs/four-eyes.md) in both directions and
 * at each edge: a decrease is a move as much as an increase, so a large decrease must need a second
 * admin exactly as a large increase does, and decreases add up towards the daily limit by their size.
 * Each case uses its own admin and member (the limit is per admin); members start with 1,000,000.00
 * posted by the operator path (operator_post_correction), which no admin's limit counts. Each
 * correction moves one account by a signed amount (issue 32).
 * Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAtAal2,
  callAs,
  createUser,
  engines,
  createStaff,
  postCorrection,
  type Caller,
  type Engine,
} from './helpers/db';

const START = 1_000_000;
const THRESHOLD = 100;
const DAILY = 250;

/** An amount as the API takes it: two decimals. */
const money = (n: number) => n.toFixed(2);

describe.each(engines)('small-edit threshold and daily limit in both directions on %s', (_name, open) => {
  let engine: Engine;
  let people = 0;

  const newAdmin = async (): Promise<Caller> => {
    const u = await createStaff(engine.db, { role: 'finance', email: `finance${++people}@limits.test` });
    return adminAtAal2(u.id);
  };
  const newMember = async () => {
    const m = (await createUser(engine.db, { email: `member${++people}@limits.test` })).id;
    await postCorrection(engine.db, m, 'interest_wallet', money(START), 'Opening balance');
    await postCorrection(engine.db, m, 'referral', money(START), 'Opening balance');
    return m;
  };
  const balance = async (member: string, account: string) =>
    Number(
      (
        await engine.db.query<{ v: string }>(
          `select ${account}::text as v from public.profiles where id = $1`,
          [member],
        )
      ).rows[0]!.v,
    );
  /**
   * Moves one of the member's accounts by this signed amount as `admin` (a correction): 'alone' when
   * posted at once, 'proposal' when it waits for a second admin (then withdrawn by its proposer, so
   * the member can go on).
   */
  const move = async (admin: Caller, member: string, account: string, delta: number) => {
    const answer = await callAs<Record<string, unknown>>(
      engine.db,
      admin,
      `select public.propose_correction($1, $2, $3, 'error_correction', 'Limits test') as r`,
      [member, account, money(delta)],
    );
    if (answer.phase === 'posted') return 'alone';
    expect(answer.phase).toBe('pending');
    await callAs(engine.db, admin, `select public.withdraw_transfer($1) as r`, [answer.id]);
    return 'proposal';
  };

  beforeAll(async () => {
    engine = await open();
    await engine.db.query(
      'update public.firm_settings set small_edit_threshold = $1, small_edit_daily_limit = $2',
      [money(THRESHOLD), money(DAILY)],
    );
  });
  afterAll(async () => {
    await engine?.close();
  });

  // Each move alone, by a fresh admin: only the threshold decides (all are far from the daily limit
  // except where they are over the threshold anyway).
  const thresholdCases: [number, 'alone' | 'proposal'][] = [];
  for (const sign of [1, -1]) {
    thresholdCases.push(
      [sign * (THRESHOLD - 0.01), 'alone'],
      [sign * THRESHOLD, 'proposal'],
      [sign * (THRESHOLD + 0.01), 'proposal'],
      [sign * (START - 1), 'proposal'],
    );
  }
  it.each(thresholdCases)('a move of %d on one account: %s', async (delta, expected) => {
    const member = await newMember();
    expect(await move(await newAdmin(), member, 'interest_wallet', delta)).toBe(expected);
    expect(await balance(member, 'interest_wallet')).toBe(expected === 'alone' ? START + delta : START);
  });

  it.each([1, -1])(
    'a move under the threshold on one account beside one over it on another (sign %d): only the small one alone',
    async (sign) => {
      const member = await newMember();
      const admin = await newAdmin();
      expect(await move(admin, member, 'interest_wallet', sign * (THRESHOLD + 5000))).toBe('proposal');
      expect(await move(admin, member, 'referral', sign * 1)).toBe('alone');
      expect(await balance(member, 'interest_wallet')).toBe(START);
      expect(await balance(member, 'referral')).toBe(START + sign);
    },
  );

  // The daily limit: small moves add up by their size, whichever way they go.
  for (const [label, signs] of [
    ['increases', [1, 1, 1]],
    ['decreases', [-1, -1, -1]],
    ['an increase and decreases', [1, -1, -1]],
  ] as const) {
    it(`${label}: alone just under the daily limit, a proposal at it and just above it`, async () => {
      const admin = await newAdmin();
      const member = await newMember();
      // 99.99 + 99.99 + 50.00 = 249.98: alone; 0.01 more, 249.99: alone.
      const steps = [99.99, 99.99, 50];
      for (const [i, amount] of steps.entries()) {
        expect(await move(admin, member, 'interest_wallet', signs[i]! * amount), `step ${i}`).toBe('alone');
      }
      expect(await move(admin, member, 'referral', signs[2]! * 0.01)).toBe('alone');
      // Reaching 250.00 exactly: a proposal.
      expect(await move(admin, member, 'referral', signs[2]! * 0.01)).toBe('proposal');
      // Another admin, the same way, straight to 250.01: a proposal.
      const other = await newAdmin();
      for (const [i, amount] of steps.entries()) {
        expect(await move(other, member, 'interest_wallet', signs[i]! * amount)).toBe('alone');
      }
      expect(await move(other, member, 'referral', signs[2]! * 0.03)).toBe('proposal');
    });
  }

  it.each([
    ['both down', -1, -1],
    ['one up, one down', 1, -1],
  ] as const)('a move spread over two accounts (%s) counts each move in full', async (_label, a, b) => {
    const admin = await newAdmin();
    const member = await newMember();
    // 2 × 99.99 = 199.98: alone; 25.01 more, 225.00: alone; then 25.01 on the other account, 250.00
    // in total: a proposal. Opposite moves do not cancel out.
    expect(await move(admin, member, 'interest_wallet', a * 99.99)).toBe('alone');
    expect(await move(admin, member, 'referral', b * 99.99)).toBe('alone');
    expect(await move(admin, member, 'interest_wallet', a * 25.01)).toBe('alone');
    expect(await move(admin, member, 'referral', b * 25.01)).toBe('proposal');
  });
});
