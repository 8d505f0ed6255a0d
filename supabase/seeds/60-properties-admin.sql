-- Properties admin demo data: owners' contact details of listings (landlords
-- and vendors the agency works for, staff only), one listing that changed its web address (its old URL
-- answers 301 at the edge), and a draft of each kind staff typically have in progress.

insert into public.property_owner_contacts (property_id, name, phone, email)
select p.id, o.name, o.phone, o.email
from (values
  ('4-bedroom-house-east-legon-american-house', 'Nana Akua Sarpong', '+233244551020', 'akua.sarpong@example.com'),
  ('3-bedroom-apartment-cantonments-for-rent', 'Cantonments Court Ltd', '+233302761144', 'lettings@cantonmentscourt.example.com'),
  ('3-bedroom-house-spintex-baatsona', 'Emmanuel Tetteh', '+233208334455', null),
  ('5-bedroom-villa-trasacco-valley', 'Dr. Kwabena Owusu-Ansah', '+447700900123', 'k.owusuansah@example.co.uk'),
  ('warehouse-tema-heavy-industrial-area', 'Meridian Logistics Ghana', '+233303214567', 'estates@meridian.example.com'),
  ('4-bedroom-house-kumasi-ahodwo', 'Mrs. Comfort Boakye', '+233277889900', null),
  ('land-2-plots-kumasi-santasi', 'Santasi Family Land (Abusua head: Opanin Kofi Badu)', '+233246112233', null),
  ('shop-osu-oxford-street-for-rent', 'Oxford Street Properties', '+233302223344', 'info@oxfordstreetprops.example.com')
) as o(slug, name, phone, email)
join public.properties p on p.slug = o.slug
on conflict (property_id) do nothing;

-- Renamed last month: links shared on WhatsApp before still work.
insert into public.property_slug_redirects (old_slug, property_id)
select '4-bed-house-east-legon', id from public.properties where slug = '4-bedroom-house-east-legon-american-house'
on conflict (old_slug) do nothing;

insert into public.properties (
  slug, title, description, property_type, listing_type, status, price, currency, rent_period,
  rent_advance_months, bedrooms, bathrooms, floor_area_sqm, land_size_sqm, plots, tenure,
  lease_years_remaining, title_type, furnishing, is_gated, is_serviced, has_boys_quarters, address,
  ghana_post_gps, neighbourhood, city, region, features, agent_id, owner_id
)
select v.slug, v.title, v.description, v.property_type, v.listing_type, 'draft', v.price, v.currency, v.rent_period,
       v.rent_advance_months, v.bedrooms, v.bathrooms, v.floor_area_sqm, v.land_size_sqm, v.plots, v.tenure,
       v.lease_years_remaining, v.title_type, v.furnishing, v.is_gated, v.is_serviced, v.has_boys_quarters, v.address,
       v.ghana_post_gps, v.neighbourhood, v.city, v.region, v.features, u.id, u.id
from (values
  ('2-bedroom-apartment-east-airport-draft', '2-bedroom apartment, East Airport (awaiting photos)', 'Second-floor unit in a gated block of eight; the owner sends photos after repainting.',
   'apartment', 'rent', 2500::numeric, 'USD', 'month', 6::smallint, 2::smallint, 2::smallint, 110::numeric, null::numeric, null::numeric, null, null::smallint, null, 'semi_furnished',
   true, true, false, 'Off Giffard Road', 'GA-183-2244', 'East Airport', 'Accra', 'Greater Accra', array['Standby generator', 'Borehole', 'Parking for 2 cars'],
   'staff@demo.test'),
  ('land-4-plots-prampram-draft', '4 plots near the new airport site, Prampram (title search pending)', 'Four contiguous plots; the indenture is with the Lands Commission for search.',
   'land', 'sale', 180000::numeric, 'GHS', null, null::smallint, null::smallint, null::smallint, null::numeric, 1860::numeric, 4::numeric, 'leasehold', 99::smallint, 'Indenture', null,
   false, false, false, null, null, 'Prampram', 'Prampram', 'Greater Accra', array['Near the coastal highway'],
   'staff2@demo.test')
) as v(slug, title, description, property_type, listing_type, price, currency, rent_period, rent_advance_months, bedrooms, bathrooms,
       floor_area_sqm, land_size_sqm, plots, tenure, lease_years_remaining, title_type, furnishing, is_gated, is_serviced, has_boys_quarters,
       address, ghana_post_gps, neighbourhood, city, region, features, agent_email)
join auth.users u on u.email = v.agent_email
on conflict (slug) do nothing;

insert into public.property_owner_contacts (property_id, name, phone)
select p.id, o.name, o.phone
from (values
  ('2-bedroom-apartment-east-airport-draft', 'Mr. Daniel Quaye', '+233244667788'),
  ('land-4-plots-prampram-draft', 'Nii Adjei Tetteh', '+233209998877')
) as o(slug, name, phone)
join public.properties p on p.slug = o.slug
on conflict (property_id) do nothing;
