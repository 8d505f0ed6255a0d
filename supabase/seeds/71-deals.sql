-- Demo deals and goals: sales, rentals and a development across the
-- pipelines' stages, GHS and USD, linked to the demo contacts (70-business-contacts.sql) and listings
-- (30-content.sql), owned by Ama Owusu, Yaw Darko and Kwame Mensah; some won and lost this month
-- so the forecast, the board's closed columns and the goals have something to show.
insert into public.deals (
  id, title, pipeline_id, stage_id, value, currency, expected_close_date, property_id, contact_id,
  commission_type, commission_rate, commission_amount, lost_reason_id, closed_at, stage_entered_at, last_activity_at, owner_id, created_at
)
select ('00000000-0000-4000-d500-' || lpad(d.n::text, 12, '0'))::uuid, d.title,
       p.id, s.id, d.value, d.currency, (now() + make_interval(days => d.close_in))::date,
       (select id from public.properties where slug = d.slug), ('00000000-0000-4000-d400-' || lpad(d.contact::text, 12, '0'))::uuid,
       d.ctype, case when d.ctype = 'percent' then d.crate end, case when d.ctype = 'fixed' then d.camount end,
       case when s.outcome = 'lost' then ('00000000-0000-4000-d300-00000000000' || d.reason)::uuid end,
       case when s.outcome <> 'open' then now() - make_interval(days => d.in_stage) end,
       now() - make_interval(days => d.in_stage), now() - make_interval(days => least(d.in_stage, 2)),
       d.owner::uuid, now() - make_interval(days => d.in_stage + 10)
from (values
  (1, '4-bed house, East Legon — Asamoah', 'sale', 'viewing', 3450000, 'GHS', 30, '4-bedroom-house-east-legon-american-house', 1, 'percent', 5.0, null, null, 2, '00000000-0000-4000-a000-000000000002'),
  (2, '3-bed flat, Cantonments — Owusu-Ansah', 'sale', 'won', 2100000, 'GHS', -5, '2-bedroom-apartment-airport-residential', 2, 'percent', 5.0, null, null, 6, '00000000-0000-4000-a000-000000000002'),
  (3, '2-bed rental, Airport Residential — Boakye', 'rental', 'application', 2400, 'USD', 14, '3-bedroom-apartment-cantonments-for-rent', 3, 'fixed', null, 2400, null, 4, '00000000-0000-4000-a000-000000000002'),
  (4, 'Rental, Community 25 — Quaye', 'rental', 'enquiry', 4500, 'GHS', 21, '2-bedroom-apartment-tema-community-11-for-rent', 4, 'fixed', null, 4500, null, 0, '00000000-0000-4000-a000-000000000002'),
  (5, 'Cantonments flat listing — Sarpong', 'rental', 'agreement', 3500, 'USD', 7, '3-bedroom-apartment-cantonments-for-rent', 5, 'fixed', null, 3500, null, 9, '00000000-0000-4000-a000-000000000002'),
  (6, '2 plots, Santasi — Osei', 'sale', 'offer', 380000, 'GHS', 45, 'land-2-plots-kumasi-santasi', 6, 'percent', 5.0, null, null, 5, '00000000-0000-4000-a000-000000000005'),
  (7, 'Danyame house — Mensah', 'sale', 'won', 1850000, 'GHS', -60, '5-bedroom-house-kumasi-danyame-sold', 7, 'percent', 3.0, null, null, 70, '00000000-0000-4000-a000-000000000005'),
  (8, 'Office, Anaji — Annan', 'rental', 'viewing', 1800, 'GHS', 20, 'office-suite-takoradi-airport-ridge', 8, 'fixed', null, 1800, null, 1, '00000000-0000-4000-a000-000000000005'),
  (9, 'Furnished 3-bed, Labone — Ankrah', 'rental', 'won', 4200, 'USD', -2, '4-bedroom-townhouse-labone', 9, 'fixed', null, 4200, null, 3, '00000000-0000-4000-a000-000000000001'),
  (10, 'Spintex house sale — Baidoo', 'sale', 'negotiation', 1450000, 'GHS', 25, '3-bedroom-house-spintex-baatsona', 10, 'percent', 4.0, null, null, 12, '00000000-0000-4000-a000-000000000001'),
  (11, 'Dzorwulu house — Frimpong', 'sale', 'lost', 2600000, 'GHS', -20, '3-bedroom-house-dzorwulu', 11, 'percent', 5.0, null, 2, 20, '00000000-0000-4000-a000-000000000002'),
  (12, '1-bed, Osu — Agbeko', 'rental', 'viewing', 3000, 'GHS', 10, '1-bedroom-apartment-roman-ridge-for-rent', 12, 'fixed', null, 3000, null, 0, '00000000-0000-4000-a000-000000000005'),
  (13, 'Warehouse lease renewal — Volta Cocoa', 'rental', 'agreement', 9000, 'USD', 30, 'warehouse-tema-heavy-industrial-area', 14, 'percent', 10.0, null, null, 14, '00000000-0000-4000-a000-000000000005'),
  (14, 'Danyame Gardens phase 2 — Ashanti Homes', 'development', 'reservation', 6500000, 'GHS', 90, null, 15, 'percent', 2.5, null, null, 18, '00000000-0000-4000-a000-000000000001'),
  (15, 'Oyarifa plot — Asantewaa', 'sale', 'new', 180000, 'GHS', 40, 'land-1-plot-oyarifa', 17, 'percent', 5.0, null, null, 3, '00000000-0000-4000-a000-000000000002'),
  (16, 'Villa, Trasacco — Mensah Estates buyer', 'sale', 'agreement', 850000, 'USD', 15, '5-bedroom-villa-trasacco-valley', 13, 'percent', 5.0, null, null, 8, '00000000-0000-4000-a000-000000000001'),
  (17, 'Community 11 flat — Kpodo', 'rental', 'lost', 2800, 'GHS', -10, '2-bedroom-apartment-tema-community-11-for-rent', 18, 'fixed', null, 2800, 1, 11, '00000000-0000-4000-a000-000000000005'),
  (18, 'Airport City office — Ampofo referral', 'development', 'site_visit', 1200000, 'USD', 120, 'office-airport-city-grade-a', 20, 'percent', 3.0, null, null, 6, '00000000-0000-4000-a000-000000000001')
) as d (n, title, pipeline, stage, value, currency, close_in, slug, contact, ctype, crate, camount, reason, in_stage, owner)
join public.deal_pipelines p on p.key = d.pipeline
join public.deal_stages s on s.pipeline_id = p.id and s.key = d.stage;

