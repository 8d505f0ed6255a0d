-- Collaboration demo data: two partner agencies and an independent agent
-- (REAC-licensed), their contacts, agreements, listings shared with a split, a registered buyer,
-- co-broke deals and a message thread — and the partner account partner@demo.test (password
-- demo-password), Abena Ofori of Coastal Homes Realty, who signs in on the collab host.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
values ('00000000-0000-0000-0000-000000000000', '00000000-0000-4000-a000-000000000081', 'authenticated', 'authenticated', 'partner@demo.test',
        extensions.crypt('demo-password', extensions.gen_salt('bf', 10)), now(),
        '{"provider":"email","providers":["email"]}'::jsonb, '{"first_name":"Abena","last_name":"Ofori"}'::jsonb,
        now(), now(), '', '', '', '')
on conflict (id) do nothing;
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values ('00000000-0000-4000-a000-000000000081', '00000000-0000-4000-a000-000000000081',
        '{"sub":"00000000-0000-4000-a000-000000000081","email":"partner@demo.test","email_verified":true,"phone_verified":false}'::jsonb,
        'email', now(), now(), now())
on conflict do nothing;
update public.profiles set role = 'partner', phone = '+233 24 455 8101' where user_id = '00000000-0000-4000-a000-000000000081';

insert into public.partners (id, kind, name, reac_licence_number, licence_expires_on, email, phone, address, city, default_split_percent, commission_terms, status, owner_id, created_at)
values
  ('00000000-0000-4000-8181-000000000001', 'agency', 'Coastal Homes Realty', 'REAC/AG/2025/00417', current_date + 240, 'deals@coastalhomes.example.com', '+233302900417',
   '12 Beach Drive, Nungua', 'Accra', 40, 'Sales: 40% of our commission to the party that brings the buyer. Rentals: one month''s rent split 50/50.', 'active',
   '00000000-0000-4000-a000-000000000001', now() - interval '120 days'),
  ('00000000-0000-4000-8181-000000000002', 'agency', 'Ashanti Prime Properties', 'REAC/AG/2024/00198', current_date + 45, 'info@ashantiprime.example.com', '+233322044198',
   'Adum, Prempeh II Street', 'Kumasi', 35, 'Kumasi listings only; 35% of commission on introduced buyers.', 'active',
   '00000000-0000-4000-a000-000000000001', now() - interval '300 days'),
  ('00000000-0000-4000-8181-000000000003', 'agent', 'Kwesi Arthur (independent agent)', 'REAC/IA/2026/01122', current_date + 330, 'kwesi.arthur@example.com', '+233541120112',
   null, 'Takoradi', 30, 'Finder''s share 30% on completion.', 'suspended',
   '00000000-0000-4000-a000-000000000003', now() - interval '60 days')
on conflict (id) do nothing;

insert into public.partner_members (id, partner_id, full_name, email, phone, position, user_id, invited_at)
values
  ('00000000-0000-4000-8182-000000000001', '00000000-0000-4000-8181-000000000001', 'Abena Ofori', 'partner@demo.test', '+233244558101', 'Sales manager', '00000000-0000-4000-a000-000000000081', now() - interval '100 days'),
  ('00000000-0000-4000-8182-000000000002', '00000000-0000-4000-8181-000000000001', 'Fiifi Quansah', 'fiifi@coastalhomes.example.com', '+233207781200', 'Agent', null, null),
  ('00000000-0000-4000-8182-000000000003', '00000000-0000-4000-8181-000000000002', 'Akosua Boateng', 'akosua@ashantiprime.example.com', '+233243330198', 'Director', null, null),
  ('00000000-0000-4000-8182-000000000004', '00000000-0000-4000-8181-000000000003', 'Kwesi Arthur', 'kwesi.arthur@example.com', '+233541120112', null, null, null)
on conflict (id) do nothing;

insert into public.partner_agreements (partner_id, title, starts_on, ends_on, split_percent, terms, created_by)
values
  ('00000000-0000-4000-8181-000000000001', 'Co-broking agreement 2026', date '2026-01-15', date '2026-12-31', 40, 'Buyer registrations valid 90 days; commission paid within 14 days of completion.', '00000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-8181-000000000002', 'Kumasi referral agreement', date '2025-11-01', null, 35, 'Open-ended; either side may end it with 30 days'' notice.', '00000000-0000-4000-a000-000000000001');

