-- Property hunt and title due diligence demo data: hunts at every stage in
-- Accra, Tema and Kumasi (with map positions, owners as found, inspection notes), their title
-- files, and one published listing whose title documents an admin verified — so the public page
-- shows the "Title documents verified" badge. Hunts serve a client request when one is on file.

insert into public.property_hunts (
  id, title, stage, rejection_reason, rejection_note, request_id, source, property_type, listing_type, asking_price, currency, rent_period,
  bedrooms, bathrooms, land_size_sqm, plots, tenure, lease_years_remaining, address, neighbourhood, city, region,
  ghana_post_gps, latitude, longitude, owner_name, owner_phone, notes, offer_amount, offered_at, owner_id, assignee_id,
  stage_changed_at, created_at
)
select h.id, h.title, h.stage, h.reason, h.reason_note,
       (select r.id from public.property_requests r where r.listing_type = 'buy' and r.property_type = h.property_type order by r.created_at limit 1),
       h.source, h.property_type, h.listing_type, h.price, h.currency, case when h.listing_type = 'rent' then 'month' end, h.beds, h.baths, h.land, h.plots, h.tenure, h.lease,
       h.address, h.neighbourhood, h.city, h.region, h.gps, h.lat, h.lng, h.owner_name, h.owner_phone, h.notes, h.offer,
       case when h.offer is not null then now() - h.age / 2 end,
       '00000000-0000-4000-a000-000000000001', h.assignee::uuid, now() - h.age / 3, now() - h.age
from (values
  ('00000000-0000-4000-8080-000000000001'::uuid, '4-bedroom house behind A&C Mall, East Legon', 'found', null, null, 'drive_by', 'house', 'sale', 2950000::numeric, 'GHS',
   4::smallint, 4::smallint, 620::numeric, null::numeric, 'leasehold', 71::smallint, 'Off Jungle Avenue', 'East Legon', 'Accra', 'Greater Accra', 'GA-417-1180', 5.6368, -0.1561,
   'Mr. Kojo Antwi', '+233244310455', 'For-sale sign on the gate; caretaker gave the owner''s number.', null::numeric, null, interval '2 days'),
  ('00000000-0000-4000-8080-000000000002'::uuid, '3-bedroom townhouse, Cantonments (Switchback Road)', 'contacted_owner', null, null, 'referral', 'townhouse', 'sale', 420000, 'USD',
   3, 4, null, null, 'leasehold', 58, 'Switchback Road', 'Cantonments', 'Accra', 'Greater Accra', 'GA-047-5521', 5.5811, -0.1729,
   'Mrs. Adwoa Quaye', '+233208876512', 'Referred by a past client; owner relocating to Kumasi, open to a quick sale.', null, null, interval '9 days'),
  ('00000000-0000-4000-8080-000000000003'::uuid, '2 plots near Tema Motorway roundabout, Community 22', 'inspected', null, null, 'owner_call', 'land', 'sale', 640000, 'GHS',
   null, null, 1300, 2, 'leasehold', 48, 'Community 22', 'Community 22', 'Tema', 'Greater Accra', 'GT-220-6731', 5.7101, -0.0389,
   'Nii Armah Family (head: Nii Lante Armah)', '+233277405566', 'Family land; they say TDC allocation papers exist. Pillars visible on two corners only.', null, null, interval '15 days'),
  ('00000000-0000-4000-8080-000000000004'::uuid, '4-bedroom house with boys'' quarters, Ahodwo, Kumasi', 'due_diligence', null, null, 'agent', 'house', 'sale', 1850000, 'GHS',
   4, 3, 700, null, 'leasehold', 62, 'Ahodwo Roundabout area', 'Ahodwo', 'Kumasi', 'Ashanti', 'AK-039-4470', 6.6652, -1.6253,
   'Opanin Yaw Mensah', '+233246778812', 'Serves the Ofori family''s request (4-bed, Kumasi, under GHS 2m). Lands search filed.', null, null, interval '21 days'),
  ('00000000-0000-4000-8080-000000000005'::uuid, 'Shop unit on Oxford Street, Osu', 'offered', null, null, 'online', 'shop', 'rent', 5200, 'USD',
   null, 1, null, null, 'leasehold', 35, 'Oxford Street', 'Osu', 'Accra', 'Greater Accra', 'GA-024-1188', 5.5569, -0.1827,
   'Osu Heritage Properties', '+233302771122', 'Agency stock: ground floor, 64 m². Offered two years'' rent at USD 4,800 a month.', 4800, null, interval '30 days'),
  ('00000000-0000-4000-8080-000000000006'::uuid, '5-bedroom house, Airport Residential (Patrice Lumumba Road)', 'rejected', 'title_problem', 'Lands Commission search shows a caveat by a family member; owner could not explain it.', 'referral', 'house', 'sale', 1600000, 'USD',
   5, 6, 900, null, 'leasehold', 40, 'Patrice Lumumba Road', 'Airport Residential', 'Accra', 'Greater Accra', 'GA-145-2290', 5.6078, -0.1795,
   'Estate of the late Mr. E. K. Addo', '+233244501990', null, null, null, interval '40 days'),
  ('00000000-0000-4000-8080-000000000007'::uuid, '2-bedroom apartment, Spintex (Flower Pot junction)', 'found', null, null, 'social', 'apartment', 'rent', 6500, 'GHS',
   2, 2, null, null, null, null, 'Flower Pot junction', 'Spintex', 'Accra', 'Greater Accra', null, 5.6307, -0.1201,
   'Landlord via Facebook group', '+233559012345', 'New block of 6 flats; landlord wants 1 year advance.', null, null, interval '1 day'),
  ('00000000-0000-4000-8080-000000000008'::uuid, 'Half-acre plot, Windy Ridge, Takoradi', 'contacted_owner', null, null, 'drive_by', 'land', 'sale', 380000, 'GHS',
   null, null, 2000, null, 'freehold', null, 'Windy Ridge extension', 'Windy Ridge', 'Takoradi', 'Western', null, 4.9253, -1.7736,
   'Mr. Ekow Bentsil', '+233243889001', 'Owner says it is family land converted to freehold; needs checking.', null, null, interval '6 days')
) as h(id, title, stage, reason, reason_note, source, property_type, listing_type, price, currency, beds, baths, land, plots, tenure, lease,
       address, neighbourhood, city, region, gps, lat, lng, owner_name, owner_phone, notes, offer, assignee, age)
