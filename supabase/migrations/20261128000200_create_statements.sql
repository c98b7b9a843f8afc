-- Monthly statements (issue 34, docs/statements.md). For each closed month, one statement per member
-- who had an account: stored as data (the JSON of src/lib/statement-data.ts), its SHA-256 recorded in
-- the audit chain, never edited; a correction is a new version that names the one it replaces. The
-- signed PDF and the CSV are made from that data by a scheduled Node job (npm run statements) and
-- stored privately in Storage; statement_files records them, and storing them tells the member.
--
-- The firm's months are calendar months in Hong Kong time (Asia/Hong_Kong, UTC+8 all year: Hong Kong
-- has kept no daylight saving since 1979). A month can be run from one hour after it ends, so that a
-- posting whose transaction began before midnight and committed just after is in the data.

-- First instant of a month in the firm's time zone.
create function private.statement_month_start(p_month date) returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select (p_month::timestamp - interval '8 hours') at time zone 'UTC'
$$;

-- When a month's statements may be made: an hour after the month ends.
create function private.statement_month_closed_at(p_month date) returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select private.statement_month_start((p_month + interval '1 month')::date) + interval '1 hour'
$$;

-- "2026-11" to its first day, refusing anything else and any month not yet closed.
create function private.statement_month(p_month text) returns date
language plpgsql
stable
set search_path = ''
as $$
declare
  v_month date := private.parse_month(p_month);
begin
  if now() < private.statement_month_closed_at(v_month) then
    raise exception '% is not closed: its statements can be made from %.',
      to_char(v_month, 'FMMonth YYYY'),
      private.when_words(private.statement_month_closed_at(v_month))
      using errcode = '22023', hint = 'month_open';
  end if;
  return v_month;
end
$$;

-- Every function that makes, files, fails, finishes or corrects statements is the job's alone.
create function private.require_statement_job() returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Statements are made by the statement job only.' using errcode = '42501';
  end if;
end
$$;

-- The words a statement uses for each kind of transfer.
create function private.transfer_kind_label(p_kind text) returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(case p_kind
    when 'deposit' then 'Deposit'
    when 'withdrawal' then 'Withdrawal'
    when 'subscription' then 'Investment'
    when 'redemption' then 'Redemption'
    when 'return' then 'Returns'
    when 'referral_bonus' then 'Referral bonus'
    when 'fee' then 'Fee'
    when 'correction' then 'Correction'
  end, p_kind)
$$;

create table public.statement_runs (
  id bigint generated always as identity primary key,
  month date not null check (extract(day from month) = 1),
  -- What every statement of the run prints: the firm's identity and complaint contact, and how values
  -- are arrived at. Given by the job (from the site's configuration) and kept with the run.
  firm jsonb not null check (jsonb_typeof(firm) = 'object'),
  valuation jsonb not null check (jsonb_typeof(valuation) = 'object'),
  status text not null default 'running' check (status in ('running', 'completed', 'failed')),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  check ((status = 'running') = (finished_at is null))
);

comment on table public.statement_runs is
  'One run of the monthly statement job (issue 34); its counts are read from its statements and files. Read: auditors and owners at aal2, service_role. Write: only the statement functions (service_role); a run changes once, when it finishes.';

-- One run at a time per month: a second start while one is running resumes it.
create unique index statement_runs_one_running_idx on public.statement_runs (month) where status = 'running';

create table public.statements (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id),
  month date not null check (extract(day from month) = 1),
  version int not null check (version >= 1),
  reference text not null unique check (char_length(reference) between 1 and 60),
  replaces_id bigint references public.statements (id),
  run_id bigint not null references public.statement_runs (id),
  data jsonb not null check (jsonb_typeof(data) = 'object'),
  -- SHA-256 (hex) of data::text, as recorded in the audit chain.
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  -- Why a new version was made (null for a first version).
  reason text check (char_length(reason) between 1 and 500),
  created_at timestamptz not null default now(),
  unique (user_id, month, version),
  check ((version = 1) = (replaces_id is null)),
  check ((version = 1) = (reason is null))
);

