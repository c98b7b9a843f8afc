-- Staff roles (issue 22) for the admin functions other branches added beside four-eyes, which called
-- only private.require_admin(). Each now names the roles it serves, so every admin function states
-- its role and a later change of require_admin cannot widen it unnoticed.
--
-- admin_deposit_notice_conflicts: every staff role. Support reads deposit notices (the table's
-- policy lets all staff at aal2 read them), so the conflict list tells support nothing new; finance
-- and owners need it before they confirm; auditors read everything.
create or replace function public.admin_deposit_notice_conflicts()
returns table (notice_id bigint, conflicting_ids bigint[])
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_role('support', 'finance', 'auditor', 'owner');
  return query
    select n.id, array_agg(o.id order by o.id)
    from public.deposit_notices n
    join public.deposit_notices o
      on o.tx_id = n.tx_id and o.user_id <> n.user_id and o.status <> 'rejected'
    where n.status <> 'rejected'
    group by n.id;
end
$$;

revoke execute on function public.admin_deposit_notice_conflicts() from public, anon, authenticated, service_role;
grant execute on function public.admin_deposit_notice_conflicts() to authenticated, service_role;
