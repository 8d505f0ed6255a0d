-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Real availability for consultations and viewings (issue 13 item 2).
--
--   staff_working_hours       weekly windows per staff member (Accra local time = UTC+0)
--   staff_time_off            dated absences per staff member
--   booking_event_types       consultation per service (or the default one) and property viewing:
--                             duration, buffers, minimum notice, booking window, daily cap,
--                             slot grid, auto-confirm or confirm-by-staff
--   booking_event_type_hosts  who hosts which type
--   public_holidays           Ghana's public holidays (seeded 2026–2027): no slots on them
--
-- Free slots: private.free_slots() — the rules of core/inbox/availability.ts (compared by
-- tests/rls/inbox-availability.test.ts). Visitors see times only (public.available_slots); the
-- edge worker books through public.book_appointment (secret key), which picks a free host under
-- an advisory lock per host and re-checks there. A BEFORE trigger on both appointment tables takes
-- the same lock and refuses an overlapping active appointment of the host for every writer
-- (23P01, HTTP 409): two visitors racing for one slot cannot both get it.
--
-- Visitor e-mails (received, confirmed, rescheduled, declined, cancelled, the 24-hour reminder)
-- are queued as appointment_notices by triggers and rendered by the edge worker's
-- `appointment-mail` job (.ics attached, signed single-use manage link); the link's nonce lives
-- in private.appointment_nonces and changes whenever it is used or the time changes.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Attachments on queued mail (the .ics of appointment e-mails) ──────────────────────────────
-- (if not exists: the money branch adds the same column; whichever lands first creates it)
alter table public.outgoing_emails
  add column if not exists attachments jsonb not null default '[]'::jsonb
    check (jsonb_typeof(attachments) = 'array' and jsonb_array_length(attachments) <= 5 and octet_length(attachments::text) <= 2000000);
comment on column public.outgoing_emails.attachments is
  '[{filename, content_type, content (base64)}]: sent with the mail by the delivery job (core/schemas/email.ts emailAttachmentSchema).';

-- ── Working hours and time off ───────────────────────────────────────────────────────────────
create table public.staff_working_hours (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  weekday smallint not null check (weekday between 0 and 6),
  start_time time not null,
  end_time time not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint staff_working_hours_order check (end_time > start_time)
);
comment on table public.staff_working_hours is 'Weekly working windows per staff member (weekday 0 = Sunday; Africa/Accra local times, end exclusive). Several windows a day make breaks.';
create index staff_working_hours_user_idx on public.staff_working_hours (user_id, weekday);
create trigger staff_working_hours_set_updated_at before update on public.staff_working_hours for each row execute function private.set_updated_at();

create table public.staff_time_off (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  reason text check (char_length(reason) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint staff_time_off_order check (ends_at > starts_at)
);
comment on table public.staff_time_off is 'A staff member''s absences (leave, training, personal): no slots are offered then.';
create index staff_time_off_user_idx on public.staff_time_off (user_id, starts_at);
create trigger staff_time_off_set_updated_at before update on public.staff_time_off for each row execute function private.set_updated_at();

-- A staff member's week in one statement (all windows replaced, or none): RLS decides who may.
create or replace function public.set_working_hours(member uuid, windows jsonb) returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  n integer;
begin
  if jsonb_typeof(windows) <> 'array' or jsonb_array_length(windows) > 50 then
    raise exception 'Send at most 50 windows' using errcode = '22023';
  end if;
  delete from public.staff_working_hours where user_id = member;
  insert into public.staff_working_hours (user_id, weekday, start_time, end_time)
  select member, (w ->> 'weekday')::smallint, (w ->> 'start')::time, (w ->> 'end')::time from jsonb_array_elements(windows) w;
  get diagnostics n = row_count;
  return n;
end $$;
comment on function public.set_working_hours(uuid, jsonb) is 'Replaces a staff member''s weekly windows [{weekday, start, end}] at once (their own, or anyone''s for admins: RLS).';
revoke all on function public.set_working_hours(uuid, jsonb) from public, anon;
grant execute on function public.set_working_hours(uuid, jsonb) to authenticated;

-- ── Event types and their hosts ──────────────────────────────────────────────────────────────
create table public.booking_event_types (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  kind text not null check (kind in ('consultation', 'viewing')),
  -- A consultation type for one service (core/services.ts); null: the default for its kind.
  service text check (char_length(service) <= 80),
  name text not null check (char_length(btrim(name)) between 2 and 120),
  description text check (char_length(description) <= 1000),
  duration_minutes smallint not null default 30 check (duration_minutes between 10 and 480),
  buffer_before_minutes smallint not null default 0 check (buffer_before_minutes between 0 and 240),
  buffer_after_minutes smallint not null default 0 check (buffer_after_minutes between 0 and 240),
  min_notice_minutes integer not null default 120 check (min_notice_minutes between 0 and 43200),
  booking_window_days smallint not null default 30 check (booking_window_days between 1 and 365),
  daily_cap smallint not null default 6 check (daily_cap between 1 and 50),
  slot_interval_minutes smallint not null default 30 check (slot_interval_minutes between 5 and 240),
  confirmation text not null default 'auto' check (confirmation in ('auto', 'staff')),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint booking_event_types_viewing_no_service check (kind = 'consultation' or service is null)
);
comment on table public.booking_event_types is 'What visitors can book: a consultation (per service, or the default) or a property viewing, with its scheduling rules.';
comment on column public.booking_event_types.daily_cap is 'Active appointments a host takes per day, all types together.';
comment on column public.booking_event_types.confirmation is 'auto: booked = confirmed; staff: a staff member confirms (or declines) the request.';
create unique index booking_event_types_kind_service_idx on public.booking_event_types (kind, coalesce(service, '')) where active;
create trigger booking_event_types_set_updated_at before update on public.booking_event_types for each row execute function private.set_updated_at();
select private.enable_audit('public.booking_event_types');

create table public.booking_event_type_hosts (
  event_type_id uuid not null references public.booking_event_types (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (event_type_id, user_id)
);
comment on table public.booking_event_type_hosts is 'Staff members who host an event type (their working hours make its slots).';
create index booking_event_type_hosts_user_idx on public.booking_event_type_hosts (user_id);
create trigger booking_event_type_hosts_set_updated_at before update on public.booking_event_type_hosts for each row execute function private.set_updated_at();

create table public.public_holidays (
  holiday_date date primary key,
  name text not null check (char_length(btrim(name)) between 2 and 120),
  note text check (char_length(note) <= 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.public_holidays is 'Ghana''s public holidays (Public Holidays and Commemorative Days Act), observed dates included: no slots are offered. Islamic holidays are provisional until announced.';
create trigger public_holidays_set_updated_at before update on public.public_holidays for each row execute function private.set_updated_at();

alter table public.staff_working_hours enable row level security;
alter table public.staff_time_off enable row level security;
alter table public.booking_event_types enable row level security;
alter table public.booking_event_type_hosts enable row level security;
alter table public.public_holidays enable row level security;

create policy "Staff read working hours" on public.staff_working_hours for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff set their own hours, admins anyone's" on public.staff_working_hours for insert to authenticated
  with check ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid())));
create policy "Staff change their own hours, admins anyone's" on public.staff_working_hours for update to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid())))
  with check ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid())));
