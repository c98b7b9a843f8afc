-- Withdrawals go only to an active entry of the member's own address book (issue 23): one that is not
-- removed and whose cooling-off is over, for the same wallet. A free-text destination, a pending or
-- removed entry, or another member's entry is refused here, whatever the client sends. Requests filed
-- before the address book keep their address and tag (address_id null) and stay readable.

alter table public.withdrawal_requests
  add column address_id bigint references public.withdrawal_addresses (id);

comment on column public.withdrawal_requests.address_id is
  'The address-book entry the request pays to (null: filed before the address book existed).';

create index withdrawal_requests_address_idx on public.withdrawal_requests (address_id);

create or replace function public.file_withdrawal_request(
  p_wallet_id smallint,
  p_amount text,
  p_destination_address text,
  p_destination_tag text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_wallet public.deposit_wallets;
  v_amount numeric;
  v_address text := btrim(coalesce(p_destination_address, ''));
  v_tag_text text := btrim(coalesce(p_destination_tag, ''));
  v_entry public.withdrawal_addresses;
  v_available numeric;
  v_request public.withdrawal_requests;
  c_pending_cap constant int := 3;
  c_hourly_cap constant int := 5;
begin
  perform private.require_no_security_hold(v_uid);
  select * into v_wallet from public.deposit_wallets w where w.id = p_wallet_id and w.enabled;
  if not found then
    raise exception 'Choose one of the listed wallets.' using errcode = '22023';
  end if;
  v_amount := private.parse_money(p_amount, 'Amount', true);
  if v_address = '' then
    raise exception 'Choose an address from your address book.' using errcode = '22023';
  end if;
  -- The tag is compared as text so a malformed one simply matches no entry.
  select * into v_entry from public.withdrawal_addresses a
  where a.user_id = v_uid and a.wallet_id = p_wallet_id and a.address = v_address
    and coalesce(a.destination_tag::text, '') = v_tag_text and a.removed_at is null;
  if not found then
    raise exception 'Withdrawals can only go to an address in your address book. Add it on the Addresses page first.'
      using errcode = '22023', hint = 'address_not_listed';
  end if;
  if v_entry.usable_from > now() then
    raise exception 'This address is still in its waiting period: you can withdraw to it from %.',
      private.when_words(v_entry.usable_from)
      using errcode = '22023', hint = 'address_pending';
  end if;

  -- Lock the profile so two requests filed at once can neither both spend the same balance nor both
  -- slip under a cap.
  perform 1 from public.profiles p where p.id = v_uid for update;
  perform private.refuse_over_filing_cap(
    (select count(*) from public.withdrawal_requests r where r.user_id = v_uid and r.status = 'pending'),
    c_pending_cap,
    (select count(*) from public.withdrawal_requests r
     where r.user_id = v_uid and r.created_at > now() - interval '1 hour'),
    c_hourly_cap,
    'withdrawal requests');
  v_available := private.withdrawable(v_uid);
  if v_amount > v_available then
    raise exception 'Amount is more than your withdrawable balance (%).', v_available::numeric(20, 2)
      using errcode = '22023';
  end if;
  insert into public.withdrawal_requests (user_id, wallet_id, amount, destination_address, destination_tag, address_id)
  values (v_uid, p_wallet_id, v_amount, v_entry.address, v_entry.destination_tag, v_entry.id)
  returning * into v_request;
  return private.request_json(v_request);
end
$$;
