-- A ledger line's words in the member's language (issue 36). A line's reason is the transfer's
-- client text: what staff typed for a correction, or what the database wrote for its own transfers
-- ("Deposit of 0.5 BTC (notice #3)", "Investment in the Gold plan", "Returns, Gold plan, November
-- 2026", a referral bonus). The stored text is the English, kept as written for staff and the
-- audit log; in Chinese and Arabic the database's own lines are worded again from what they record
-- (the transfer's asset and quantity, the request, the plan, the returns run's month), and what a
-- person typed is shown as typed. my_ledger, the statement's data and the notices read it.
-- Sentences: private.member_event_texts (20261125003100).

insert into private.member_event_texts (key, en, zh_hant, ar) values
  ('line.deposit',
   'Deposit of {quantity} {asset} (notice #{id})',
   '存入{quantity} {asset}（通知#{id}）',
   'إيداع {quantity} {asset} (الإشعار رقم {id})'),
  ('line.withdrawal',
   'Withdrawal in {asset} to {to} (request #{id})',
   '以{asset}提取至{to}（申請#{id}）',
   'سحب بعملة {asset} إلى {to} (الطلب رقم {id})'),
  ('line.return',
   'Returns, {plan} plan, {month}',
   '{plan}回報，{month}',
   'عوائد {plan}، {month}'),
  ('line.referral_bonus',
   'Referral bonus: someone you referred has invested',
   '推薦獎金：您推薦的人士已作出投資',
   'مكافأة إحالة: استثمر شخص أحلتموه');

-- The line of a transfer of p_kind in p_locale: worded from the records where the database wrote it,
-- p_reason (the stored English) otherwise and in English.
create function private.line_words(
  p_kind text,
  p_plan text,
  p_source text,
  p_source_id bigint,
  p_transfer_id bigint,
  p_reason text,
  p_locale text
) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_words text;
begin
  if p_locale is null or p_locale not in ('zh-hant', 'ar') then
    return p_reason;
  end if;
  if p_kind in ('subscription', 'redemption') and p_plan is not null then
    v_words := private.event_text('instruction.' || p_kind, p_locale, '{}',
      jsonb_build_object('plan', private.plan_words(p_plan, p_locale)));
  elsif p_kind = 'deposit' and p_source = 'deposit_notice' then
    select private.event_text('line.deposit', p_locale,
        jsonb_build_object('quantity', trim_scale(t.quantity)::text, 'asset', t.asset, 'id', p_source_id))
      into v_words
    from public.transfers t where t.id = p_transfer_id and t.quantity is not null and t.asset is not null;
  elsif p_kind = 'withdrawal' and p_source = 'withdrawal_request' then
    select private.event_text('line.withdrawal', p_locale,
        jsonb_build_object('asset', w.asset, 'to', coalesce(a.label, r.destination_address), 'id', r.id))
      into v_words
    from public.withdrawal_requests r
    join public.deposit_wallets w on w.id = r.wallet_id
    left join public.withdrawal_addresses a on a.id = r.address_id
    where r.id = p_source_id;
  elsif p_kind = 'return' and p_source = 'staff_proposal' and p_plan is not null then
    select private.event_text('line.return', p_locale,
        jsonb_build_object('month', private.month_words(p.payload ->> 'period', p_locale)),
        jsonb_build_object('plan', private.plan_words(p_plan, p_locale)))
      into v_words
    from public.staff_proposals p where p.id = p_source_id and p.payload ->> 'period' ~ '^\d{4}-\d{2}$';
  elsif p_kind = 'referral_bonus' then
    v_words := private.event_text('line.referral_bonus', p_locale);
  end if;
  return coalesce(v_words, p_reason);
end
$$;

revoke all on function private.line_words(text, text, text, bigint, bigint, text, text)
  from public, anon, authenticated, service_role;
