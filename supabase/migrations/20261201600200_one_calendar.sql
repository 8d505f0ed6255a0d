-- ════════════════════════════════════════════════════════════════════════════════════════════
-- One calendar, and one viewing per listing at a time.
--
--   • public.calendar_entries(from, to, agent): the events, viewings and consultations of a
--     period in one list, each as the caller's RLS shows it (security invoker), with the listing's
--     title (never its slug) — what the Events calendar and Booking Management both draw, so an
--     appointment cannot show at one time on one screen and another time on the other.
--   • A listing cannot take two viewings at the same time, even when two hosts are free, unless
--     the viewing's event type allows group viewings (booking_event_types.group_viewings): the
--     appointment trigger checks it under a per-listing lock (concurrent bookings for a listing
--     wait for each other, then see each other), and the free times offered for a listing leave
--     out the times it is taken.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.booking_event_types add column group_viewings boolean not null default false;
comment on column public.booking_event_types.group_viewings is
  'Viewings of this type may share a listing''s time (an open viewing for several parties); otherwise one viewing per listing at a time.';

-- Do two viewings of one listing overlapping in time clash? Only when both types allow groups they do not.
create or replace function private.viewing_allows_group(event_type uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select t.group_viewings from public.booking_event_types t where t.id = event_type), false)
$$;
comment on function private.viewing_allows_group(uuid) is 'Whether viewings of the event type may share a listing''s time.';
revoke all on function private.viewing_allows_group(uuid) from public;

create or replace function private.schedule_appointment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  other text := case tg_table_name when 'consultations' then 'bookings' else 'consultations' end;
  clash boolean;
  listing_id uuid;
begin
  new.ends_at := new.starts_at + make_interval(mins => new.duration_minutes);
  new.blocked_from := new.starts_at - make_interval(mins => new.buffer_before_minutes);
  new.blocked_until := new.ends_at + make_interval(mins => new.buffer_after_minutes);
  new.preferred_date := (new.starts_at at time zone 'Africa/Accra')::date;
  new.time_slot := to_char(new.starts_at at time zone 'Africa/Accra', 'HH24:MI');
  if tg_op = 'UPDATE' then
    if new.starts_at is distinct from old.starts_at or new.status is distinct from old.status then new.ics_sequence := old.ics_sequence + 1; end if;
  end if;
  if new.status = 'confirmed' and (tg_op = 'INSERT' or old.status is distinct from 'confirmed') then new.confirmed_at := now(); end if;
  if new.status in ('requested', 'confirmed') and new.assignee_id is not null
     and (tg_op = 'INSERT' or new.blocked_from is distinct from old.blocked_from or new.blocked_until is distinct from old.blocked_until
          or new.assignee_id is distinct from old.assignee_id or old.status not in ('requested', 'confirmed')) then
    -- One booking per host at a time: concurrent writers for this host wait here, then see each other.
    perform pg_advisory_xact_lock(hashtextextended('appointment-host:' || new.assignee_id::text, 0));
    execute format(
      'select exists (select 1 from public.%I a where a.assignee_id = $1 and a.status in (''requested'', ''confirmed'') and a.id <> $2
                        and a.blocked_from < $4 and a.blocked_until > $3)
           or exists (select 1 from public.%I b where b.assignee_id = $1 and b.status in (''requested'', ''confirmed'')
                        and b.blocked_from < $4 and b.blocked_until > $3)', tg_table_name, other)
      into clash using new.assignee_id, new.id, new.blocked_from, new.blocked_until;
    if clash then
      raise exception 'That time was just booked: % is not free then.', coalesce(private.member_name(new.assignee_id), 'the host')
        using errcode = '23P01';
    end if;
  end if;
  if tg_table_name = 'bookings' then
    listing_id := (to_jsonb(new) ->> 'property_id')::uuid;
    if listing_id is not null and new.status in ('requested', 'confirmed')
       and (tg_op = 'INSERT' or new.starts_at is distinct from old.starts_at or new.ends_at is distinct from old.ends_at
            or listing_id is distinct from (to_jsonb(old) ->> 'property_id')::uuid or old.status not in ('requested', 'confirmed')
            or new.event_type_id is distinct from old.event_type_id) then
      -- Taken after the host's lock (always in this order): one viewing of a listing at a time.
      perform pg_advisory_xact_lock(hashtextextended('appointment-listing:' || listing_id::text, 0));
      if exists (
        select 1 from public.bookings b
         where b.property_id = listing_id and b.id <> new.id and b.status in ('requested', 'confirmed')
           and b.starts_at < new.ends_at and b.ends_at > new.starts_at
           and not (private.viewing_allows_group(new.event_type_id) and private.viewing_allows_group(b.event_type_id))
      ) then
        raise exception 'That listing already has a viewing at that time.' using errcode = '23P01';
      end if;
    end if;
  end if;
  return new;
