/**
 * Every list a member pages by key (the statement, notifications, activity) walked with rows that
 * share their timestamp to the microsecond, at page sizes 1 and 2: each row exactly once, newest
 * first, and rows that arrive during the walk (newer, so on top) neither repeat nor push a row out
 * of the pages still to come. The audit page is walked the same way through the API in
 * tests/unit/exports.test.ts. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller, createUser, engines, type Caller, type Engine } from './helpers/db';

/** One moment, to the microsecond, shared by every row of the fixture. */
const TIE = '2026-11-20T10:00:00.123456Z';
const ROWS = 7;

interface Walk {
  name: string;
  /** The whole list, newest first, as ids. */
  all: (caller: Caller) => Promise<string[]>;
  /** One page after the row `after` (null: the first page). */
  page: (caller: Caller, after: string | null, size: number) => Promise<string[]>;
}

describe.each(engines)('keyset pages with ties on %s', (_name, open) => {
  let engine: Engine;
  let member: { id: string };
  const asMember = (): Caller => ({ role: 'authenticated', uid: member.id });

  const ids = (caller: Caller, sql: string, params: unknown[]) =>
    asCaller(engine.db, caller, async (tx) =>
      (await tx.query<{ id: string }>(sql, params)).rows.map((r) => r.id),
    );

  const walks: Walk[] = [
    {
      name: 'my_ledger',
      all: (c) => ids(c, `select id::text from public.my_ledger(null, null, 1000)`, []),
      page: async (c, after, size) => {
        if (after === null) return ids(c, `select id::text from public.my_ledger(null, null, $1)`, [size]);
        const at = await asCaller(engine.db, c, async (tx) => {
          const { rows } = await tx.query<{ t: string }>(
            `select created_at::text as t from public.ledger_entries where id = $1`,
            [after],
          );
          return rows[0]!.t;
        });
        return ids(c, `select id::text from public.my_ledger($1::timestamptz, $2, $3)`, [at, after, size]);
      },
    },
    {
      name: 'my_notifications',
      all: (c) => ids(c, `select id::text from public.my_notifications(null, 100)`, []),
      page: (c, after, size) => ids(c, `select id::text from public.my_notifications($1, $2)`, [after, size]),
    },
    {
      name: 'my_activity',
      all: (c) => ids(c, `select id::text from public.my_activity(null, 100)`, []),
      page: (c, after, size) => ids(c, `select id::text from public.my_activity($1, $2)`, [after, size]),
    },
  ];

  /** ROWS balance changes in one statement: ledger entries, events and notices, each set tied. */
  async function tiedChanges(from: number): Promise<void> {
    await engine.db.transaction(async (tx) => {
      // Corrections posted by the operator path (issue 32): one ledger entry each, all at this
      // transaction's now(); moved to the one moment below.
      await tx.query(
        `select public.operator_post_correction($1, 'interest_wallet', '1.00', 'step ' || i)
         from generate_series($2::int, $2::int + $3::int - 1) i`,
        [member.id, from, ROWS],
      );
      // Events take the clock's time one by one; give them one moment (the log is append-only, so as
      // its owner with triggers off: the chain is not under test here). Notices share now() already.
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `update public.ledger_entries set created_at = $2::timestamptz where user_id = $1 and created_at = now()`,
        [member.id, TIE],
      );
      await tx.query(
        `update public.audit_events set occurred_at = $2::timestamptz
         where member_id = $1 and occurred_at > now() - interval '1 minute'`,
        [member.id, TIE],
      );
    });
  }

  beforeAll(async () => {
    engine = await open();
    member = await createUser(engine.db, { email: 'ties@keyset.test' });
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('the fixture ties every list at one microsecond', async () => {
    await tiedChanges(1);
    const { rows } = await engine.db.query<{ l: string; e: string; n: string }>(
      `select (select count(distinct created_at) from public.ledger_entries where user_id = $1)::text as l,
              (select count(distinct occurred_at) from public.audit_events where member_id = $1)::text as e,
              (select count(distinct available_at) from public.notifications where user_id = $1)::text as n`,
      [member.id],
    );
    expect(rows[0]).toEqual({ l: '1', e: '1', n: '1' });
    for (const walk of walks) expect((await walk.all(asMember())).length, walk.name).toBe(ROWS);
  });

  for (const size of [1, 2]) {
    it(`walks each list in pages of ${size}: every row once, new rows during the walk change nothing below`, async () => {
      for (const walk of walks) {
        const before = await walk.all(asMember());
        const seen: string[] = [];
        let after: string | null = null;
        let arrived = false;
        // A cursor that does not move on would walk forever: more pages than rows is a failure.
        for (let pages = 0; ; pages += 1) {
          expect(pages, `${walk.name} keeps answering pages`).toBeLessThanOrEqual(before.length);
          const rows = await walk.page(asMember(), after, size);
          expect(rows.length, walk.name).toBeLessThanOrEqual(size);
          if (rows.length === 0) break;
          seen.push(...rows);
          after = rows[rows.length - 1]!;
          if (!arrived) {
            // More rows, newer and tied among themselves, arrive after the first page.
            arrived = true;
            await tiedChanges(1000 + size * 100);
          }
        }
        expect(seen, walk.name).toEqual(before);
        // From the top again: the new rows first, then the rest as before.
        const now = await walk.all(asMember());
        expect(now.slice(-before.length), walk.name).toEqual(before);
      }
    });
  }
});
