-- A member's "Freeze withdrawals" (issue 23): while a row exists for a member, no withdrawal request
-- may be filed for them and none of theirs may be approved or paid. The member freezes alone, with no
-- step-up (they must be able to act fast); lifting it is a proposal approved by a second admin.

create table public.withdrawal_freezes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  frozen_at timestamptz not null default now(),
  -- Who froze it: the member themself, or staff acting for them.
  frozen_by uuid not null,
  reason text check (char_length(reason) <= 500)
);

comment on table public.withdrawal_freezes is
  'Accounts whose withdrawals are frozen. Read: the member (own row); every staff role at aal2; service_role. Write: freeze_withdrawals and the approved unfreeze proposal only.';

alter table public.withdrawal_freezes enable row level security;

grant select on public.withdrawal_freezes to authenticated;
grant select, insert, update, delete on public.withdrawal_freezes to service_role;

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
  select exists (select 1 from public.withdrawal_freezes f where f.user_id = p_user_id)
$$;

revoke execute on function private.withdrawals_frozen(uuid) from public, anon, authenticated, service_role;
grant execute on function private.withdrawals_frozen(uuid) to authenticated, service_role;

alter publication supabase_realtime add table public.withdrawal_freezes;
