-- Inbox demo data: what a week of the public forms brings an Accra agency — messages,
-- consultations and viewings (times relative to today, spread over Ama and Yaw so "own records"
-- shows), and property requests with ranges that the demo listings match. Seeding must not mail
-- anyone: the notices and notification copies these inserts queue are closed at the end.

insert into public.contact_submissions (full_name, email, phone, subject, message, property_slug, consent_at, status, assignee_id, source_host, created_at) values
  ('Akosua Frimpong', 'akosua.frimpong@example.com', '+233244310022', 'Is the East Legon house still available?',
   'Good afternoon. I saw the 4-bedroom house at East Legon (American House). Is it still available, and is the price negotiable? We would like to view it this weekend.',
   '4-bedroom-house-east-legon-american-house', now() - interval '3 hours', 'new', null, 'localhost', now() - interval '3 hours'),
  ('Michael Tetteh', 'm.tetteh@example.com', '+233208771234', 'Selling my land in Oyarifa',
   'I have two plots with an indenture in Oyarifa and want to sell. Can someone advise on the value and the paperwork?',
   null, now() - interval '1 day', 'assigned', '00000000-0000-4000-a000-000000000002', 'localhost', now() - interval '1 day'),
  ('Abena Osei-Bonsu', 'abena.ob@example.com', '+447700900456', 'Managing my house while I am in London',
   'I live in London and own a 3-bedroom house in Spintex. I need an agent to find tenants and collect the rent. What are your fees?',
   null, now() - interval '2 days', 'in_progress', '00000000-0000-4000-a000-000000000005', 'localhost', now() - interval '2 days'),
  ('Kwesi Arthur', 'kwesi.arthur@example.com', null, 'Office space near Airport',
   'Our NGO needs about 150 m² of office space near the Airport area from January. Do you have anything?',
   null, now() - interval '4 days', 'done', '00000000-0000-4000-a000-000000000002', 'localhost', now() - interval '4 days'),
  ('Crypto Investment Group', 'winner@spam.example', null, 'Guaranteed 300% returns',
   'Invest in our Bitcoin scheme and earn 300% returns in 30 days!!!', null, now() - interval '5 days', 'spam', null, 'localhost', now() - interval '5 days');

-- Appointments: a past one done, upcoming ones confirmed or waiting for the host to confirm.
insert into public.consultations (service, meeting_mode, message, full_name, email, phone, consent_at, status, assignee_id, event_type_id,
                                  duration_minutes, buffer_after_minutes, starts_at, preferred_date, time_slot, source_host, created_at) values
  ('property-buying', 'in_person', 'First-time buyer, budget about GHS 1.5 million, looking at Spintex and Tema.', 'Esi Quaye', 'esi.quaye@example.com', '+233241122334',
   now() - interval '6 days', 'completed', '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-b000-000000000e01', 30, 15,
   date_trunc('day', now()) - interval '2 days' + interval '10 hours', current_date - 2, '10:00', 'consult.localhost', now() - interval '6 days'),
  ('investment-consulting', 'video', 'Diaspora investor in Toronto: rental apartments in Accra?', 'Kofi Adjei', 'kofi.adjei@example.ca', '+14165550123',
   now() - interval '1 day', 'confirmed', '00000000-0000-4000-a000-000000000005', '00000000-0000-4000-b000-000000000e01', 30, 15,
   date_trunc('day', now()) + interval '1 day' + interval '11 hours', current_date + 1, '11:00', 'consult.localhost', now() - interval '1 day'),
  ('property-valuation', 'in_person', 'Valuation of a family house in Dansoman for a bank loan.', 'Adwoa Boateng', 'adwoa.boateng@example.com', '+233277654321',
   now() - interval '5 hours', 'requested', '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-b000-000000000e02', 60, 15,
   date_trunc('day', now()) + interval '3 days' + interval '14 hours', current_date + 3, '14:00', 'consult.localhost', now() - interval '5 hours'),
  ('tenant-services', 'phone', null, 'Yaw Boakye', 'yaw.boakye@example.com', '+233501234567',
   now() - interval '3 days', 'cancelled', '00000000-0000-4000-a000-000000000005', '00000000-0000-4000-b000-000000000e01', 30, 15,
   date_trunc('day', now()) + interval '2 days' + interval '9 hours', current_date + 2, '09:00', 'consult.localhost', now() - interval '3 days');

insert into public.bookings (property_id, property_slug, attendees, message, full_name, email, phone, consent_at, status, assignee_id, event_type_id,
                             duration_minutes, buffer_before_minutes, buffer_after_minutes, starts_at, preferred_date, time_slot, source_host, created_at)
