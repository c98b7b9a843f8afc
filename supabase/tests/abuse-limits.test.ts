/**
 * Abuse limits (issue 15): the contact form limits each client address (as PostgREST passes it in
 * `request.headers`), so one client cannot close the form for everyone, and a global hourly valve
 * stays as a backstop; members can have only a few deposit notices and withdrawal requests pending
 * and can file only so many an hour. Runs on PGlite and PostgreSQL 15; the races at each limit run
 * on PostgreSQL 15 with two real connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../local/db/engine';
import {
  adminAtAal2,
  createStaff,
  asCaller,
  becomeCaller,
  addActiveAddress,
  createUser,
  engines,
  testTxId,
  fingerprint,
  pgError,
  type Caller,
  type Engine,
} from './helpers/db';

const PER_CLIENT = 5;
const GLOBAL = 300;
const PER_CLIENT_MESSAGE = 'PT429: You have sent too many messages. Please try again in an hour.';
const GLOBAL_MESSAGE = 'PT429: We are receiving too many messages right now. Please try again in an hour.';
const NOTICES_PENDING_MESSAGE =
  'PT429: You already have 5 deposit notices waiting for review. Please wait until we have reviewed them.';
const NOTICES_HOURLY_MESSAGE =
  'PT429: You have filed 10 deposit notices in the last hour. Please try again later.';
const REQUESTS_PENDING_MESSAGE =
  'PT429: You already have 3 withdrawal requests waiting for review. Please wait until we have reviewed them.';
const REQUESTS_HOURLY_MESSAGE =
  'PT429: You have filed 5 withdrawal requests in the last hour. Please try again later.';
const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const SERVICE: Caller = { role: 'service_role' };

/** 'ok', or 'SQLSTATE: message' of the error `fn` failed with. */
async function attempt(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (error) {
    const { code, message } = pgError(error);
    return `${code}: ${message}`;
  }
}

/**
 * The request headers PostgREST hands Postgres for a request whose edge saw `client` (null: none),
 * with the forged x-forwarded-for a client can always add.
 */
async function forwardedFor(tx: Queryable, client: string | null): Promise<void> {
  const headers =
    client === null
      ? {}
      : { 'cf-connecting-ip': client, 'x-forwarded-for': '192.0.2.250, ' + client, 'user-agent': 'vitest' };
  await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)]);
}

async function insertContact(tx: Queryable, client: string | null, email: string): Promise<void> {
  await becomeCaller(tx, { role: 'anon' });
  await forwardedFor(tx, client);
  await tx.query(
    `insert into public.contact_messages (name, email, message) values ('Visitor', $1, 'Hello there')`,
    [email],
  );
}

