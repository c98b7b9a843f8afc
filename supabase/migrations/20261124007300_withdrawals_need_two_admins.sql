-- Withdrawals (issue 22): approving and marking paid are two steps by two different admins, and a
-- rejection needs a reason (review_withdrawal_request, 20261127000400). approved_by remembers who
-- approved, since reviewed_by is the last reviewer.

alter table public.withdrawal_requests add column approved_by uuid;

comment on column public.withdrawal_requests.approved_by is
  'The admin who approved the request; the one who marks it paid must be someone else (four eyes).';

-- A paid request was approved by someone other than its payer (null: the service role).
alter table public.withdrawal_requests add constraint withdrawal_requests_paid_by_another_admin
  check (status <> 'paid' or approved_by is null or reviewed_by is null or approved_by <> reviewed_by) not valid;
