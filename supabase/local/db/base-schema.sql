-- Supabase's base objects, as the hosted platform and `supabase start` provide them before any
-- project migration runs (roles, the auth schema and its helper functions, the extensions schema,
-- the realtime publication). Idempotent: safe to run on every start.
-- Deliberately NO default grants on public: since 2026-05-30 new Supabase projects do not expose new
-- tables automatically, so a migration that forgets a GRANT must fail here too.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin nologin;
  end if;
  -- As the hosted image's demote-postgres migration leaves it: no SUPERUSER. (PGlite and the test
  -- clusters are made with supabase_admin as their superuser; a database whose bootstrap superuser
  -- is postgres keeps it, and there migrations run with a superuser's rights.)
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login createdb createrole replication bypassrls;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
-- The API roles' settings and memberships as supabase/postgres leaves them: 00000000000000-initial-
-- schema (anon 3 s, authenticated 8 s), 20221028101028_set_authenticator_timeout,
-- 20231130133139_set_lock_timeout_to_authenticator_role, 20230529180330_alter_api_roles_for_inherit
-- and 20230201083204_grant_auth_roles_to_postgres.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to postgres;

-- What hosted lets `postgres` do to the API roles: supautils (supabase/postgres's
-- ansible/files/postgresql_config/supautils.conf.j2) names `anon*`, `authenticated*`,
-- `service_role*` and `authenticator*` reserved roles whose settings the privileged role `postgres`
-- may change (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`, `alter role anon
-- set statement_timeout = '5s'`), running the listed superuser-only settings (`pgrst.*`,
-- `session_replication_role`, …) as the superuser. Without supautils the same needs, on PostgreSQL
-- 16 and later, CREATEROLE plus the ADMIN option on the role (only that: no membership, no SET), and
-- on every major a SET grant on each superuser-only setting. What supautils refuses (other changes
-- to reserved roles, memberships of authenticator) the migration runner refuses after each migration
-- (db/reserved-roles.ts), since nothing in SQL can stop a CREATEROLE role there.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    execute 'grant anon, authenticated, service_role to postgres with admin true';
    execute 'grant authenticator to postgres with admin true, inherit false, set false';
  end if;
end
$$;
do $$
declare
  name text;
begin
  foreach name in array array[
    -- PostgREST's in-database configuration (pgrst.* on hosted; each name spelt out here).
    'pgrst.db_aggregates_enabled', 'pgrst.db_anon_role', 'pgrst.db_extra_search_path',
    'pgrst.db_hoisted_tx_settings', 'pgrst.db_max_rows', 'pgrst.db_plan_enabled', 'pgrst.db_pre_config',
    'pgrst.db_pre_request', 'pgrst.db_prepared_statements', 'pgrst.db_root_spec', 'pgrst.db_schemas',
    'pgrst.db_tx_end', 'pgrst.jwt_aud', 'pgrst.jwt_cache_max_lifetime', 'pgrst.jwt_role_claim_key',
    'pgrst.jwt_secret', 'pgrst.jwt_secret_is_base64', 'pgrst.openapi_mode', 'pgrst.openapi_security_active',
    'pgrst.openapi_server_proxy_uri', 'pgrst.server_cors_allowed_origins', 'pgrst.server_timing_enabled',
    'pgrst.server_trace_header',
    -- supautils.privileged_role_allowed_configs that PostgreSQL itself knows.
    'log_lock_waits', 'log_min_messages', 'session_replication_role', 'track_io_timing',
    -- … and those of extensions (placeholders until the extension loads).
    'auto_explain.log_min_duration', 'auto_explain.log_nested_statements', 'pg_net.batch_size', 'pg_net.ttl',
    'pgaudit.log', 'pgaudit.log_catalog', 'pgaudit.log_client', 'pgaudit.log_level', 'pgaudit.log_relation',
    'pgaudit.log_rows', 'pgaudit.log_statement', 'pgaudit.log_statement_once', 'pgaudit.role',
    'safeupdate.enabled'
  ] loop
    execute format('grant set on parameter %s to postgres', name);
  end loop;
end
$$;

create schema if not exists extensions;
create schema if not exists auth authorization supabase_auth_admin;
create schema if not exists graphql_public;
create schema if not exists supabase_migrations;

create extension if not exists pgcrypto with schema extensions;

grant usage on schema public, extensions, graphql_public to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;

-- The auth schema as GoTrue (supabase/auth) v2.196.0 leaves it after all its migrations: every table,
-- column, type, nullability, enum and row-level-security flag, so what passes here passes against
-- the real thing (supabase/local/db/gotrue-auth-schema.json describes it; supabase/tests/
-- auth-schema.test.ts compares this catalog with it). Owned by, and created as, supabase_auth_admin,
-- as GoTrue's migrations are on hosted. Written as the final state, not as GoTrue's migration history.

-- A database made before this schema: its auth objects pass to supabase_auth_admin, and the columns
-- GoTrue types as enums or leaves nullable are brought in line below, once the enums exist.
do $$
declare
  r record;
begin
  for r in select c.oid::regclass as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'auth' and c.relkind in ('r', 'p') and pg_get_userbyid(c.relowner) <> 'supabase_auth_admin' loop
    execute format('alter table %s owner to supabase_auth_admin', r.rel);
  end loop;
  for r in select t.oid::regtype as typ from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where n.nspname = 'auth' and t.typtype = 'e' and pg_get_userbyid(t.typowner) <> 'supabase_auth_admin' loop
    execute format('alter type %s owner to supabase_auth_admin', r.typ);
  end loop;
  for r in select p.oid::regprocedure as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'auth' and pg_get_userbyid(p.proowner) <> 'supabase_auth_admin' loop
    execute format('alter function %s owner to supabase_auth_admin', r.fn);
  end loop;
end
$$;

set role supabase_auth_admin;

-- GoTrue's enums, each created once with its labels in GoTrue's order.
do $$
declare
  e record;
begin
  for e in select * from (values
    ('aal_level', array['aal1', 'aal2', 'aal3']),
    ('code_challenge_method', array['s256', 'plain']),
    ('factor_status', array['unverified', 'verified']),
    ('factor_type', array['totp', 'webauthn', 'phone']),
    ('one_time_token_type', array['confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token']),
    ('oauth_authorization_status', array['pending', 'approved', 'denied', 'expired']),
    ('oauth_client_type', array['public', 'confidential']),
    ('oauth_registration_type', array['dynamic', 'manual']),
    ('oauth_response_type', array['code'])
  ) as t (name, labels) loop
    if to_regtype('auth.' || e.name) is null then
      execute format('create type auth.%I as enum (%s)', e.name,
        (select string_agg(quote_literal(l), ', ') from unnest(e.labels) l));
    end if;
  end loop;
end
$$;

-- GoTrue's own migration bookkeeping (empty here: nothing runs GoTrue's migrations locally).
create table if not exists auth.schema_migrations (
  version varchar(255) primary key
);

create table if not exists auth.instances (
  id uuid primary key,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz
);

-- GoTrue reads the token and change columns into plain strings: it writes '' where there is none,
-- and a NULL there fails its scan (500 "Database error querying schema").
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null::character varying,
  phone_confirmed_at timestamptz,
  phone_change text default ''::character varying,
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    constraint users_email_change_confirm_status_check check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
-- GoTrue's phone columns began as varchar(15) (20210710035447_alter_users) and became text later,
-- keeping their varchar defaults; a database made before gets them too.
alter table auth.users alter column phone set default null::character varying,
  alter column phone_change set default ''::character varying;
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email::text));
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
-- One live token of each kind across all users; all-digit values (OTP codes, '') are exempt.
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token::text !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token::text !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current::text !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new::text !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token::text !~ '^[0-9 ]*$';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sso_providers (
  id uuid primary key,
  resource_id text check (resource_id = null or char_length(resource_id) > 0),
  created_at timestamptz,
  updated_at timestamptz,
  disabled boolean
);
create unique index if not exists sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));

create table if not exists auth.sso_domains (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  domain text not null check (char_length(domain) > 0),
  created_at timestamptz,
  updated_at timestamptz
);
create unique index if not exists sso_domains_domain_idx on auth.sso_domains (lower(domain));

create table if not exists auth.saml_providers (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  entity_id text not null unique check (char_length(entity_id) > 0),
  metadata_xml text not null check (char_length(metadata_xml) > 0),
  metadata_url text check (metadata_url = null or char_length(metadata_url) > 0),
  attribute_mapping jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  name_id_format text
);

-- PKCE and OAuth flows. Most columns are nullable: not every flow has a code or a challenge.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  invite_token text,
  referrer text,
  oauth_client_state_id uuid,
  linking_target_id uuid,
  email_optional boolean not null default false
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

create table if not exists auth.saml_relay_states (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  request_id text not null check (char_length(request_id) > 0),
  for_email text,
  redirect_to text,
  created_at timestamptz,
  updated_at timestamptz,
  flow_state_id uuid references auth.flow_state (id) on delete cascade
);

create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none'))
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid references auth.oauth_clients (id) on delete cascade,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text check (char_length(scopes) <= 4096)
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

-- Each session's authentication methods; they become the JWT's amr claim.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
-- A unique index, not a constraint, as GoTrue makes it (so `on conflict on constraint` fails here as
-- on hosted). A database made before held a constraint of that name: it becomes the index.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_user_id_token_type_key;
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create table if not exists auth.oauth_authorizations (
  id uuid primary key,
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null check (char_length(redirect_uri) <= 2048),
  scope text not null check (char_length(scope) <= 4096),
  state text check (char_length(state) <= 4096),
  resource text check (char_length(resource) <= 2048),
  code_challenge text check (char_length(code_challenge) <= 128),
  code_challenge_method auth.code_challenge_method,
  response_type auth.oauth_response_type not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text unique check (char_length(authorization_code) <= 255),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '3 minutes' check (expires_at > created_at),
  approved_at timestamptz,
  nonce text check (char_length(nonce) <= 255)
);

create table if not exists auth.oauth_consents (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null constraint oauth_consents_scopes_length check (char_length(scopes) <= 2048)
    constraint oauth_consents_scopes_not_empty check (char_length(trim(scopes)) > 0),
  granted_at timestamptz not null default now(),
  revoked_at timestamptz constraint oauth_consents_revoked_after_granted check (revoked_at is null or revoked_at >= granted_at),
  constraint oauth_consents_user_client_unique unique (user_id, client_id)
);

create table if not exists auth.oauth_client_states (
  id uuid primary key,
  provider_type text not null,
  code_verifier text,
  created_at timestamptz not null
);

create table if not exists auth.custom_oauth_providers (
  id uuid primary key default gen_random_uuid(),
  provider_type text not null check (provider_type in ('oauth2', 'oidc')),
  identifier text not null unique check (identifier ~ '^[a-z0-9][a-z0-9:-]{0,48}[a-z0-9]$'),
  name text not null check (char_length(name) between 1 and 100),
  client_id text not null check (char_length(client_id) between 1 and 512),
  client_secret text not null,
  acceptable_client_ids text[] not null default '{}',
  scopes text[] not null default '{}',
  pkce_enabled boolean not null default true,
  attribute_mapping jsonb not null default '{}',
  authorization_params jsonb not null default '{}',
  enabled boolean not null default true,
  email_optional boolean not null default false,
  issuer text check (issuer is null or char_length(issuer) between 1 and 2048)
    check (provider_type <> 'oidc' or issuer is null or issuer like 'https://%'),
  discovery_url text check (discovery_url is null or char_length(discovery_url) <= 2048)
    check (provider_type <> 'oidc' or discovery_url is null or discovery_url like 'https://%'),
  skip_nonce_check boolean not null default false,
  cached_discovery jsonb,
  discovery_cached_at timestamptz,
  authorization_url text check (authorization_url is null or authorization_url like 'https://%') check (authorization_url is null or char_length(authorization_url) <= 2048),
  token_url text check (token_url is null or token_url like 'https://%') check (token_url is null or char_length(token_url) <= 2048),
  userinfo_url text check (userinfo_url is null or userinfo_url like 'https://%') check (userinfo_url is null or char_length(userinfo_url) <= 2048),
  jwks_uri text check (jwks_uri is null or jwks_uri like 'https://%') check (jwks_uri is null or char_length(jwks_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  custom_claims_allowlist text[] not null default '{}',
  check (provider_type <> 'oauth2' or (authorization_url is not null and token_url is not null and userinfo_url is not null)),
  check (provider_type <> 'oidc' or issuer is not null)
);

create table if not exists auth.webauthn_credentials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]',
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);

create table if not exists auth.webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- A database made before this schema: the columns added since, the enums, GoTrue's nullability.
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.sessions
  add column if not exists oauth_client_id uuid references auth.oauth_clients (id) on delete cascade,
  add column if not exists refresh_token_hmac_key text,
  add column if not exists refresh_token_counter bigint,
  add column if not exists scopes text check (char_length(scopes) <= 4096);
alter table auth.mfa_factors
  add column if not exists web_authn_credential jsonb,
  add column if not exists web_authn_aaguid uuid,
  add column if not exists last_webauthn_challenge_data jsonb;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;
alter table auth.flow_state
  add column if not exists invite_token text,
  add column if not exists referrer text,
  add column if not exists oauth_client_state_id uuid,
  add column if not exists linking_target_id uuid,
  add column if not exists email_optional boolean not null default false,
  alter column auth_code drop not null,
  alter column code_challenge_method drop not null,
  alter column code_challenge drop not null;
do $$
begin
  if (select atttypid from pg_attribute where attrelid = 'auth.sessions'::regclass and attname = 'aal') = 'text'::regtype then
    alter table auth.sessions alter column aal type auth.aal_level using aal::auth.aal_level;
  end if;
  if (select atttypid from pg_attribute where attrelid = 'auth.one_time_tokens'::regclass and attname = 'token_type') = 'text'::regtype then
    alter table auth.one_time_tokens alter column token_type type auth.one_time_token_type
      using token_type::auth.one_time_token_type;
  end if;
  if (select atttypid from pg_attribute where attrelid = 'auth.flow_state'::regclass and attname = 'code_challenge_method') = 'text'::regtype then
    alter table auth.flow_state alter column code_challenge_method type auth.code_challenge_method
      using code_challenge_method::auth.code_challenge_method;
  end if;
  if not exists (select 1 from pg_constraint where conname = 'users_email_change_confirm_status_check'
                 and conrelid = 'auth.users'::regclass) then
    alter table auth.users add constraint users_email_change_confirm_status_check
      check (email_change_confirm_status between 0 and 2);
  end if;
end
$$;

-- GoTrue enables row level security on the tables of its older migrations, with no policy: only
-- their owner (GoTrue) and a superuser see rows. Its OAuth, WebAuthn and custom-provider tables
-- (2025 and later) are left without it at v2.196.0; so are they here.
alter table auth.users enable row level security;
alter table auth.instances enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.audit_log_entries enable row level security;
alter table auth.schema_migrations enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.one_time_tokens enable row level security;
alter table auth.sso_providers enable row level security;
alter table auth.sso_domains enable row level security;
alter table auth.saml_providers enable row level security;
alter table auth.saml_relay_states enable row level security;

-- The request helpers GoTrue's migrations define; PostgREST sets request.jwt.claims per request.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

reset role;

-- What `postgres` (migrations, seed, the SQL editor) may do on hosted, after supabase/postgres's
-- 10000000000000_demote-postgres, 20211115181400_update-auth-permissions and
-- 20250421084701_revoke_admin_roles_from_postgres: every privilege on the auth tables, sequences and
-- functions (TRIGGER included: triggers on auth.users work), now and for what GoTrue adds later,
-- but no CREATE in the auth schema, no access to GoTrue's migration table, and not a member of
-- supabase_auth_admin.
do $$
begin
  execute format('grant all on database %I to postgres', current_database());
end
$$;
grant usage, create on schema public to postgres;
grant all on schema extensions to postgres;
grant usage on schema auth to postgres;
revoke create on schema auth from postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
revoke all on auth.schema_migrations from postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres;
revoke supabase_auth_admin from postgres;

-- Hosted default privileges for what `postgres` creates in public: functions are executable by the
-- API roles (so `revoke ... from public` alone leaves them callable by anon and authenticated: revoke
-- from those roles too); tables and sequences are granted to nobody until a migration says so (new
-- projects since 2026-05-30).
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
-- Hosted projects add tables to it from their migrations, as postgres: postgres owns it.
alter publication supabase_realtime owner to postgres;

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- Realtime capture for the local server. Real Supabase reads the WAL; here an AFTER ROW trigger
-- (installed by the server on every table of the supabase_realtime publication) sends the change's
-- keys by NOTIFY after commit, and the server re-reads the row per subscriber under RLS.
-- Trigger arguments: replica identity ('full' or 'default'), then the primary-key columns.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create or replace function realtime.local_capture_changes() returns trigger
language plpgsql
as $$
declare
  keys text[] := case when TG_NARGS > 1 then TG_ARGV[1:TG_NARGS - 1] else array[]::text[] end;
  new_doc jsonb;
  old_doc jsonb;
  new_pk jsonb;
  old_pk jsonb;
  payload text;
  -- Microseconds keep two changes of one row in one transaction distinct: NOTIFY folds identical payloads.
  ts text := to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
begin
  if TG_OP <> 'DELETE' then
    new_doc := to_jsonb(NEW);
    select coalesce(jsonb_object_agg(k, new_doc -> k), '{}'::jsonb) into new_pk from unnest(keys) k;
  end if;
  if TG_OP <> 'INSERT' then
    old_doc := to_jsonb(OLD);
    select coalesce(jsonb_object_agg(k, old_doc -> k), '{}'::jsonb) into old_pk from unnest(keys) k;
  end if;
  payload := json_build_object(
    'schema', TG_TABLE_SCHEMA, 'table', TG_TABLE_NAME, 'type', TG_OP, 'ts', ts,
    'pk', new_pk::text, 'old', (case when TG_ARGV[0] = 'full' then old_doc else old_pk end)::text)::text;
  -- NOTIFY payloads are capped at 8000 bytes: a wide old row falls back to its keys.
  if octet_length(payload) > 7900 then
    payload := json_build_object(
      'schema', TG_TABLE_SCHEMA, 'table', TG_TABLE_NAME, 'type', TG_OP, 'ts', ts,
      'pk', new_pk::text, 'old', old_pk::text)::text;
  end if;
  perform pg_notify('supabase_local_realtime', payload);
  return null;
end
$$;

-- The Supabase CLI creates its migration history as the role it connects with: postgres.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
grant usage on schema realtime to postgres;

-- A local database made before migrations ran as postgres (its superuser was then called postgres
-- and owned everything): what those migrations made passes to postgres, as on hosted, so later
-- migrations may replace it. Nothing matches on a database made since.
do $$
declare
  r record;
begin
  for r in select n.nspname from pg_namespace n
           where pg_get_userbyid(n.nspowner) = 'supabase_admin'
             and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'auth', 'extensions', 'realtime', 'storage',
                                   'graphql_public', 'supabase_migrations', 'public')
             and n.nspname not like 'pg\_%' loop
    execute format('alter schema %I owner to postgres', r.nspname);
  end loop;
  for r in select c.oid::regclass as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where pg_get_userbyid(c.relowner) = 'supabase_admin' and pg_get_userbyid(n.nspowner) in ('postgres', 'pg_database_owner')
             and c.relkind in ('r', 'p', 'v', 'm', 'f')
             and exists (select 1 from supabase_migrations.schema_migrations) loop
    execute format('alter table %s owner to postgres', r.rel);
  end loop;
  for r in select c.oid::regclass as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where pg_get_userbyid(c.relowner) = 'supabase_admin' and pg_get_userbyid(n.nspowner) in ('postgres', 'pg_database_owner')
             and c.relkind = 'S' loop
    execute format('alter sequence %s owner to postgres', r.rel);
  end loop;
  for r in select p.oid::regprocedure as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where pg_get_userbyid(p.proowner) = 'supabase_admin' and pg_get_userbyid(n.nspowner) in ('postgres', 'pg_database_owner') loop
    execute format('alter routine %s owner to postgres', r.fn);
  end loop;
  for r in select t.oid::regtype as typ from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where pg_get_userbyid(t.typowner) = 'supabase_admin' and pg_get_userbyid(n.nspowner) in ('postgres', 'pg_database_owner')
             and t.typtype in ('e', 'd') loop
    execute format('alter type %s owner to postgres', r.typ);
  end loop;
end
$$;