comment on table public.statements is
  'Monthly statements (issue 34): immutable data per member per month and version. Read: the member (own rows), auditors and owners at aal2, service_role. Write: only the statement functions; never updated or deleted.';

create index statements_user_month_idx on public.statements (user_id, month desc, version desc);
create index statements_run_idx on public.statements (run_id);
create index statements_replaces_idx on public.statements (replaces_id) where replaces_id is not null;

create table public.statement_files (
  statement_id bigint not null references public.statements (id),
  kind text not null check (kind in ('pdf', 'csv')),
  -- The object's name in the private bucket "statements": <member id>/<reference>.<kind>.
  path text not null unique check (char_length(path) between 1 and 300),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  bytes int not null check (bytes > 0),
  created_at timestamptz not null default now(),
  primary key (statement_id, kind)
);

comment on table public.statement_files is
  'The signed PDF and the CSV of a statement, kept in the private Storage bucket "statements". Read: as the statement. Write: only attach_statement_files (service_role); never updated or deleted.';

create table public.statement_failures (
  id bigint generated always as identity primary key,
  run_id bigint not null references public.statement_runs (id),
  statement_id bigint not null references public.statements (id),
  error text not null check (char_length(error) between 1 and 500),
  created_at timestamptz not null default now()
);

comment on table public.statement_failures is
  'A statement the job could not render or store, for staff to see on the run. Read: auditors and owners at aal2, service_role. Write: only record_statement_failure (service_role); never updated or deleted.';

create index statement_failures_run_idx on public.statement_failures (run_id);
create index statement_failures_statement_idx on public.statement_failures (statement_id);

create function private.statements_are_permanent() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Statements are permanent: they cannot be changed or deleted. A correction is a new version.'
    using errcode = '42501';
end
$$;

create trigger statements_no_update_delete before update or delete on public.statements
  for each row execute function private.statements_are_permanent();
create trigger statements_no_truncate before truncate on public.statements
  for each statement execute function private.statements_are_permanent();
create trigger statement_files_no_update_delete before update or delete on public.statement_files
  for each row execute function private.statements_are_permanent();
create trigger statement_files_no_truncate before truncate on public.statement_files
  for each statement execute function private.statements_are_permanent();
create trigger statement_failures_no_update_delete before update or delete on public.statement_failures
  for each row execute function private.statements_are_permanent();
create trigger statement_failures_no_truncate before truncate on public.statement_failures
  for each statement execute function private.statements_are_permanent();

-- The audit chain records every write: a statement's data hash when it is stored, its files' hashes
-- when they are (which tells the member), a failure, a run's start and end.
create function private.audit_statement() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_statement public.statements;
  v_csv public.statement_files;
begin
  case tg_table_name
    when 'statements' then
      perform private.audit('statement_issued', new.user_id, null,
        jsonb_build_object('statement', new.id, 'reference', new.reference, 'month', to_char(new.month, 'YYYY-MM'),
          'version', new.version, 'replaces', new.data ->> 'replaces', 'sha256', new.sha256),
        new.reason);
    when 'statement_files' then
      -- One event per statement, when its PDF (stored after its CSV) is recorded.
      if new.kind = 'pdf' then
        select s.* into v_statement from public.statements s where s.id = new.statement_id;
        select f.* into v_csv from public.statement_files f where f.statement_id = new.statement_id and f.kind = 'csv';
        perform private.audit('statement_published', v_statement.user_id, null,
          jsonb_build_object('statement', v_statement.id, 'reference', v_statement.reference,
            'month', to_char(v_statement.month, 'YYYY-MM'), 'period_label', to_char(v_statement.month, 'FMMonth YYYY'),
            'version', v_statement.version, 'replaces', v_statement.data ->> 'replaces',
            'pdf_sha256', new.sha256, 'csv_sha256', v_csv.sha256),
          null);
      end if;
    when 'statement_failures' then
      select s.* into v_statement from public.statements s where s.id = new.statement_id;
      perform private.audit('statement_failed', v_statement.user_id, null,
        jsonb_build_object('run', new.run_id, 'statement', new.statement_id, 'reference', v_statement.reference,
          'error', new.error),
        null);
    when 'statement_runs' then
      if tg_op = 'INSERT' then
        perform private.audit('statement_run_started', null, null,
          jsonb_build_object('run', new.id, 'month', to_char(new.month, 'YYYY-MM'), 'firm', new.firm,
            'valuation', new.valuation),
          null);
      else
        perform private.audit('statement_run_finished', null,
          jsonb_build_object('run', old.id, 'status', old.status),
          jsonb_build_object('run', new.id, 'month', to_char(new.month, 'YYYY-MM'), 'status', new.status,
            'made', (select count(*) from public.statements s where s.run_id = new.id),
            'published', (select count(*) from public.statement_files f join public.statements s on s.id = f.statement_id
                          where s.run_id = new.id and f.kind = 'pdf')),
          null);
      end if;
  end case;
  return null;