create policy "Staff remove their own hours, admins anyone's" on public.staff_working_hours for delete to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid())));

create policy "Staff read time off" on public.staff_time_off for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff record their own time off, admins anyone's" on public.staff_time_off for insert to authenticated
  with check ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid())));
create policy "Staff change their own time off, admins anyone's" on public.staff_time_off for update to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid())))
  with check ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid())));
create policy "Staff remove their own time off, admins anyone's" on public.staff_time_off for delete to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid())));

create policy "Staff read event types" on public.booking_event_types for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add event types" on public.booking_event_types for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit event types" on public.booking_event_types for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins delete event types" on public.booking_event_types for delete to authenticated using ((select private.is_admin()));

create policy "Staff read event type hosts" on public.booking_event_type_hosts for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add event type hosts" on public.booking_event_type_hosts for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit event type hosts" on public.booking_event_type_hosts for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove event type hosts" on public.booking_event_type_hosts for delete to authenticated using ((select private.is_admin()));

create policy "Everyone reads public holidays" on public.public_holidays for select to anon, authenticated using (true);
create policy "Admins add public holidays" on public.public_holidays for insert to authenticated with check ((select private.is_admin()));
create policy "Admins correct public holidays" on public.public_holidays for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove public holidays" on public.public_holidays for delete to authenticated using ((select private.is_admin()));

revoke all on public.staff_working_hours, public.staff_time_off, public.booking_event_types, public.booking_event_type_hosts from anon;
revoke insert, update, delete, truncate on public.public_holidays from anon;

-- ── Scheduling columns of the appointment tables ─────────────────────────────────────────────
alter table public.consultations
  add column event_type_id uuid references public.booking_event_types (id) on delete set null,
  add column duration_minutes smallint not null default 30 check (duration_minutes between 10 and 480),
  add column buffer_before_minutes smallint not null default 0 check (buffer_before_minutes between 0 and 240),
  add column buffer_after_minutes smallint not null default 0 check (buffer_after_minutes between 0 and 240),
  add column ends_at timestamptz,
  add column blocked_from timestamptz,
  add column blocked_until timestamptz,
  add column ics_sequence integer not null default 0,
  add column confirmed_at timestamptz;
alter table public.bookings
  add column event_type_id uuid references public.booking_event_types (id) on delete set null,
  add column duration_minutes smallint not null default 45 check (duration_minutes between 10 and 480),
  add column buffer_before_minutes smallint not null default 0 check (buffer_before_minutes between 0 and 240),
  add column buffer_after_minutes smallint not null default 0 check (buffer_after_minutes between 0 and 240),
  add column ends_at timestamptz,
  add column blocked_from timestamptz,
  add column blocked_until timestamptz,
  add column ics_sequence integer not null default 0,
  add column confirmed_at timestamptz;
