-- Reports at scale, from EXPLAIN (ANALYZE) on the seed:scale folder. Figures, messages and who
-- sees what are unchanged; only how each is computed.
--   • A SQL function with its own search_path is never inlined: private.commission_minor and
--     private.balance_due ran as a function call per row (most of a 1.1 s annual report over
--     3,000 won deals, of 1.3 s receivables over 5,000 open invoices). The reports now write
--     the same expressions inline (each says whose definition it copies).
--   • An agent's trend computed the shares of every deal won in the period and kept one
--     agent's: private.won_shares now takes the agent and reads only their deals and splits.
--   • The annual report compared each of its deals with every member of the team for the
--     agent's name (a nested loop: under RLS the planner expects a handful of deals): the names
--     are now one map read per deal.
--   • Response times looked up the first reply of each inbox item twice (a subquery per row per
--     use): the first replies are now grouped once and joined.
--   • Price reductions for a caller who sees every listing joined every listing and, for staff,
--     asked the history's policy of each of the year's drops: the newest 500 drops are now read
--     from their index (private.agency_listing_price_drops) and each looks up its listing.

-- ── Won deals' shares, optionally of one agent ──────────────────────────────────────────────────
create or replace function private.won_shares(period_from date, period_to date, of_agent uuid)
returns table (deal_id uuid, deal_agent uuid, currency text, value numeric, closed_at timestamptz,
               party text, agent_id uuid, partner_contact_id uuid, minor numeric)
language sql stable set search_path = '' as $$
  with won as (
    select d.id, coalesce(d.assignee_id, d.owner_id) as agent, d.currency as cur, d.value, d.closed_at,
           -- private.commission_minor, inline (a per-row call costs more than the rest of the row).
           case d.commission_type
             when 'fixed' then round(coalesce(d.commission_amount, 0) * 100)::bigint
             else round(round(coalesce(d.value, 0) * 100) * coalesce(d.commission_rate, 0) / 100)::bigint
           end as cm
      from public.deals d
     where d.status = 'won'
       and d.closed_at >= private.accra_start(period_from) and d.closed_at < private.accra_start(period_to + 1)
       and (of_agent is null
            or coalesce(d.assignee_id, d.owner_id) = of_agent
            or exists (select 1 from public.deal_commission_splits s where s.deal_id = d.id and s.user_id = of_agent))
  ), splits as (
    select w.id, s.party, s.user_id, s.partner_contact_id, s.share_type, s.share_percent, s.share_amount, w.cm
      from won w join public.deal_commission_splits s on s.deal_id = w.id
  ), fixed as (
    select s.id, sum(round(s.share_amount * 100)) as fixed_minor from splits s where s.share_type = 'fixed' group by s.id
  )
  select w.id, w.agent, w.cur, w.value, w.closed_at, s.party, s.user_id, s.partner_contact_id,
         case when s.share_type = 'fixed' then round(s.share_amount * 100)
              else round((s.cm - coalesce(f.fixed_minor, 0)) * s.share_percent / 100) end
    from splits s join won w on w.id = s.id left join fixed f on f.id = s.id
  union all
  select w.id, w.agent, w.cur, w.value, w.closed_at, 'agent', w.agent, null, w.cm
    from won w
   where not exists (select 1 from public.deal_commission_splits s where s.deal_id = w.id)
$$;
comment on function private.won_shares(date, date, uuid) is
  'Each share of the commission of the deals won in the period (by close date, Africa/Accra) that the caller may see — of_agent''s deals only (they are the deal''s agent or hold a split) when given: split rows, or the whole commission to the deal''s agent when no split is recorded.';

create or replace function private.won_shares(period_from date, period_to date)
returns table (deal_id uuid, deal_agent uuid, currency text, value numeric, closed_at timestamptz,
               party text, agent_id uuid, partner_contact_id uuid, minor numeric)
language sql stable set search_path = '' as $$
  select * from private.won_shares(period_from, period_to, null)
$$;