end
$$;

revoke execute on function private.audit_statement() from public, anon, authenticated, service_role;

create trigger statements_audit after insert on public.statements
  for each row execute function private.audit_statement();
create trigger statement_files_audit after insert on public.statement_files
  for each row execute function private.audit_statement();
create trigger statement_failures_audit after insert on public.statement_failures
  for each row execute function private.audit_statement();
create trigger statement_runs_audit after insert or update on public.statement_runs
  for each row execute function private.audit_statement();

alter table public.statement_runs enable row level security;
alter table public.statements enable row level security;
alter table public.statement_files enable row level security;
alter table public.statement_failures enable row level security;

revoke all on public.statement_runs, public.statements, public.statement_files, public.statement_failures
  from public, anon, authenticated, service_role;
grant select on public.statement_runs, public.statements, public.statement_files, public.statement_failures
  to authenticated, service_role;

create policy statement_runs_select_auditors on public.statement_runs
  for select to authenticated
  using ((select private.has_role('auditor', 'owner')));
create policy statement_failures_select_auditors on public.statement_failures
  for select to authenticated
  using ((select private.has_role('auditor', 'owner')));

create policy statements_select_own_or_auditors on public.statements
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.has_role('auditor', 'owner')));
create policy statements_member_aal on public.statements
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));

create policy statement_files_select_own_or_auditors on public.statement_files
  for select to authenticated
  using (exists (select 1 from public.statements s where s.id = statement_id
                 and (s.user_id = (select auth.uid()) or (select private.has_role('auditor', 'owner')))));
create policy statement_files_member_aal on public.statement_files
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));

