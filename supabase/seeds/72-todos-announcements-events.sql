-- Demo data of todos, announcements and events: the checklists of the
-- demo staff, the notices on the board (one pinned, one for admins only, one expired), and this
-- fortnight's calendar — viewings of seeded listings, a sales meeting, an open house and a
-- deadline — with the team's answers. Times are relative to the day the demo data is made, so
-- the calendar always shows this week. Ids: admin …0001 Kwame Mensah, staff …0002 Ama Owusu,
-- staff2 …0005 Yaw Darko, mfa …0003 Kofi Boateng.

-- ── Todos (each user's own) ──────────────────────────────────────────────────────────────────
insert into public.todos (user_id, title, done) values
  ('00000000-0000-4000-a000-000000000002', 'Call Auntie Esi about the Osu shop keys', false),
  ('00000000-0000-4000-a000-000000000002', 'Print the Cantonments tenancy agreement (2 copies)', false),
  ('00000000-0000-4000-a000-000000000002', 'Send Mr. Quaye the Spintex site plan on WhatsApp', true),
  ('00000000-0000-4000-a000-000000000002', 'Top up MoMo for the surveyor''s transport', false),
  ('00000000-0000-4000-a000-000000000005', 'Photos of the Tema Community 25 house before Friday', false),
  ('00000000-0000-4000-a000-000000000005', 'Check the Land Commission search for Oyarifa plot', false),
  ('00000000-0000-4000-a000-000000000001', 'Renew the REAC licence display at the front desk', false),
  ('00000000-0000-4000-a000-000000000001', 'Approve December commission sheet', true);

-- ── Announcements ────────────────────────────────────────────────────────────────────────────
insert into public.announcements (id, title, body, audience, pinned, expires_at, author_id, created_at) values
  ('a0a0a0a0-0001-4000-8000-000000000001', 'Office closed on Farmers'' Day',
   E'The office is **closed on Friday 4 December** (Farmers'' Day).\n\n- Viewings booked that day move to Saturday morning.\n- Urgent calls: Kwame on +233 24 455 1020.',
   'everyone', true, null, '00000000-0000-4000-a000-000000000001', now() - interval '2 days'),
  ('a0a0a0a0-0001-4000-8000-000000000002', 'New commission split from January',
   E'From 1 January the agent''s share on rentals rises to **40%**. Details in the [commission sheet](/deals).',
   'staff', false, null, '00000000-0000-4000-a000-000000000001', now() - interval '1 day'),
  ('a0a0a0a0-0001-4000-8000-000000000003', 'Board papers for the quarterly review',
   E'Q4 figures are in the shared drive. Please read before **Thursday 10:00**.',
   'admins', false, now() + interval '20 days', '00000000-0000-4000-a000-000000000001', now() - interval '3 hours'),
  ('a0a0a0a0-0001-4000-8000-000000000004', 'Water supply interruption at the Airport office',
   E'GWCL has announced repairs on the Airport line. Tanker delivery is booked.',
   'everyone', false, now() - interval '5 days', '00000000-0000-4000-a000-000000000001', now() - interval '12 days');

insert into public.announcement_reads (announcement_id, user_id, read_at) values
  ('a0a0a0a0-0001-4000-8000-000000000001', '00000000-0000-4000-a000-000000000005', now() - interval '1 day'),
  ('a0a0a0a0-0001-4000-8000-000000000004', '00000000-0000-4000-a000-000000000002', now() - interval '11 days'),
  ('a0a0a0a0-0001-4000-8000-000000000004', '00000000-0000-4000-a000-000000000005', now() - interval '10 days');

-- ── Events (this fortnight, in Africa/Accra) ─────────────────────────────────────────────────
-- Booked viewings are bookings (75-inbox-demo.sql), shown on the same calendar: an event copying one
-- would drift from it (the East Legon and Cantonments viewings once showed on swapped days).
create temporary table seed_events (id uuid, title text, kind text, day_offset int, start_hour numeric, hours numeric, all_day boolean, location text, slug text, owner uuid, description text) on commit drop;
insert into seed_events values
  ('e0e0e0e0-0001-4000-8000-000000000003', 'Weekly sales meeting', 'meeting', 0, 8.5, 1, false, 'Airport Residential office, board room', null, '00000000-0000-4000-a000-000000000001', 'Pipeline review and viewings for the week.'),
  ('e0e0e0e0-0001-4000-8000-000000000004', 'Open house: 4-bedroom townhouse, Labone', 'open_house', 5, 10, 4, false, 'Labone, off Labone Crescent', '4-bedroom-townhouse-labone', '00000000-0000-4000-a000-000000000002', 'Signage and refreshments from the office.'),
  ('e0e0e0e0-0001-4000-8000-000000000005', 'Deadline: Q4 rent tax returns (GRA)', 'deadline', 6, 0, 24, true, null, null, '00000000-0000-4000-a000-000000000001', 'Withholding returns for corporate tenants.'),
  ('e0e0e0e0-0001-4000-8000-000000000006', 'Viewing: 4-bedroom house, Kumasi Ahodwo', 'viewing', 3, 11, 1.5, false, 'Ahodwo, Kumasi', '4-bedroom-house-kumasi-ahodwo', '00000000-0000-4000-a000-000000000005', null),
  ('e0e0e0e0-0001-4000-8000-000000000007', 'Meeting with Meridian Logistics (warehouse)', 'meeting', 8, 15, 1, false, 'Tema Heavy Industrial Area', 'warehouse-tema-heavy-industrial-area', '00000000-0000-4000-a000-000000000001', null);

insert into public.events (id, title, kind, starts_at, ends_at, all_day, location, property_id, owner_id, description)
select s.id, s.title, s.kind,
       ((current_date + s.day_offset)::timestamp + make_interval(mins => (s.start_hour * 60)::int)) at time zone 'Africa/Accra',
       ((current_date + s.day_offset)::timestamp + make_interval(mins => ((s.start_hour + s.hours) * 60)::int)) at time zone 'Africa/Accra',
       s.all_day, s.location, p.id, s.owner, s.description
from seed_events s left join public.properties p on p.slug = s.slug;

insert into public.event_attendees (event_id, user_id, response) values
  ('e0e0e0e0-0001-4000-8000-000000000003', '00000000-0000-4000-a000-000000000001', 'accepted'),
  ('e0e0e0e0-0001-4000-8000-000000000003', '00000000-0000-4000-a000-000000000002', 'accepted'),
  ('e0e0e0e0-0001-4000-8000-000000000003', '00000000-0000-4000-a000-000000000005', 'pending'),
  ('e0e0e0e0-0001-4000-8000-000000000003', '00000000-0000-4000-a000-000000000003', 'declined'),
  ('e0e0e0e0-0001-4000-8000-000000000004', '00000000-0000-4000-a000-000000000002', 'accepted'),
  ('e0e0e0e0-0001-4000-8000-000000000004', '00000000-0000-4000-a000-000000000005', 'pending'),
  ('e0e0e0e0-0001-4000-8000-000000000006', '00000000-0000-4000-a000-000000000005', 'accepted'),
  ('e0e0e0e0-0001-4000-8000-000000000007', '00000000-0000-4000-a000-000000000001', 'accepted');
