-- The product's own mails (a security hold, a withdrawal filed or cancelled), apart from Supabase
-- Auth's. A feature queues a mail with private.enqueue_member_mail in the same transaction as the
-- event it announces, so a mail exists exactly when the event commits; a job delivers the queue
-- (docs/mail.md): the local server's delivery loop, or on a hosted project a scheduled Edge Function
-- or cron that calls claim_member_mails and the firm's mail provider.
--
-- The table lives in `private`, which the API does not expose: no role reaches it over HTTP, and it
-- has no grants to anon, authenticated or service_role at all (RLS on and no policy, as a second
-- lock). What a worker needs goes through three functions granted to service_role only.

create table private.mail_outbox (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  idempotency_key text not null,
  params jsonb not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  -- Deliveries handed out so far (a claim counts one) and the last failure a worker reported.
  attempts int not null default 0,
  last_error text,
  -- Not handed out before this time: a claimed mail's lease, or the retry time after a failure.
  not_before timestamptz not null default now(),
  constraint mail_outbox_idempotency_key_key unique (idempotency_key),
  constraint mail_outbox_key_length check (length(idempotency_key) between 1 and 200)
);

comment on table private.mail_outbox is
  'Product mails queued with their event (private.enqueue_member_mail) and delivered by a job through claim_member_mails / mark_member_mail_sent / mark_member_mail_failed (service_role). No direct access for any API role.';

create index mail_outbox_user_idx on private.mail_outbox (user_id);
-- What claim_member_mails reads: unsent mails by the time they are due.
create index mail_outbox_due_idx on private.mail_outbox (not_before, id) where sent_at is null;

alter table private.mail_outbox enable row level security;
revoke all on private.mail_outbox from public, anon, authenticated, service_role;

-- After this many deliveries handed out without success a mail stays unsent, with its last error,
-- for someone to look at (docs/mail.md).
create function private.member_mail_max_attempts() returns int
language sql
immutable
set search_path = ''
as $$ select 8 $$;

-- A mail's template values (the names its template in supabase/templates/product uses), from the
-- params the event gave, in the member's language (`Locale` names it for the template's branches);
-- refuses an unknown kind and params that lack what the template needs, so a mail is never queued
-- that cannot be written in full. Formatting lives here, once, for every worker.
create function private.member_mail_values(p_kind text, p_params jsonb, p_locale text default 'en') returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_missing text;
  v_hold timestamptz;
  v_locale text := case when p_locale in ('zh-hant', 'ar') then p_locale else 'en' end;
begin
  if p_kind is null or p_kind not in ('security_hold', 'withdrawal_filed', 'withdrawal_cancelled') then
    raise exception 'Unknown member mail kind: %', coalesce(p_kind, 'null') using errcode = '22023';
  end if;
  if p_params is null or jsonb_typeof(p_params) <> 'object' then
    raise exception 'Mail params must be a JSON object' using errcode = '22023';
  end if;
  select string_agg(k, ', ' order by k) into v_missing
  from unnest(case p_kind
      when 'security_hold' then array['change', 'hold_until']
      when 'withdrawal_filed' then array['amount', 'asset', 'label', 'network']
      else array['amount', 'asset', 'label', 'network', 'reason'] end) k
  where jsonb_typeof(p_params -> k) is distinct from 'string' or btrim(p_params ->> k) = '';
  if v_missing is not null then
    raise exception '% mail needs text params: %', p_kind, v_missing using errcode = '22023';
  end if;

  if p_kind = 'security_hold' then
    if p_params ->> 'change' not in ('factor_enrolled', 'factor_removed', 'factor_reset', 'password_changed', 'email_changed') then
      raise exception 'Unknown security hold change: %', p_params ->> 'change' using errcode = '22023';
    end if;
    begin
      v_hold := (p_params ->> 'hold_until')::timestamptz;
    exception when others then
      raise exception 'hold_until is not a time: %', p_params ->> 'hold_until' using errcode = '22023';
    end;
    return jsonb_build_object(
      'Locale', v_locale,
      -- Completes "We put it on because …" in each language.
      'Change', case v_locale
        when 'zh-hant' then case p_params ->> 'change'
          when 'factor_enrolled' then '您的帳戶新增了驗證器應用程式'
          when 'factor_removed' then '您的帳戶移除了驗證器應用程式'
          when 'factor_reset' then '我們的職員重設了您帳戶的驗證器應用程式'
          when 'password_changed' then '您的密碼已更改'
          else '您帳戶的電郵地址已更改' end
        when 'ar' then case p_params ->> 'change'
          when 'factor_enrolled' then 'تطبيق مصادقة أُضيف إلى حسابكم'
          when 'factor_removed' then 'تطبيق مصادقة أُزيل من حسابكم'
          when 'factor_reset' then 'موظفينا أعادوا تعيين تطبيقات المصادقة في حسابكم'
          when 'password_changed' then 'كلمة مرور حسابكم قد تغيّرت'
          else 'عنوان البريد الإلكتروني لحسابكم قد تغيّر' end
        else case p_params ->> 'change'
          when 'factor_enrolled' then 'an authenticator app was added to your account'
          when 'factor_removed' then 'an authenticator app was removed from your account'
          when 'factor_reset' then 'our staff reset the authenticator apps of your account'
          when 'password_changed' then 'your password was changed'
          else 'the e-mail address of your account was changed' end end,
      'HoldUntil', private.when_words(v_hold, v_locale));
  end if;

  if p_params ->> 'amount' !~ '^\d{1,12}\.\d{2}$' then
    raise exception 'amount must be USD text like 1234.50: %', p_params ->> 'amount' using errcode = '22023';
  end if;
  return jsonb_build_object(
    'Locale', v_locale,
    -- The amount as the member's notices write it in their language (private.usd_words: "US$" in Hong
    -- Kong Chinese, the figure then "US$" in Arabic), one rule for mails and notices.
    'Amount', private.usd_words(p_params ->> 'amount', v_locale),
    'Asset', p_params ->> 'asset',
    'Network', private.network_label(p_params ->> 'network'),
    'Label', p_params ->> 'label')
    || case when p_kind = 'withdrawal_cancelled' then jsonb_build_object('Reason', p_params ->> 'reason')
       else '{}'::jsonb end;
