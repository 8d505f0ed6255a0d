-- Reports at scale, second pass (EXPLAIN on the seed:scale folder, admin and staff):
--   • The annual transaction report sent the screen every row of the year (~3,000 at scale,
--     most of its time spent serialising them): it now takes max_rows, and the screen asks for the
--     first rows only and says the files hold every one; the CSV and PDF the edge builds still
--     read the whole year.
--   • The pipeline sorted every open deal (~13,600) by pipeline and stage names to group them: the
--     deals are now summed per stage and currency first (a hash of ids), then named.

drop function if exists public.report_annual_transactions(integer);
create function public.report_annual_transactions(report_year integer, max_rows integer default null)
returns table (deal_id uuid, completed_on date, transaction_type text, property text, property_city text,
               client text, agent_id uuid, agent_name text, value numeric, currency text, commission numeric,
               certificate_no text)
language plpgsql stable set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  if report_year is null or report_year < 2000 or report_year > 2100 then
    raise exception 'Choose a year between 2000 and 2100.' using errcode = '22023';
  end if;
  if max_rows is not null and max_rows < 1 then
    raise exception 'Ask for at least one row.' using errcode = '22023';
  end if;
  perform private.report_period(make_date(report_year, 1, 1), make_date(report_year, 12, 31));
  return query
  -- The team's names as one map: the planner, expecting a handful of deals under RLS, would
  -- otherwise compare every deal with every member.
  with team as (
    select jsonb_object_agg(pf.user_id::text, nullif(btrim(concat_ws(' ', pf.first_name, pf.last_name)), '')) as names
      from public.profiles pf
  )
  select d.id, (d.closed_at at time zone 'Africa/Accra')::date,
         case when pl.key = 'rental' or d.lease_start_date is not null or pr.listing_type = 'rent'
              then 'letting' else 'sale' end,
         coalesce(pr.title, d.title), pr.city, c.display_name, coalesce(d.assignee_id, d.owner_id),
         t.names ->> coalesce(d.assignee_id, d.owner_id)::text, d.value, d.currency,
         -- private.commission_minor, inline (a per-row call costs more than the rest of the row).
         ((case d.commission_type
             when 'fixed' then round(coalesce(d.commission_amount, 0) * 100)::bigint
             else round(round(coalesce(d.value, 0) * 100) * coalesce(d.commission_rate, 0) / 100)::bigint
           end) / 100.0)::numeric(16, 2),
         d.transaction_certificate_no
    from public.deals d
    join public.deal_pipelines pl on pl.id = d.pipeline_id
    left join public.properties pr on pr.id = d.property_id
    left join public.contacts c on c.id = d.contact_id
    cross join team t
   where d.status = 'won'
     and d.closed_at >= private.accra_start(make_date(report_year, 1, 1))
     and d.closed_at < private.accra_start(make_date(report_year + 1, 1, 1))
   order by d.closed_at, d.id
   limit max_rows;
end $$;
comment on function public.report_annual_transactions(integer, integer) is
  'Act 1047 annual transaction report: every sale and letting completed (won) in the year, with the parties, property, value, commission and the transaction certificate number where recorded — over the deals the caller may see; the first max_rows of them by completion date when given (the screen), every one otherwise (the CSV and PDF).';

revoke all on function public.report_annual_transactions(integer, integer) from public, anon;
grant execute on function public.report_annual_transactions(integer, integer) to authenticated, service_role;

create or replace function public.report_pipeline()
returns table (pipeline text, stage text, stage_position smallint, probability smallint, currency text,
               deals bigint, value numeric, weighted numeric)
language plpgsql stable set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.report_period(private.today_accra(), private.today_accra());
  return query
  with per_stage as (
    select d.pipeline_id, d.stage_id, d.currency as cur, count(*) as n, sum(d.value) as v,
           sum(round(d.value * s.probability / 100, 2)) as w
      from public.deals d join public.deal_stages s on s.id = d.stage_id
     where d.status = 'open'
     group by d.pipeline_id, d.stage_id, d.currency
  )
  select p.name, s.name, s.position, s.probability, x.cur, x.n, x.v::numeric(16, 2), x.w::numeric(16, 2)
    from per_stage x
    join public.deal_stages s on s.id = x.stage_id
    join public.deal_pipelines p on p.id = x.pipeline_id
   order by p.position, s.position, x.cur;
end $$;
comment on function public.report_pipeline() is
  'Open deals per pipeline stage and currency: how many, their value and the weighted value (value × the stage''s win probability, rounded per deal).';
