-- What hosted Supabase provides to SQL before any project migration runs, so that migrations
-- written for Supabase apply here unchanged: API roles, the auth and storage schemas with the
-- helper functions policies use, and the default grants Supabase sets on `public`.
-- Column sets follow GoTrue's and the Storage API's own migrations (the subset the product uses).

-- ── Roles ────────────────────────────────────────────────────────────────────────────────────
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin nologin noinherit createrole; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator nologin noinherit; end if;
end $$;
grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- ── public: Supabase's default privileges (RLS decides what each role sees) ──────────────────
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

-- ── auth ─────────────────────────────────────────────────────────────────────────────────────
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where is_sso_user = false and email is not null;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  factor_id uuid,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2', 'aal3')),
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text,
  tag text
);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null check (status in ('unverified', 'verified')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  phone text,
  last_challenged_at timestamptz unique
);

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet not null default '127.0.0.1',
  otp_code text
);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  unique (session_id, authentication_method)
);

-- The same helpers Supabase ships: read the request's JWT claims set per transaction. A setting
-- set locally reads '' (not null) on that connection after its transaction: hence the nullifs.
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
grant select on auth.users to service_role;

-- ── storage ──────────────────────────────────────────────────────────────────────────────────
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD'
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  unique (bucket_id, name)
);
create index if not exists objects_bucket_name_prefix on storage.objects (bucket_id, name text_pattern_ops);
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end $$;
create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end $$;
create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;

-- Storage API sets `storage.operation` per request (e.g. 'storage.object.list'), so policies can
-- allow reading an object without allowing to list the bucket (tenant migrations 0024 and 0058).
create or replace function storage.operation() returns text language sql stable as $$
  select current_setting('storage.operation', true)
$$;
create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean language sql stable as $$
  select coalesce(regexp_replace(storage.operation(), '^storage\.', '') = any (
    select regexp_replace(e, '^storage\.', '') from unnest(expected_operations) e where coalesce(e, '') <> ''
  ), false)
$$;
create or replace function storage.allow_only_operation(expected_operation text) returns boolean language sql stable as $$
  select storage.allow_any_operation(array[expected_operation])
$$;

grant all on storage.objects to anon, authenticated, service_role;
grant all on storage.buckets to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;
grant execute on function storage.operation(), storage.allow_any_operation(text[]), storage.allow_only_operation(text) to anon, authenticated, service_role;

-- ── emulator bookkeeping (not part of Supabase) ──────────────────────────────────────────────
create schema if not exists _emulator;
create table if not exists _emulator.migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);
create table if not exists _emulator.outbox (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  to_address text not null,
  subject text not null,
  html text not null,
  text_body text,
  kind text not null default 'auth'
);
-- Mails sent through POST /_outbox/api/send (the edge worker's outbox provider) keep their sender,
-- extra headers (List-Unsubscribe …) and idempotency key: a key seen before stores nothing new.
alter table _emulator.outbox add column if not exists from_address text;
alter table _emulator.outbox add column if not exists headers jsonb not null default '{}'::jsonb;
alter table _emulator.outbox add column if not exists idempotency_key text;
create unique index if not exists outbox_idempotency_key_idx on _emulator.outbox (idempotency_key);
-- Files sent with a mail ([{filename, content_type, content (base64)}]), e.g. an appointment's .ics.
alter table _emulator.outbox add column if not exists attachments jsonb not null default '[]'::jsonb;

-- The newest TOTP time step accepted per factor: a code is never accepted twice (RFC 6238 §5.2).
create table if not exists _emulator.totp_steps (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  last_step bigint not null
);

-- Attached files (invoice and receipt PDFs): [{filename, content_type, content (base64)}], kept so
-- tests and people can open what the client received.
alter table _emulator.outbox add column if not exists attachments jsonb not null default '[]'::jsonb;

-- The Paystack sandbox (emulator/src/paystack/): transactions initialised by the edge worker with
-- the sandbox's secret key, completed on its checkout page, verified like Paystack's API.
create table if not exists _emulator.paystack_transactions (
  id bigserial primary key,
  reference text not null unique,
  access_code text not null unique,
  email text not null,
  amount bigint not null,
  currency text not null,
  callback_url text,
  channels jsonb not null default '[]'::jsonb,
  metadata jsonb,
  status text not null default 'ongoing',
  channel text,
  bank text,
  mobile_number text,
  gateway_response text,
  paid_at timestamptz,
  webhook_body text,
  webhook_status text,
  created_at timestamptz not null default now()
);