end
$$;

-- Queues one mail to a member. Call it from SQL in the transaction of the event it announces; p_key
-- names the event (e.g. 'withdrawal_filed:' || request id): a second call with the same key does
-- nothing, whatever its params, so a retried event never mails twice.
create function private.enqueue_member_mail(p_user uuid, p_kind text, p_key text, p_params jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_queued int;
begin
  if p_user is null then
    raise exception 'A member mail needs a member' using errcode = '22023';
  end if;
  if p_key is null or length(p_key) not between 1 and 200 then
    raise exception 'A member mail needs an idempotency key of 1 to 200 characters' using errcode = '22023';
  end if;
  perform private.member_mail_values(p_kind, p_params);
  insert into private.mail_outbox (user_id, kind, idempotency_key, params)
  values (p_user, p_kind, p_key, p_params)
  on conflict (idempotency_key) do nothing;
  get diagnostics v_queued = row_count;
  -- Wakes a listening worker (the local server's) when the transaction commits; never if it rolls back.
  if v_queued > 0 then
    perform pg_notify('member_mail', '');
  end if;
end
$$;

-- Hands a worker up to p_limit due mails with their address and template values, and leases them
-- for p_lease_seconds: until then no other claim returns them (concurrent claims skip each other's
-- rows, for update skip locked). Delivery is at least once: a worker that outlives its lease may
-- see its mails handed out again, so it passes idempotency_key to its provider where it can.
create function public.claim_member_mails(p_limit int default 20, p_lease_seconds int default 300)
returns table (id bigint, email text, kind text, idempotency_key text, template_values jsonb, attempts int)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception 'p_limit must be 1 to 500' using errcode = '22023';
  end if;
  if p_lease_seconds is null or p_lease_seconds not between 10 and 3600 then
    raise exception 'p_lease_seconds must be 10 to 3600' using errcode = '22023';
  end if;
  return query
  with due as (
    select m.id from private.mail_outbox m
    where m.sent_at is null and m.not_before <= now() and m.attempts < private.member_mail_max_attempts()
    order by m.not_before, m.id
    limit p_limit
    for update of m skip locked
  ), claimed as (
    update private.mail_outbox m
    set attempts = m.attempts + 1, not_before = now() + make_interval(secs => p_lease_seconds)
    from due where m.id = due.id
    returning m.id, m.user_id, m.kind, m.idempotency_key, m.params, m.attempts
  )
  select c.id, u.email::text, c.kind, c.idempotency_key,
         private.member_mail_values(c.kind, c.params, p.locale), c.attempts
  from claimed c join auth.users u on u.id = c.user_id
  left join public.profiles p on p.id = c.user_id
  order by c.id;
end
$$;

create function public.mark_member_mail_sent(p_id bigint) returns void
language sql
security definer
set search_path = ''
as $$
  update private.mail_outbox set sent_at = now(), last_error = null where id = p_id and sent_at is null;
$$;

-- A failed delivery is tried again later: 1, 2, 4, ... minutes after the failure (at most 6 hours),
-- until member_mail_max_attempts deliveries have been handed out.
create function public.mark_member_mail_failed(p_id bigint, p_error text) returns void
language sql
security definer
set search_path = ''
as $$
  update private.mail_outbox
  set last_error = left(coalesce(nullif(btrim(p_error), ''), 'unknown error'), 500),
      not_before = now() + make_interval(mins => least(power(2, greatest(attempts - 1, 0)), 360)::int)
  where id = p_id and sent_at is null;
$$;

revoke execute on function private.member_mail_max_attempts(), private.member_mail_values(text, jsonb, text),
  private.enqueue_member_mail(uuid, text, text, jsonb)
  from public, anon, authenticated, service_role;
revoke execute on function public.claim_member_mails(int, int), public.mark_member_mail_sent(bigint),
  public.mark_member_mail_failed(bigint, text)
  from public, anon, authenticated, service_role;
grant execute on function public.claim_member_mails(int, int), public.mark_member_mail_sent(bigint),
  public.mark_member_mail_failed(bigint, text)
  to service_role;
