-- Transaction ids in one canonical form per network (issue 20). The same on-chain transaction could
-- be filed twice with an invisible character (U+200B, U+2060), a no-break space or without the 0x;
-- and because ids were unique across all members, anyone could file someone else's public id first
-- and the real depositor was refused. Now:
--   * file_deposit_notice stores private.canonical_tx_id(network, id) and refuses anything outside
--     the network's alphabet (only ASCII spaces, tabs and line breaks around the id are trimmed);
--   * a member filing the same id twice gets a clear message;
--   * a second member filing the same id is accepted and shown to admins as a conflict
--     (admin_deposit_notice_conflicts); only one notice per transaction id can ever be confirmed.
-- The UI applies the same rules (src/lib/transaction-ids.ts); both are tested against each other.
--
--   bitcoin   64 hex digits, stored lowercase; a 0x is refused (Bitcoin ids never carry one)
--   ethereum  64 hex digits with or without 0x, stored as 0x + lowercase
--   tron      64 hex digits with or without 0x (TRON's JSON-RPC shows one), stored lowercase without
--   ripple    64 hex digits, stored uppercase as the XRP Ledger shows them; a 0x is refused

create function private.trim_ascii_space(p_text text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(coalesce(p_text, ''), '^[ \t\r\n]+|[ \t\r\n]+$', '', 'g')
$$;

-- The canonical form of a transaction id on a network, or null when it is not one.
create function private.canonical_tx_id(p_network text, p_tx_id text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_network = 'bitcoin' and v ~ '^[0-9a-fA-F]{64}$' then lower(v)
    when p_network = 'ripple' and v ~ '^[0-9a-fA-F]{64}$' then upper(v)
    when p_network = 'ethereum' and v ~ '^(0[xX])?[0-9a-fA-F]{64}$' then '0x' || lower(right(v, 64))
    when p_network = 'tron' and v ~ '^(0[xX])?[0-9a-fA-F]{64}$' then lower(right(v, 64))
  end
  from (select private.trim_ascii_space(p_tx_id) as v) t
$$;

-- Why an id was refused, in the words the form shows too (src/lib/transaction-ids.ts).
create function private.tx_id_problem(p_network text, p_tx_id text) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when v = '' then 'Transaction ID is required.'
    when v ~ '[^!-~]' then
      'The transaction ID contains a space or an invisible character. Copy it again from the block explorer.'
    when p_network in ('bitcoin', 'ripple') and v ~ '^0[xX]' then
      format('%s transaction IDs have no 0x: enter the 64 characters after it.', private.network_label(p_network))
    when p_network = 'ethereum' then
      'That is not an Ethereum transaction ID: 0x and 64 characters 0-9 and a-f.'
    else format('That is not a %s transaction ID: 64 characters 0-9 and a-f.', private.network_label(p_network))
  end
  from (select private.trim_ascii_space(p_tx_id) as v) t
$$;

revoke execute on function private.trim_ascii_space(text), private.canonical_tx_id(text, text),
  private.tx_id_problem(text, text) from public, anon, authenticated, service_role;

-- Existing ids take their canonical form where that is unambiguous; an id that is not one of the
-- network's (or would collide with another once canonical) stays exactly as it was filed.
drop index public.deposit_notices_tx_id_live_key;

with canon as (
  select n.id, private.canonical_tx_id(w.network, n.tx_id) as tx
  from public.deposit_notices n
  join public.deposit_wallets w on w.id = n.wallet_id
), single as (
  select id, tx from (select id, tx, count(*) over (partition by tx) as uses from canon where tx is not null) c
  where uses = 1
)
update public.deposit_notices n set tx_id = s.tx from single s where n.id = s.id and n.tx_id <> s.tx;

-- One live notice per member and transaction; across members only one can be confirmed.
create unique index deposit_notices_member_tx_id_live_key
  on public.deposit_notices (user_id, tx_id) where status <> 'rejected';
create unique index deposit_notices_tx_id_confirmed_key
  on public.deposit_notices (tx_id) where status = 'confirmed';
create index deposit_notices_tx_id_idx on public.deposit_notices (tx_id);

-- An admin confirming the second of two notices for one transaction gets a reason, not a bare
-- unique violation (the index above is the guarantee; this is the message).
create function private.refuse_second_confirmation() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_other bigint;
begin
  select n.id into v_other from public.deposit_notices n
  where n.tx_id = new.tx_id and n.status = 'confirmed' and n.id <> new.id
  limit 1;
  if v_other is not null then
    raise exception 'Deposit notice #% for the same transaction ID is already confirmed. Reject this one.', v_other
      using errcode = '22023';
  end if;
  return new;
end
$$;

revoke execute on function private.refuse_second_confirmation() from public, anon, authenticated, service_role;

create trigger deposit_notices_one_confirmation_per_tx
  before update of status on public.deposit_notices
  for each row when (new.status = 'confirmed' and old.status is distinct from 'confirmed')
  execute function private.refuse_second_confirmation();

-- For the admin review screen: each live notice whose transaction id another member has also filed
-- (and not had rejected), with the other notices' ids. Members never learn about each other's filings.
-- Every staff role: support reads deposit notices anyway (the table's policy lets all staff at aal2
-- read them), finance and owners need it before they confirm, auditors read everything.
create function public.admin_deposit_notice_conflicts()
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