insert into public.deal_contacts (deal_id, contact_id, role) values
  ('00000000-0000-4000-d500-000000000001', '00000000-0000-4000-d400-000000000020', 'lawyer'),
  ('00000000-0000-4000-d500-000000000005', '00000000-0000-4000-d400-000000000009', 'tenant'),
  ('00000000-0000-4000-d500-000000000016', '00000000-0000-4000-d400-000000000020', 'lawyer');

insert into public.deal_commission_splits (deal_id, party, user_id, partner_contact_id, share_type, share_percent, share_amount, position) values
  ('00000000-0000-4000-d500-000000000002', 'agent', '00000000-0000-4000-a000-000000000002', null, 'percent', 60, null, 0),
  ('00000000-0000-4000-d500-000000000002', 'house', null, null, 'percent', 40, null, 1),
  ('00000000-0000-4000-d500-000000000016', 'co_broker', null, '00000000-0000-4000-d400-000000000013', 'fixed', null, 10000, 0),
  ('00000000-0000-4000-d500-000000000016', 'agent', '00000000-0000-4000-a000-000000000001', null, 'percent', 50, null, 1),
  ('00000000-0000-4000-d500-000000000016', 'house', null, null, 'percent', 50, null, 2);

-- Goals for this month, quarter and year (Africa/Accra = UTC).
insert into public.goals (metric, target, period_type, period_start, user_id, owner_id, notes) values
  ('deals_won', 3, 'month', date_trunc('month', now())::date, '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000001', 'Close the East Legon sale this month'),
  ('leads_contacted', 25, 'month', date_trunc('month', now())::date, '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000001', null),
  ('revenue', 150000, 'quarter', date_trunc('quarter', now())::date, '00000000-0000-4000-a000-000000000005', '00000000-0000-4000-a000-000000000001', null),
  ('listings_published', 6, 'quarter', date_trunc('quarter', now())::date, '00000000-0000-4000-a000-000000000005', '00000000-0000-4000-a000-000000000005', 'My own target'),
  ('deals_won', 40, 'year', date_trunc('year', now())::date, null, '00000000-0000-4000-a000-000000000001', 'Agency target for the year'),
  ('viewings_held', 60, 'quarter', date_trunc('quarter', now())::date, null, '00000000-0000-4000-a000-000000000001', null);
