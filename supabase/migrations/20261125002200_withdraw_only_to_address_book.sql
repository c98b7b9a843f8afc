-- Withdrawals go only to an active entry of the member's own address book (issue 23): one that is not
-- removed and whose cooling-off is over, for the same wallet. A free-text destination, a pending or
-- removed entry, or another member's entry is refused here, whatever the client sends. Requests filed
-- before the address book keep their address and tag (address_id null) and stay readable.

alter table public.withdrawal_requests
  add column address_id bigint references public.withdrawal_addresses (id);

comment on column public.withdrawal_requests.address_id is
  'The address-book entry the request pays to (null: filed before the address book existed).';

create index withdrawal_requests_address_idx on public.withdrawal_requests (address_id);
