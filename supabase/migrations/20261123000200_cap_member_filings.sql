-- Caps on what one member can put in the admins' review queue (issue 15): at most 5 pending deposit
-- notices and 3 pending withdrawal requests at a time, and at most 10 notices and 5 requests filed per
-- hour (counted whatever became of them, so filing and having them rejected cannot churn the queue).
-- Each filing function locks the member's profile row before counting, so two filings at a cap (two
-- tabs, a double click) run one after the other and cannot both get in.

create function private.refuse_over_filing_cap(
  p_pending bigint,
  p_pending_cap int,
  p_last_hour bigint,
  p_hourly_cap int,
  p_plural text
) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_pending >= p_pending_cap then
    raise exception 'You already have % % waiting for review. Please wait until we have reviewed them.',
      p_pending_cap, p_plural
      using errcode = 'PT429';
  end if;
  if p_last_hour >= p_hourly_cap then
    raise exception 'You have filed % % in the last hour. Please try again later.', p_hourly_cap, p_plural
      using errcode = 'PT429';
  end if;
end
$$;

revoke execute on function private.refuse_over_filing_cap(bigint, int, bigint, int, text) from public, anon, authenticated, service_role;
