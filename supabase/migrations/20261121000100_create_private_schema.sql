-- Schema for privileged helpers. It is not in the API's exposed schemas (config.toml [api].schemas),
-- so nothing here is callable over HTTP; policies and public functions call into it.
create schema if not exists private;

revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Functions are executable by PUBLIC by default (and hosted Supabase grants new public functions to
-- anon/authenticated through default privileges); every function below revokes and grants on purpose.
alter default privileges in schema private revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from public;
