-- The address book and the notifications are the member's own rows too: with a verified authenticator,
-- a password-only (aal1) session reads none of them, as 20261125004100 does for the other own-row
-- tables. (Their functions already start with private.require_member(), which checks the level.)

create policy withdrawal_addresses_member_aal on public.withdrawal_addresses
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));

create policy notifications_member_aal on public.notifications
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));
