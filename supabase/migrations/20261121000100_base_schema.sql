-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Base schema: profiles and roles, user settings, team chat (admin-only), avatars bucket.
-- RLS is enabled on every table; policies are written per actor. Role checks live in one place:
-- the security-definer helpers in schema `private`, which the REST API does not expose.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create schema if not exists private;
comment on schema private is 'Helpers for RLS policies and triggers; not exposed through the REST API.';
grant usage on schema private to anon, authenticated, service_role;

-- ── Shared trigger: keep updated_at current ──────────────────────────────────────────────────
create or replace function private.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;

-- ── profiles ─────────────────────────────────────────────────────────────────────────────────
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role text check (role is null or role ~ '^[a-z_]{2,32}$'),
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  avatar_url text check (char_length(avatar_url) <= 2048),
  email text,
  phone text check (char_length(phone) <= 32),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per signed-up user. role: admin | staff give back-office access; null or anything else gives none.';
comment on column public.profiles.role is 'admin, staff, or null (no back-office role). Only admins (or the secret key) may change it.';
create index profiles_role_idx on public.profiles (role);
create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();

-- ── Role and assurance helpers (the one place role rules live) ───────────────────────────────
create or replace function private.aal_ok() returns boolean
language sql stable security definer set search_path = '' as $$
  -- Per Supabase's MFA guide: a user with a verified factor must be at aal2.
  select coalesce((select auth.jwt() ->> 'aal') = 'aal2', false)
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
$$;
comment on function private.aal_ok() is 'True when the session meets the assurance level its user needs (aal2 once a factor is verified).';

create or replace function private.role_of_current_user() returns text
language sql stable security definer set search_path = '' as $$
  select p.role from public.profiles p where p.user_id = (select auth.uid())
$$;

create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.role_of_current_user() = 'admin', false) and private.aal_ok()
$$;
comment on function private.is_admin() is 'Signed-in admin at the assurance level their factors require.';

create or replace function private.is_staff_or_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.role_of_current_user() in ('admin', 'staff'), false) and private.aal_ok()
$$;
comment on function private.is_staff_or_admin() is 'Signed-in staff or admin at the assurance level their factors require.';

create or replace function private.can_use_team_chat() returns boolean
language sql stable security definer set search_path = '' as $$
  -- Team chat is admin-only (spec §2: /admin/team is an admin-only route).
  select private.is_admin()
$$;
comment on function private.can_use_team_chat() is 'The single rule for who may read and write team chat.';

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;

-- A profile for every new user; names from the sign-up metadata.
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (user_id, email, first_name, last_name)
  values (
    new.id,
    new.email,
    nullif(new.raw_user_meta_data ->> 'first_name', ''),
    nullif(new.raw_user_meta_data ->> 'last_name', '')
  )
  on conflict (user_id) do nothing;
  return new;
end $$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- Only admins (at aal2 where required) or the secret key may change a role.
create or replace function private.guard_profile_role() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Requests through the API carry claims; the secret key and direct SQL (migrations, seeds) do not
  -- need the admin check. current_user is the definer here, so the claims decide.
  if new.role is distinct from old.role
     and coalesce(auth.role(), '') in ('anon', 'authenticated')
     and not private.is_admin() then
    raise exception 'only an admin may change a role' using errcode = '42501';
  end if;
  if new.user_id is distinct from old.user_id then
    raise exception 'user_id cannot change' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger profiles_guard_role before update on public.profiles
  for each row execute function private.guard_profile_role();

alter table public.profiles enable row level security;

create policy "Users read their own profile" on public.profiles
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Staff and admins read all profiles" on public.profiles
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Users update their own profile" on public.profiles
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Admins update any profile" on public.profiles
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins delete profiles" on public.profiles
  for delete to authenticated using ((select private.is_admin()));
-- Other people's profiles need the session's required assurance level; one's own never does,
-- so the role lookup right after a password sign-in still works.
create policy "Others' profiles need the required AAL" on public.profiles
  as restrictive for all to authenticated
  using (user_id = (select auth.uid()) or (select private.aal_ok()));

-- ── user_settings ────────────────────────────────────────────────────────────────────────────
create table public.user_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  email_deals boolean not null default true,
  email_clients boolean not null default true,
  email_marketing boolean not null default false,
  push_deals boolean not null default true,
  push_clients boolean not null default true,
  push_marketing boolean not null default false,
  push_team_messages boolean not null default true,
  sms_reminders boolean not null default true,
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  date_format text not null default 'dd/mm/yyyy' check (date_format in ('dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd')),
  time_format text not null default '24h' check (time_format in ('24h', '12h')),
  language text not null default 'en' check (language in ('en', 'fr', 'tw', 'ee', 'ga')),
  timezone text not null default 'Africa/Accra' check (char_length(timezone) between 3 and 64),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.user_settings is 'Per-user notification and format preferences (spec §3); defaults created on first load.';
create trigger user_settings_set_updated_at before update on public.user_settings
  for each row execute function private.set_updated_at();
alter table public.user_settings enable row level security;

create policy "Users read their own settings" on public.user_settings
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users create their own settings" on public.user_settings
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users update their own settings" on public.user_settings
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Users delete their own settings" on public.user_settings
  for delete to authenticated using (user_id = (select auth.uid()));
create policy "Settings need the required AAL" on public.user_settings
  as restrictive for all to authenticated using ((select private.aal_ok())) with check ((select private.aal_ok()));

