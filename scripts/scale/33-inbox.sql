-- seed:scale — inboxes and scheduling: 50,000 property requests over the scale
-- places and agents (the matching bench: one listing against 50,000 requests, one request
-- against 20,000 listings), 20,000 contact submissions, and a busy fortnight for 10 hosts of the
-- default consultation (Mon–Fri 08:00–17:00, Sat 09:00–13:00, 600 appointments, some leave),
-- the free-slots bench. Per-row notifications and visitor mails are not wanted for generated
-- history: those triggers are off while this file runs (the audit triggers stay on).
select setseed(0.33);
alter table public.property_requests disable trigger property_requests_notify_new;
alter table public.contact_submissions disable trigger contact_submissions_notify_new;
alter table public.consultations disable trigger consultations_notify_new;
alter table public.consultations disable trigger consultations_queue_notice;
-- Generated appointments may overlap (the clash check is the booking path's, tested elsewhere);
-- their times and blocked ranges are written here directly.
alter table public.consultations disable trigger consultations_schedule;

create temporary table scale_hoods (n serial, hood text) on commit drop;
insert into scale_hoods (hood) values ('East Legon'), ('Cantonments'), ('Airport Residential'), ('Labone'), ('Osu'), ('Dzorwulu'),
  ('Spintex'), ('Adjiringanor'), ('Roman Ridge'), ('Haatso'), ('Oyarifa'), ('Trasacco Valley'), ('Community 25'), ('Community 11'),
  ('Sakumono'), ('Ahodwo'), ('Nhyiaeso'), ('Danyame'), ('Asokwa'), ('Anaji'), ('Airport Ridge'), ('Windy Ridge'), ('Abura'), ('Bankoe');

create temporary table scale_names (n serial, first text, last text) on commit drop;
insert into scale_names (first, last)
select f, l from unnest(array['Ama','Kofi','Akosua','Kwame','Abena','Yaw','Efua','Kojo','Adwoa','Kwesi','Esi','Kwabena','Afia','Nana','Akua','Fiifi']) f,
                 unnest(array['Mensah','Owusu','Boateng','Asante','Osei','Agyeman','Darko','Ofori','Appiah','Quaye','Addo','Tetteh','Amoah','Yeboah']) l;

insert into public.property_requests (full_name, email, phone, listing_type, property_type, locations, budget_min, budget_max, currency,
                                      bedrooms_min, bedrooms_max, area_min_sqm, timeline, consent_at, status, assignee_id, created_at, updated_at)
select nm.first || ' ' || nm.last,
       lower(nm.first || '.' || nm.last || g) || '@example.com',
       '+23324' || lpad((1000000 + g)::text, 7, '0'),
       x.lt,
       x.pt,
       array[(select hood from scale_hoods where n = 1 + (g % 24)), (select hood from scale_hoods where n = 1 + ((g * 7) % 24))],
       case when x.r < 0.5 then round(x.budget * 0.6, case when x.lt = 'buy' then -3 else -2 end) end,
       x.budget,
       case when x.usd then 'USD' else 'GHS' end,
       case when x.pt in ('land', 'office', 'shop', 'warehouse') then null else 1 + (g % 4) end,
       case when x.pt in ('land', 'office', 'shop', 'warehouse') or x.r < 0.3 then null else 2 + (g % 4) end,
       case when x.r > 0.8 then 100 + (g % 400) end,
       (array['immediately','within_1_month','1_3_months','3_6_months','6_12_months','flexible'])[1 + g % 6],
       now() - make_interval(days => g % 700),
       (array['new','assigned','assigned','searching','searching','matched','closed','lost'])[1 + g % 8],
       case when g % 8 = 0 then null else ('00000000-0000-4000-c000-' || lpad((4 + g % 45)::text, 12, '0'))::uuid end,
       now() - make_interval(days => g % 700), now() - make_interval(days => g % 300)
  from generate_series(1, 50000) g
  join scale_names nm on nm.n = 1 + (g % 224)
  -- `g` makes this lateral row depend on the outer one, so random() is drawn per request (an
  -- uncorrelated subquery is computed once: every request was a 'buy warehouse' at one budget).
  cross join lateral (
    select g as draw, case when random() < 0.55 then 'buy' else 'rent' end as lt,
           (array['house','house','apartment','apartment','townhouse','land','office','shop','warehouse'])[1 + floor(random() * 9)::int] as pt,
           random() < 0.15 as usd, random() as r, random() as rb
  ) x0
  cross join lateral (
    select x0.*, case when x0.lt = 'buy' then round(((300000 + x0.rb * 4700000) / case when x0.usd then 15 else 1 end)::numeric, -3)
                      else round(((2000 + x0.rb * 38000) / case when x0.usd then 15 else 1 end)::numeric, -2) end as budget
  ) x;

insert into public.contact_submissions (full_name, email, phone, subject, message, consent_at, status, assignee_id, created_at, updated_at)
select nm.first || ' ' || nm.last, lower(nm.first || '.' || nm.last || '.c' || g) || '@example.com', '+23320' || lpad((2000000 + g)::text, 7, '0'),
       (array['Selling my house','Viewing request','Question about fees','Land title search','Rental management','Investment advice'])[1 + g % 6],
       'Hello, I would like to talk about ' || (select hood from scale_hoods where n = 1 + (g % 24)) || '. Please call me back when you can.',
       now() - make_interval(days => g % 500),
       (array['new','assigned','in_progress','in_progress','done','done','done','spam'])[1 + g % 8],
       case when g % 8 in (0, 7) then null else ('00000000-0000-4000-c000-' || lpad((4 + g % 45)::text, 12, '0'))::uuid end,
       now() - make_interval(days => g % 500), now() - make_interval(days => g % 200)
  from generate_series(1, 20000) g
  join scale_names nm on nm.n = 1 + ((g * 5) % 224);

-- Ten agents host the default consultation, with full weeks and a busy calendar.
insert into public.booking_event_type_hosts (event_type_id, user_id)
select '00000000-0000-4000-b000-000000000e01', ('00000000-0000-4000-c000-' || lpad(a::text, 12, '0'))::uuid from generate_series(4, 13) a
on conflict do nothing;
insert into public.staff_working_hours (user_id, weekday, start_time, end_time)
select ('00000000-0000-4000-c000-' || lpad(a::text, 12, '0'))::uuid, d, '08:00'::time, '17:00'::time from generate_series(4, 13) a, generate_series(1, 5) d
union all
select ('00000000-0000-4000-c000-' || lpad(a::text, 12, '0'))::uuid, 6, '09:00'::time, '13:00'::time from generate_series(4, 13) a;
insert into public.staff_time_off (user_id, starts_at, ends_at, reason)
select ('00000000-0000-4000-c000-' || lpad(a::text, 12, '0'))::uuid, date_trunc('day', now()) + make_interval(days => 3 + a % 9, hours => 13),
       date_trunc('day', now()) + make_interval(days => 3 + a % 9, hours => 17), 'Site inspection'
  from generate_series(4, 13) a;

insert into public.consultations (service, meeting_mode, full_name, email, phone, consent_at, status, assignee_id, event_type_id,
                                  duration_minutes, buffer_after_minutes, starts_at, ends_at, blocked_from, blocked_until, preferred_date, time_slot, created_at)
select 'property-buying', 'in_person', nm.first || ' ' || nm.last, lower(nm.first || '.k' || g) || '@example.com', '+23327' || lpad((3000000 + g)::text, 7, '0'),
       now(), case when g % 3 = 0 then 'requested' else 'confirmed' end,
       ('00000000-0000-4000-c000-' || lpad((4 + g % 10)::text, 12, '0'))::uuid, '00000000-0000-4000-b000-000000000e01',
       30, 15, t.s, t.s + interval '30 minutes', t.s, t.s + interval '45 minutes', (t.s at time zone 'Africa/Accra')::date,
       to_char(t.s at time zone 'Africa/Accra', 'HH24:MI'), now()
  from generate_series(1, 600) g
  join scale_names nm on nm.n = 1 + ((g * 3) % 224)
  cross join lateral (select (date_trunc('day', now()) + make_interval(days => 1 + g % 14, hours => 8) + make_interval(mins => 30 * (g % 17))) as s) t;

alter table public.property_requests enable trigger property_requests_notify_new;
alter table public.contact_submissions enable trigger contact_submissions_notify_new;
alter table public.consultations enable trigger consultations_notify_new;
alter table public.consultations enable trigger consultations_queue_notice;
alter table public.consultations enable trigger consultations_schedule;
