-- Referrals (issue 33, docs/plans-and-referrals.md). A member's link is /register?ref=<code>; sign-up
-- through it records the referrer once (profiles.referred_by, 20261121000300). Visitors reach no
-- function (a house rule), so the sign-up page cannot ask whether a code exists: an unknown code is
-- ignored at sign-up, and the page says so beforehand. When a referred
-- member's subscription is accepted, the referrer is paid the bonus (firm_settings.referral_bonus_rate,
-- 5% unless changed by an approved proposal) in the same transaction, as a transfer of kind
-- referral_bonus from the firm's referral_paid account into the referrer's Referral Earnings. Its
-- business id is the subscription's, so a subscription pays at most one bonus, whatever the path.

create function private.pay_referral_bonus() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_referrer uuid;
  v_bonus numeric;
begin
  select p.referred_by into v_referrer from public.profiles p where p.id = new.user_id;
  if v_referrer is null then
    return null;
  end if;
  v_bonus := round(new.amount * private.referral_bonus_rate(), 2);
  if v_bonus <= 0 then
    return null;
  end if;
  perform private.record_transfer('referral_bonus:' || coalesce(new.pending_id, new.id), 'referral_bonus',
    private.firm_account('referral_paid'), private.member_account(v_referrer, 'referral'), v_bonus, v_referrer,
    -- The referrer reads this; it names neither the other member nor their amount.
    'Referral bonus: someone you referred has invested', null, false,
    -- The subscriber's instruction and the staff member who accepted it are the two pairs of eyes.
    jsonb_build_object('proposed_by', coalesce(new.proposed_by, new.initiated_by), 'initiated_by', new.user_id));
  return null;
end
$$;

create trigger transfers_pay_referral_bonus after insert on public.transfers
  for each row when (new.kind = 'subscription' and new.phase in ('posted', 'post_pending'))
  execute function private.pay_referral_bonus();

-- The member's referral link and what it brought them.
create function public.my_referrals()
returns table (code text, link_path text, referred_count int, earned text, bonus_percent text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
begin
  return query
  select p.referral_code, '/register?ref=' || p.referral_code,
    (select count(*)::int from public.profiles r where r.referred_by = v_uid),
    coalesce((select sum(t.amount) from public.transfers t
      where t.user_id = v_uid and t.kind = 'referral_bonus' and t.phase in ('posted', 'post_pending')), 0)::numeric(20, 2)::text,
    trim_scale(private.referral_bonus_rate() * 100)::text
  from public.profiles p where p.id = v_uid;
end
$$;

revoke execute on function private.pay_referral_bonus() from public, anon, authenticated, service_role;
revoke execute on function public.my_referrals() from public, anon, authenticated, service_role;
grant execute on function public.my_referrals() to authenticated;