end $$;
comment on function private.schedule_appointment() is
  'Appointments: end and blocked time from duration and buffers; refuses an active appointment overlapping another of the same host, or a viewing overlapping another of the same listing unless both types allow group viewings (23P01), under per-host and per-listing locks.';

create index bookings_listing_time_idx on public.bookings (property_id, starts_at)
  where status in ('requested', 'confirmed') and property_id is not null;

-- The free times offered for a listing leave out the times it already has a viewing.
create or replace function private.available_slots(kind text, service text default null, property uuid default null,
                                                   from_date date default null, days integer default 14)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  et public.booking_event_types := private.event_type_for(kind, service);
begin
  if et.id is null then return; end if;
  return query
    select f.starts_at, f.ends_at
      from private.free_slots(et.id, coalesce(from_date, (now() at time zone 'Africa/Accra')::date), least(greatest(days, 1), 31),
                              case when kind = 'viewing' and property is not null then private.viewing_host_for(et.id, property) end) f
     where kind <> 'viewing' or property is null
        or not exists (
          select 1 from public.bookings b
           where b.property_id = property and b.status in ('requested', 'confirmed')
             and b.starts_at < f.ends_at and b.ends_at > f.starts_at
             and not (et.group_viewings and private.viewing_allows_group(b.event_type_id)));
end $$;
comment on function private.available_slots(text, text, uuid, date, integer) is
  'Free times (Accra) a visitor may book: consultation per service or a viewing (of a listing, leaving out the times it is taken), up to 31 days from from_date.';

-- ── The one calendar ────────────────────────────────────────────────────────────────────────
create or replace function public.calendar_entries(from_at timestamptz, to_at timestamptz, agent uuid default null)
returns table (
  source text, id uuid, kind text, title text, starts_at timestamptz, ends_at timestamptz, all_day boolean,
  status text, agent_id uuid, listing_id uuid, listing_title text, person text, location text
)
language sql stable security invoker set search_path = '' as $$
  select 'events'::text, e.id, e.kind, e.title, e.starts_at, e.ends_at, e.all_day, e.status, e.owner_id,
         e.property_id, p.title, null::text, e.location
    from public.events e
    left join public.properties p on p.id = e.property_id
   where e.starts_at < to_at and e.ends_at > from_at
     and (agent is null or e.owner_id = agent
          or exists (select 1 from public.event_attendees a where a.event_id = e.id and a.user_id = agent and a.response <> 'declined'))
  union all
  select 'bookings'::text, b.id, 'viewing'::text, coalesce(p.title, b.property_slug, 'Viewing'), b.starts_at,
         coalesce(b.ends_at, b.starts_at + make_interval(mins => b.duration_minutes)), false, b.status, b.assignee_id,
         b.property_id, p.title, b.full_name, nullif(concat_ws(', ', p.neighbourhood, p.city), '')
    from public.bookings b
    left join public.properties p on p.id = b.property_id
   where b.starts_at < to_at and b.starts_at > from_at - interval '1 day'
     and coalesce(b.ends_at, b.starts_at) > from_at
     and b.status in ('requested', 'confirmed', 'completed')
     and (agent is null or b.assignee_id = agent)
  union all
  select 'consultations'::text, c.id, 'consultation'::text, c.service, c.starts_at,
         coalesce(c.ends_at, c.starts_at + make_interval(mins => c.duration_minutes)), false, c.status, c.assignee_id,
         null::uuid, null::text, c.full_name, c.meeting_mode
    from public.consultations c
   where c.starts_at < to_at and c.starts_at > from_at - interval '1 day'
     and coalesce(c.ends_at, c.starts_at) > from_at
     and c.status in ('requested', 'confirmed', 'completed')
     and (agent is null or c.assignee_id = agent)
   order by 5, 4
   limit 2000
$$;
comment on function public.calendar_entries(timestamptz, timestamptz, uuid) is
  'The one calendar: events, viewings (bookings, with the listing''s title) and consultations overlapping [from_at, to_at), as the caller may read them; agent = one person''s (owner or attendee of an event, host of an appointment). Consultations carry their service as title and meeting mode as location.';
revoke all on function public.calendar_entries(timestamptz, timestamptz, uuid) from public, anon;
grant execute on function public.calendar_entries(timestamptz, timestamptz, uuid) to authenticated;