-- The statement of one member for one month, as of now, from the ledger. Balances are sums of the
-- ledger's lines before an instant (not the last line's balance_after): lines of concurrent
-- transactions carry their transaction's start time, so sums are what is exact at a boundary.
create function private.build_statement(
  p_user uuid,
  p_run public.statement_runs,
  p_version int,
  p_replaces text
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz := private.statement_month_start(p_run.month);
  v_to timestamptz := private.statement_month_start((p_run.month + interval '1 month')::date);
  v_profile public.profiles;
  v_accounts jsonb;
  v_lines jsonb;
  v_pending jsonb;
  v_plans jsonb;
  v_returns_period numeric;
  v_returns_to_date numeric;
  v_opening numeric;
  v_closing numeric;
begin
  select p.* into v_profile from public.profiles p where p.id = p_user;
  if not found then
    raise exception 'No member with id %.', p_user using errcode = '22023';
  end if;

  with account(account, pos) as (
    values ('deposit_wallet', 1), ('interest_wallet', 2), ('total_invest', 3), ('referral', 4)
  ), sums as (
    select a.account, a.pos,
      coalesce(sum(e.delta) filter (where e.created_at < v_from), 0) as opening,
      coalesce(sum(e.delta) filter (where e.created_at >= v_from and e.delta > 0), 0) as credits,
      coalesce(-sum(e.delta) filter (where e.created_at >= v_from and e.delta < 0), 0) as debits,
      coalesce(sum(e.delta), 0) as closing
    from account a
    left join public.ledger_entries e
      on e.user_id = p_user and e.account = a.account and e.created_at < v_to
    group by a.account, a.pos
  )
  select jsonb_agg(jsonb_build_object(
      'account', s.account, 'label', private.account_label(s.account),
      'opening', to_char(s.opening, 'FM999999999999990.00'), 'credits', to_char(s.credits, 'FM999999999999990.00'),
      'debits', to_char(s.debits, 'FM999999999999990.00'), 'closing', to_char(s.closing, 'FM999999999999990.00'))
      order by s.pos),
    sum(s.opening), sum(s.closing)
  into v_accounts, v_opening, v_closing
  from sums s;

  select coalesce(jsonb_agg(jsonb_build_object(
      'date', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'account', e.account, 'account_label', private.account_label(e.account),
      'kind', t.kind, 'kind_label', private.transfer_kind_label(t.kind),
      -- In the member's language, as the PDF is (private.line_words).
      'description', private.line_words(t.kind, e.plan, e.source, e.source_id, e.transfer_id, e.reason, v_profile.locale),
      'asset', t.asset,
      'quantity', case when t.quantity is null then null else trim_scale(t.quantity)::text end,
      'rate', case when t.rate is null then null else trim_scale(t.rate)::text end,
      'amount', to_char(e.delta, 'FM999999999999990.00'),
      'balance_after', to_char(e.balance_after, 'FM999999999999990.00'),
      'plan', e.plan,
      'transfer_id', e.transfer_id)
      order by e.created_at, e.id), '[]'::jsonb)
  into v_lines
  from public.ledger_entries e
  join public.transfers t on t.id = e.transfer_id
  where e.user_id = p_user and e.created_at >= v_from and e.created_at < v_to;

  -- What was waiting at month end: a pending transfer made before the end, neither posted nor voided
  -- before it, and not yet lapsed at it.
  select coalesce(jsonb_agg(jsonb_build_object(
      'date', to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'kind', t.kind, 'kind_label', private.transfer_kind_label(t.kind),
      'description', private.line_words(t.kind, t.plan, t.source, t.source_id, t.id, t.client_text, v_profile.locale),
      'account', a.purpose, 'account_label', private.account_label(a.purpose),
      'amount', to_char(t.amount, 'FM999999999999990.00'))
      order by t.created_at, t.id), '[]'::jsonb)
  into v_pending
  from public.transfers t
  join lateral (
    select la.purpose from public.ledger_accounts la
    where la.id in (t.debit_account_id, t.credit_account_id) and la.user_id = p_user
    order by (la.id = t.debit_account_id) desc
    limit 1
  ) a on true
  where t.user_id = p_user and t.phase = 'pending' and t.created_at < v_to
    and (t.expires_at is null or t.expires_at > v_to)
    and not exists (select 1 from public.transfers r where r.pending_id = t.id and r.created_at < v_to);

  select coalesce(sum(e.delta) filter (where e.created_at >= v_from), 0), coalesce(sum(e.delta), 0)
  into v_returns_period, v_returns_to_date
  from public.ledger_entries e
  where e.user_id = p_user and e.kind = 'return' and e.created_at < v_to;

  select coalesce(jsonb_agg(jsonb_build_object(
      'plan', x.plan, 'name', coalesce(pl.name, x.plan),
      'principal', to_char(x.principal, 'FM999999999999990.00'),
      'in_period', to_char(x.in_period, 'FM999999999999990.00'),
      'to_date', to_char(x.to_date, 'FM999999999999990.00'))
      order by coalesce(pl.position, 1000), x.plan), '[]'::jsonb)
  into v_plans
  from (
    select e.plan,
      coalesce(sum(e.delta) filter (where e.account = 'total_invest'), 0) as principal,
      coalesce(sum(e.delta) filter (where e.kind = 'return' and e.created_at >= v_from), 0) as in_period,
      coalesce(sum(e.delta) filter (where e.kind = 'return'), 0) as to_date
    from public.ledger_entries e
    where e.user_id = p_user and e.plan is not null and e.created_at < v_to
    group by e.plan
  ) x
  left join public.plans pl on pl.slug = x.plan
  where x.principal <> 0 or x.to_date <> 0;

  return jsonb_build_object(
    'format', 1,
    -- The member's language when the statement is made (profiles.locale): the PDF is printed in it,
    -- and a later change of language never changes how an issued version reads.
    'locale', v_profile.locale,
    'month', to_char(p_run.month, 'YYYY-MM'),
    'period', jsonb_build_object(
      'from', to_char(v_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'to', to_char(v_to at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'time_zone', 'Asia/Hong_Kong',
      'label', to_char(p_run.month, 'FMMonth YYYY')),
    'reference', format('%s-%s-v%s', v_profile.account_number, to_char(p_run.month, 'YYYY-MM'), p_version),
    'version', p_version,
    'replaces', p_replaces,
    'prepared_at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'member', jsonb_build_object('name', v_profile.username, 'email', v_profile.email,
      'account_number', v_profile.account_number),
    'firm', p_run.firm,
    'accounts', v_accounts,
    'lines', v_lines,
    'returns', jsonb_build_object(
      'in_period', to_char(v_returns_period, 'FM999999999999990.00'),
      'to_date', to_char(v_returns_to_date, 'FM999999999999990.00'),
      'plans', v_plans),
    'pending', v_pending,
    'valuation', p_run.valuation,
    'totals', jsonb_build_object('opening', to_char(v_opening, 'FM999999999999990.00'),
      'closing', to_char(v_closing, 'FM999999999999990.00'))
  );
end
$$;

-- Stores one statement (its audit trigger records the hash in the audit chain).
create function private.issue_statement(
  p_user uuid,
  p_run public.statement_runs,
  p_version int,
  p_replaces public.statements,
  p_reason text
) returns public.statements
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_data jsonb := private.build_statement(p_user, p_run, p_version, p_replaces.reference);
  v_row public.statements;
begin
  insert into public.statements (user_id, month, version, reference, replaces_id, run_id, data, sha256, reason)
  values (p_user, p_run.month, p_version, v_data ->> 'reference', p_replaces.id, p_run.id, v_data,
    encode(extensions.digest(convert_to(v_data::text, 'UTF8'), 'sha256'), 'hex'), p_reason)
  returning * into v_row;
  return v_row;
end
$$;

-- The job's first call for a month: refuses an open month; resumes a run left running; otherwise
-- starts one. p_firm and p_valuation are what the statements print (the job reads them from the
-- site's configuration).
create function public.start_statement_run(p_month text, p_firm jsonb, p_valuation jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_run public.statement_runs;
  v_to timestamptz;
begin
  perform private.require_statement_job();
  v_month := private.statement_month(p_month);
  if jsonb_typeof(p_firm) is distinct from 'object' or coalesce(p_firm ->> 'legal_name', '') = ''
     or coalesce(p_firm ->> 'complaints_email', '') = '' then
    raise exception 'The firm''s details (legal name, complaints e-mail) are required.' using errcode = '22023';
  end if;
  if jsonb_typeof(p_valuation) is distinct from 'object' or coalesce(p_valuation ->> 'source', '') = '' then
    raise exception 'The valuation source is required.' using errcode = '22023';
  end if;
  select r.* into v_run from public.statement_runs r where r.month = v_month and r.status = 'running' for update;
  if not found then
    insert into public.statement_runs (month, firm, valuation) values (v_month, p_firm, p_valuation)
    returning * into v_run;
  end if;
  v_to := private.statement_month_start((v_month + interval '1 month')::date);
  return jsonb_build_object(
    'run', v_run.id,
    'month', to_char(v_month, 'YYYY-MM'),
    'members', (select count(*) from public.profiles p where p.created_at < v_to),
    'issued', (select count(*) from public.statements s where s.month = v_month and s.version = 1));
end
$$;

-- Makes first versions for up to p_limit members of the run's month who had an account by its end
-- and have none yet. Idempotent: what exists is never made again. The job calls it until
-- remaining is 0 (each call stays well inside the API's statement timeout).
create function public.issue_statements(p_run bigint, p_limit int default 200) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.statement_runs;
  v_to timestamptz;
  v_user uuid;
  v_made int := 0;
  v_none public.statements;
begin
  perform private.require_statement_job();
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'Make between 1 and 1000 statements per call.' using errcode = '22023';
  end if;
  select r.* into v_run from public.statement_runs r where r.id = p_run for update;
  if not found or v_run.status <> 'running' then
    raise exception 'Statement run % is not running.', p_run using errcode = '22023';
  end if;
  v_to := private.statement_month_start((v_run.month + interval '1 month')::date);
  for v_user in
    select p.id from public.profiles p
    where p.created_at < v_to
      and not exists (select 1 from public.statements s where s.user_id = p.id and s.month = v_run.month)
    order by p.account_number
    limit p_limit
  loop
    perform private.issue_statement(v_user, v_run, 1, v_none, null);
    v_made := v_made + 1;
  end loop;
  return jsonb_build_object('made', v_made, 'remaining', (
    select count(*) from public.profiles p
    where p.created_at < v_to
      and not exists (select 1 from public.statements s where s.user_id = p.id and s.month = v_run.month)));
end
$$;

-- Records the stored files of a statement (their names in the bucket and hashes); the member is told
-- their statement is ready. Each statement's files are recorded once.
create function public.attach_statement_files(
  p_statement bigint,
  p_pdf_path text, p_pdf_sha256 text, p_pdf_bytes int,
  p_csv_path text, p_csv_sha256 text, p_csv_bytes int
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_statement public.statements;
  v_prefix text;
begin
  perform private.require_statement_job();
  select s.* into v_statement from public.statements s where s.id = p_statement;
  if not found then
    raise exception 'No statement %.', p_statement using errcode = '22023';
  end if;
  v_prefix := v_statement.user_id::text || '/' || v_statement.reference;
  if p_pdf_path is distinct from v_prefix || '.pdf' or p_csv_path is distinct from v_prefix || '.csv' then
    raise exception 'A statement''s files are named %.pdf and %.csv.', v_prefix, v_prefix using errcode = '22023';
  end if;
  if exists (select 1 from public.statement_files f where f.statement_id = p_statement) then
    raise exception 'Statement % already has its files.', v_statement.reference using errcode = '23505';
  end if;
  -- The CSV first: the PDF's row is the one whose audit event tells the member (audit_statement).
  insert into public.statement_files (statement_id, kind, path, sha256, bytes)
  values (p_statement, 'csv', p_csv_path, lower(p_csv_sha256), p_csv_bytes);
  insert into public.statement_files (statement_id, kind, path, sha256, bytes)
  values (p_statement, 'pdf', p_pdf_path, lower(p_pdf_sha256), p_pdf_bytes);
end
$$;

-- A statement the job could not render or store: kept on the run for staff to see.
create function public.record_statement_failure(p_run bigint, p_statement bigint, p_error text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_statement_job();
  if not exists (select 1 from public.statement_runs r where r.id = p_run and r.status = 'running') then
    raise exception 'Statement run % is not running.', p_run using errcode = '22023';
  end if;
  insert into public.statement_failures (run_id, statement_id, error)
  values (p_run, p_statement, left(coalesce(nullif(btrim(p_error), ''), 'unknown error'), 500));
end
$$;

-- Ends a run: completed when every statement of it has its files, else failed (a later run of the
-- same month picks up what is missing).
create function public.finish_statement_run(p_run bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_run public.statement_runs;
  v_missing int;
begin
  perform private.require_statement_job();
  select count(*) into v_missing from public.statements s
  where s.run_id = p_run and not exists (select 1 from public.statement_files f where f.statement_id = s.id);
  update public.statement_runs
  set status = case when v_missing = 0 then 'completed' else 'failed' end, finished_at = now()
  where id = p_run and status = 'running'
  returning * into v_run;
  if not found then
    raise exception 'Statement run % is not running.', p_run using errcode = '22023';
  end if;
  return jsonb_build_object('run', v_run.id, 'status', v_run.status,
    'made', (select count(*) from public.statements s where s.run_id = v_run.id),
    'published', (select count(*) from public.statements s where s.run_id = v_run.id) - v_missing,
    'missing', v_missing);
end
$$;

-- A correction: a new version of a member's statement for a month, from the ledger as it is now,
-- naming the version it replaces and why. Nothing is edited; the old version stays readable.
create function public.reissue_statement(p_account_number text, p_month text, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_user uuid;
  v_latest public.statements;
  v_run public.statement_runs;
  v_row public.statements;
begin
  perform private.require_statement_job();
  v_month := private.statement_month(p_month);
  if char_length(btrim(coalesce(p_reason, ''))) not between 1 and 500 then
    raise exception 'Say why the statement is corrected (1 to 500 characters).' using errcode = '22023';
  end if;
  select p.id into v_user from public.profiles p where p.account_number = upper(btrim(coalesce(p_account_number, '')));
  if v_user is null then
    raise exception 'No member has the account number %.', p_account_number using errcode = '22023';
  end if;
  select s.* into v_latest from public.statements s
  where s.user_id = v_user and s.month = v_month order by s.version desc limit 1 for update;
  if not found then
    raise exception 'There is no statement for % to correct: run the month first.', to_char(v_month, 'FMMonth YYYY')
      using errcode = '22023';
  end if;
  select r.* into v_run from public.statement_runs r where r.month = v_month and r.status = 'running' for update;
  if not found then
    select r.* into v_run from public.statement_runs r where r.id = v_latest.run_id;
    insert into public.statement_runs (month, firm, valuation) values (v_month, v_run.firm, v_run.valuation)
    returning * into v_run;
  end if;
  v_row := private.issue_statement(v_user, v_run, v_latest.version + 1, v_latest, btrim(p_reason));
  return jsonb_build_object('run', v_run.id, 'statement', v_row.id, 'reference', v_row.reference,
    'replaces', v_latest.reference);
end
$$;

-- What auditors and owners see of the job: each run with how many statements it made, how many have
-- their files, and what failed, newest first.
create function public.statement_runs_overview(p_limit int default 24)
returns table (
  run bigint, month text, status text, started_at timestamptz, finished_at timestamptz,
  made bigint, published bigint, failures jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_role('auditor', 'owner');
  return query
  select r.id, to_char(r.month, 'YYYY-MM'), r.status, r.started_at, r.finished_at,
    (select count(*) from public.statements s where s.run_id = r.id),
    (select count(*) from public.statement_files f join public.statements s on s.id = f.statement_id
     where s.run_id = r.id and f.kind = 'pdf'),
    coalesce((select jsonb_agg(jsonb_build_object('reference', s.reference, 'error', x.error,
        'at', to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) order by x.id)
      from public.statement_failures x join public.statements s on s.id = x.statement_id
      where x.run_id = r.id), '[]'::jsonb)
  from public.statement_runs r
  order by r.started_at desc, r.id desc
  limit least(greatest(coalesce(p_limit, 24), 1), 200);
end
$$;

revoke execute on function private.statement_month_start(date), private.statement_month_closed_at(date),
  private.statement_month(text), private.require_statement_job(), private.transfer_kind_label(text),
  private.build_statement(uuid, public.statement_runs, int, text),
  private.issue_statement(uuid, public.statement_runs, int, public.statements, text),
  private.statements_are_permanent()
  from public, anon, authenticated, service_role;

revoke execute on function public.start_statement_run(text, jsonb, jsonb), public.issue_statements(bigint, int),
  public.attach_statement_files(bigint, text, text, int, text, text, int),
  public.record_statement_failure(bigint, bigint, text), public.finish_statement_run(bigint),
  public.reissue_statement(text, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.start_statement_run(text, jsonb, jsonb), public.issue_statements(bigint, int),
  public.attach_statement_files(bigint, text, text, int, text, text, int),
  public.record_statement_failure(bigint, bigint, text), public.finish_statement_run(bigint),
  public.reissue_statement(text, text, text)
  to service_role;

revoke execute on function public.statement_runs_overview(int) from public, anon, authenticated, service_role;
grant execute on function public.statement_runs_overview(int) to authenticated, service_role;
