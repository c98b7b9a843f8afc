-- /admin/audit's "member" and "staff member" filters turn an e-mail address into an id
-- (src/lib/admin/audit.ts). They asked with `email ilike '<address>'`, which no index serves under
-- row-level security: ILIKE is not leakproof, so PostgreSQL applies it only after the policy, row by
-- row. At 100,000 members every filtered page read all profiles (a sequential scan, 15-40 ms; npm run
-- bench:scale, docs/performance.md). Auth stores addresses trimmed and lower-cased, so the lookup is
-- now an equality on the lower-cased address (text equality is leakproof) and this index answers it.

create index profiles_email_idx on public.profiles (email);
