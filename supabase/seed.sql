-- Local fake data only (applied by `supabase db reset` and by supabase/local on a new database).
-- Three demo members, password "demo-password" for each. Balances are credited THROUGH the ledger,
-- so every balance equals the sum of its entries. No admin here: `npm run dev` creates the local
-- admin from LOCAL_ADMIN_EMAIL / LOCAL_ADMIN_PASSWORD.

do $$
declare
  v_member record;
begin
  for v_member in
    select * from (values
      ('00000000-0000-4000-8000-00000000d001'::uuid, 'alice@example.com', 'Alice Demo',
       '{"interest_wallet":"1250.75","deposit_wallet":"5000.00","total_invest":"5000.00","total_deposit":"5000.00","referral":"25.00"}'::jsonb),
      ('00000000-0000-4000-8000-00000000d002'::uuid, 'bob@example.com', 'Bob Demo',
       '{"interest_wallet":"310.20","deposit_wallet":"1200.00","total_invest":"1000.00","total_deposit":"1200.00","total_withdraw":"150.00"}'::jsonb),
      ('00000000-0000-4000-8000-00000000d003'::uuid, 'carol@example.com', 'Carol Demo', '{}'::jsonb)
    ) as m (id, email, username, balances)
  loop
    -- GoTrue reads its token columns into plain strings: a NULL there makes every sign-in of the user
    -- fail with 500 "Database error querying schema". Write '' as GoTrue's own sign-up does.
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
      confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
      email_change_confirm_status, phone_change, phone_change_token, reauthentication_token,
      is_sso_user, is_anonymous)
    values ('00000000-0000-0000-0000-000000000000', v_member.id, 'authenticated', 'authenticated', v_member.email,
      extensions.crypt('demo-password', extensions.gen_salt('bf')), now(),
      '{"provider":"email","providers":["email"]}', jsonb_build_object('username', v_member.username), now(), now(),
      '', '', '', '', '', 0, '', '', '', false, false);
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (v_member.id::text, v_member.id,
      jsonb_build_object('sub', v_member.id::text, 'email', v_member.email, 'email_verified', true),
      'email', now(), now(), now());
    if v_member.balances <> '{}'::jsonb then
      perform private.post_ledger(v_member.id, v_member.balances, 'Demo opening balance (seed)', null, 'admin_edit', null);
    end if;
  end loop;

  -- Something for the admin screens to review.
  insert into public.deposit_notices (user_id, wallet_id, amount, tx_id)
  values ('00000000-0000-4000-8000-00000000d001', 2, 500.00,
          '0x9f2c4b1e7a3d5c6b8e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d');
  insert into public.withdrawal_requests (user_id, wallet_id, amount, destination_address)
  values ('00000000-0000-4000-8000-00000000d002', 1, 100.00, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  insert into public.contact_messages (name, email, message, identity)
  values ('Dana Visitor', 'dana@example.com', 'I would like to know more about borrowing against BTC.', 'borrower');
end
$$;
