-- seed:scale — 20,000 listings over the agency's cities with believable Ghanaian prices and
-- extras, four photo rows each (80,000; no image bytes), spread over the 45 agents; then
-- years of edits (price changes, status moves) attributed to the agents, which the audit
-- triggers turn into history (≈ 200,000+ audit rows with the inserts).
select setseed(0.42);

create temporary table scale_places (n serial, city text, region text, hood text, lat double precision, lng double precision) on commit drop;
insert into scale_places (city, region, hood, lat, lng) values
  ('Accra','Greater Accra','East Legon',5.6363,-0.1588), ('Accra','Greater Accra','Cantonments',5.5786,-0.1790),
  ('Accra','Greater Accra','Airport Residential',5.6052,-0.1780), ('Accra','Greater Accra','Labone',5.5650,-0.1690),
  ('Accra','Greater Accra','Osu',5.5560,-0.1820), ('Accra','Greater Accra','Dzorwulu',5.6130,-0.2010),
  ('Accra','Greater Accra','Spintex',5.6330,-0.1100), ('Accra','Greater Accra','Adjiringanor',5.6600,-0.1500),
  ('Accra','Greater Accra','Roman Ridge',5.5960,-0.1960), ('Accra','Greater Accra','Haatso',5.6700,-0.2000),
  ('Accra','Greater Accra','Oyarifa',5.7300,-0.1750), ('Accra','Greater Accra','Trasacco Valley',5.6500,-0.1300),
  ('Tema','Greater Accra','Community 25',5.7000,-0.0300), ('Tema','Greater Accra','Community 11',5.6560,-0.0100),
  ('Tema','Greater Accra','Sakumono',5.6200,-0.0600), ('Kumasi','Ashanti','Ahodwo',6.6600,-1.6300),
  ('Kumasi','Ashanti','Nhyiaeso',6.6800,-1.6300), ('Kumasi','Ashanti','Danyame',6.6700,-1.6400),
  ('Kumasi','Ashanti','Asokwa',6.6700,-1.6000), ('Takoradi','Western','Anaji',4.9300,-1.7800),
  ('Takoradi','Western','Airport Ridge',4.9000,-1.7700), ('Takoradi','Western','Windy Ridge',4.9200,-1.7500),
  ('Cape Coast','Central','Abura',5.1200,-1.2700), ('Ho','Volta','Bankoe',6.6100,0.4700);

create temporary table scale_listings on commit drop as
with base as (
  select g,
         (array['house','house','house','apartment','apartment','apartment','townhouse','land','land','office','shop','warehouse'])[1 + floor(random() * 12)::int] as property_type,
         case when random() < 0.55 then 'sale' else 'rent' end as listing_type,
         1 + floor(random() * 24)::int as place_no,
         random() as r_status, random() as r_price, random() as r_pub,
         1 + floor(random() * 6)::int as beds,
         4 + floor(random() * 45)::int as agent_no
  from generate_series(1, 20000) g
)
select g, property_type, listing_type,
       place.city, place.region, place.hood,
       place.lat + (random() - 0.5) * 0.02 as lat, place.lng + (random() - 0.5) * 0.02 as lng,
       case
         when r_status < 0.08 then 'draft' when r_status < 0.13 then 'coming_soon' when r_status < 0.58 then 'available'
         when r_status < 0.62 then 'reserved' when r_status < 0.65 then 'under_offer'
         when r_status < 0.90 then case when listing_type = 'sale' then 'sold' else 'let' end
         when r_status < 0.96 then 'withdrawn' else 'archived'
       end as status,
       case when property_type = 'land' then null else beds end as bedrooms,
       case when property_type = 'land' then null else greatest(1, beds - floor(random() * 2)::int) end as bathrooms,
       case
         when listing_type = 'rent' then round((800 + r_price * r_price * 30000)::numeric, -1)
         when property_type = 'land' then round((60000 + r_price * 1500000)::numeric, -3)
         else round((250000 + r_price * r_price * 9000000)::numeric, -3)
       end as price,
       case when random() < 0.3 then 'USD' else 'GHS' end as currency,
       ('00000000-0000-4000-c000-' || lpad(agent_no::text, 12, '0'))::uuid as agent,
       now() - make_interval(days => floor(r_pub * 1400)::int, hours => floor(random() * 24)::int) as created
from base join scale_places place on place.n = base.place_no;

