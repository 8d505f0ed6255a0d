-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Events meet the CRM (issue 12 item 6): an event may be about a business contact (a viewing's
-- client: events.contact_id) and may invite business contacts as well as staff
-- (event_attendees.contact_id; exactly one of user_id / contact_id per row, each person once per
-- event). A contact's answer is recorded by whoever may edit the event (the update policy says
-- so already); a client links or invites only contacts it may read (checked here, under the
-- caller's RLS). save_event takes the contact attendees too (null leaves them as they are); the
-- .ics of the download and of the private feed lists them as ATTENDEE (private.event_json);
-- an invitation is written on the contact's timeline (once per event).
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.events add column contact_id uuid references public.contacts (id) on delete set null;
comment on column public.events.contact_id is 'The business contact the event is about (a viewing''s client).';
create index events_contact_idx on public.events (contact_id) where contact_id is not null;

alter table public.event_attendees
  add column contact_id uuid references public.contacts (id) on delete cascade,
  drop constraint event_attendees_one_person,
  add constraint event_attendees_one_person check (num_nonnulls(user_id, contact_id) = 1),
  add constraint event_attendees_contact_once unique (event_id, contact_id);
comment on column public.event_attendees.contact_id is 'An invited business contact (user_id null); their answer is recorded by the event''s editors.';
create index event_attendees_contact_idx on public.event_attendees (contact_id) where contact_id is not null;

-- A contact linked or invited by a client must be one that client may read.
create or replace function private.guard_event_contact() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon') and new.contact_id is not null
     and (tg_op = 'INSERT' or new.contact_id is distinct from old.contact_id)
     and not exists (select 1 from public.contacts c where c.id = new.contact_id) then
    raise exception 'Choose a contact you can see.' using errcode = '42501';
  end if;
  return new;
end $$;
comment on function private.guard_event_contact() is 'Events: a client links or invites only a business contact it may read.';
create trigger events_guard_contact before insert or update of contact_id on public.events
  for each row execute function private.guard_event_contact();
create trigger event_attendees_guard_contact before insert or update of contact_id on public.event_attendees
  for each row execute function private.guard_event_contact();

-- As 20261125200200, and an invitation does not move to another contact either.
create or replace function private.guard_event_attendee() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    if new.event_id is distinct from old.event_id or new.user_id is distinct from old.user_id or new.contact_id is distinct from old.contact_id then
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

-- The invitation on the contact's timeline.
create or replace function private.log_event_invitation() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ev public.events;
begin
  if new.contact_id is null then return null; end if;
  select * into ev from public.events e where e.id = new.event_id;
  perform private.log_contact_activity(
    new.contact_id, 'event',
    left(initcap(replace(ev.kind, '_', ' ')) || ': ' || ev.title || ' — ' || to_char(ev.starts_at at time zone 'Africa/Accra', 'Dy DD Mon YYYY, HH24:MI'), 300),
    'events', ev.id, now(), null, jsonb_build_object('starts_at', ev.starts_at, 'kind', ev.kind),
    'events/' || ev.id || '/contact/' || new.contact_id, 'outbound');
  return null;
end $$;
create trigger event_attendees_log_on_contact after insert on public.event_attendees
  for each row execute function private.log_event_invitation();

-- save_event with the contact attendees (a new argument: the old signature goes, so PostgREST
-- has one function to call).
drop function public.save_event(uuid, jsonb, uuid[], timestamptz);
create function public.save_event(
  event_id uuid, fields jsonb, attendee_user_ids uuid[] default '{}', expected_updated_at timestamptz default null,
  attendee_contact_ids uuid[] default null
) returns public.events
language plpgsql volatile security invoker set search_path = '' as $$
declare
  saved public.events;
  f public.events := jsonb_populate_record(null::public.events, fields);
begin
  if not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to edit the calendar' using errcode = '42501';
  end if;
  if coalesce(cardinality(attendee_user_ids), 0) + coalesce(cardinality(attendee_contact_ids), 0) > 50 then
    raise exception 'At most 50 attendees.' using errcode = 'P0001';
  end if;
  if save_event.event_id is null then
    insert into public.events (title, description, kind, starts_at, ends_at, all_day, location, property_id, contact_id)
    values (f.title, f.description, coalesce(f.kind, 'meeting'), f.starts_at, f.ends_at, coalesce(f.all_day, false), f.location, f.property_id, f.contact_id)
    returning * into saved;
  else
    update public.events e
       set title = f.title, description = f.description, kind = coalesce(f.kind, e.kind), starts_at = f.starts_at, ends_at = f.ends_at,
           all_day = coalesce(f.all_day, e.all_day), location = f.location, property_id = f.property_id, contact_id = f.contact_id
     where e.id = save_event.event_id and (expected_updated_at is null or e.updated_at = expected_updated_at)
    returning * into saved;
    if saved.id is null then
      if exists (select 1 from public.events e where e.id = save_event.event_id and private.can_edit_event(e.id)) then
        raise exception 'stale: the event was saved by someone else' using errcode = '40001';
      end if;
      raise exception 'The event was not found, or you may not edit it.' using errcode = 'P0002';
    end if;
    delete from public.event_attendees a
     where a.event_id = saved.id and a.user_id is not null and not (a.user_id = any (coalesce(attendee_user_ids, '{}')));
    if attendee_contact_ids is not null then
      delete from public.event_attendees a
       where a.event_id = saved.id and a.contact_id is not null and not (a.contact_id = any (attendee_contact_ids));
    end if;
  end if;
  insert into public.event_attendees (event_id, user_id)
  select saved.id, u from unnest(coalesce(attendee_user_ids, '{}')) as u
  on conflict on constraint event_attendees_user_once do nothing;
  insert into public.event_attendees (event_id, contact_id)
  select saved.id, c from unnest(coalesce(attendee_contact_ids, '{}')) as c
  on conflict on constraint event_attendees_contact_once do nothing;
  return saved;
end $$;
comment on function public.save_event(uuid, jsonb, uuid[], timestamptz, uuid[]) is
  'Creates (event_id null) or updates an event and syncs its team attendees and (unless null) its contact attendees in one transaction, under the caller''s RLS.';
revoke all on function public.save_event(uuid, jsonb, uuid[], timestamptz, uuid[]) from public, anon;
grant execute on function public.save_event(uuid, jsonb, uuid[], timestamptz, uuid[]) to authenticated;

-- The event as the .ics writer takes it: staff attendees, then contacts (name and e-mail).
create or replace function private.event_json(eid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', e.id, 'title', e.title, 'description', e.description, 'location', e.location, 'kind', e.kind,
    'status', e.status, 'starts_at', e.starts_at, 'ends_at', e.ends_at, 'all_day', e.all_day,
    'created_at', e.created_at, 'updated_at', e.updated_at,
    'organizer', case when e.owner_id is null then null else jsonb_build_object(
      'id', e.owner_id, 'name', private.person_name(e.owner_id), 'email', (select u.email from auth.users u where u.id = e.owner_id)) end,
    'attendees', coalesce((
      select jsonb_agg(x.person order by x.contact, x.created_at) from (
        select false as contact, a.created_at, jsonb_build_object(
                 'id', a.user_id, 'name', private.person_name(a.user_id),
                 'email', (select u.email from auth.users u where u.id = a.user_id), 'response', a.response) as person
          from public.event_attendees a where a.event_id = e.id and a.user_id is not null
        union all
        select true, a.created_at, jsonb_build_object('id', c.id, 'name', c.display_name, 'email', c.email, 'response', a.response)
          from public.event_attendees a join public.contacts c on c.id = a.contact_id
         where a.event_id = e.id
      ) x), '[]'::jsonb))
  from public.events e where e.id = eid
$$;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
