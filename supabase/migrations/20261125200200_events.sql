-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Events (issue 12 item 6): the company calendar — viewings, meetings, open houses, deadlines —
-- with attendees and their responses, conflict warnings, and a private iCalendar feed per user.
--
--   • events: owned records of module 'events' (company-wide by default: every member of staff
--     sees the calendar; in 'own' mode staff see what they organise or attend). A viewing names
--     the property being viewed (and, once the contacts module lands, the contact).
--   • event_attendees: staff (user_id) — contacts join after the contacts table exists — with a
--     response (pending, accepted, tentative, declined). Who may edit the event invites and
--     removes; a staff attendee answers for themselves (nobody else answers for them); a
--     contact's answer is recorded by whoever may edit the event. An invited colleague is
--     notified (kind 'event_invited', in-app).
--   • public.event_conflicts(): the scheduled, not-declined commitments of the given attendees
--     that overlap a time (half-open: back-to-back is fine — core/events/event-schema.ts
--     findConflicts is the same rule). Shown as a warning; nothing is refused for it.
--   • calendar_feeds: one revocable feed per user. The token is shown once, when created; only
--     its SHA-256 is stored (token_hash: never readable through the API, never in the audit log).
--     The edge worker (secret key) hashes the token of a request and asks
--     public.calendar_feed_events() for that user's events.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  description text check (char_length(description) <= 5000),
  kind text not null default 'meeting' check (kind in ('viewing', 'meeting', 'open_house', 'deadline', 'other')),
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  all_day boolean not null default false,
  location text check (char_length(location) <= 300),
  property_id uuid references public.properties (id) on delete set null,
  owner_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint events_ends_after_start check (ends_at > starts_at),
  constraint events_not_too_long check (ends_at - starts_at <= interval '31 days')
);
comment on table public.events is
  'The company calendar: viewings, meetings, open houses, deadlines. Owned records of module events (company-wide by default). Instants in UTC; all-day events span whole Africa/Accra days.';
comment on column public.events.property_id is 'The listing a viewing or open house is about (a viewing must name one).';
create index events_starts_idx on public.events (starts_at);
create index events_ends_idx on public.events (ends_at);
create index events_owner_idx on public.events (owner_id);
create index events_property_idx on public.events (property_id);
create trigger events_set_updated_at before update on public.events
  for each row execute function private.set_updated_at();
select private.enable_audit('public.events');

-- A viewing names the property being viewed (not a check constraint: a listing that is deleted
-- later leaves its past viewings behind, property_id null).
create or replace function private.guard_event() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.kind = 'viewing' and new.property_id is null
     and (tg_op = 'INSERT' or new.kind is distinct from old.kind or new.property_id is distinct from old.property_id) then
    raise exception 'A viewing needs the property being viewed.' using errcode = 'P0001';
  end if;
  return new;
end $$;
create trigger events_guard before insert or update on public.events
  for each row execute function private.guard_event();

create table public.event_attendees (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  response text not null default 'pending' check (response in ('pending', 'accepted', 'tentative', 'declined')),
  responded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint event_attendees_one_person check (user_id is not null),
  constraint event_attendees_user_once unique (event_id, user_id)
);
comment on table public.event_attendees is 'Who attends an event and their answer. Staff answer for themselves; contacts'' answers are recorded by the event''s editors.';
create index event_attendees_user_idx on public.event_attendees (user_id);
create trigger event_attendees_set_updated_at before update on public.event_attendees
  for each row execute function private.set_updated_at();
select private.enable_audit('public.event_attendees');

-- ── Access helpers (security definer: no policy recursion between the two tables) ───────────
create or replace function private.is_event_attendee(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.event_attendees a where a.event_id = eid and a.user_id = (select auth.uid()))
$$;

-- May the caller change the event (and its attendee list)? The module's access scope on its owner.
create or replace function private.can_edit_event(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.events e where e.id = eid and private.can_access_owned('events', e.owner_id, null))
$$;