select p.id, p.slug, b.attendees, b.message, b.full_name, b.email, b.phone, now() - b.ago, b.status, b.host::uuid, '00000000-0000-4000-b000-000000000e04',
       45, 15, 15, date_trunc('day', now()) + b.at, (date_trunc('day', now()) + b.at)::date, to_char(date_trunc('day', now()) + b.at, 'HH24:MI'), 'bookings.localhost', now() - b.ago
  from (values
    ('4-bedroom-house-east-legon-american-house', 2, 'Coming with my husband.', 'Akosua Frimpong', 'akosua.frimpong@example.com', '+233244310022', interval '2 hours', 'requested', '00000000-0000-4000-a000-000000000002', interval '2 days 10 hours'),
    ('3-bedroom-apartment-cantonments-for-rent', 1, null, 'Daniel Ofori', 'daniel.ofori@example.com', '+233209998877', interval '1 day', 'confirmed', '00000000-0000-4000-a000-000000000005', interval '1 day 14 hours'),
    ('3-bedroom-house-spintex-baatsona', 3, 'Can we see the boys'' quarters too?', 'Comfort Asamoah', 'comfort.asamoah@example.com', '+233244445566', interval '3 days', 'confirmed', '00000000-0000-4000-a000-000000000002', interval '4 days 11 hours'),
    ('3-bedroom-house-spintex-baatsona', 1, null, 'Samuel Owusu', 'samuel.owusu@example.com', '+233266112233', interval '8 days', 'completed', '00000000-0000-4000-a000-000000000005', interval '-3 days 15 hours')
  ) as b(slug, attendees, message, full_name, email, phone, ago, status, host, at)
  join public.properties p on p.slug = b.slug;

insert into public.property_requests (listing_type, property_type, property_types, locations, budget_min, budget_max, currency, bedrooms_min, bedrooms_max,
                                      area_min_sqm, area_max_sqm, move_in_date, timeline, notes, full_name, email, phone, consent_at, status, assignee_id, source_host, created_at) values
  ('buy', 'house', array['house', 'townhouse'], array['East Legon', 'Cantonments', 'Airport Residential'], 2500000, 6000000, 'GHS', 3, 5, null, null, null,
   '3_6_months', 'Gated community preferred, with boys'' quarters and a borehole.', 'Nana Yaw Asante', 'nana.asante@example.com', '+233244908070',
   now() - interval '6 days', 'searching', '00000000-0000-4000-a000-000000000002', 'request.localhost', now() - interval '6 days'),
  ('rent', 'apartment', array['apartment'], array['Cantonments', 'Osu', 'Labone'], null, 3000, 'USD', 2, 3, 90, null, '2027-01-15',
   'within_1_month', 'Relocating with an embassy; furnished, with backup power.', 'Claire Dubois', 'claire.dubois@example.fr', '+33612345678',
   now() - interval '2 days', 'assigned', '00000000-0000-4000-a000-000000000005', 'request.localhost', now() - interval '2 days'),
  ('buy', 'land', array['land'], array['Kumasi', 'Santasi'], null, 500000, 'GHS', null, null, 1000, 3000, null,
   'flexible', 'Two plots to build a family house; registered title only.', 'Kwabena Sarfo', 'kwabena.sarfo@example.com', '+233246771122',
   now() - interval '1 day', 'new', null, 'request.localhost', now() - interval '1 day'),
  ('rent', 'house', array['house'], array['Takoradi', 'Anaji'], 5000, 9000, 'GHS', 3, 4, null, null, '2026-12-15',
   'immediately', 'Oil and gas engineer; near the international school.', 'Ebo Mensah', 'ebo.mensah@example.com', '+233243344556',
   now() - interval '3 hours', 'new', null, 'request.localhost', now() - interval '3 hours'),
  ('buy', 'warehouse', array['warehouse'], array['Tema'], null, 1200000, 'USD', null, null, 800, null, null,
   '6_12_months', null, 'Meridian Agro Ltd (Fatima Abubakar)', 'fatima@meridianagro.example.com', '+233302998811',
   now() - interval '9 days', 'closed', '00000000-0000-4000-a000-000000000002', 'request.localhost', now() - interval '9 days');

insert into public.inbox_notes (record_table, record_id, author_id, body, created_at)
select 'property_requests', r.id, '00000000-0000-4000-a000-000000000002'::uuid,
       'Spoke to Nana Yaw on WhatsApp: flexible on Cantonments if the house is gated. Prefers viewings on Saturdays.', now() - interval '5 days'
  from public.property_requests r where r.email = 'nana.asante@example.com'
union all
select 'contact_submissions', c.id, '00000000-0000-4000-a000-000000000005',
       'Sent our management fee sheet (8% of rent collected). She will decide after talking to her brother in Accra.', now() - interval '1 day'
  from public.contact_submissions c where c.email = 'abena.ob@example.com';

-- Seeding mails nobody: close the visitor notices and drop the notification copies it queued.
update public.appointment_notices set processed_at = now(), last_error = 'seed' where processed_at is null;
delete from public.outgoing_emails where notification_id in (
  select n.id from public.notifications n where n.record_table in ('consultations', 'bookings', 'contact_submissions', 'property_requests'));
update public.listing_match_queue set processed_at = now() where processed_at is null;
