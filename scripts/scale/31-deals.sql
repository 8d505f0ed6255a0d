-- seed:scale — 20,000 deals over the three pipelines: each on a stage of
-- its pipeline (most open, the rest won or lost with a reason), GHS or USD values by pipeline,
-- a scale contact as the main contact, owned by that contact's agent; closed deals dated.
select setseed(0.31);

create temporary table scale_stages on commit drop as
select s.id, s.pipeline_id, s.outcome, p.key as pipeline_key, row_number() over (order by p.position, s.position) as n
  from public.deal_stages s join public.deal_pipelines p on p.id = s.pipeline_id;

create temporary table scale_contacts on commit drop as
select c.id, c.owner_id, row_number() over (order by c.id) as n
  from public.contacts c where c.owner_id::text like '00000000-0000-4000-c000-%' limit 20000;

insert into public.deals (title, pipeline_id, stage_id, value, currency, expected_close_date, contact_id, commission_type, commission_rate,
                          lost_reason_id, owner_id, created_at, updated_at)
select (array['4-bed house','3-bed apartment','Plot of land','Office space','2-bed townhouse','Shop'])[1 + c.n % 6] || ', '
         || (array['East Legon','Cantonments','Spintex','Tema','Kumasi','Takoradi','Airport Residential'])[1 + c.n % 7] || ' — deal ' || c.n,
       s.pipeline_id, s.id,
       case when s.pipeline_key = 'rental' then round((1500 + random() * 20000)::numeric, -1) else round((300000 + random() * random() * 8000000)::numeric, -3) end,
       case when random() < 0.25 then 'USD' else 'GHS' end,
       (now() + make_interval(days => floor(random() * 240)::int - 60))::date,
       c.id, 'percent', case when s.pipeline_key = 'rental' then 10 else 5 end,
       case when s.outcome = 'lost' then (select r.id from public.deal_lost_reasons r order by r.position limit 1) end,
       c.owner_id,
       now() - make_interval(days => floor(random() * 700)::int),
       now() - make_interval(days => floor(random() * 300)::int)
  from scale_contacts c
  join scale_stages s on s.n = 1 + (c.n * 7 + floor(random() * 3)::int) % (select count(*) from scale_stages);
