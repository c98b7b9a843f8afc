-- The words a member reads about an event on their account (issues 22 and 23). One mapping in one
-- place: the notifications trigger and my_activity() both call private.member_event_words, so the
-- bell, /user/notifications and /user/activity can never describe one event two ways.
-- Staff appear only as a role word, never by e-mail address or id.

-- Account names: private.account_label (the money engine, 20261121000500).

-- An amount as members read it everywhere else (src/lib/money.ts formatUsd): "$1,250.00". Text that
-- is not a number is shown as it is rather than lost.
create function private.usd_words(p_amount text) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return case when p_amount::numeric < 0 then '-$' else '$' end
    || to_char(abs(p_amount::numeric), 'FM999,999,999,999,999,990.00');
exception when others then
  return p_amount;
end
$$;

-- Who did it, as the member reads it: themself, a role word for staff, or the firm for the
-- service role and the database's own work.
create function private.actor_word(e public.audit_events) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when e.actor_id is not null and e.actor_id = e.member_id then 'You'
    when e.actor_role = 'owner' then 'An administrator'
    when e.actor_role = 'finance' then 'Our finance team'
    when e.actor_role = 'support' then 'Our support team'
    when e.actor_role = 'auditor' then 'An auditor'
    when e.actor_role = 'member' then 'Another member'
    else 'Liquid Capital' end
$$;