comment on column public.consultations.blocked_from is 'starts_at − buffer before: with blocked_until, the host time this appointment holds while active.';
comment on column public.bookings.blocked_from is 'starts_at − buffer before: with blocked_until, the host time this appointment holds while active.';
comment on column public.consultations.ics_sequence is 'SEQUENCE of the .ics sent to the visitor: +1 per change of time or status.';
comment on column public.bookings.ics_sequence is 'SEQUENCE of the .ics sent to the visitor: +1 per change of time or status.';
update public.consultations set ends_at = starts_at + make_interval(mins => duration_minutes), blocked_from = starts_at,
  blocked_until = starts_at + make_interval(mins => duration_minutes);
update public.bookings set ends_at = starts_at + make_interval(mins => duration_minutes), blocked_from = starts_at,
  blocked_until = starts_at + make_interval(mins => duration_minutes);
create index consultations_host_time_idx on public.consultations (assignee_id, blocked_from) where status in ('requested', 'confirmed');
create index bookings_host_time_idx on public.bookings (assignee_id, blocked_from) where status in ('requested', 'confirmed');
create index consultations_event_type_idx on public.consultations (event_type_id);
create index bookings_event_type_idx on public.bookings (event_type_id);

-- The manage link's current nonce per appointment (secret: only the worker's RPCs read it).
create table private.appointment_nonces (
  record_table text not null check (record_table in ('consultations', 'bookings')),
  record_id uuid not null,
  nonce uuid not null default gen_random_uuid(),
  primary key (record_table, record_id)
);
comment on table private.appointment_nonces is 'The nonce the visitor''s current manage link carries; replaced when the link is used or the time changes.';

-- Times, buffers and the host lock (every writer: staff, the worker, the secret key).
create or replace function private.schedule_appointment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  other text := case tg_table_name when 'consultations' then 'bookings' else 'consultations' end;
  clash boolean;
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
  return new;
end $$;
comment on function private.schedule_appointment() is 'Appointments: end and blocked time from duration and buffers; refuses an active appointment overlapping another of the same host (23P01), under a per-host lock.';
create trigger consultations_schedule before insert or update on public.consultations for each row execute function private.schedule_appointment();
create trigger bookings_schedule before insert or update on public.bookings for each row execute function private.schedule_appointment();