create or replace function public.report_agent_trend(agent_id uuid, period_from date, period_to date)
returns table (month date, currency text, deals_won bigint, won_value numeric, commission numeric, viewings_held bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_agent(agent_id, period_from, period_to);
  return query
  with shares as (
    select * from private.won_shares(period_from, period_to, report_agent_trend.agent_id)
  ), won as (
    select date_trunc('month', w.closed_at at time zone 'Africa/Accra')::date as m, w.currency as cur,
           count(*) as n, sum(w.value) as v
      from (select distinct s.deal_id, s.currency, s.value, s.closed_at from shares s
             where s.deal_agent = report_agent_trend.agent_id) w
     group by 1, 2
  ), comm as (
    select date_trunc('month', s.closed_at at time zone 'Africa/Accra')::date as m, s.currency as cur,
           sum(s.minor) as minor
      from shares s where s.agent_id = report_agent_trend.agent_id group by 1, 2
  ), views as (
    select date_trunc('month', b.starts_at at time zone 'Africa/Accra')::date as m, count(*) as n
      from public.bookings b
     where b.status = 'completed' and b.assignee_id = report_agent_trend.agent_id
       and b.starts_at >= private.accra_start(period_from) and b.starts_at < private.accra_start(period_to + 1)
     group by 1
  ), keys as (
    select won.m, won.cur from won union select comm.m, comm.cur from comm
    union select views.m, 'GHS' from views
  )
  select k.m, k.cur, coalesce(won.n, 0), coalesce(won.v, 0)::numeric(16, 2),
         (coalesce(comm.minor, 0) / 100.0)::numeric(16, 2),
         case when k.cur = 'GHS' then coalesce(views.n, 0) else 0 end
    from keys k
    left join won on won.m = k.m and won.cur = k.cur
    left join comm on comm.m = k.m and comm.cur = k.cur
    left join views on views.m = k.m
   order by k.m, k.cur;
end $$;
comment on function public.report_agent_trend(uuid, date, date) is
  'One agent''s months of the period: deals won (they are the deal''s agent), their value and the commission they earned per currency, and the viewings they held (on the GHS row, counted once).';

-- ── Money ───────────────────────────────────────────────────────────────────────────────────────
create or replace function public.report_receivables(as_of date default null)
returns table (currency text, invoices bigint, outstanding numeric, overdue_invoices bigint, overdue numeric,
               age_0_30 numeric, age_31_60 numeric, age_61_90 numeric, age_90_plus numeric)
language plpgsql stable set search_path = '' as $$
declare today date := coalesce(as_of, private.today_accra());
begin
  perform private.report_period(today, today);
  return query
  with owed as (
    -- private.balance_due of an issued invoice, inline: what it still owes, never below 0.
    select i.currency, i.due_date, greatest(i.total - i.amount_paid - i.amount_credited, 0) as due
      from public.invoices i
     where i.kind = 'invoice' and i.status in ('sent', 'partially_paid', 'overdue')
  )
  select o.currency,
         count(*) filter (where o.due > 0),
         coalesce(sum(o.due), 0)::numeric(16, 2),
         count(*) filter (where o.due_date < today and o.due > 0),
         coalesce(sum(o.due) filter (where o.due_date < today), 0)::numeric(16, 2),
         coalesce(sum(o.due) filter (where o.due_date is null or today - o.due_date <= 30), 0)::numeric(16, 2),
         coalesce(sum(o.due) filter (where today - o.due_date between 31 and 60), 0)::numeric(16, 2),
         coalesce(sum(o.due) filter (where today - o.due_date between 61 and 90), 0)::numeric(16, 2),
         coalesce(sum(o.due) filter (where today - o.due_date > 90), 0)::numeric(16, 2)
    from owed o
   group by o.currency
   order by o.currency;
end $$;
comment on function public.report_receivables(date) is
  'What issued invoices still owe per currency (drafts, void and converted owe nothing; never below 0), the overdue part and its ageing by days past due (0–30, 31–60, 61–90, 90+) on as_of (today in Africa/Accra by default: an ageing at a month end, or ahead if nothing is paid), over the invoices the caller may see.';

-- ── Leads ───────────────────────────────────────────────────────────────────────────────────────
create or replace function public.report_response_times(period_from date, period_to date)
returns table (agent_id uuid, items bigint, answered bigint, median_minutes numeric, unassigned bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with items as (
    select s.id, s.assignee_id, s.created_at
      from public.contact_submissions s
     where s.created_at >= private.accra_start(period_from) and s.created_at < private.accra_start(period_to + 1)
  ), firsts as (
    select r.record_id, min(r.created_at) as first_reply
      from public.inbox_replies r
     where r.record_table = 'contact_submissions'
     group by r.record_id
  )
  select i.assignee_id, count(*), count(f.first_reply),
         round((percentile_cont(0.5) within group (order by extract(epoch from f.first_reply - i.created_at) / 60))::numeric, 1),
         count(*) filter (where i.assignee_id is null)
    from items i left join firsts f on f.record_id = i.id
   group by i.assignee_id
   order by 2 desc;
end $$;
comment on function public.report_response_times(date, date) is
  'Inbox items that arrived in the period per assignee: how many, how many were answered and the median minutes from arrival to the first reply.';

-- ── Compliance ──────────────────────────────────────────────────────────────────────────────────
create or replace function public.report_annual_transactions(report_year integer)
returns table (deal_id uuid, completed_on date, transaction_type text, property text, property_city text,
               client text, agent_id uuid, agent_name text, value numeric, currency text, commission numeric,
               certificate_no text)
language plpgsql stable set search_path = '' as $$
begin
  if report_year is null or report_year < 2000 or report_year > 2100 then
    raise exception 'Choose a year between 2000 and 2100.' using errcode = '22023';
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
   order by d.closed_at, d.id;
end $$;
comment on function public.report_annual_transactions(integer) is
  'Act 1047 annual transaction report: every sale and letting completed (won) in the year, with the parties, property, value, commission and the transaction certificate number where recorded — over the deals the caller may see.';

-- ── Stock ───────────────────────────────────────────────────────────────────────────────────────
-- Where the caller sees every listing (admins; staff when listings are company-wide) they may
-- read every listing's history: the newest drops come from the drops' own index without asking
-- the history's policy of each (a dynamic query per row: 1 to 4 s for a staff member).
create or replace function private.agency_listing_price_drops(period_from date, period_to date, max_rows integer)
returns table (property_id uuid, changed_at timestamptz, old_price numeric, new_price numeric)
language sql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan as $$
  select l.record_id, l.created_at, (l.changes -> 'price' ->> 'old')::numeric(16, 2), (l.changes -> 'price' ->> 'new')::numeric(16, 2)
    from public.audit_log l
   where private.access_scope('listings') = 'all'
     and l.table_name = 'properties' and l.action = 'update'
     and (l.changes -> 'price' ->> 'new')::numeric < (l.changes -> 'price' ->> 'old')::numeric
     and l.created_at >= private.accra_start(period_from) and l.created_at < private.accra_start(period_to + 1)
   order by l.created_at desc
   limit max_rows
$$;
comment on function private.agency_listing_price_drops(date, date, integer) is
  'The newest price drops in the period of every listing, for a caller who may read every listing (and so its history); nothing for anyone else.';
revoke execute on function private.agency_listing_price_drops(date, date, integer) from public, anon;
grant execute on function private.agency_listing_price_drops(date, date, integer) to authenticated;

create or replace function public.report_price_reductions(period_from date, period_to date)
returns table (property_id uuid, title text, reduced_on date, currency text, old_price numeric, new_price numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with d as materialized (
    select * from private.agency_listing_price_drops(period_from, period_to, 500)
     where private.access_scope('listings') = 'all'
    union all
    -- The caller's own listings' drops otherwise.
    select * from private.own_listing_price_drops(period_from, period_to)
     where private.access_scope('listings') <> 'all'
  )
  -- Each drop looks up its listing, kept where the caller's RLS shows it.
  select p.id, p.title, (d.changed_at at time zone 'Africa/Accra')::date, p.currency, d.old_price, d.new_price
    from d cross join lateral (select x.id, x.title, x.currency from public.properties x where x.id = d.property_id limit 1) p
   order by d.changed_at desc
   limit 500;
end $$;
comment on function public.report_price_reductions(date, date) is
  'Price reductions of listings in the period (from the listing''s history), newest first, at most 500, of the caller''s listings (the agency''s for admins).';

revoke execute on function private.won_shares(date, date, uuid) from public, anon;
grant execute on function private.won_shares(date, date, uuid) to authenticated;

-- A PL/pgSQL report plans its queries once for any period after a few calls (a generic plan,
-- blind to the dates: the annual report then took 2.4 s instead of 0.2 s). Each call plans
-- for its own period instead; planning costs a few milliseconds.
do $$
declare f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_catalog.pg_proc p
     where p.pronamespace = 'public'::regnamespace and p.proname like 'report\_%' and p.prolang = (select oid from pg_catalog.pg_language where lanname = 'plpgsql')
  loop
    execute format('alter function %s set plan_cache_mode = force_custom_plan', f);
  end loop;
end $$;
