/**
 * The product mail outbox (migration 20261126000100, docs/mail.md): enqueue_member_mail is idempotent
 * on its key and refuses an unknown kind or params its template cannot use; claim_member_mails hands
 * each due mail to one worker (for update skip locked, then a lease), formats its values once, and
 * mark_member_mail_sent / _failed close or postpone it; a rolled-back event queues nothing; no API role
 * but service_role (and that only through the three functions) reaches any of it. Both engines.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDateTimeIn } from '../../src/lib/date-time-in-language';
import { openPostgres, type Queryable } from '../local/db/engine';
import { asCaller, createUser, engines, outcome, pgError, type Caller, type Engine } from './helpers/db';

interface Claimed {
  id: string;
  email: string;
  kind: string;
  idempotency_key: string;
  template_values: string;
  attempts: number;
}

const FILED = { amount: '1234.50', asset: 'BTC', network: 'bitcoin', label: 'Cold wallet' };
const SERVICE: Caller = { role: 'service_role' };

describe.each(engines)('member mail outbox on %s', (_name, open) => {
  let engine: Engine;
  let seq = 0;

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });
  // Each test starts with an empty queue: claims see only what the test queued.
  beforeEach(async () => {
    await engine.db.query('delete from private.mail_outbox');
  });

  const member = async () => createUser(engine.db, { username: `mail ${++seq}` });
  const enqueue = (q: Queryable, user: string, kind: string, key: string, params: unknown) =>
    q.query('select private.enqueue_member_mail($1, $2, $3, $4::jsonb)', [
      user,
      kind,
      key,
      JSON.stringify(params),
    ]);
  const queued = async () =>
    (
      await engine.db.query<{ kind: string; idempotency_key: string; params: string }>(
        'select kind, idempotency_key, params from private.mail_outbox order by id',
      )
    ).rows;
  const claim = (q: Queryable, limit = 50) =>
    q
      .query<Claimed>('select * from public.claim_member_mails($1, 300)', [limit])
      .then((r) =>
        r.rows.map((m) => ({ ...m, values: JSON.parse(m.template_values) as Record<string, string> })),
      );

  it('queues a mail once per idempotency key, whatever a second call says', async () => {
    const { id } = await member();
    await enqueue(engine.db, id, 'withdrawal_filed', `filed:${seq}`, FILED);
    await enqueue(engine.db, id, 'withdrawal_filed', `filed:${seq}`, { ...FILED, amount: '9.99' });
    await enqueue(engine.db, id, 'withdrawal_cancelled', `filed:${seq}`, { ...FILED, reason: 'x' });
    const rows = await queued();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kind).toBe('withdrawal_filed');
    expect(JSON.parse(rows[0]?.params ?? '{}')).toEqual(FILED);
  });

  it('refuses an unknown kind, params its template cannot fill, and a missing key or member', async () => {
    const { id } = await member();
    const refused = async (
      kind: string | null,
      params: unknown,
      key: string | null = 'k',
      user: string | null = id,
    ) => {
      try {
        await engine.db.query('select private.enqueue_member_mail($1, $2, $3, $4::jsonb)', [
          user,
          kind,
          key,
          JSON.stringify(params),
        ]);
        return 'ok';
      } catch (error) {
        return `${pgError(error).code} ${pgError(error).message}`;
      }
    };
    expect(await refused('statement_ready', {})).toMatch(/^22023 Unknown member mail kind: statement_ready/);
    expect(await refused(null, {})).toMatch(/^22023 Unknown member mail kind/);
    expect(await refused('withdrawal_filed', { ...FILED, label: '' })).toMatch(/needs text params: label/);
    expect(await refused('withdrawal_cancelled', FILED)).toMatch(/needs text params: reason/);
    expect(await refused('withdrawal_filed', { ...FILED, amount: 1234.5 })).toMatch(
      /needs text params: amount/,
    );
    expect(await refused('withdrawal_filed', { ...FILED, amount: '1234.5' })).toMatch(
      /^22023 amount must be/,
    );
    expect(await refused('withdrawal_filed', [FILED])).toMatch(/^22023 Mail params must be a JSON object/);
    expect(
      await refused('security_hold', { change: 'phone_changed', hold_until: '2030-01-01T00:00:00Z' }),
    ).toMatch(/^22023 Unknown security hold change/);
    expect(
      await refused('security_hold', { change: 'password_changed', hold_until: 'tomorrow-ish' }),
    ).toMatch(/^22023 hold_until is not a time/);
    expect(await refused('withdrawal_filed', FILED, '')).toMatch(/^22023 .*idempotency key/);
    expect(await refused('withdrawal_filed', FILED, 'k', null)).toMatch(/^22023 .*needs a member/);
    expect(await queued()).toEqual([]);
  });

  it('formats the values once, in SQL: USD with separators, Hong Kong hold time, network name, the change in words', async () => {
    const { id, email } = await member();
    await enqueue(engine.db, id, 'security_hold', `hold:${seq}`, {
      change: 'factor_enrolled',
      hold_until: '2026-11-26T15:05:09+01:00',
    });
    await enqueue(engine.db, id, 'withdrawal_cancelled', `cancel:${seq}`, {
      amount: '1234567.05',
      asset: 'XRP',
      network: 'ripple',
      label: 'Exchange <main>',
      reason: 'The address book entry was removed.',
    });
    const [hold, cancelled] = await claim(engine.db);
    expect(hold).toMatchObject({ email, kind: 'security_hold', attempts: 1 });
    expect(hold?.values).toEqual({
      Locale: 'en',
      Change: 'an authenticator app was added to your account',
      HoldUntil: '26 Nov 2026, 22:05 HKT',
    });
    expect(cancelled?.values).toEqual({
      Locale: 'en',
      Amount: '$1,234,567.05',
      Asset: 'XRP',
      Network: 'XRP Ledger',
      // Escaping is the template renderer's job: values stay as the member wrote them.
      Label: 'Exchange <main>',
      Reason: 'The address book entry was removed.',
    });
  });

  it("writes the values in the member's language: the one they signed up in, then the one they switch to", async () => {
    const profileLocale = async (id: string) =>
      (await engine.db.query<{ locale: string }>('select locale from public.profiles where id = $1', [id]))
        .rows[0]?.locale;
    const speaker = async (locale: unknown) =>
      createUser(engine.db, { meta: { username: `speaker ${++seq}`, locale } });
    const chinese = await speaker('zh-hant');
    const arabic = await speaker('ar');
    const unknown = await speaker('fr');
    // A hold ending at midnight in Hong Kong, the first of the month: the day turns in every language.
    const hold = { change: 'password_changed', hold_until: '2026-11-30T16:00:00Z' };
    for (const user of [chinese, arabic, unknown]) {
      await enqueue(engine.db, user.id, 'security_hold', `lang-hold:${user.id}`, hold);
      await enqueue(engine.db, user.id, 'withdrawal_filed', `lang-filed:${user.id}`, FILED);
    }
    const byUser = async () => {
      const claimed = await claim(engine.db);
      return (email: string, kind: string) =>
        claimed.find((m) => m.email === email && m.kind === kind)?.values;
    };
    let values = await byUser();
    expect(values(chinese.email, 'security_hold')).toEqual({
      Locale: 'zh-hant',
      Change: '您的密碼已更改',
      HoldUntil: '2026年12月1日 00:00（香港時間）',
    });
    expect(values(chinese.email, 'withdrawal_filed')).toMatchObject({
      Locale: 'zh-hant',
      Amount: 'US$1,234.50',
    });
    expect(values(arabic.email, 'security_hold')).toEqual({
      Locale: 'ar',
      Change: 'كلمة مرور حسابكم قد تغيّرت',
      HoldUntil: '1 ديسمبر 2026، 00:00 (بتوقيت هونغ كونغ)',
    });
    expect(values(arabic.email, 'withdrawal_filed')).toMatchObject({
      Locale: 'ar',
      Amount: '1,234.50\u00a0US$',
    });
    // A language the product does not speak is English, never an error and never a lost mail.
    expect(values(unknown.email, 'security_hold')).toMatchObject({
      Locale: 'en',
      HoldUntil: '1 Dec 2026, 00:00 HKT',
    });

    // The Chinese member switches to Arabic (supabase-js updateUser data): the next mail is Arabic.
    await engine.db.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"locale":"ar"}' where id = $1`,
      [chinese.id],
    );
    expect(await profileLocale(chinese.id)).toBe('ar');
    await enqueue(engine.db, chinese.id, 'withdrawal_filed', `lang-filed-2:${chinese.id}`, FILED);
    values = await byUser();
    expect(values(chinese.email, 'withdrawal_filed')).toMatchObject({
      Locale: 'ar',
      Amount: '1,234.50\u00a0US$',
    });
    // Metadata the member writes cannot put an unknown language in the profile.
    await engine.db.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"locale":"<script>"}' where id = $1`,
      [chinese.id],
    );
    expect(await profileLocale(chinese.id)).toBe('en');
  });

  it('hands a claimed mail to nobody else until its lease ends; sent is final, failed comes back later', async () => {
    const { id } = await member();
    for (const n of [1, 2, 3]) await enqueue(engine.db, id, 'withdrawal_filed', `lease:${seq}:${n}`, FILED);
    const first = await claim(engine.db, 2);
    expect(first.map((m) => m.idempotency_key)).toEqual([`lease:${seq}:1`, `lease:${seq}:2`]);
    const second = await claim(engine.db);
    expect(second.map((m) => m.idempotency_key)).toEqual([`lease:${seq}:3`]);
    expect(await claim(engine.db)).toEqual([]);

    await engine.db.query('select public.mark_member_mail_sent($1)', [first[0]?.id]);
    await engine.db.query('select public.mark_member_mail_failed($1, $2)', [
      first[1]?.id,
      'provider said 503',
    ]);
    // Travel past every lease and backoff: the sent one never returns, the failed one does.
    await engine.db.query(
      `update private.mail_outbox set not_before = now() - interval '1 second' where sent_at is null`,
    );
    const again = await claim(engine.db);
    expect(again.map((m) => [m.idempotency_key, m.attempts])).toEqual([
      [`lease:${seq}:2`, 2],
      [`lease:${seq}:3`, 2],
    ]);
    const { rows } = await engine.db.query<{ key: string; sent: boolean; last_error: string | null }>(
      `select idempotency_key as key, sent_at is not null as sent, last_error from private.mail_outbox order by id`,
    );
    expect(rows).toEqual([
      { key: `lease:${seq}:1`, sent: true, last_error: null },
      { key: `lease:${seq}:2`, sent: false, last_error: 'provider said 503' },
      { key: `lease:${seq}:3`, sent: false, last_error: null },
    ]);
  });

  it('backs off after a failure and gives up after the last attempt', async () => {
    const { id } = await member();
    await enqueue(engine.db, id, 'withdrawal_filed', `retry:${seq}`, FILED);
    const [mail] = await claim(engine.db);
    await engine.db.query('select public.mark_member_mail_failed($1, $2)', [mail?.id, '']);
    const { rows } = await engine.db.query<{ wait: string; last_error: string }>(
      `select round(extract(epoch from not_before - now()))::text as wait, last_error from private.mail_outbox`,
    );
    expect(rows[0]).toEqual({ wait: '60', last_error: 'unknown error' });
    await engine.db.query(
      `update private.mail_outbox set attempts = private.member_mail_max_attempts(), not_before = now() - interval '1 second'`,
    );
    expect(await claim(engine.db)).toEqual([]);
  });

  it('queues nothing when the event rolls back', async () => {
    const { id } = await member();
    const ROLLBACK = new Error('the event failed');
    await expect(
      engine.db.transaction(async (tx) => {
        await enqueue(tx, id, 'withdrawal_filed', `rolled-back:${seq}`, FILED);
        throw ROLLBACK;
      }),
    ).rejects.toBe(ROLLBACK);
    expect(await queued()).toEqual([]);
    expect(await claim(engine.db)).toEqual([]);
  });

  it('is closed to anon and authenticated; service_role only claims and marks, never reads or queues', async () => {
    const { id } = await member();
    await enqueue(engine.db, id, 'withdrawal_filed', `roles:${seq}`, FILED);
    const asMember: Caller = { role: 'authenticated', uid: id, aal: 'aal2' };
    const as = (caller: Caller, sql: string) =>
      outcome(() => asCaller(engine.db, caller, (tx) => tx.query(sql)));
    const enqueueSql = `select private.enqueue_member_mail('${id}', 'withdrawal_filed', 'roles:x', '${JSON.stringify(FILED)}')`;
    for (const caller of [{ role: 'anon' } as Caller, asMember, SERVICE]) {
      expect(await as(caller, 'select * from private.mail_outbox'), caller.role).toBe('42501');
      expect(await as(caller, enqueueSql), caller.role).toBe('42501');
    }
    for (const caller of [{ role: 'anon' } as Caller, asMember]) {
      expect(await as(caller, 'select * from public.claim_member_mails(1, 300)'), caller.role).toBe('42501');
      expect(await as(caller, 'select public.mark_member_mail_sent(1)'), caller.role).toBe('42501');
      expect(await as(caller, `select public.mark_member_mail_failed(1, 'x')`), caller.role).toBe('42501');
    }
    const claimed = await asCaller(engine.db, SERVICE, (tx) => claim(tx));
    expect(claimed.map((m) => m.idempotency_key)).toEqual([`roles:${seq}`]);
    expect(await as(SERVICE, `select public.mark_member_mail_sent(${claimed[0]?.id ?? 0})`)).toBe('ok');
    // Nothing about the table is visible through the API's schemas either.
    const { rows } = await engine.db.query<{ n: string }>(
      `select count(*)::text as n from information_schema.role_table_grants
       where table_schema = 'private' and table_name = 'mail_outbox' and grantee in ('anon', 'authenticated', 'service_role')`,
    );
    expect(rows[0]?.n).toBe('0');
  });

  // Two transactions at once need two connections: PostgreSQL only (PGlite has one).
  if (_name !== 'postgres 15') return;
  it('gives two concurrent workers disjoint mails, neither waiting for the other', async () => {
    const { id } = await member();
    for (const n of [1, 2, 3, 4, 5])
      await enqueue(engine.db, id, 'withdrawal_filed', `race:${seq}:${n}`, FILED);
    const other = await openPostgres(engine.url ?? '');
    try {
      const [a, b] = await engine.db.transaction(async (tx) => {
        // Worker A holds its rows locked (its transaction is still open) while worker B claims.
        const mine = await claim(tx, 2);
        const theirs = await claim(other, 50);
        return [mine, theirs] as const;
      });
      expect(a.map((m) => m.idempotency_key)).toEqual([`race:${seq}:1`, `race:${seq}:2`]);
      expect(b.map((m) => m.idempotency_key)).toEqual([`race:${seq}:3`, `race:${seq}:4`, `race:${seq}:5`]);
      expect(await claim(other)).toEqual([]);
    } finally {
      await other.close();
    }
  }, 15_000);
  it('writes a moment in each language word for word as the portal does (formatDateTimeIn)', async () => {
    const sqlWords = async (at: string, locale: string) =>
      (
        await engine.db.query<{ w: string }>(`select private.when_words($1::timestamptz, $2) as w`, [
          at,
          locale,
        ])
      ).rows[0]?.w;
    // The Hong Kong day turning (16:00 UTC), a year's end, a leap day, and single-digit days and months.
    const edges = [
      '2026-11-27T15:59:59.999Z',
      '2026-11-27T16:00:00Z',
      '2026-12-31T16:00:00Z',
      '2028-02-28T16:00:00Z',
    ];
    for (const locale of ['en', 'zh-hant', 'ar', 'fr'])
      for (const at of edges)
        expect(await sqlWords(at, locale), `${locale} ${at}`).toBe(formatDateTimeIn(locale, at));
    expect(formatDateTimeIn('zh-hant', '2026-11-30T16:00:00Z')).toBe('2026年12月1日 00:00（香港時間）');
    expect(formatDateTimeIn('ar', '2026-11-30T16:00:00Z')).toBe('1 ديسمبر 2026، 00:00 (بتوقيت هونغ كونغ)');
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.constantFrom('zh-hant', 'ar'),
        async (at, locale) => {
          expect(await sqlWords(at.toISOString(), locale)).toBe(formatDateTimeIn(locale, at));
        },
      ),
      { numRuns: 40 },
    );
  });
});
