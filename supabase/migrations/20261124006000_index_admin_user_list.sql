-- Indexes for the admin users list at a real firm's size (100,000 members; plans in
-- docs/performance.md). admin_search_users filters with `lower(username|email) like '%term%'`, which a
-- b-tree cannot serve: trigram GIN indexes can (pg_trgm, in the extensions schema as Supabase keeps
-- it). Sorting by name, e-mail or sign-up date ends in `id` so pages are stable; indexes on the same
-- keys let a page be read in order instead of sorting every profile. They replace the single-column
-- indexes, which they cover. Balance columns are not indexed on purpose: a balance edit would then
-- never be a HOT update, and a top-N sort of 100,000 rows stays well inside the budget.

create extension if not exists pg_trgm with schema extensions;

create index profiles_username_trgm_idx on public.profiles using gin (lower(username) extensions.gin_trgm_ops);
create index profiles_email_trgm_idx on public.profiles using gin (lower(email) extensions.gin_trgm_ops);

create index profiles_username_lower_id_idx on public.profiles (lower(username), id);
create index profiles_email_lower_id_idx on public.profiles (lower(email), id);
create index profiles_created_at_id_idx on public.profiles (created_at, id);

drop index public.profiles_username_lower_idx;
drop index public.profiles_email_lower_idx;
drop index public.profiles_created_at_idx;
