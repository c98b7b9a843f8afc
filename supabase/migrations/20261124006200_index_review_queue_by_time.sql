-- The admin review queue shows the 30 most recently decided notices and requests
-- (`status not in (open ones) order by created_at desc limit 30`, src/lib/admin/requests.ts). The
-- (status, created_at) indexes cannot serve a NOT IN, so with 200,000 requests each load read and
-- sorted the whole table (370 ms). Read backwards by time, the newest decided rows come after the
-- few open ones.
create index deposit_notices_created_at_idx on public.deposit_notices (created_at);
create index withdrawal_requests_created_at_idx on public.withdrawal_requests (created_at);
