-- Appointment hosts are locked in one order. book_appointment and reschedule_appointment_by_visitor
-- took a candidate host's lock, found the host no longer free and went on to the next candidate
-- still holding the first: with candidates ordered by load (or the current host first), two
-- visitors booking one time could hold each other's next host and deadlock (seen on a real
-- PostgreSQL: tests/concurrency/appointments.test.ts). Both now lock all candidates up front,
-- ordered by id, before trying them; the schedule trigger's own lock of the chosen host is then
-- already held, and the listing's lock still comes after the hosts'.

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
  opted_in boolean := coalesce((fields ->> 'whatsapp_opt_in')::boolean, false);
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

  -- Every candidate host locked up front, in one order (by id): taken one by one in order of load,
  -- two bookings of one time could take two hosts' locks in opposite orders and deadlock.
  for candidate in select h from unnest(hosts) h order by h loop
    perform pg_advisory_xact_lock(hashtextextended('appointment-host:' || candidate::text, 0));
  end loop;
  for candidate in
    select h from unnest(hosts) h
     order by (select count(*) from public.consultations c where c.assignee_id = h and c.status in ('requested', 'confirmed') and (c.starts_at at time zone 'Africa/Accra')::date = day)
            + (select count(*) from public.bookings b where b.assignee_id = h and b.status in ('requested', 'confirmed') and (b.starts_at at time zone 'Africa/Accra')::date = day),
              h
  loop
    -- Under the locks: is this host still free at that time (a racing booking may just have committed)?
    if exists (select 1 from private.free_slots(et.id, day, 1, candidate) f where f.starts_at = start_at) then
      if kind = 'consultation' then
        insert into public.consultations (service, meeting_mode, message, full_name, email, phone, consent_at, source_host, user_agent,
                                          starts_at, preferred_date, time_slot, status, assignee_id, event_type_id,
                                          duration_minutes, buffer_before_minutes, buffer_after_minutes, whatsapp_opt_in)
        values (fields ->> 'service', coalesce(fields ->> 'meeting_mode', 'in_person'), fields ->> 'message', fields ->> 'full_name',
                fields ->> 'email', fields ->> 'phone', (fields ->> 'consent_at')::timestamptz, fields ->> 'source_host', fields ->> 'user_agent',
                start_at, day, to_char(start_at at time zone 'Africa/Accra', 'HH24:MI'), new_status, candidate, et.id,
                et.duration_minutes, et.buffer_before_minutes, et.buffer_after_minutes, opted_in)
        returning id into new_id;
      else
        insert into public.bookings (property_id, property_slug, attendees, message, full_name, email, phone, consent_at, source_host, user_agent,
                                     starts_at, preferred_date, time_slot, status, assignee_id, event_type_id,
                                     duration_minutes, buffer_before_minutes, buffer_after_minutes, whatsapp_opt_in)
        values ((fields ->> 'property_id')::uuid, fields ->> 'property_slug', coalesce((fields ->> 'attendees')::smallint, 1), fields ->> 'message',
                fields ->> 'full_name', fields ->> 'email', fields ->> 'phone', (fields ->> 'consent_at')::timestamptz, fields ->> 'source_host',
                fields ->> 'user_agent', start_at, day, to_char(start_at at time zone 'Africa/Accra', 'HH24:MI'), new_status, candidate, et.id,
                et.duration_minutes, et.buffer_before_minutes, et.buffer_after_minutes, opted_in)
        returning id into new_id;
      end if;
      return jsonb_build_object('id', new_id, 'status', new_status, 'starts_at', start_at,
                                'ends_at', start_at + make_interval(mins => et.duration_minutes), 'host_id', candidate);
    end if;
  end loop;
  raise exception 'That time was just booked.' using errcode = '23P01';
end $$;

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
  -- Every candidate host locked up front, in one order (by id): taken one by one in order of load,
  -- two bookings of one time could take two hosts' locks in opposite orders and deadlock.
  for candidate in select h from unnest(hosts) h order by h loop
    perform pg_advisory_xact_lock(hashtextextended('appointment-host:' || candidate::text, 0));
  end loop;
  for candidate in select h from unnest(hosts) h order by h = (rec ->> 'assignee_id')::uuid desc, h loop
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