describe.each(engines)('abuse limits on %s', (name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
  });

  afterAll(async () => {
    await engine?.close();
  });

  const db = () => engine.db;
  const send = (client: string | null, email = `v${Math.random().toString(36).slice(2)}@abuse.test`) =>
    attempt(() => db().transaction((tx) => insertContact(tx, client, email)));
  /** Starts every contact test from an empty form, so the limits are counted from zero. */
  const clearContact = () => db().query('delete from public.contact_messages');
  /** `n` messages this hour from `client`, stored as service_role (which the limits do not apply to). */
  const seedContact = (n: number, client: string) =>
    asCaller(db(), SERVICE, (tx) =>
      tx.query(
        `insert into public.contact_messages (name, email, message, client_address)
         select 'Seed', 'seed' || i || '@abuse.test', 'Seeded', $2 from generate_series(1, $1::int) i`,
        [n, client],
      ),
    );
  const storedFrom = async (client: string) =>
    Number(
      (
        await db().query<{ n: string }>(
          'select count(*)::text as n from public.contact_messages where client_address = $1',
          [client],
        )
      ).rows[0]!.n,
    );

  describe('contact form', () => {
    it('reads the client address from the edge header (cf-connecting-ip) defensively', async () => {
      const cases: Array<[string | null, string]> = [
        [null, 'unknown'],
        ['', 'unknown'],
        ['not json', 'unknown'],
        ['[1, 2]', 'unknown'],
        ['{}', 'unknown'],
        ['{"cf-connecting-ip": ""}', 'unknown'],
        ['{"cf-connecting-ip": "not an address"}', 'unknown'],
        ['{"cf-connecting-ip": 42}', 'unknown'],
        ['{"cf-connecting-ip": "203.0.113.9"}', '203.0.113.9'],
        // x-forwarded-for is the client's to write: never read, whatever it holds.
        ['{"x-forwarded-for": "203.0.113.9"}', 'unknown'],
        ['{"x-forwarded-for": "198.51.100.1", "cf-connecting-ip": "203.0.113.9"}', '203.0.113.9'],
        ['{"cf-connecting-ip": " 203.0.113.9 , 10.0.0.1, 10.0.0.2"}', '203.0.113.9'],
        ['{"cf-connecting-ip": "198.51.100.2:5123"}', '198.51.100.2'],
        ['{"cf-connecting-ip": "::ffff:192.0.2.33"}', '192.0.2.33'],
        // IPv6: the /64 a subscriber holds, however the client varies the rest.
        ['{"cf-connecting-ip": "2001:db8:1:2::1"}', '2001:db8:1:2::/64'],
        ['{"cf-connecting-ip": "[2001:db8:1:2:ffff:ffff:ffff:fffe]:443"}', '2001:db8:1:2::/64'],
      ];
      for (const [headers, expected] of cases) {
        const got = await db().transaction(async (tx) => {
          if (headers !== null) await tx.query(`select set_config('request.headers', $1, true)`, [headers]);
          return (await tx.query<{ a: string }>('select private.request_client_address() as a')).rows[0]!.a;
        });
        expect(got, `request.headers ${JSON.stringify(headers)}`).toBe(expected);
      }
    });

    it("one client sending 400 messages from new addresses does not stop another client's message", async () => {
      await clearContact();
      const outcomes = new Map<string, number>();
      for (let i = 0; i < 400; i += 1) {
        const result = await send('203.0.113.10', `flood-${i}@abuse.test`);
        outcomes.set(result, (outcomes.get(result) ?? 0) + 1);
      }
      expect(Object.fromEntries(outcomes)).toEqual({
        ok: PER_CLIENT,
        [PER_CLIENT_MESSAGE]: 400 - PER_CLIENT,
      });
      expect(await send('198.51.100.20', 'patient@abuse.test')).toBe('ok');
      expect(await storedFrom('203.0.113.10')).toBe(PER_CLIENT);
      expect(await storedFrom('198.51.100.20')).toBe(1);
      // Another IPv6 address in the flooder's /64 is the same client.
      await seedContact(PER_CLIENT, '2001:db8:aa:bb::/64');
      expect(await send('2001:db8:aa:bb:1234::9')).toBe(PER_CLIENT_MESSAGE);
      expect(await send('2001:db8:aa:cc::9')).toBe('ok');
    });

    it('limits each client per hour, whatever e-mail it types; older messages do not count', async () => {
      await clearContact();
      for (let i = 0; i < PER_CLIENT; i += 1) expect(await send('192.0.2.50', 'same@abuse.test')).toBe('ok');
      expect(await send('192.0.2.50', 'same@abuse.test')).toBe(PER_CLIENT_MESSAGE);
      // Another client may use the same e-mail address: typing someone's address cannot lock them out.
      expect(await send('192.0.2.51', 'same@abuse.test')).toBe('ok');
      // Requests without a usable forwarded address share one bucket rather than escaping the limit.
      await seedContact(PER_CLIENT, 'unknown');
      expect(await send(null)).toBe(PER_CLIENT_MESSAGE);
      expect(await send('garbage')).toBe(PER_CLIENT_MESSAGE);
      // Just inside the hour the messages still count; just outside they no longer do.
      await db().query(
        `update public.contact_messages set created_at = now() - interval '59 minutes' where client_address = '192.0.2.50'`,
      );
      expect(await send('192.0.2.50')).toBe(PER_CLIENT_MESSAGE);
      await db().query(
        `update public.contact_messages set created_at = now() - interval '61 minutes' where client_address = '192.0.2.50'`,
      );
      expect(await send('192.0.2.50')).toBe('ok');
    });

    it(`closes the form for everyone at ${GLOBAL} messages an hour, and opens it again as they age`, async () => {
      await clearContact();
      // 295 from 59 clients, each at its own limit, then 5 more clients bring it to the cap.
      for (let c = 0; c < (GLOBAL - 5) / PER_CLIENT; c += 1) await seedContact(PER_CLIENT, `10.1.0.${c}`);
      for (let c = 0; c < 5; c += 1) expect(await send(`10.2.0.${c}`)).toBe('ok');
      const before = await fingerprint(db());
      expect(await send('10.3.0.1')).toBe(GLOBAL_MESSAGE);
      expect(await fingerprint(db())).toBe(before);
      await db().query(
        `update public.contact_messages set created_at = now() - interval '59 minutes'
         where id = (select min(id) from public.contact_messages)`,
      );
      expect(await send('10.3.0.1'), 'a message 59 minutes old still counts').toBe(GLOBAL_MESSAGE);
      await db().query(
        `update public.contact_messages set created_at = now() - interval '61 minutes'
         where id = (select min(id) from public.contact_messages)`,
      );
      expect(await send('10.3.0.1')).toBe('ok');
      expect(await send('10.3.0.2')).toBe(GLOBAL_MESSAGE);
    });

    it('stores the address the gateway forwarded; a sender cannot write it', async () => {
      await clearContact();
      expect(await send('203.0.113.77, 10.9.9.9', 'stored@abuse.test')).toBe('ok');
      const { rows } = await db().query<{ client_address: string }>(
        `select client_address from public.contact_messages where email = 'stored@abuse.test'`,
      );
      expect(rows).toEqual([{ client_address: '203.0.113.77' }]);
      const forged = await attempt(() =>
        db().transaction(async (tx) => {
          await becomeCaller(tx, { role: 'anon' });
          await tx.query(
            `insert into public.contact_messages (name, email, message, client_address)
             values ('Visitor', 'forger@abuse.test', 'Hello', '192.0.2.200')`,
          );
        }),
      );
      expect(forged).toMatch(/^42501: permission denied/);
    });
  });

  describe('member filings', () => {
    let member: { id: string; email: string };
    let caller: Caller;
    // Notices and requests are reviewed by a signed-in finance admin (issue 32).
    let REVIEWER: Caller;

    beforeAll(async () => {
      const reviewer = await createStaff(db(), { role: 'finance' });
      REVIEWER = adminAtAal2(reviewer.id);
      member = await createUser(db());
      await addActiveAddress(db(), member.id, 1, BTC_ADDRESS);
      caller = { role: 'authenticated', uid: member.id };
      await asCaller(db(), SERVICE, (tx) =>
        tx.query(
          `select public.operator_post_correction($1, 'interest_wallet', '1000.00', 'abuse test setup')`,
          [member.id],
        ),
      );
    });

    let tx = 0;
    const fileNotice = (who: Caller = caller) =>
      attempt(() =>
        asCaller(db(), who, (q) =>
          q.query(`select public.file_deposit_notice(1::smallint, '5.00', $1)`, [
            testTxId(`abuse-${name.replace(/\W/g, '')}-${(tx += 1)}`),
          ]),
        ),
      );
    const fileRequest = (who: Caller = caller) =>
      attempt(() =>
        asCaller(db(), who, (q) =>
          q.query(`select public.file_withdrawal_request(1::smallint, 'interest_wallet', '1.00', $1)`, [
            BTC_ADDRESS,
          ]),
        ),
      );
    const ids = async (table: 'deposit_notices' | 'withdrawal_requests', status: string) =>
      (
        await db().query<{ id: string }>(
          `select id::text from public.${table} where user_id = $1 and status = $2 order by id`,
          [member.id, status],
        )
      ).rows.map((r) => r.id);
    const age = (table: 'deposit_notices' | 'withdrawal_requests') =>
      db().query(`update public.${table} set created_at = now() - interval '61 minutes' where user_id = $1`, [
        member.id,
      ]);

    it('caps pending deposit notices at 5 and filings at 10 an hour, with a clear message', async () => {
      for (let i = 0; i < 5; i += 1) expect(await fileNotice()).toBe('ok');
      const before = await fingerprint(db());
      expect(await fileNotice()).toBe(NOTICES_PENDING_MESSAGE);
      expect(await fingerprint(db()), 'a refused filing writes nothing').toBe(before);
      // Another member is not affected.
      const other = await createUser(db());
      expect(await fileNotice({ role: 'authenticated', uid: other.id })).toBe('ok');
      // Reviewing frees a place in the queue ...
      for (const id of (await ids('deposit_notices', 'pending')).slice(0, 5)) {
        await asCaller(db(), REVIEWER, (q) =>
          q.query(`select public.review_deposit_notice($1, 'reject', 'abuse test')`, [id]),
        );
      }
      for (let i = 0; i < 5; i += 1) expect(await fileNotice()).toBe('ok');
      // ... but not the hourly allowance: 10 filed this hour.
      const pending = await ids('deposit_notices', 'pending');
      await asCaller(db(), REVIEWER, (q) =>
        q.query(`select public.review_deposit_notice($1, 'reject', 'abuse test')`, [pending[0]]),
      );
      expect(await fileNotice()).toBe(NOTICES_HOURLY_MESSAGE);
      await age('deposit_notices');
      expect(await fileNotice()).toBe('ok');
    });

    it('caps pending withdrawal requests at 3 and filings at 5 an hour, with a clear message', async () => {
      for (let i = 0; i < 3; i += 1) expect(await fileRequest()).toBe('ok');
      const before = await fingerprint(db());
      expect(await fileRequest()).toBe(REQUESTS_PENDING_MESSAGE);
      expect(await fingerprint(db()), 'a refused filing writes nothing').toBe(before);
      // An approved request is out of the review queue; a fourth pending one may follow.
      const [first, second] = await ids('withdrawal_requests', 'pending');
      await asCaller(db(), REVIEWER, (q) =>
        q.query(`select public.review_withdrawal_request($1, 'approve', null)`, [first]),
      );
      await asCaller(db(), REVIEWER, (q) =>
        q.query(`select public.review_withdrawal_request($1, 'reject', 'abuse test')`, [second]),
      );
      expect(await fileRequest()).toBe('ok');
      expect(await fileRequest()).toBe('ok');
      // Five filed this hour; with one more reviewed, two are pending and the hourly cap refuses.
      const [third] = await ids('withdrawal_requests', 'pending');
      await asCaller(db(), REVIEWER, (q) =>
        q.query(`select public.review_withdrawal_request($1, 'reject', 'abuse test')`, [third]),
      );
      expect(await fileRequest()).toBe(REQUESTS_HOURLY_MESSAGE);
      await age('withdrawal_requests');
      expect(await fileRequest()).toBe('ok');
    });
  });

  // PGlite has one connection; real concurrency needs PostgreSQL.
  if (name === 'postgres 15') {
    describe('two filings at a limit on two real connections', () => {
      /**
       * Runs `first` and leaves its transaction open; starts `second` on another connection and waits
       * until it either finishes or is seen waiting for a lock; then commits the first. Without a
       * lock the second would finish while the first is still open and both would get in.
       */
      async function race(
        first: (tx: Queryable) => Promise<unknown>,
        second: (tx: Queryable) => Promise<unknown>,
      ): Promise<{ results: string[]; secondWaited: boolean }> {
        let commitFirst: () => void = () => undefined;
        const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
        let firstInserted: () => void = () => undefined;
        const firstDone = new Promise<void>((resolve) => (firstInserted = resolve));
        const a = attempt(() =>
          db().transaction(async (tx) => {
            try {
              await first(tx);
            } finally {
              firstInserted();
            }
            await firstMayCommit;
          }),
        );
        await firstDone;
        let secondPid = 0;
        let secondSettled = false;
        const b = attempt(() =>
          db().transaction(async (tx) => {
            secondPid = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
            await second(tx);
          }),
        ).finally(() => (secondSettled = true));
        let secondWaited = false;
        const deadline = Date.now() + 20_000;
        while (!secondSettled && !secondWaited && Date.now() < deadline) {
          if (secondPid) {
            const { rows } = await db().query<{ waiting: boolean }>(
              'select exists (select 1 from pg_locks where pid = $1 and not granted) as waiting',
              [secondPid],
            );
            secondWaited = rows[0]!.waiting;
          }
          if (!secondWaited) await new Promise((resolve) => setImmediate(resolve));
        }
        commitFirst();
        return { results: [await a, await b], secondWaited };
      }

      it('one client: only one of two messages at its limit gets in', async () => {
        await clearContact();
        await seedContact(PER_CLIENT - 1, '203.0.113.30');
        const { results, secondWaited } = await race(
          (tx) => insertContact(tx, '203.0.113.30', 'race-a@abuse.test'),
          (tx) => insertContact(tx, '203.0.113.30', 'race-b@abuse.test'),
        );
        expect(results).toEqual(['ok', PER_CLIENT_MESSAGE]);
        expect(secondWaited).toBe(true);
        expect(await storedFrom('203.0.113.30')).toBe(PER_CLIENT);
      });

      it('two clients: only one of two messages at the global cap gets in', async () => {
        await clearContact();
        for (let c = 0; c < (GLOBAL - PER_CLIENT) / PER_CLIENT; c += 1)
          await seedContact(PER_CLIENT, `10.4.0.${c}`);
        await seedContact(PER_CLIENT - 1, '10.5.0.1');
        const { results, secondWaited } = await race(
          (tx) => insertContact(tx, '10.6.0.1', 'race-c@abuse.test'),
          (tx) => insertContact(tx, '10.6.0.2', 'race-d@abuse.test'),
        );
        expect(results).toEqual(['ok', GLOBAL_MESSAGE]);
        expect(secondWaited).toBe(true);
        const { rows } = await db().query<{ n: string }>(
          'select count(*)::text as n from public.contact_messages',
        );
        expect(Number(rows[0]!.n)).toBe(GLOBAL);
      });

      const memberRace = async (
        pendingCap: number,
        file: (q: Queryable, who: Caller, i: number) => Promise<unknown>,
        table: 'deposit_notices' | 'withdrawal_requests',
      ) => {
        const racer = await createUser(db());
        await addActiveAddress(db(), racer.id, 1, BTC_ADDRESS);
        const who: Caller = { role: 'authenticated', uid: racer.id };
        await asCaller(db(), SERVICE, (q) =>
          q.query(`select public.operator_post_correction($1, 'interest_wallet', '1000.00', 'race setup')`, [
            racer.id,
          ]),
        );
        for (let i = 0; i < pendingCap - 1; i += 1) await asCaller(db(), who, (q) => file(q, who, i));
        const raced = await race(
          async (q) => {
            await becomeCaller(q, who);
            await file(q, who, 100);
          },
          async (q) => {
            await becomeCaller(q, who);
            await file(q, who, 101);
          },
        );
        const { rows } = await db().query<{ n: string }>(
          `select count(*)::text as n from public.${table} where user_id = $1 and status = 'pending'`,
          [racer.id],
        );
        return { ...raced, pending: Number(rows[0]!.n) };
      };

      it('deposit notices: only one of two filings at the pending cap gets in', async () => {
        const { results, secondWaited, pending } = await memberRace(
          5,
          (q, who, i) =>
            q.query(`select public.file_deposit_notice(1::smallint, '5.00', $1)`, [
              testTxId(`race-${who.role === 'authenticated' ? who.uid : ''}-${i}`),
            ]),
          'deposit_notices',
        );
        expect(results).toEqual(['ok', NOTICES_PENDING_MESSAGE]);
        expect(secondWaited).toBe(true);
        expect(pending).toBe(5);
      });

      it('withdrawal requests: only one of two filings at the pending cap gets in', async () => {
        const { results, secondWaited, pending } = await memberRace(
          3,
          (q) =>
            q.query(`select public.file_withdrawal_request(1::smallint, 'interest_wallet', '1.00', $1)`, [
              BTC_ADDRESS,
            ]),
          'withdrawal_requests',
        );
        expect(results).toEqual(['ok', REQUESTS_PENDING_MESSAGE]);
        expect(secondWaited).toBe(true);
        expect(pending).toBe(3);
      });
    });
  }
});
