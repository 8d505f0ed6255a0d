-- Demo business contacts: people and companies across Accra, Tema, Kumasi and
-- Takoradi, spread over Ama Owusu (staff), Yaw Darko (staff2) and Kwame Mensah (admin) so
-- "own records" shows; typed phones as people write them (the table stores E.164); consent from
-- the website form or in person; a timeline per contact (calls, WhatsApp, notes, a viewing).
-- Fixed ids 00000000-0000-4000-d400-0000000000NN so the deals seed can link them.
insert into public.contacts (
  id, kind, first_name, last_name, company_name, job_title, type, stage, source, tags, phone, email,
  city, neighbourhood, consent_status, consent_source, consent_at, marketing_consent, owner_id, assignee_id, created_at, updated_at
)
select ('00000000-0000-4000-d400-' || lpad(c.n::text, 12, '0'))::uuid, c.kind, c.first_name, c.last_name, c.company_name, c.job_title,
       c.type, c.stage, c.source, c.tags, c.phone, c.email, c.city, c.hood,
       c.consent, case when c.consent <> 'unknown' then c.consent_source end,
       case when c.consent <> 'unknown' then now() - make_interval(days => c.age) end,
       c.marketing, c.owner::uuid, c.assignee::uuid,
       now() - make_interval(days => c.age), now() - make_interval(days => greatest(c.age - 3, 0))
from (values
  (1, 'person', 'Kofi', 'Asamoah', null, null, 'lead', 'lead', 'website_form', array['buyer', 'east legon'], '024 412 3456', 'kofi.asamoah@gmail.com', 'Accra', 'East Legon', 'given', 'website_form', true, '00000000-0000-4000-a000-000000000002', null, 2),
  (2, 'person', 'Abena', 'Owusu-Ansah', null, 'Pharmacist', 'client', 'client', 'referral', array['buyer', 'mortgage'], '020 811 2233', 'abena.oa@yahoo.com', 'Accra', 'Cantonments', 'given', 'in_person', true, '00000000-0000-4000-a000-000000000002', null, 40),
  (3, 'person', 'Yaw', 'Boakye', null, null, 'tenant', 'prospect', 'portal', array['rent', '2-bed'], '055 234 9087', 'yboakye@outlook.com', 'Accra', 'Airport Residential', 'given', 'website_form', false, '00000000-0000-4000-a000-000000000002', null, 12),
  (4, 'person', 'Efua', 'Quaye', null, 'Teacher', 'lead', 'lead', 'whatsapp', array['rent'], '027 765 4321', null, 'Tema', 'Community 25', 'unknown', null, false, '00000000-0000-4000-a000-000000000002', null, 1),
  (5, 'person', 'Nana Akua', 'Sarpong', null, null, 'owner', 'client', 'referral', array['landlord', 'cantonments'], '024 455 1020', 'nanaakua.sarpong@gmail.com', 'Accra', 'Cantonments', 'given', 'in_person', false, '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000005', 90),
  (6, 'person', 'Kwabena', 'Osei', null, 'Civil engineer', 'lead', 'prospect', 'social', array['investor', 'land'], '059 112 8890', 'kwabena.osei@gmail.com', 'Kumasi', 'Ahodwo', 'given', 'website_form', true, '00000000-0000-4000-a000-000000000005', null, 8),
  (7, 'person', 'Adwoa', 'Mensah', null, null, 'client', 'past_client', 'walk_in', array['buyer'], '026 334 5566', 'adwoa.mensah@hotmail.com', 'Kumasi', 'Nhyiaeso', 'given', 'in_person', false, '00000000-0000-4000-a000-000000000005', null, 300),
  (8, 'person', 'Kojo', 'Annan', null, null, 'tenant', 'lead', 'phone', array['rent', 'office'], '050 998 7766', null, 'Takoradi', 'Anaji', 'unknown', null, false, '00000000-0000-4000-a000-000000000005', null, 3),
  (9, 'person', 'Esi', 'Ankrah', null, 'Diplomat', 'client', 'client', 'referral', array['vip', 'rent', 'usd'], '+44 20 7946 0958', 'esi.ankrah@fco.example.org', 'Accra', 'Labone', 'given', 'email', true, '00000000-0000-4000-a000-000000000001', null, 60),
  (10, 'person', 'Fiifi', 'Baidoo', null, null, 'vendor', 'prospect', 'referral', array['seller', 'spintex'], '024 667 1212', 'fiifi.baidoo@gmail.com', 'Accra', 'Spintex', 'given', 'phone', false, '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000002', 25),
  (11, 'person', 'Akosua', 'Frimpong', null, null, 'lead', 'lost', 'portal', array['buyer'], '054 876 5432', 'akosua.f@gmail.com', 'Accra', 'Dzorwulu', 'withdrawn', 'email', false, '00000000-0000-4000-a000-000000000002', null, 120),
  (12, 'person', 'Mawuli', 'Agbeko', null, 'Software developer', 'lead', 'lead', 'social', array['rent', '1-bed'], '020 123 9876', 'mawuli.agbeko@gmail.com', 'Accra', 'Osu', 'given', 'website_form', true, '00000000-0000-4000-a000-000000000005', null, 0),
  (13, 'company', null, null, 'Mensah Estates Ltd', null, 'partner', 'client', 'referral', array['co-broker'], '030 276 5432', 'info@mensahestates.com.gh', 'Accra', 'Airport City', 'given', 'email', false, '00000000-0000-4000-a000-000000000001', null, 400),
  (14, 'company', null, null, 'Volta Cocoa Exports', null, 'tenant', 'client', 'walk_in', array['commercial', 'warehouse'], '030 320 1144', 'admin@voltacocoa.example.com', 'Tema', 'Heavy Industrial Area', 'given', 'in_person', false, '00000000-0000-4000-a000-000000000005', null, 150),
  (15, 'company', null, null, 'Ashanti Homes Development', null, 'vendor', 'prospect', 'referral', array['developer'], '032 202 8899', 'sales@ashantihomes.example.com', 'Kumasi', 'Danyame', 'given', 'email', false, '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000005', 70),
  (16, 'person', 'Selasi', 'Dzidzornu', null, null, 'landlord', 'client', 'referral', array['landlord', 'osu'], '024 909 3030', 'selasi.d@gmail.com', 'Accra', 'Osu', 'given', 'in_person', false, '00000000-0000-4000-a000-000000000002', null, 200),
  (17, 'person', 'Yaa', 'Asantewaa', null, null, 'lead', 'prospect', 'website_form', array['buyer', 'land'], '056 441 2299', 'yaa.asantewaa@gmail.com', 'Accra', 'Oyarifa', 'given', 'website_form', true, '00000000-0000-4000-a000-000000000002', null, 5),
  (18, 'person', 'Edem', 'Kpodo', null, null, 'tenant', 'client', 'portal', array['rent'], '023 555 7788', 'edem.kpodo@gmail.com', 'Tema', 'Community 11', 'given', 'website_form', false, '00000000-0000-4000-a000-000000000005', null, 45),
  (19, 'person', 'Afia', 'Darkwa', null, null, 'lead', 'lead', 'walk_in', array[]::text[], '057 222 3344', null, 'Takoradi', 'Windy Ridge', 'unknown', null, false, '00000000-0000-4000-a000-000000000005', null, 4),
  (20, 'person', 'Kweku', 'Ampofo', null, 'Lawyer', 'partner', 'client', 'referral', array['lawyer', 'title checks'], '024 300 1122', 'kweku.ampofo@ampofo-law.example.com', 'Accra', 'Ridge', 'given', 'email', false, '00000000-0000-4000-a000-000000000001', null, 500)
) as c (n, kind, first_name, last_name, company_name, job_title, type, stage, source, tags, phone, email, city, hood, consent, consent_source, marketing, owner, assignee, age);