-- Zero, one or two rows per event:
--   variant 'now'    : the event itself, available at once (available_at null);
--   variant 'usable' : address_added's second notice, available from after.usable_from;
--   variant 'unknown': a kind this mapping does not know (a test fails on it; the member still hears
--                      that something happened rather than nothing).
-- No row: events that do not concern the member as a person (balance and staff proposals are staff's
-- internal review; the member hears of the approved change through its ledger entries and the rest).
create function private.member_event_words(e public.audit_events)
returns table (variant text, title text, body text, available_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_actor text := private.actor_word(e);
  v_a jsonb := coalesce(e.after, '{}'::jsonb);
  v_b jsonb := coalesce(e.before, '{}'::jsonb);
  v_why text := case when nullif(btrim(e.reason), '') is null then '' else ': ' || btrim(e.reason) end;
  v_at_once constant timestamptz := null;
  v_address text;
begin
  -- Staff proposals (addresses, roles, settings, unfreezes, their expiry moves) and the phases of
  -- transfers are staff's own record: the member hears the outcome (ledger entries, their notices
  -- and requests, withdrawals_unfrozen, role_*), not the steps. The firm's settings name no member.
  -- The exception: a member's own investment instruction that ends without moving money (declined by
  -- staff, lapsed, cancelled) is told to the member, since no ledger line will say so.
  if e.kind = 'transfer_voided' and v_a ->> 'kind' in ('subscription', 'redemption') then
    return query select 'now',
      case v_a ->> 'kind' when 'subscription' then 'Investment ' else 'Redemption ' end
        || case v_a ->> 'void_reason' when 'rejected' then 'declined' when 'expired' then 'lapsed' else 'cancelled' end,
      format('Your instruction #%s (%s, %s) %s. %s', v_a ->> 'pending_id', e.reason, private.usd_words(v_a ->> 'amount'),
        case v_a ->> 'void_reason'
          when 'rejected' then 'was declined: ' || coalesce(nullif(regexp_replace(coalesce(v_a ->> 'internal_note', ''), '^Rejected: ', ''), ''), 'no reason given')
          when 'expired' then 'lapsed: it was not accepted in time'
          else 'was cancelled' end,
        case v_a ->> 'kind' when 'subscription' then 'The amount is free in your Deposit Wallet again.'
          else 'Your principal stays invested.' end), v_at_once;
    return;
  end if;
  -- A statement's data is recorded (statement_issued) before its PDF exists; the member hears of it
  -- once the files are stored (statement_published), in words without figures. A failed rendering
  -- (statement_failed) is staff's to fix.
  if e.kind like 'staff\_proposal\_%' or e.kind like 'transfer\_%'
     or e.kind in ('firm_settings_changed', 'plan_terms_changed', 'statement_issued', 'statement_failed',
                   'statement_run_started', 'statement_run_finished') then
    return;
  end if;
  if e.kind in ('address_added', 'address_removed') then
    v_address := format('the %s address "%s" on the %s network (%s%s)', v_a ->> 'asset',
      coalesce(nullif(v_a ->> 'label', ''), 'no label'), private.network_label(v_a ->> 'network'), v_a ->> 'address',
      case when nullif(v_a ->> 'destination_tag', '') is null then ''
        else ', tag ' || (v_a ->> 'destination_tag') end);
  end if;
  case
    when e.kind = 'ledger_entry' then
      return query select 'now', private.account_label(v_a ->> 'account') || ' changed',
        case v_a ->> 'source'
          when 'deposit_notice' then format('Your %s went from %s to %s: deposit notice #%s was confirmed.',
            private.account_label(v_a ->> 'account'), private.usd_words(v_a ->> 'balance_before'), private.usd_words(v_a ->> 'balance_after'), v_a ->> 'source_id')
          when 'withdrawal_request' then format('Your %s went from %s to %s for withdrawal request #%s.',
            private.account_label(v_a ->> 'account'), private.usd_words(v_a ->> 'balance_before'), private.usd_words(v_a ->> 'balance_after'), v_a ->> 'source_id')
          -- A returns run, approved by two of our staff: the reason is "Returns, Gold plan, November 2026".
          when 'staff_proposal' then format('Your %s went from %s to %s: %s.', private.account_label(v_a ->> 'account'),
            private.usd_words(v_a ->> 'balance_before'), private.usd_words(v_a ->> 'balance_after'), btrim(e.reason))
          else format('%s changed your %s from %s to %s%s', v_actor, private.account_label(v_a ->> 'account'),
            private.usd_words(v_a ->> 'balance_before'), private.usd_words(v_a ->> 'balance_after'), coalesce(nullif(v_why, ''), '.'))
        end, v_at_once;
    when e.kind = 'withdrawal_filed' then
      return query select 'now', 'Withdrawal requested',
        format('%s asked to withdraw %s in %s on the %s network to "%s" (request #%s). If this was not you, freeze withdrawals now.',
          v_actor, private.usd_words(v_a ->> 'amount'), v_a ->> 'asset', private.network_label(v_a ->> 'network'),
          coalesce(v_a ->> 'label', v_a ->> 'address'), v_a ->> 'id'), v_at_once;
    when e.kind = 'withdrawal_cancelled' then
      return query select 'now', 'Withdrawal cancelled',
        format('Your withdrawal request #%s for %s was cancelled%s', v_a ->> 'id', private.usd_words(v_a ->> 'amount'),
          coalesce(nullif(v_why, ''), '.')), v_at_once;
    when e.kind = 'withdrawal_pending' then
      -- Only ever back from approved: its approver lost the right to approve (20261126001700).
      return query select 'now', 'Withdrawal back in review',
        format('Your withdrawal request #%s for %s needs a new approval: the staff member who approved it may no longer approve withdrawals.',
          v_a ->> 'id', private.usd_words(v_a ->> 'amount')), v_at_once;
    when e.kind like 'withdrawal\_%' and e.kind not like 'withdrawals\_%' then
      return query select 'now', 'Withdrawal ' || (v_a ->> 'status'),
        format('%s %s your withdrawal request #%s for %s%s', v_actor,
          case v_a ->> 'status' when 'paid' then 'marked as paid' else v_a ->> 'status' end,
          v_a ->> 'id', private.usd_words(v_a ->> 'amount'), coalesce(nullif(v_why, ''), '.')), v_at_once;
    when e.kind = 'deposit_notice_filed' then
      return query select 'now', 'Deposit notice received',
        format('%s told us about a deposit of %s %s (notice #%s). We credit it once two of our staff have checked it on-chain.',
          v_actor, v_a ->> 'quantity', v_a ->> 'asset', v_a ->> 'id'), v_at_once;
    when e.kind = 'deposit_notice_valued' then
      return query select 'now', 'Deposit being confirmed',
        format('%s valued your deposit of %s %s (notice #%s) at %s. A second staff member checks it before it is credited.',
          v_actor, v_a ->> 'quantity', v_a ->> 'asset', v_a ->> 'id', private.usd_words(v_a ->> 'amount')), v_at_once;
    when e.kind = 'deposit_notice_pending' then
      return query select 'now', 'Deposit back in review',
        format('The value given to your deposit of %s %s (notice #%s) was not approved; our staff will value it again.',
          v_a ->> 'quantity', v_a ->> 'asset', v_a ->> 'id'), v_at_once;
    when e.kind = 'deposit_notice_confirmed' then
      return query select 'now', 'Deposit credited',
        format('%s credited your deposit of %s %s (notice #%s): %s added to your Deposit Wallet.',
          v_actor, v_a ->> 'quantity', v_a ->> 'asset', v_a ->> 'id', private.usd_words(v_a ->> 'amount')), v_at_once;
    when e.kind like 'deposit\_notice\_%' then
      return query select 'now', 'Deposit notice ' || (v_a ->> 'status'),
        format('%s %s your deposit notice #%s for %s %s%s', v_actor, v_a ->> 'status', v_a ->> 'id',
          v_a ->> 'quantity', v_a ->> 'asset', coalesce(nullif(v_why, ''), '.')), v_at_once;
    when e.kind = 'address_added' then
      return query select 'now', 'Withdrawal address added',
        format('%s added %s. It can be used for withdrawals from %s. If this was not you, freeze withdrawals now.',
          v_actor, v_address, private.when_words(coalesce((v_a ->> 'usable_from')::timestamptz, e.occurred_at))), v_at_once;
      return query select 'usable', 'Withdrawal address ready',
        format('%s can now be used for withdrawals.', upper(left(v_address, 1)) || substr(v_address, 2)),
        (v_a ->> 'usable_from')::timestamptz;
    when e.kind = 'address_removed' then
      return query select 'now', 'Withdrawal address removed',
        format('%s removed %s.', v_actor, v_address), v_at_once;
    when e.kind = 'withdrawals_frozen' then
      return query select 'now', 'Withdrawals frozen',
        format('%s froze withdrawals from your account%s. To lift the freeze, contact us: two members of our team must approve it.',
          case when (v_a ->> 'frozen_by_member')::boolean then 'You' else v_actor end, v_why), v_at_once;
    when e.kind = 'withdrawals_unfrozen' then
      return query select 'now', 'Withdrawals unfrozen',
        format('Two members of our team approved lifting the freeze: withdrawals from your account are allowed again%s',
          coalesce(nullif(v_why, ''), '.')), v_at_once;
    when e.kind = 'security_hold_started' then
      return query select 'now', 'Security hold on withdrawals',
        format('Because %s, new withdrawal addresses and withdrawal requests wait until %s. If this was not you, freeze withdrawals now.',
          case v_a ->> 'change'
            when 'password_changed' then 'your password was changed'
            when 'email_changed' then 'your e-mail address was changed'
            when 'factor_enrolled' then 'an authenticator app was added'
            when 'factor_removed' then 'an authenticator app was removed'
            else 'your authenticator apps were reset' end,
          private.when_words((v_a ->> 'hold_until')::timestamptz)), v_at_once;
    when e.kind = 'security_hold_changed' then
      return query select 'now', 'Security hold changed',
        format('%s changed the end of the security hold on your account from %s to %s.', v_actor,
          private.when_words((v_b ->> 'hold_until')::timestamptz), private.when_words((v_a ->> 'hold_until')::timestamptz)), v_at_once;
    when e.kind = 'address_cooling_off_changed' then
      return query select 'now', 'Address waiting period changed',
        format('%s changed when the address "%s" can be used for withdrawals from %s to %s. If you did not ask for this, freeze withdrawals now.',
          v_actor, coalesce(nullif(v_a ->> 'label', ''), v_a ->> 'address'),
          private.when_words((v_b ->> 'usable_from')::timestamptz), private.when_words((v_a ->> 'usable_from')::timestamptz)), v_at_once;
    when e.kind = 'statement_published' then
      return query select 'now',
        case when (v_a ->> 'version')::int > 1 then 'Corrected statement ready' else 'Statement ready' end,
        format('Your %s statement is ready%s. Download it on your Statement page.', v_a ->> 'period_label',
          case when (v_a ->> 'version')::int > 1 then format(' (version %s, replacing %s)', v_a ->> 'version', v_a ->> 'replaces')
            else '' end), v_at_once;
    when e.kind = 'member_password_changed' then
      return query select 'now', 'Password changed',
        'Your password was changed. If this was not you, reset it and contact us now.', v_at_once;
    when e.kind = 'member_email_changed' then
      return query select 'now', 'E-mail address changed',
        format('The e-mail address of your account changed from %s to %s.', v_b ->> 'email', v_a ->> 'email'), v_at_once;
    when e.kind = 'member_factor_enrolled' then
      return query select 'now', 'Authenticator added',
        format('%s added the authenticator "%s" to your account.', v_actor,
          coalesce(nullif(v_a ->> 'friendly_name', ''), 'unnamed')), v_at_once;
    when e.kind = 'member_factor_removed' then
      return query select 'now', 'Authenticator removed',
        format('%s removed the authenticator "%s" from your account.', v_actor,
          coalesce(nullif(v_a ->> 'friendly_name', ''), 'unnamed')), v_at_once;
    when e.kind = 'mfa_reset' then
      return query select 'now', 'Authenticator reset',
        format('%s removed your authenticator apps%s. You can add a new one on the Security page.', v_actor,
          v_why), v_at_once;
    when e.kind = 'role_granted' then
      return query select 'now', 'Staff role granted',
        format('%s gave you the staff role %s.', v_actor, v_a ->> 'role'), v_at_once;
    when e.kind = 'role_changed' then
      return query select 'now', 'Staff role changed',
        format('%s changed your staff role from %s to %s.', v_actor, v_b ->> 'role', v_a ->> 'role'), v_at_once;
    when e.kind = 'role_revoked' then
      return query select 'now', 'Staff role removed',
        format('%s removed your staff role %s.', v_actor, v_b ->> 'role'), v_at_once;
    else
      return query select 'unknown', 'Account event',
        'Something changed on your account. Contact us if you do not recognise it.', v_at_once;
  end case;
end
$$;

revoke execute on function private.account_label(text), private.usd_words(text), private.actor_word(public.audit_events),
  private.member_event_words(public.audit_events)
  from public, anon, authenticated, service_role;