-- ── Team chat ────────────────────────────────────────────────────────────────────────────────
create table public.team_channels (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  name text not null check (char_length(name) between 1 and 60),
  description text check (char_length(description) <= 280),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.team_channels is 'Team chat channels; general always exists.';
create trigger team_channels_set_updated_at before update on public.team_channels
  for each row execute function private.set_updated_at();
insert into public.team_channels (id, name, description, created_by)
values ('general', 'General', 'Company-wide conversation', null);

create table public.team_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  message text not null check (char_length(btrim(message)) between 1 and 4000),
  channel_id text not null default 'general' references public.team_channels (id) on delete cascade,
  reply_to_id uuid references public.team_messages (id) on delete set null,
  is_edited boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.team_messages is 'Admins'' team chat messages (spec §3). Written through the realtime hub with the sender''s token.';
create index team_messages_channel_created_idx on public.team_messages (channel_id, created_at);
create index team_messages_user_idx on public.team_messages (user_id);
create trigger team_messages_set_updated_at before update on public.team_messages
  for each row execute function private.set_updated_at();

create table public.team_message_reads (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  channel_id text not null references public.team_channels (id) on delete cascade,
  last_read_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, channel_id)
);
comment on table public.team_message_reads is 'Per-user read mark per channel: messages after last_read_at are unread.';
create trigger team_message_reads_set_updated_at before update on public.team_message_reads
  for each row execute function private.set_updated_at();

alter table public.team_channels enable row level security;
alter table public.team_messages enable row level security;
alter table public.team_message_reads enable row level security;

create policy "Chat users read channels" on public.team_channels
  for select to authenticated using ((select private.can_use_team_chat()));
create policy "Chat users create channels" on public.team_channels
  for insert to authenticated with check ((select private.can_use_team_chat()) and created_by = (select auth.uid()));
create policy "Chat users rename channels" on public.team_channels
  for update to authenticated using ((select private.can_use_team_chat())) with check ((select private.can_use_team_chat()));
create policy "Chat users delete channels other than general" on public.team_channels
  for delete to authenticated using ((select private.can_use_team_chat()) and id <> 'general');

create policy "Chat users read messages" on public.team_messages
  for select to authenticated using ((select private.can_use_team_chat()));
create policy "Chat users post as themselves" on public.team_messages
  for insert to authenticated with check ((select private.can_use_team_chat()) and user_id = (select auth.uid()));
create policy "Authors edit their own messages" on public.team_messages
  for update to authenticated
  using ((select private.can_use_team_chat()) and user_id = (select auth.uid()))
  with check ((select private.can_use_team_chat()) and user_id = (select auth.uid()));
create policy "Authors delete their own messages" on public.team_messages
  for delete to authenticated using ((select private.can_use_team_chat()) and user_id = (select auth.uid()));
-- Only the text and the edit flag change after posting.
revoke update on public.team_messages from anon, authenticated;
grant update (message, is_edited, updated_at) on public.team_messages to authenticated;

create policy "Chat users read their own read marks" on public.team_message_reads
  for select to authenticated using ((select private.can_use_team_chat()) and user_id = (select auth.uid()));
create policy "Chat users write their own read marks" on public.team_message_reads
  for insert to authenticated with check ((select private.can_use_team_chat()) and user_id = (select auth.uid()));
create policy "Chat users move their own read marks" on public.team_message_reads
  for update to authenticated
  using ((select private.can_use_team_chat()) and user_id = (select auth.uid()))
  with check ((select private.can_use_team_chat()) and user_id = (select auth.uid()));
create policy "Chat users clear their own read marks" on public.team_message_reads
  for delete to authenticated using ((select private.can_use_team_chat()) and user_id = (select auth.uid()));

-- Restrictive AAL guard on every chat table (the helpers check it too; this keeps it explicit).
create policy "Channels need the required AAL" on public.team_channels
  as restrictive for all to authenticated using ((select private.aal_ok())) with check ((select private.aal_ok()));
create policy "Messages need the required AAL" on public.team_messages
  as restrictive for all to authenticated using ((select private.aal_ok())) with check ((select private.aal_ok()));
create policy "Read marks need the required AAL" on public.team_message_reads
  as restrictive for all to authenticated using ((select private.aal_ok())) with check ((select private.aal_ok()));

-- Marks every message in a channel as read for the caller (spec §7). Runs as the caller: RLS applies.
create or replace function public.mark_team_messages_as_read(channel_id_param text) returns void
language plpgsql security invoker set search_path = '' as $$
begin
  if not private.can_use_team_chat() then
    raise exception 'team chat is admin-only' using errcode = '42501';
  end if;
  insert into public.team_message_reads (user_id, channel_id, last_read_at)
  values ((select auth.uid()), channel_id_param, now())
  on conflict (user_id, channel_id) do update set last_read_at = excluded.last_read_at;
end $$;
comment on function public.mark_team_messages_as_read(text) is 'Moves the caller''s read mark in a channel to now.';

-- Unread counts per channel for the caller (others' messages after the read mark).
create or replace function public.team_unread_counts() returns table (channel_id text, unread bigint)
language sql stable security invoker set search_path = '' as $$
  select c.id, count(m.id)
  from public.team_channels c
  left join public.team_message_reads r on r.channel_id = c.id and r.user_id = (select auth.uid())
  left join public.team_messages m on m.channel_id = c.id
    and m.user_id <> (select auth.uid())
    and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
  group by c.id
$$;
comment on function public.team_unread_counts() is 'Unread messages per channel for the caller.';

revoke execute on function public.mark_team_messages_as_read(text) from anon;
revoke execute on function public.team_unread_counts() from anon;

-- ── avatars bucket ───────────────────────────────────────────────────────────────────────────
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do nothing;

create policy "Avatars are readable by everyone" on storage.objects
  for select to anon, authenticated using (bucket_id = 'avatars');
create policy "Users upload avatars into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users replace avatars in their own folder" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users delete avatars in their own folder" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
