-- seed:scale — the property hunt at an agency's volume: 5,000 hunts over the pipeline (Accra, Tema,
-- Kumasi, Takoradi), a title file (with its seven checks, from the trigger) for the 1,200 or so
-- in due diligence or offered, 150 partner agencies and 1,500 listings shared with them.
select setseed(0.36);

create temporary table scale_hunt_places (n serial, city text, region text, hood text, lat double precision, lng double precision) on commit drop;
insert into scale_hunt_places (city, region, hood, lat, lng) values
  ('Accra','Greater Accra','East Legon',5.6363,-0.1588), ('Accra','Greater Accra','Cantonments',5.5786,-0.1790),
  ('Accra','Greater Accra','Airport Residential',5.6052,-0.1780), ('Accra','Greater Accra','Labone',5.5650,-0.1690),
  ('Accra','Greater Accra','Osu',5.5560,-0.1820), ('Accra','Greater Accra','Spintex',5.6330,-0.1100),
  ('Accra','Greater Accra','Oyarifa',5.7300,-0.1750), ('Tema','Greater Accra','Community 25',5.7000,-0.0300),
  ('Kumasi','Ashanti','Ahodwo',6.6600,-1.6300), ('Takoradi','Western','Anaji',4.9300,-1.7800);

create temporary table scale_admins on commit drop as
  select row_number() over (order by user_id) as n, user_id from public.profiles where role = 'admin';

insert into public.property_hunts (
  title, stage, rejection_reason, source, property_type, listing_type, asking_price, currency, rent_period,
  bedrooms, bathrooms, tenure, neighbourhood, city, region, latitude, longitude, owner_name, owner_phone,
  offer_amount, offered_at, owner_id, assignee_id, stage_changed_at, created_at
)
select
  format('%s-bedroom %s, %s', h.beds, h.property_type, p.hood),
  h.stage,
  case when h.stage = 'rejected' then (array['price_too_high','title_problem','owner_unresponsive','poor_condition','sold_elsewhere'])[1 + floor(random() * 5)::int] end,
  (array['drive_by','referral','owner_call','agent','online','social'])[1 + floor(random() * 6)::int],
  h.property_type, h.listing_type,
  case when h.listing_type = 'sale' then round((300000 + random() * 4500000)::numeric, -3) else round((2500 + random() * 40000)::numeric, -2) end,
  'GHS',
  case when h.listing_type = 'rent' then 'month' end,
  h.beds, greatest(1, h.beds - 1), case when random() < 0.6 then 'freehold' else 'leasehold' end,
  p.hood, p.city, p.region, p.lat + (random() - 0.5) * 0.02, p.lng + (random() - 0.5) * 0.02,
  (array['Mr. Kofi Asare','Madam Akua Sarpong','Nana Kwame Ofori','Mrs. Efua Quansah','Mr. Yaw Boakye'])[1 + floor(random() * 5)::int],
  '+23324' || lpad((floor(random() * 10000000))::text, 7, '0'),
  case when h.stage in ('offered', 'acquired') then round((250000 + random() * 4000000)::numeric, -3) end,
  case when h.stage in ('offered', 'acquired') then now() - random() * interval '60 days' end,
  a.user_id, a.user_id,
  now() - random() * interval '120 days',
  now() - random() * interval '365 days'
from (
  select g,
         (array['found','found','contacted_owner','contacted_owner','inspected','due_diligence','due_diligence','offered','rejected','rejected'])[1 + floor(random() * 10)::int] as stage,
         (array['house','house','apartment','townhouse','land'])[1 + floor(random() * 5)::int] as property_type,
         case when random() < 0.7 then 'sale' else 'rent' end as listing_type,
         1 + floor(random() * 10)::int as place_no,
         1 + floor(random() * 5)::int as beds,
         random() as r_admin
  from generate_series(1, 5000) g
) h
join scale_hunt_places p on p.n = h.place_no
join scale_admins a on a.n = 1 + floor(h.r_admin * (select count(*) from scale_admins))::int;

insert into public.title_files (hunt_id, tenure, title_type, land_source, for_non_citizen)
select h.id, h.tenure,
       (array['land_title_certificate','indenture','deed_of_assignment'])[1 + floor(random() * 3)::int],
       (array['private','stool','family','state'])[1 + floor(random() * 4)::int],
       random() < 0.1
from public.property_hunts h
where h.stage in ('due_diligence', 'offered') and not exists (select 1 from public.title_files f where f.hunt_id = h.id);

insert into public.partners (kind, name, reac_licence_number, city, default_split_percent, status, owner_id)
select case when g % 4 = 0 then 'agent' else 'agency' end,
       format('%s %s', (array['Sankofa','Adinkra','Kente','Asante','Volta','Coastal','Golden Stool','Akwaaba'])[1 + g % 8], (array['Realty','Homes','Properties','Estates','Agents'])[1 + (g / 8) % 5]) || ' ' || g,
       format('REAC/AG/2025/S%s', lpad(g::text, 5, '0')),
       (array['Accra','Tema','Kumasi','Takoradi'])[1 + g % 4],
       (30 + (g % 4) * 5)::numeric,
       case when g % 15 = 0 then 'suspended' else 'active' end,
       (select user_id from scale_admins where n = 1)
from generate_series(1, 150) g;

insert into public.partner_listing_shares (partner_id, property_id, partner_split_percent, shared_by)
select distinct on (p.id, l.id) p.id, l.id, p.default_split_percent, (select user_id from scale_admins where n = 1)
from (select id, default_split_percent, row_number() over (order by id) as n from public.partners) p
join lateral (
  select id from public.properties where status = 'available' order by md5(p.id::text || id::text) limit 10
) l on true;
