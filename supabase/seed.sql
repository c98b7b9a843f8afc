-- Local fake data only (applied by `supabase db reset` and by supabase/local on a new database).
-- Three demo members, password "demo-password" for each. Balances come from posted transfers of the
-- money engine (as the service role posts them), so every card equals its ledger. No admin here: `npm run dev` creates the local
-- admin from LOCAL_ADMIN_EMAIL / LOCAL_ADMIN_PASSWORD.

-- A posted demo transfer between a firm account (or, for a subscription, the member's own
-- p_from account) and one of the member's accounts; p_outgoing reverses it (a payout). Dropped below.
create function private.seed_transfer(p_key text, p_kind text, p_firm text, p_asset text, p_user uuid,
  p_account text, p_amount numeric, p_text text, p_quantity numeric, p_rate numeric,
  p_from text default null, p_outgoing boolean default false, p_plan text default null) returns void
language sql
set search_path = ''
as $$
  select private.record_transfer('seed:' || p_key, p_kind,
    case when p_outgoing then private.member_account(p_user, p_account)
         when p_from is not null then private.member_account(p_user, p_from)
         else private.firm_account(p_firm, p_asset) end,
    case when p_outgoing then private.firm_account(p_firm, p_asset) else private.member_account(p_user, p_account) end,
    p_amount, p_user, p_text, null, false,
    jsonb_strip_nulls(jsonb_build_object('asset', p_asset, 'quantity', p_quantity, 'rate', p_rate,
      'rate_source', case when p_rate is not null then 'Demo rate' end, 'plan', p_plan)));
$$;

do $$
declare
  v_member record;
begin
  for v_member in
    select * from (values
      ('00000000-0000-4000-8000-00000000d001'::uuid, 'alice@example.com', 'Alice Demo'),
      ('00000000-0000-4000-8000-00000000d002'::uuid, 'bob@example.com', 'Bob Demo'),
      ('00000000-0000-4000-8000-00000000d003'::uuid, 'carol@example.com', 'Carol Demo')
    ) as m (id, email, username)
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
  end loop;

  -- Demo history through the money engine, as the service role posts it (single phase): deposits
  -- from the firm's client funds, principal invested, returns and a referral bonus paid, a payout.
  perform private.seed_transfer('d001-deposit', 'deposit', 'client_funds', 'USDT', '00000000-0000-4000-8000-00000000d001', 'deposit_wallet', 10000.00, 'Deposit of 10000 USDT (demo)', 10000, 1);
  perform private.seed_transfer('d001-invest', 'subscription', null, null, '00000000-0000-4000-8000-00000000d001', 'total_invest', 5000.00, 'Invested in the Gold plan (demo)', null, null, 'deposit_wallet', false, 'gold');
  perform private.seed_transfer('d001-return', 'return', 'returns_paid', null, '00000000-0000-4000-8000-00000000d001', 'interest_wallet', 1250.75, 'Returns on the Gold plan (demo)', null, null, null, false, 'gold');
  perform private.seed_transfer('d001-referral', 'referral_bonus', 'referral_paid', null, '00000000-0000-4000-8000-00000000d001', 'referral', 25.00, 'Referral bonus (demo)', null, null);
  perform private.seed_transfer('d002-deposit', 'deposit', 'client_funds', 'BTC', '00000000-0000-4000-8000-00000000d002', 'deposit_wallet', 2200.00, 'Deposit of 0.04 BTC (demo)', 0.04, 55000);
  perform private.seed_transfer('d002-invest', 'subscription', null, null, '00000000-0000-4000-8000-00000000d002', 'total_invest', 1000.00, 'Invested in the Silver plan (demo)', null, null, 'deposit_wallet', false, 'silver');
  perform private.seed_transfer('d002-return', 'return', 'returns_paid', null, '00000000-0000-4000-8000-00000000d002', 'interest_wallet', 460.20, 'Returns on the Silver plan (demo)', null, null, null, false, 'silver');
  perform private.seed_transfer('d002-payout', 'withdrawal', 'client_funds', 'BTC', '00000000-0000-4000-8000-00000000d002', 'interest_wallet', 150.00, 'Withdrawal in BTC (demo)', 0.0025, 60000, null, true);
  drop function private.seed_transfer(text, text, text, text, uuid, text, numeric, text, numeric, numeric, text, boolean, text);

  -- Something for the admin screens to review.
  insert into public.deposit_notices (user_id, wallet_id, quantity, tx_id)
  values ('00000000-0000-4000-8000-00000000d001', 2, 0.25,
          '0x9f2c4b1e7a3d5c6b8e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d');
  insert into public.withdrawal_requests (user_id, wallet_id, account, amount, destination_address)
  values ('00000000-0000-4000-8000-00000000d002', 1, 'interest_wallet', 100.00, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  insert into public.contact_messages (name, email, message, identity)
  values ('Dana Visitor', 'dana@example.com', 'I would like to know more about borrowing against BTC.', 'borrower');
end
$$;
