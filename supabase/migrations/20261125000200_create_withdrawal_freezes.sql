-- A member's "Freeze withdrawals" (issues 23 and 30): while a live row (lifted_at null) exists for a
-- member, no withdrawal request may be filed for them and none of theirs may be approved or paid. The
-- member freezes alone, from any signed-in session, with no step-up (they must be able to act fast,
-- even after a thief changed their password or added an authenticator); lifting it is a proposal
-- approved by a second admin, which stamps lifted_at. Rows are never deleted: the history stays, and
-- no realtime DELETE (which Realtime cannot filter by RLS) ever names a member.

create table public.withdrawal_freezes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  frozen_at timestamptz not null default now(),
  -- Who froze it: the member themself, or staff acting for them.
  frozen_by uuid not null,
  reason text check (char_length(reason) <= 500),
  lifted_at timestamptz,
  -- The admin who approved lifting it (the unfreeze proposal's approver).
  lifted_by uuid,
  check ((lifted_at is null) = (lifted_by is null))
);

-- At most one freeze in force per member.
create unique index withdrawal_freezes_live_key on public.withdrawal_freezes (user_id) where lifted_at is null;

comment on table public.withdrawal_freezes is
  'Accounts whose withdrawals are frozen. Read: the member (own row); every staff role at aal2; service_role. Write: freeze_withdrawals and the approved unfreeze proposal only.';

alter table public.withdrawal_freezes enable row level security;

grant select on public.withdrawal_freezes to authenticated;
grant select, insert on public.withdrawal_freezes to service_role;

create policy withdrawal_freezes_select_own_or_staff on public.withdrawal_freezes
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select private.has_role('support', 'finance', 'auditor', 'owner'))
  );

create function private.withdrawals_frozen(p_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.withdrawal_freezes f where f.user_id = p_user_id and f.lifted_at is null)
$$;

revoke execute on function private.withdrawals_frozen(uuid) from public, anon, authenticated, service_role;
grant execute on function private.withdrawals_frozen(uuid) to authenticated, service_role;

alter publication supabase_realtime add table public.withdrawal_freezes;