insert into public.properties (
  slug, title, description, property_type, listing_type, status, price, currency, rent_period,
  rent_advance_months, bedrooms, bathrooms, floor_area_sqm, land_size_sqm, plots, tenure,
  lease_years_remaining, title_type, furnishing, is_gated, is_serviced, has_boys_quarters,
  address, ghana_post_gps, neighbourhood, city, region, latitude, longitude, features,
  published_at, agent_id, owner_id, created_by, created_at, updated_at
)
select
  'scale-' || property_type || '-' || lower(replace(hood, ' ', '-')) || '-' || g,
  case when property_type = 'land' then (1 + g % 4) || ' plots of land, ' || hood
       when property_type in ('office', 'shop', 'warehouse') then initcap(property_type) || ' space, ' || hood
       else bedrooms || '-bedroom ' || property_type || ', ' || hood end
    || case when listing_type = 'rent' then ' (to let)' else '' end,
  'A ' || property_type || ' in ' || hood || ', ' || city || '. Generated for scale benchmarks.',
  property_type, listing_type, status, price, currency,
  case when listing_type = 'rent' then (case when property_type in ('office','shop','warehouse') then 'month' else 'year' end) end,
  case when listing_type = 'rent' then (array[6, 12, 12, 24])[1 + g % 4] end,
  bedrooms, bathrooms,
  case when property_type = 'land' then null else 60 + (g % 400) end,
  case when property_type = 'land' then 450 * (1 + g % 4) end,
  case when property_type = 'land' then 1 + g % 4 end,
  case when g % 3 = 0 then 'freehold' else 'leasehold' end,
  case when g % 3 = 0 then null else 30 + g % 69 end,
  (array['Land Title Certificate', 'Indenture', 'Deed of assignment'])[1 + g % 3],
  case when property_type in ('house','apartment','townhouse') then (array['unfurnished','semi_furnished','furnished'])[1 + g % 3] end,
  g % 2 = 0, g % 5 = 0, property_type = 'house' and g % 3 = 0,
  (10 + g % 90) || ' ' || (array['Boundary Road','Liberation Road','Oxford Street','Spintex Road','Lagos Avenue','Harlem Street','Ring Road'])[1 + g % 7] || ', ' || hood,
  (array['GA','GA','GT','AK','WS','CC','VH'])[1 + g % 7] || '-' || lpad((100 + g % 900)::text, 3, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
  hood, city, region, lat, lng,
  case g % 5 when 0 then array['Borehole', 'Standby generator'] when 1 then array['Swimming pool', 'Gym']
    when 2 then array['Boys'' quarters', 'CCTV'] when 3 then array['Fitted kitchen'] else array[]::text[] end,
  case when status = 'draft' then null when status = 'coming_soon' and g % 2 = 0 then now() + interval '10 days' else created + interval '2 days' end,
  agent, agent, agent, created, created
from scale_listings;

-- Four photo rows per listing: the public gallery and the back-office cover use position 0.
insert into public.property_images (property_id, storage_path, alt_text, position, width, height)
select p.id, p.slug || '/' || n || '.jpg', p.title || ' — photo ' || n, n - 1, 1600, 1067
from public.properties p cross join generate_series(1, 4) n
where p.slug like 'scale-%';

-- Years of edits, by the agents who own the listings (auth.uid() is the actor in the history).
do $$
declare
  agent record;
begin
  for agent in select user_id from public.profiles where role = 'staff' and email like '%@scale.test' loop
    perform set_config('request.jwt.claims', json_build_object('sub', agent.user_id, 'role', 'authenticated')::text, true);
    perform set_config('request.jwt.claim.sub', agent.user_id::text, true);
    perform set_config('request.jwt.claim.role', 'authenticated', true);
    update public.properties set price = round(price * 0.95, -1) where owner_id = agent.user_id and slug like 'scale-%';
    update public.properties set description = description || ' Price reviewed.' where owner_id = agent.user_id and slug like 'scale-%' and status <> 'draft';
    update public.properties set featured = true where owner_id = agent.user_id and slug like 'scale-%' and price > 5000000;
    update public.properties set seo_description = left(title || ' — ' || city || ', Ghana. Viewings by appointment.', 200) where owner_id = agent.user_id and slug like 'scale-%';
    update public.property_images i set alt_text = p.title || ', ' || p.neighbourhood || ' — photo ' || (i.position + 1)
      from public.properties p where p.id = i.property_id and p.owner_id = agent.user_id and p.slug like 'scale-%' and i.position < 2;
  end loop;
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
  perform set_config('request.jwt.claim.role', '', true);
end $$;

analyze public.properties;
analyze public.property_images;
analyze public.audit_log;