on conflict (id) do nothing;

insert into public.property_hunt_inspections (hunt_id, inspected_on, condition, notes, inspected_by)
values
  ('00000000-0000-4000-8080-000000000003', current_date - 10, 'fair', 'Plots level and dry; access road graded but not tarred. Neighbour on the east side built a wall that looks 1–2 m inside the site plan line.', '00000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-8080-000000000004', current_date - 14, 'good', 'Roof redone 2023, new wiring, borehole and 2 polytanks. Boys'' quarters needs paint. Good road access, 5 min to Ahodwo roundabout.', '00000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-8080-000000000005', current_date - 25, 'good', 'Shop fitted with aluminium shutters and a storeroom; prepaid meter in the tenant''s name. Foot traffic heavy after 4 pm.', '00000000-0000-4000-a000-000000000003'),
  ('00000000-0000-4000-8080-000000000006', current_date - 33, 'needs_work', 'Large house, dated interiors; pool empty and cracked. Compound overgrown.', '00000000-0000-4000-a000-000000000001');

-- Title files: the hunt in due diligence (half done), and a published listing (complete: badge).
insert into public.title_files (id, hunt_id, property_id, tenure, title_type, land_source, for_non_citizen, created_by)
values
  ('00000000-0000-4000-8081-000000000004', '00000000-0000-4000-8080-000000000004', null, 'leasehold', 'indenture', 'family', false, '00000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-8081-000000000101', null, (select id from public.properties where slug = '4-bedroom-house-east-legon-american-house'), 'leasehold', 'land_title_certificate', 'private', false, '00000000-0000-4000-a000-000000000001');

update public.title_checks c
   set status = v.status, checked_on = current_date - v.days_ago, reference = v.reference, notes = v.notes, lease_years_left = v.lease,
       checked_by = '00000000-0000-4000-a000-000000000002'
  from (values
    ('00000000-0000-4000-8081-000000000004'::uuid, 'lands_search', 'requested', 6, 'LC/AR/2026/04417', 'Search filed at Lands Commission, Kumasi; result due in two weeks.', null::smallint),
    ('00000000-0000-4000-8081-000000000004'::uuid, 'customary_consent', 'problem', 4, null, 'Family head''s consent letter unsigned; two elders dispute the allocation.', null),
    ('00000000-0000-4000-8081-000000000004'::uuid, 'lease_term', 'received', 4, null, 'Indenture shows a 99-year lease from 1989.', 62)
  ) as v(file_id, item, status, days_ago, reference, notes, lease)
 where c.file_id = v.file_id and c.item = v.item;

-- The East Legon listing: every required check verified by Kwame Mensah (admin) last week.
-- The scans are in supabase/storage/title-documents (seeded into the bucket with the data folder).
update public.title_checks c
   set status = 'verified', checked_on = current_date - 9, verified_at = now() - interval '7 days',
       verified_by = '00000000-0000-4000-a000-000000000001', checked_by = '00000000-0000-4000-a000-000000000002',
       reference = case c.item when 'lands_search' then 'LC/GA/2026/11820' when 'title_document' then 'LTC GA-41672' end,
       notes = case c.item when 'encumbrances' then 'No mortgage, caveat or court case on the register.' end,
       lease_years_left = case c.item when 'lease_term' then 87 end,
       document_path = case when c.item not in ('encumbrances', 'lease_term') then c.file_id::text || '/' || c.item || '.pdf' end,
       document_name = case when c.item not in ('encumbrances', 'lease_term') then c.item || '.pdf' end,
       document_type = case when c.item not in ('encumbrances', 'lease_term') then 'application/pdf' end,
       document_size = case when c.item not in ('encumbrances', 'lease_term') then 600 end
 where c.file_id = '00000000-0000-4000-8081-000000000101'
   and c.item in ('site_plan', 'lands_search', 'title_document', 'survey_boundary', 'encumbrances', 'lease_term');

-- An expiring tenancy for the leads hunt: the furnished Labone let (a won rental
-- deal, 71-deals.sql) ends in 40 days, so its tenant comes up on the call list with the date.
update public.deals
set lease_start_date = (now() - interval '325 days')::date, lease_end_date = (now() + interval '40 days')::date
where id = '00000000-0000-4000-d500-000000000009';