-- May the caller see the event? (What the select policy says, for definer functions.)
create or replace function private.can_read_event(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.can_edit_event(eid) or (private.is_staff_or_admin() and private.is_event_attendee(eid))
$$;

alter table public.events enable row level security;
create policy "Staff read events per access, and events they attend" on public.events
  for select to authenticated using (
    (select private.access_scope('events')) = 'all'
    or ((select private.access_scope('events')) = 'own' and (owner_id = (select auth.uid()) or private.is_event_attendee(id)))
  );
create policy "Staff create events they own" on public.events
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
create policy "Staff edit events per access" on public.events
  for update to authenticated
  using (
    (select private.access_scope('events')) = 'all'
    or ((select private.access_scope('events')) = 'own' and owner_id = (select auth.uid()))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins and organisers delete events" on public.events
  for delete to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
revoke all on public.events from anon;

alter table public.event_attendees enable row level security;
create policy "Staff read attendees of events they may see" on public.event_attendees
  for select to authenticated using (exists (select 1 from public.events e where e.id = event_id));
create policy "Editors invite attendees" on public.event_attendees
  for insert to authenticated with check ((select private.is_staff_or_admin()) and private.can_edit_event(event_id));
create policy "Attendees answer, editors record contacts' answers" on public.event_attendees
  for update to authenticated
  using ((select private.is_staff_or_admin()) and (user_id = (select auth.uid()) or private.can_edit_event(event_id)))
  with check ((select private.is_staff_or_admin()));
create policy "Editors remove attendees" on public.event_attendees
  for delete to authenticated using ((select private.is_staff_or_admin()) and private.can_edit_event(event_id));
revoke all on public.event_attendees from anon;
revoke update on public.event_attendees from authenticated;
grant update (response) on public.event_attendees to authenticated;

-- A staff attendee's answer is theirs: nobody else (not the organiser, not an admin) gives it.
create or replace function private.guard_event_attendee() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    if new.event_id is distinct from old.event_id or new.user_id is distinct from old.user_id then
      raise exception 'An invitation cannot move to another event or person' using errcode = '42501';
    end if;
    if new.response is distinct from old.response then
      if new.user_id is not null and coalesce(auth.role(), '') in ('anon', 'authenticated') and new.user_id <> (select auth.uid()) then
        raise exception 'Only % can answer for themselves.', coalesce(
          (select nullif(btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') from public.profiles p where p.user_id = new.user_id),
          'the colleague') using errcode = '42501';
      end if;
      new.responded_at := case when new.response = 'pending' then null else now() end;
    end if;
  elsif new.response <> 'pending' then
    new.responded_at := coalesce(new.responded_at, now());
  end if;
  return new;
end $$;
create trigger event_attendees_guard before insert or update on public.event_attendees
  for each row execute function private.guard_event_attendee();

-- An invited colleague hears of it (not when they add themselves).
create or replace function private.notify_event_invitee() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ev public.events;
begin
  if new.user_id is null or new.user_id = (select auth.uid()) then return null; end if;
  select * into ev from public.events e where e.id = new.event_id;
  perform private.notify(
    new.user_id, 'event_invited', left('Invitation: ' || ev.title, 200),
    to_char(ev.starts_at at time zone 'Africa/Accra', 'Dy DD Mon YYYY, HH24:MI') || coalesce(' · ' || ev.location, ''),
    '/events?id=' || ev.id, 'events', ev.id);
  return null;
end $$;
create trigger event_attendees_notify after insert on public.event_attendees
  for each row execute function private.notify_event_invitee();

-- ── Saving an event with its attendees, all or nothing ──────────────────────────────────────
-- Security invoker: the caller's RLS applies to every row written. `expected_updated_at` makes
-- an edit conditional on the version the form loaded (40001 "stale" when someone saved since;
-- P0002 when the event is gone or not the caller's to edit). Team attendees are synced to
-- attendee_user_ids (new ones invited and notified, removed ones dropped, answers kept).
create or replace function public.save_event(
  event_id uuid, fields jsonb, attendee_user_ids uuid[] default '{}', expected_updated_at timestamptz default null
) returns public.events
language plpgsql volatile security invoker set search_path = '' as $$
declare
  saved public.events;
  f public.events := jsonb_populate_record(null::public.events, fields);
begin
  if not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to edit the calendar' using errcode = '42501';
  end if;
  if cardinality(attendee_user_ids) > 50 then
    raise exception 'At most 50 attendees.' using errcode = 'P0001';
  end if;
  if save_event.event_id is null then
    insert into public.events (title, description, kind, starts_at, ends_at, all_day, location, property_id)
    values (f.title, f.description, coalesce(f.kind, 'meeting'), f.starts_at, f.ends_at, coalesce(f.all_day, false), f.location, f.property_id)
    returning * into saved;
  else
    update public.events e
       set title = f.title, description = f.description, kind = coalesce(f.kind, e.kind), starts_at = f.starts_at, ends_at = f.ends_at,
           all_day = coalesce(f.all_day, e.all_day), location = f.location, property_id = f.property_id
     where e.id = save_event.event_id and (expected_updated_at is null or e.updated_at = expected_updated_at)
    returning * into saved;
    if saved.id is null then
      if exists (select 1 from public.events e where e.id = save_event.event_id and private.can_edit_event(e.id)) then
        raise exception 'stale: the event was saved by someone else' using errcode = '40001';
      end if;
      raise exception 'The event was not found, or you may not edit it.' using errcode = 'P0002';
    end if;
    delete from public.event_attendees a
     where a.event_id = saved.id and a.user_id is not null and not (a.user_id = any (attendee_user_ids));
  end if;
  insert into public.event_attendees (event_id, user_id)
  select saved.id, u from unnest(attendee_user_ids) as u
  on conflict on constraint event_attendees_user_once do nothing;
  return saved;
end $$;
comment on function public.save_event(uuid, jsonb, uuid[], timestamptz) is
  'Creates (event_id null) or updates an event and syncs its team attendees in one transaction, under the caller''s RLS.';
revoke all on function public.save_event(uuid, jsonb, uuid[], timestamptz) from public, anon;
grant execute on function public.save_event(uuid, jsonb, uuid[], timestamptz) to authenticated;

-- ── Conflicts ────────────────────────────────────────────────────────────────────────────────
-- Security definer so a clash with an event the caller may not open still warns (free/busy):
-- its title then reads "Busy".
create or replace function public.event_conflicts(
  window_start timestamptz, window_end timestamptz, attendee_user_ids uuid[], exclude_event uuid default null
) returns table (user_id uuid, event_id uuid, title text, starts_at timestamptz, ends_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  if not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to check the calendar' using errcode = '42501';
  end if;
  return query
    select a.user_id, e.id,
           case when private.can_read_event(e.id) then e.title else 'Busy' end,
           e.starts_at, e.ends_at
      from public.event_attendees a
      join public.events e on e.id = a.event_id
     where a.user_id = any (attendee_user_ids)
       and a.response <> 'declined'
       and e.status = 'scheduled'
       and e.id is distinct from exclude_event
       and e.starts_at < window_end
       and e.ends_at > window_start
     order by e.starts_at
     limit 100;
end $$;
comment on function public.event_conflicts(timestamptz, timestamptz, uuid[], uuid) is
  'Scheduled, not-declined events of these attendees overlapping [window_start, window_end) (half-open), except exclude_event. A warning, never a refusal.';
revoke all on function public.event_conflicts(timestamptz, timestamptz, uuid[], uuid) from public, anon;
grant execute on function public.event_conflicts(timestamptz, timestamptz, uuid[], uuid) to authenticated;

-- ── Calendar feeds ───────────────────────────────────────────────────────────────────────────
create table public.calendar_feeds (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  last_fetched_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.calendar_feeds is
  'A user''s private iCalendar feed: the SHA-256 (hex) of its secret token. Created and revoked only through create_calendar_feed / revoke_calendar_feed; the hash is never readable through the API.';
comment on column public.calendar_feeds.token_hash is 'SHA-256 of the feed token (hex). Secret: excluded from reads and from the audit log.';
create trigger calendar_feeds_set_updated_at before update on public.calendar_feeds
  for each row execute function private.set_updated_at();
select private.enable_audit('public.calendar_feeds', 'user_id', array['token_hash']);

alter table public.calendar_feeds enable row level security;
create policy "Users see whether they have a feed" on public.calendar_feeds
  for select to authenticated using (user_id = (select auth.uid()) and (select private.is_staff_or_admin()));
revoke all on public.calendar_feeds from anon, authenticated;
grant select (user_id, last_fetched_at, created_at, updated_at) on public.calendar_feeds to authenticated;

-- A new feed token for the caller (the old one stops working): returned once, stored hashed.
create or replace function public.create_calendar_feed() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  token text;
begin
  if not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to have a calendar feed' using errcode = '42501';
  end if;
  -- 32 random bytes, base64url without padding: 43 characters, 256 bits.
  token := rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/', '-_'), '=');
  insert into public.calendar_feeds (user_id, token_hash)
  values ((select auth.uid()), encode(sha256(convert_to(token, 'UTF8')), 'hex'))
  on conflict (user_id) do update set token_hash = excluded.token_hash, last_fetched_at = null, created_at = now();
  return token;
end $$;
comment on function public.create_calendar_feed() is 'Creates (or replaces) the caller''s feed token and returns it once; only its hash is kept.';
revoke all on function public.create_calendar_feed() from public, anon;
grant execute on function public.create_calendar_feed() to authenticated;

create or replace function public.revoke_calendar_feed() returns boolean
language sql volatile security definer set search_path = '' as $$
  with gone as (delete from public.calendar_feeds where user_id = (select auth.uid()) returning 1)
  select exists (select 1 from gone)
$$;
comment on function public.revoke_calendar_feed() is 'Deletes the caller''s feed: its URL answers 404 from then on.';
revoke all on function public.revoke_calendar_feed() from public, anon;
grant execute on function public.revoke_calendar_feed() to authenticated;

-- For the edge worker (secret key only): the feed's owner and their events — organised or
-- attended (not declined), from 60 days back to 400 days ahead — with attendees; null when no
-- feed has this hash (revoked, or never was), or its owner no longer has a back-office role.
create or replace function public.calendar_feed_events(feed_token_hash text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner uuid;
  result jsonb;
begin
  select f.user_id into owner from public.calendar_feeds f where f.token_hash = lower(feed_token_hash);
  if owner is null or not private.is_back_office_user(owner) then return null; end if;
  -- Calendar apps poll: note the fetch at most every 10 minutes rather than write on each.
  update public.calendar_feeds set last_fetched_at = now()
   where user_id = owner and (last_fetched_at is null or last_fetched_at < now() - interval '10 minutes');
  select jsonb_build_object(
    'owner', jsonb_build_object('id', owner, 'name', private.person_name(owner), 'email', (select u.email from auth.users u where u.id = owner)),
    'events', coalesce(jsonb_agg(private.event_json(e.id) order by e.starts_at), '[]'::jsonb))
    into result
    from public.events e
   where e.starts_at < now() + interval '400 days'
     and e.ends_at > now() - interval '60 days'
     and (e.owner_id = owner
          or exists (select 1 from public.event_attendees a where a.event_id = e.id and a.user_id = owner and a.response <> 'declined'));
  return result;
end $$;
comment on function public.calendar_feed_events(text) is 'Edge worker only: the events of the feed whose token hashes to feed_token_hash, or null.';
revoke all on function public.calendar_feed_events(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_events(text) to service_role;

create or replace function private.person_name(uid uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select nullif(btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') from public.profiles p where p.user_id = uid),
    (select u.email from auth.users u where u.id = uid),
    'Former colleague')
$$;

-- One event as the feed carries it (the shape of core/events/icalendar.ts IcsEvent's sources).
create or replace function private.event_json(eid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', e.id, 'title', e.title, 'description', e.description, 'location', e.location, 'kind', e.kind,
    'status', e.status, 'starts_at', e.starts_at, 'ends_at', e.ends_at, 'all_day', e.all_day,
    'created_at', e.created_at, 'updated_at', e.updated_at,
    'organizer', case when e.owner_id is null then null else jsonb_build_object(
      'id', e.owner_id, 'name', private.person_name(e.owner_id), 'email', (select u.email from auth.users u where u.id = e.owner_id)) end,
    'attendees', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', a.user_id, 'name', private.person_name(a.user_id),
               'email', (select u.email from auth.users u where u.id = a.user_id), 'response', a.response) order by a.created_at)
        from public.event_attendees a where a.event_id = e.id and a.user_id is not null), '[]'::jsonb))
  from public.events e where e.id = eid
$$;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