insert into public.partner_listing_shares (partner_id, property_id, partner_split_percent, note, shared_by)
select s.partner_id, p.id, s.split, s.note, '00000000-0000-4000-a000-000000000001'
from (values
  ('00000000-0000-4000-8181-000000000001'::uuid, '4-bedroom-house-east-legon-american-house', 40::numeric, 'Vendor prefers diaspora buyers; viewings with 24 h notice.'),
  ('00000000-0000-4000-8181-000000000001'::uuid, '5-bedroom-villa-trasacco-valley', 40, null),
  ('00000000-0000-4000-8181-000000000001'::uuid, '3-bedroom-townhouse-sakumono-for-rent', 50, 'Rental: one month''s rent shared.'),
  ('00000000-0000-4000-8181-000000000002'::uuid, '4-bedroom-house-kumasi-ahodwo', 35, null),
  ('00000000-0000-4000-8181-000000000002'::uuid, 'land-2-plots-kumasi-santasi', 35, 'Registered land; search result on file.')
) as s(partner_id, slug, split, note)
join public.properties p on p.slug = s.slug
on conflict (partner_id, property_id) do nothing;

insert into public.partner_buyer_registrations (id, partner_id, property_id, registered_by, buyer_name, buyer_phone, buyer_email, notes, status, created_at)
select '00000000-0000-4000-8183-000000000001', '00000000-0000-4000-8181-000000000001', p.id, '00000000-0000-4000-a000-000000000081',
       'Dr. Nana Yaa Asantewaa', '+447700900456', 'nyasantewaa@example.co.uk', 'Based in London; visiting Accra in December.', 'accepted', now() - interval '20 days'
from public.properties p where p.slug = '4-bedroom-house-east-legon-american-house'
on conflict (id) do nothing;

insert into public.co_broke_deals (partner_id, property_id, registration_id, title, stage, agreed_price, currency, agency_commission, partner_split_percent, commission_status, partner_note, created_by, created_at)
select '00000000-0000-4000-8181-000000000001', p.id, '00000000-0000-4000-8183-000000000001', 'East Legon 4-bed — Dr. Asantewaa', 'offer', 440000, 'USD', 13200, 40, 'not_due',
       'Offer of USD 440,000 with the vendor; answer expected this week.', '00000000-0000-4000-a000-000000000001', now() - interval '12 days'
from public.properties p where p.slug = '4-bedroom-house-east-legon-american-house';
insert into public.co_broke_deals (partner_id, property_id, title, stage, agreed_price, currency, agency_commission, partner_split_percent, commission_status, commission_paid_on, partner_note, created_by, created_at)
select '00000000-0000-4000-8181-000000000002', p.id, 'Danyame 5-bed — introduced buyer', 'completed', 3100000, 'GHS', 93000, 35, 'paid', current_date - 30,
       'Paid by bank transfer, ref. GR-CB-2026-014.', '00000000-0000-4000-a000-000000000001', now() - interval '75 days'
from public.properties p where p.slug = '5-bedroom-house-kumasi-danyame-sold';

insert into public.partner_messages (partner_id, author_id, from_partner, body, read_at, created_at)
values
  ('00000000-0000-4000-8181-000000000001', '00000000-0000-4000-a000-000000000081', true, 'Good morning. Dr. Asantewaa would like a second viewing of the East Legon house on Saturday. Is 11:00 possible?', now() - interval '2 days', now() - interval '3 days'),
  ('00000000-0000-4000-8181-000000000001', '00000000-0000-4000-a000-000000000001', false, 'Saturday 11:00 is confirmed; Ama Owusu will meet you at the gate.', now() - interval '2 days', now() - interval '2 days 20 hours'),
  ('00000000-0000-4000-8181-000000000001', '00000000-0000-4000-a000-000000000081', true, 'Thank you. She is preparing an offer; I will send it through this week.', null, now() - interval '1 day');