insert into public.contact_activities (contact_id, kind, direction, summary, body, occurred_at, actor_id)
select ('00000000-0000-4000-d400-' || lpad(a.n::text, 12, '0'))::uuid, a.kind, a.direction, a.summary, a.body,
       now() - make_interval(days => a.days_ago, hours => a.hours_ago), a.actor::uuid
from (values
  (1, 'call', 'outbound', 'Called about the East Legon house', 'Budget GHS 3.5m; wants 4 beds and a boys'' quarters. Viewing Saturday.', 1, 3, '00000000-0000-4000-a000-000000000002'),
  (1, 'whatsapp', 'outbound', 'Sent photos and the site plan', null, 1, 1, '00000000-0000-4000-a000-000000000002'),
  (2, 'meeting', 'inbound', 'Signed the sale agreement at the office', null, 30, 2, '00000000-0000-4000-a000-000000000002'),
  (2, 'note', null, 'Prefers calls after 5 pm', null, 35, 0, '00000000-0000-4000-a000-000000000002'),
  (3, 'call', 'inbound', 'Asked about 2-bed flats near the airport', 'Can pay 1 year in advance.', 10, 5, '00000000-0000-4000-a000-000000000002'),
  (4, 'whatsapp', 'inbound', 'Asked for rentals in Community 25', null, 0, 6, '00000000-0000-4000-a000-000000000002'),
  (5, 'call', 'outbound', 'Agreed the Cantonments listing terms', '5 % commission, exclusive for 3 months.', 60, 0, '00000000-0000-4000-a000-000000000002'),
  (6, 'call', 'outbound', 'Land in Santasi: sent the indenture for checks', null, 6, 2, '00000000-0000-4000-a000-000000000005'),
  (6, 'email', 'outbound', 'Shared the title search results', null, 2, 4, '00000000-0000-4000-a000-000000000005'),
  (8, 'call', 'inbound', 'Looking for a small office in Anaji', null, 2, 7, '00000000-0000-4000-a000-000000000005'),
  (9, 'email', 'inbound', 'Relocating in January; needs a furnished 3-bed', null, 55, 0, '00000000-0000-4000-a000-000000000001'),
  (10, 'meeting', 'outbound', 'Valued the Spintex house', 'Asking GHS 1.6m; our valuation GHS 1.45m.', 20, 0, '00000000-0000-4000-a000-000000000001'),
  (12, 'whatsapp', 'inbound', 'Saw the Osu listing on Instagram', null, 0, 2, '00000000-0000-4000-a000-000000000005'),
  (14, 'call', 'outbound', 'Renewal of the warehouse lease discussed', null, 14, 0, '00000000-0000-4000-a000-000000000005'),
  (17, 'call', 'outbound', 'Oyarifa plot: arranged a site visit', null, 3, 1, '00000000-0000-4000-a000-000000000002'),
  (18, 'note', null, 'Rent due 1 March; pays by MoMo', null, 40, 0, '00000000-0000-4000-a000-000000000005')
) as a (n, kind, direction, summary, body, days_ago, hours_ago, actor);
