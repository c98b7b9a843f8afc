-- Admin rights only for accounts whose e-mail address was confirmed (issue 20). Someone could
-- register a future colleague's address with a password of their own; if that unconfirmed account
-- were granted admin, the registrant would hold the rights (and enrol the first second factor).
--
-- The check sits on the admins table itself, so grant_admin, `npm run admin:grant` (service role)
-- and any other insert obey it; grant_admin checks first to answer with the same clear message.

create function private.unconfirmed_admin_message() returns text
language sql
immutable
set search_path = ''
as $$
  select 'That account has not confirmed its e-mail address yet. Admin rights go only to confirmed '
         'accounts: ask the person to open the confirmation link we e-mailed them, then grant again.'
$$;

create function private.require_confirmed_admin() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from auth.users u where u.id = new.user_id and u.email_confirmed_at is not null
  ) then
    raise exception '%', private.unconfirmed_admin_message() using errcode = '22023';
  end if;
  return new;
end
$$;

revoke execute on function private.unconfirmed_admin_message() from public, anon, authenticated, service_role;
revoke execute on function private.require_confirmed_admin() from public, anon, authenticated, service_role;

create trigger admins_require_confirmed_email
  before insert or update of user_id on public.admins
  for each row execute function private.require_confirmed_admin();