-- ── Visitor notices (rendered and mailed by the worker's appointment-mail job) ───────────────
create table public.appointment_notices (
  id uuid primary key default gen_random_uuid(),
  record_table text not null check (record_table in ('consultations', 'bookings')),
  record_id uuid not null,
  kind text not null check (kind in ('received', 'confirmed', 'rescheduled', 'declined', 'cancelled', 'reminder')),
  -- The appointment time the notice is about (a reminder is due once per time).
  starts_at timestamptz not null,
  attempts smallint not null default 0,
  lease_until timestamptz,
  processed_at timestamptz,
  last_error text check (char_length(last_error) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.appointment_notices is 'E-mails owed to a visitor about their appointment; the edge worker''s appointment-mail job renders (.ics, manage link) and queues them. Secret key only.';
create index appointment_notices_due_idx on public.appointment_notices (created_at) where processed_at is null;
create index appointment_notices_record_idx on public.appointment_notices (record_table, record_id);
create unique index appointment_notices_reminder_idx on public.appointment_notices (record_table, record_id, starts_at) where kind = 'reminder';
create trigger appointment_notices_set_updated_at before update on public.appointment_notices for each row execute function private.set_updated_at();
alter table public.appointment_notices enable row level security;
revoke all on public.appointment_notices from anon, authenticated;

create or replace function private.queue_appointment_notice() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  kind text;
begin
  if tg_op = 'INSERT' then
    insert into private.appointment_nonces (record_table, record_id) values (tg_table_name, new.id) on conflict do nothing;
    kind := case new.status when 'requested' then 'received' when 'confirmed' then 'confirmed' end;
  else
    if new.status is distinct from old.status then
      kind := case new.status when 'confirmed' then 'confirmed' when 'declined' then 'declined' when 'cancelled' then 'cancelled' end;
    end if;
    if kind is null and new.starts_at is distinct from old.starts_at and new.status in ('requested', 'confirmed') then kind := 'rescheduled'; end if;
    -- A link issued for the old time (or an open appointment) dies with the change.
    if new.starts_at is distinct from old.starts_at or (new.status is distinct from old.status and new.status not in ('requested', 'confirmed')) then
      update private.appointment_nonces set nonce = gen_random_uuid() where record_table = tg_table_name and record_id = new.id;
    end if;
  end if;
  if kind is not null then
    insert into public.appointment_notices (record_table, record_id, kind, starts_at) values (tg_table_name, new.id, kind, new.starts_at);
  end if;
  return null;
end $$;
create trigger consultations_queue_notice after insert or update of status, starts_at on public.consultations for each row execute function private.queue_appointment_notice();
create trigger bookings_queue_notice after insert or update of status, starts_at on public.bookings for each row execute function private.queue_appointment_notice();
insert into private.appointment_nonces (record_table, record_id) select 'consultations', id from public.consultations on conflict do nothing;
insert into private.appointment_nonces (record_table, record_id) select 'bookings', id from public.bookings on conflict do nothing;

-- ── Free slots ───────────────────────────────────────────────────────────────────────────────
-- The rules of core/inbox/availability.ts. `exclude_*` leaves one appointment out of the busy
-- time and the daily count (rescheduling it); written null-safe, since a bare `not (… = null)` is
-- null and would drop every appointment from the busy time.
create or replace function private.free_slots(
  event_type uuid, from_date date, days integer, only_host uuid default null,
  exclude_table text default null, exclude_id uuid default null
) returns table (starts_at timestamptz, ends_at timestamptz, host_ids uuid[])
language sql stable security definer set search_path = '' as $$
  with et as (select t.* from public.booking_event_types t where t.id = event_type and t.active),
  today as (select (now() at time zone 'Africa/Accra')::date as d),
  bookable as (
    select g::date as day
      from et, today,
           generate_series(greatest(from_date, today.d)::timestamp,
                           least(from_date + least(greatest(days, 0), 62) - 1, today.d + et.booking_window_days)::timestamp,
                           interval '1 day') g
     where not exists (select 1 from public.public_holidays h where h.holiday_date = g::date)
  ),
  hosts as (
    select h.user_id from public.booking_event_type_hosts h
      join public.profiles pr on pr.user_id = h.user_id and pr.role in ('admin', 'staff')
     where h.event_type_id = event_type and (only_host is null or h.user_id = only_host)
  ),
  active as (
    select c.assignee_id as user_id, c.blocked_from, c.blocked_until, c.starts_at from public.consultations c
     where c.assignee_id in (select user_id from hosts) and c.status in ('requested', 'confirmed')
       and c.blocked_until > now() and (exclude_id is null or exclude_table is distinct from 'consultations' or c.id <> exclude_id)
    union all
    select b.assignee_id, b.blocked_from, b.blocked_until, b.starts_at from public.bookings b
     where b.assignee_id in (select user_id from hosts) and b.status in ('requested', 'confirmed')
       and b.blocked_until > now() and (exclude_id is null or exclude_table is distinct from 'bookings' or b.id <> exclude_id)
  ),
  -- Each host's busy time as one multirange: appointments (with their buffers) and time off.
  busy as (
    select x.user_id, range_agg(x.r) as mr from (
      select a.user_id, tstzrange(a.blocked_from, a.blocked_until) as r from active a
      union all
      select o.user_id, tstzrange(o.starts_at, o.ends_at) from public.staff_time_off o
       where o.user_id in (select user_id from hosts) and o.ends_at > now()
    ) x group by x.user_id
  ),
  per_day as (
    select a.user_id, (a.starts_at at time zone 'Africa/Accra')::date as day, count(*) as n from active a group by 1, 2
  ),
  candidates as materialized (
    select w.user_id, d.day,
           ((d.day + w.start_time) at time zone 'Africa/Accra') + make_interval(mins => k * et.slot_interval_minutes) as s
      from hosts hs
      join public.staff_working_hours w on w.user_id = hs.user_id
      join bookable d on extract(dow from d.day) = w.weekday
      cross join et
      cross join lateral generate_series(0, floor((extract(epoch from (w.end_time - w.start_time)) / 60 - et.duration_minutes) / et.slot_interval_minutes)::int) k
  )
  select c.s, c.s + make_interval(mins => et.duration_minutes), array_agg(c.user_id order by c.user_id)
    from candidates c
    cross join et
    left join busy b on b.user_id = c.user_id
    left join per_day p on p.user_id = c.user_id and p.day = c.day
   where c.s >= now() + make_interval(mins => et.min_notice_minutes)
     and coalesce(p.n, 0) < et.daily_cap
     and (b.mr is null or not b.mr && tstzrange(c.s - make_interval(mins => et.buffer_before_minutes),
                                                 c.s + make_interval(mins => et.duration_minutes + et.buffer_after_minutes)))
   group by c.s, et.duration_minutes
   order by c.s
$$;
comment on function private.free_slots(uuid, date, integer, uuid, text, uuid) is 'Free slots of an event type (core/inbox/availability.ts rules), with the hosts free at each.';

-- The event type a visitor books: the service's consultation (else the default one), or the viewing type.
create or replace function private.event_type_for(kind text, service text) returns public.booking_event_types
language sql stable security definer set search_path = '' as $$
  select t.* from public.booking_event_types t
   where t.active and t.kind = event_type_for.kind and (t.service = event_type_for.service or t.service is null)
   order by t.service is null, t.slug limit 1
$$;

-- The host a viewing of this listing must be with: its agent when they host viewings (else anyone).
create or replace function private.viewing_host_for(event_type uuid, property uuid) returns uuid
language sql stable security definer set search_path = '' as $$
  select p.agent_id from public.properties p
   where p.id = property and exists (select 1 from public.booking_event_type_hosts h where h.event_type_id = event_type and h.user_id = p.agent_id)
$$;

-- For the public booking pages: free times only (never who or why).
create or replace function public.available_slots(kind text, service text default null, property uuid default null, from_date date default null, days integer default 14)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  et public.booking_event_types := private.event_type_for(kind, service);
begin
  if et.id is null then return; end if;
  return query
    select f.starts_at, f.ends_at
      from private.free_slots(et.id, coalesce(from_date, (now() at time zone 'Africa/Accra')::date), least(greatest(days, 1), 31),
                              case when kind = 'viewing' and property is not null then private.viewing_host_for(et.id, property) end) f;
end $$;
comment on function public.available_slots(text, text, uuid, date, integer) is 'Free times (Accra) a visitor may book: consultation per service or a viewing (of a listing), up to 31 days from from_date.';
revoke all on function public.available_slots(text, text, uuid, date, integer) from public;
grant execute on function public.available_slots(text, text, uuid, date, integer) to anon, authenticated, service_role;

-- For staff rescheduling one appointment: free times with the hosts free then (its own time left out).
create or replace function public.staff_available_slots(inbox text, record_id uuid, from_date date default null, days integer default 14)
returns table (starts_at timestamptz, ends_at timestamptz, host_ids uuid[])
language plpgsql stable security definer set search_path = '' as $$
declare
  rec jsonb;
  et public.booking_event_types;
begin
  if not private.is_staff_or_admin() or inbox not in ('consultations', 'bookings') then return; end if;
  if not private.can_access_owned('inbox', null, private.inbox_record_assignee(inbox, record_id)) then return; end if;
  execute format('select to_jsonb(r) from public.%I r where r.id = $1', inbox) into rec using record_id;
  if rec is null then return; end if;
  select t.* into et from public.booking_event_types t where t.id = (rec ->> 'event_type_id')::uuid;
  if et.id is null then et := private.event_type_for(case inbox when 'consultations' then 'consultation' else 'viewing' end, rec ->> 'service'); end if;
  if et.id is null then return; end if;
  return query select f.* from private.free_slots(et.id, coalesce(from_date, (now() at time zone 'Africa/Accra')::date), least(greatest(days, 1), 31), null, inbox, record_id) f;
end $$;
comment on function public.staff_available_slots(text, uuid, date, integer) is 'Staff: free times (and free hosts) to move one appointment to.';
revoke all on function public.staff_available_slots(text, uuid, date, integer) from public, anon;
grant execute on function public.staff_available_slots(text, uuid, date, integer) to authenticated;

-- ── Booking (the edge worker, secret key) ────────────────────────────────────────────────────
-- `fields`: the form's parsed columns (core/schemas/forms.ts) plus consent_at, source_host and
-- user_agent. Picks the free host with the fewest appointments that day, locks them and checks
-- again; 23P01 when the time is (no longer) free. Returns {id, status, starts_at, ends_at, host_id}.
create or replace function public.book_appointment(kind text, fields jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  et public.booking_event_types;
  start_at timestamptz;
  day date;
  only_host uuid;
  hosts uuid[];
  candidate uuid;
  new_id uuid;
  new_status text;
begin
  if kind not in ('consultation', 'viewing') then raise exception 'Unknown appointment kind "%"', kind using errcode = '22023'; end if;
  et := private.event_type_for(kind, fields ->> 'service');
  if et.id is null then raise exception 'Bookings of this kind are closed at the moment.' using errcode = '23P01'; end if;
  start_at := ((fields ->> 'preferred_date')::date + (fields ->> 'time_slot')::time) at time zone 'Africa/Accra';
  day := (start_at at time zone 'Africa/Accra')::date;
  if kind = 'viewing' and fields ? 'property_id' then only_host := private.viewing_host_for(et.id, (fields ->> 'property_id')::uuid); end if;
  select f.host_ids into hosts from private.free_slots(et.id, day, 1, only_host) f where f.starts_at = start_at;
  if hosts is null then raise exception 'That time is not free.' using errcode = '23P01'; end if;
  new_status := case et.confirmation when 'auto' then 'confirmed' else 'requested' end;

  for candidate in
    select h from unnest(hosts) h
     order by (select count(*) from public.consultations c where c.assignee_id = h and c.status in ('requested', 'confirmed') and (c.starts_at at time zone 'Africa/Accra')::date = day)
            + (select count(*) from public.bookings b where b.assignee_id = h and b.status in ('requested', 'confirmed') and (b.starts_at at time zone 'Africa/Accra')::date = day),
              h
  loop
    perform pg_advisory_xact_lock(hashtextextended('appointment-host:' || candidate::text, 0));
    -- Under the lock: is this host still free at that time (a racing booking may just have committed)?
    if exists (select 1 from private.free_slots(et.id, day, 1, candidate) f where f.starts_at = start_at) then
      if kind = 'consultation' then
        insert into public.consultations (service, meeting_mode, message, full_name, email, phone, consent_at, source_host, user_agent,
                                          starts_at, preferred_date, time_slot, status, assignee_id, event_type_id,
                                          duration_minutes, buffer_before_minutes, buffer_after_minutes)
        values (fields ->> 'service', coalesce(fields ->> 'meeting_mode', 'in_person'), fields ->> 'message', fields ->> 'full_name',
                fields ->> 'email', fields ->> 'phone', (fields ->> 'consent_at')::timestamptz, fields ->> 'source_host', fields ->> 'user_agent',
                start_at, day, to_char(start_at at time zone 'Africa/Accra', 'HH24:MI'), new_status, candidate, et.id,
                et.duration_minutes, et.buffer_before_minutes, et.buffer_after_minutes)
        returning id into new_id;
      else
        insert into public.bookings (property_id, property_slug, attendees, message, full_name, email, phone, consent_at, source_host, user_agent,
                                     starts_at, preferred_date, time_slot, status, assignee_id, event_type_id,
                                     duration_minutes, buffer_before_minutes, buffer_after_minutes)
        values ((fields ->> 'property_id')::uuid, fields ->> 'property_slug', coalesce((fields ->> 'attendees')::smallint, 1), fields ->> 'message',
                fields ->> 'full_name', fields ->> 'email', fields ->> 'phone', (fields ->> 'consent_at')::timestamptz, fields ->> 'source_host',
                fields ->> 'user_agent', start_at, day, to_char(start_at at time zone 'Africa/Accra', 'HH24:MI'), new_status, candidate, et.id,
                et.duration_minutes, et.buffer_before_minutes, et.buffer_after_minutes)
        returning id into new_id;
      end if;
      return jsonb_build_object('id', new_id, 'status', new_status, 'starts_at', start_at,
                                'ends_at', start_at + make_interval(mins => et.duration_minutes), 'host_id', candidate);
    end if;
  end loop;
  raise exception 'That time was just booked.' using errcode = '23P01';
end $$;
comment on function public.book_appointment(text, jsonb) is 'Edge worker (secret key): books a consultation or viewing at a free time with a free host, or raises 23P01.';
revoke all on function public.book_appointment(text, jsonb) from public, anon, authenticated;
grant execute on function public.book_appointment(text, jsonb) to service_role;

-- ── The visitor's manage link (edge worker, secret key; the token's signature is checked there) ─
create or replace function private.visitor_appointment_row(inbox text, record_id uuid, link_nonce uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  rec jsonb;
begin
  if inbox not in ('consultations', 'bookings') then return null; end if;
  if not exists (select 1 from private.appointment_nonces n where n.record_table = inbox and n.record_id = visitor_appointment_row.record_id and n.nonce = link_nonce) then
    return null;
  end if;
  execute format('select to_jsonb(r) from public.%I r where r.id = $1', inbox) into rec using record_id;
  return rec;
end $$;

-- What the manage page shows; `state`: ok | used (the link was used or replaced) | closed (cancelled, past…).
create or replace function public.visitor_appointment(inbox text, record_id uuid, link_nonce uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  rec jsonb := private.visitor_appointment_row(inbox, record_id, link_nonce);
  et public.booking_event_types;
  listing_title text;
  listing_slug text;
begin
  if rec is null then return jsonb_build_object('state', 'used'); end if;
  select t.* into et from public.booking_event_types t where t.id = (rec ->> 'event_type_id')::uuid;
  if inbox = 'bookings' then select p.title, p.slug into listing_title, listing_slug from public.properties p where p.id = (rec ->> 'property_id')::uuid; end if;
  return jsonb_build_object(
    'state', case when rec ->> 'status' in ('requested', 'confirmed') and (rec ->> 'starts_at')::timestamptz > now() then 'ok' else 'closed' end,
    'inbox', inbox, 'status', rec ->> 'status', 'starts_at', rec -> 'starts_at', 'ends_at', rec -> 'ends_at',
    'full_name', rec ->> 'full_name', 'service', rec ->> 'service', 'meeting_mode', rec ->> 'meeting_mode',
    'property_title', listing_title, 'property_slug', coalesce(listing_slug, rec ->> 'property_slug'), 'property_id', rec ->> 'property_id',
    'event_type', coalesce(et.name, initcap(private.inbox_noun(inbox))), 'host_name', private.member_name((rec ->> 'assignee_id')::uuid));
end $$;
revoke all on function public.visitor_appointment(text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.visitor_appointment(text, uuid, uuid) to service_role;

-- Free times the visitor may move their appointment to (its own time left out of the busy time).
create or replace function public.visitor_available_slots(inbox text, record_id uuid, link_nonce uuid, days integer default 14)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  rec jsonb := private.visitor_appointment_row(inbox, record_id, link_nonce);
  et public.booking_event_types;
begin
  if rec is null then return; end if;
  select t.* into et from public.booking_event_types t where t.id = (rec ->> 'event_type_id')::uuid;
  if et.id is null then et := private.event_type_for(case inbox when 'consultations' then 'consultation' else 'viewing' end, rec ->> 'service'); end if;
  if et.id is null then return; end if;
  return query
    select f.starts_at, f.ends_at
      from private.free_slots(et.id, (now() at time zone 'Africa/Accra')::date, least(greatest(days, 1), 31),
                              case when inbox = 'bookings' and rec ->> 'property_id' is not null then private.viewing_host_for(et.id, (rec ->> 'property_id')::uuid) end,
                              inbox, record_id) f;
end $$;
revoke all on function public.visitor_available_slots(text, uuid, uuid, integer) from public, anon, authenticated;
grant execute on function public.visitor_available_slots(text, uuid, uuid, integer) to service_role;

-- Moves the appointment to a free time (its host if free, else another host of its type);
-- the link is then spent. 23P01 when the time is not free; P0001 when the link no longer works.
create or replace function public.reschedule_appointment_by_visitor(inbox text, record_id uuid, link_nonce uuid, new_start timestamptz) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  rec jsonb := private.visitor_appointment_row(inbox, record_id, link_nonce);
  et public.booking_event_types;
  hosts uuid[];
  candidate uuid;
  day date := (new_start at time zone 'Africa/Accra')::date;
  only_host uuid;
begin
  if rec is null then raise exception 'This link was already used or replaced by a newer one.' using errcode = 'P0001'; end if;
  if rec ->> 'status' not in ('requested', 'confirmed') or (rec ->> 'starts_at')::timestamptz <= now() then
    raise exception 'This appointment can no longer be changed.' using errcode = 'P0001';
  end if;
  select t.* into et from public.booking_event_types t where t.id = (rec ->> 'event_type_id')::uuid;
  if et.id is null then et := private.event_type_for(case inbox when 'consultations' then 'consultation' else 'viewing' end, rec ->> 'service'); end if;
  if inbox = 'bookings' and rec ->> 'property_id' is not null then only_host := private.viewing_host_for(et.id, (rec ->> 'property_id')::uuid); end if;
  select f.host_ids into hosts from private.free_slots(et.id, day, 1, only_host, inbox, record_id) f where f.starts_at = new_start;
  if hosts is null then raise exception 'That time is not free.' using errcode = '23P01'; end if;
  for candidate in select h from unnest(hosts) h order by h = (rec ->> 'assignee_id')::uuid desc, h loop
    perform pg_advisory_xact_lock(hashtextextended('appointment-host:' || candidate::text, 0));
    if exists (select 1 from private.free_slots(et.id, day, 1, candidate, inbox, record_id) f where f.starts_at = new_start) then
      execute format('update public.%I set starts_at = $2, assignee_id = $3 where id = $1', inbox) using record_id, new_start, candidate;
      if candidate is distinct from (rec ->> 'assignee_id')::uuid then
        perform private.notify((rec ->> 'assignee_id')::uuid, 'booking_moved', format('%s moved their %s to a colleague', rec ->> 'full_name', private.inbox_noun(inbox)),
          null, private.inbox_path(inbox) || '?open=' || record_id, inbox, record_id, null);
      end if;
      perform private.notify(candidate, 'booking_rescheduled', format('%s rescheduled their %s', rec ->> 'full_name', private.inbox_noun(inbox)),
        'New time: ' || to_char(new_start at time zone 'Africa/Accra', 'Dy DD Mon HH24:MI'), private.inbox_path(inbox) || '?open=' || record_id, inbox, record_id, null);
      return jsonb_build_object('starts_at', new_start, 'ends_at', new_start + make_interval(mins => et.duration_minutes));
    end if;
  end loop;
  raise exception 'That time was just booked.' using errcode = '23P01';
end $$;
revoke all on function public.reschedule_appointment_by_visitor(text, uuid, uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.reschedule_appointment_by_visitor(text, uuid, uuid, timestamptz) to service_role;

create or replace function public.cancel_appointment_by_visitor(inbox text, record_id uuid, link_nonce uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  rec jsonb := private.visitor_appointment_row(inbox, record_id, link_nonce);
begin
  if rec is null then raise exception 'This link was already used or replaced by a newer one.' using errcode = 'P0001'; end if;
  if rec ->> 'status' not in ('requested', 'confirmed') or (rec ->> 'starts_at')::timestamptz <= now() then
    raise exception 'This appointment can no longer be changed.' using errcode = 'P0001';
  end if;
  execute format('update public.%I set status = ''cancelled'' where id = $1', inbox) using record_id;
  perform private.notify((rec ->> 'assignee_id')::uuid, 'booking_cancelled', format('%s cancelled their %s', rec ->> 'full_name', private.inbox_noun(inbox)),
    'It was on ' || to_char((rec ->> 'starts_at')::timestamptz at time zone 'Africa/Accra', 'Dy DD Mon HH24:MI'), private.inbox_path(inbox) || '?open=' || record_id, inbox, record_id, null);
  return jsonb_build_object('status', 'cancelled');
end $$;
revoke all on function public.cancel_appointment_by_visitor(text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.cancel_appointment_by_visitor(text, uuid, uuid) to service_role;

-- ── The appointment-mail job's RPCs (secret key) ─────────────────────────────────────────────
-- Reminders: one per confirmed appointment and time, a day ahead (not for ones booked less than
-- a day ahead: their confirmation is recent enough).
create or replace function public.queue_appointment_reminders(due_before timestamptz, max_rows integer default 200) returns integer
language sql security definer set search_path = '' as $$
  with due as (
    select 'consultations' as t, c.id, c.starts_at from public.consultations c
     where c.status = 'confirmed' and c.starts_at > now() and c.starts_at <= due_before
       and coalesce(c.confirmed_at, c.created_at) < c.starts_at - interval '24 hours'
    union all
    select 'bookings', b.id, b.starts_at from public.bookings b
     where b.status = 'confirmed' and b.starts_at > now() and b.starts_at <= due_before
       and coalesce(b.confirmed_at, b.created_at) < b.starts_at - interval '24 hours'
  ), ins as (
    insert into public.appointment_notices (record_table, record_id, kind, starts_at)
    select d.t, d.id, 'reminder', d.starts_at from due d
     where not exists (select 1 from public.appointment_notices n where n.record_table = d.t and n.record_id = d.id and n.kind = 'reminder' and n.starts_at = d.starts_at)
     order by d.starts_at limit least(greatest(max_rows, 1), 1000)
    on conflict do nothing
    returning 1
  ) select count(*)::int from ins
$$;
revoke all on function public.queue_appointment_reminders(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.queue_appointment_reminders(timestamptz, integer) to service_role;

-- Claims due notices with a lease and returns what each e-mail needs (the visitor, the time, the
-- host, the listing, the link's current nonce). A notice whose appointment has moved on since
-- (a reminder for an old time, a "received" for a request already confirmed) is closed unsent.
create or replace function public.claim_appointment_notices(batch_size integer default 20, lease_seconds integer default 120)
returns table (notice_id uuid, kind text, record_table text, attempts smallint, appointment jsonb)
language plpgsql security definer set search_path = '' as $$
begin
  update public.appointment_notices n set processed_at = now(), last_error = 'superseded'
   where n.processed_at is null and n.kind = 'reminder' and not exists (
     select 1 from public.consultations c where n.record_table = 'consultations' and c.id = n.record_id and c.status = 'confirmed' and c.starts_at = n.starts_at
     union all
     select 1 from public.bookings b where n.record_table = 'bookings' and b.id = n.record_id and b.status = 'confirmed' and b.starts_at = n.starts_at);
  return query
  with claimed as (
    update public.appointment_notices n
       set lease_until = now() + make_interval(secs => least(greatest(lease_seconds, 10), 3600)), attempts = n.attempts + 1
     where n.id in (
       select q.id from public.appointment_notices q
        where q.processed_at is null and (q.lease_until is null or q.lease_until < now()) and q.attempts < 5
        order by q.created_at limit least(greatest(batch_size, 1), 200)
        for update skip locked)
    returning n.*
  )
  select c.id, c.kind, c.record_table, c.attempts,
         case when rj.j is null then null else
         (rj.j - 'search_text' - 'user_agent')
           || jsonb_build_object(
                'nonce', (select x.nonce from private.appointment_nonces x where x.record_table = c.record_table and x.record_id = c.record_id),
                'host_name', private.member_name((rj.j ->> 'assignee_id')::uuid),
                'host_email', (select u.email from auth.users u where u.id = (rj.j ->> 'assignee_id')::uuid),
                'host_phone', (select p.phone from public.profiles p where p.user_id = (rj.j ->> 'assignee_id')::uuid),
                'event_type_name', (select t.name from public.booking_event_types t where t.id = (rj.j ->> 'event_type_id')::uuid),
                'property_title', (select p.title from public.properties p where p.id = (rj.j ->> 'property_id')::uuid),
                'property_address', (select concat_ws(', ', nullif(p.address, ''), p.neighbourhood, p.city) from public.properties p where p.id = (rj.j ->> 'property_id')::uuid))
         end
    from claimed c
    left join lateral (
      select to_jsonb(x) as j from public.consultations x where c.record_table = 'consultations' and x.id = c.record_id
      union all
      select to_jsonb(y) from public.bookings y where c.record_table = 'bookings' and y.id = c.record_id
    ) rj on true;
end $$;
revoke all on function public.claim_appointment_notices(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_appointment_notices(integer, integer) to service_role;

-- Records a rendered notice: its mail is queued once (dedup_key), the notice closed. With
-- `error` instead of a mail, the notice goes back for a later try (failed after 5 attempts).
create or replace function public.complete_appointment_notice(notice_id uuid, mail jsonb default null, error text default null) returns text
language plpgsql security definer set search_path = '' as $$
begin
  if mail is not null then
    insert into public.outgoing_emails (to_address, subject, html, text_body, kind, attachments, dedup_key)
    values (mail ->> 'to', mail ->> 'subject', mail ->> 'html', mail ->> 'text', 'appointment',
            coalesce(mail -> 'attachments', '[]'::jsonb), 'appointment-notice/' || notice_id)
    on conflict (dedup_key) do nothing;
    update public.appointment_notices set processed_at = now(), lease_until = null, last_error = null where id = notice_id;
    return 'queued';
  end if;
  update public.appointment_notices
     set lease_until = null, last_error = left(error, 2000),
         processed_at = case when attempts >= 5 or error like 'skip:%' then now() end
   where id = notice_id;
  return 'retry';
end $$;
revoke all on function public.complete_appointment_notice(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.complete_appointment_notice(uuid, jsonb, text) to service_role;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
