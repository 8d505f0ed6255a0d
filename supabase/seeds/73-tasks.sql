-- Demo tasks: the open work of the demo team — some overdue (the sidebar badge
-- shows), some due this week, a repeating weekly rent roll and monthly report, finished and
-- cancelled ones — linked to seeded listings, spread over Kwame Mensah (admin …0001), Ama Owusu
-- (staff …0002) and Yaw Darko (staff …0005) so "own records" shows. Due times relative to the
-- day the demo data is made.
create temporary table seed_tasks (title text, description text, status text, priority text, due_hours numeric, recurrence text, owner uuid, assignee uuid, slug text) on commit drop;
insert into seed_tasks values
  ('Send tenancy agreement to the Cantonments tenant', 'Two copies, signed by the landlord''s lawyer.', 'todo', 'high', -26, 'none', '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000002', '3-bedroom-apartment-cantonments-for-rent'),
  ('Chase valuation report for the Trasacco villa', null, 'in_progress', 'urgent', -4, 'none', '00000000-0000-4000-a000-000000000002', null, '5-bedroom-villa-trasacco-valley'),
  ('Book photographer for the Labone townhouse', 'Drone shots for the open house flyer.', 'todo', 'normal', 30, 'none', '00000000-0000-4000-a000-000000000002', null, '4-bedroom-townhouse-labone'),
  ('Confirm the East Legon viewing with the Asantes', 'WhatsApp the location pin the day before.', 'todo', 'high', 20, 'none', '00000000-0000-4000-a000-000000000002', null, '4-bedroom-house-east-legon-american-house'),
  ('Collect keys for the Sakumono townhouse', null, 'todo', 'normal', 50, 'none', '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000005', '3-bedroom-townhouse-sakumono-for-rent'),
  ('Land Commission search: Oyarifa plot', 'Official search before the buyer pays the deposit.', 'in_progress', 'high', 72, 'none', '00000000-0000-4000-a000-000000000005', null, 'land-1-plot-oyarifa'),
  ('Update the price of the Tema Community 25 house', null, 'todo', 'low', -50, 'none', '00000000-0000-4000-a000-000000000005', null, '4-bedroom-house-tema-community-25'),
  ('Weekly rent roll check', 'Who has paid, who is late, who needs a reminder call.', 'todo', 'normal', 96, 'weekly', '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000002', null),
  ('Monthly listings report to the board', null, 'todo', 'normal', 240, 'monthly', '00000000-0000-4000-a000-000000000001', null, null),
  ('Renew fire certificate for the Airport City office', null, 'todo', 'urgent', 168, 'none', '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000005', 'office-airport-city-grade-a'),
  ('Follow up Meridian Logistics on the warehouse lease', null, 'done', 'normal', -72, 'none', '00000000-0000-4000-a000-000000000001', null, 'warehouse-tema-heavy-industrial-area'),
  ('Arrange the fumigation at the Roman Ridge flat', null, 'done', 'low', -120, 'none', '00000000-0000-4000-a000-000000000002', null, '1-bedroom-apartment-roman-ridge-for-rent'),
  ('Print flyers for the Spintex open house', 'Cancelled: the owner withdrew the listing.', 'cancelled', 'low', -24, 'none', '00000000-0000-4000-a000-000000000005', null, 'commercial-land-spintex-withdrawn'),
  ('Call the Takoradi Anaji landlord about repairs', null, 'todo', 'normal', 4, 'none', '00000000-0000-4000-a000-000000000005', '00000000-0000-4000-a000-000000000002', '3-bedroom-house-takoradi-anaji-for-rent'),
  ('Prepare offer letter for the Kumasi Ahodwo house', null, 'todo', 'high', 44, 'none', '00000000-0000-4000-a000-000000000005', null, '4-bedroom-house-kumasi-ahodwo');

insert into public.tasks (title, description, status, priority, due_at, recurrence, owner_id, assignee_id, property_id, created_at)
select s.title, s.description, s.status, s.priority,
       date_trunc('hour', now()) + make_interval(mins => (s.due_hours * 60)::int),
       s.recurrence, s.owner, s.assignee, p.id, now() - interval '6 days'
from seed_tasks s left join public.properties p on p.slug = s.slug;

-- Tasks about a business contact and their deal (shown on the contact's and the deal's Tasks
-- tabs and on the contact's timeline): the deal's own contact and owner.
insert into public.tasks (title, description, status, priority, due_at, owner_id, assignee_id, contact_id, deal_id, property_id, created_at)
select t.title, t.description, 'todo', t.priority, date_trunc('hour', now()) + make_interval(hours => t.due_hours),
       d.owner_id, d.owner_id, d.contact_id, d.id, d.property_id, now() - interval '2 days'
from (values
  ('00000000-0000-4000-d500-000000000001'::uuid, 'Send the draft sale agreement to the buyer''s lawyer', 'Ask for comments by Friday.', 'high', 28),
  ('00000000-0000-4000-d500-000000000005'::uuid, 'Collect the tenant''s reference letter', null, 'normal', 52)
) as t(deal, title, description, priority, due_hours)
join public.deals d on d.id = t.deal;
