-- Reports at scale, from EXPLAIN (ANALYZE) on the seed:scale folder:
--   • report_price_reductions, report_stock_watch and report_stock_moves called
--     private.access_scope('listings') once per listing row (a security-definer function, not an
--     InitPlan): ~20,000 calls, 15 s of a 19.6 s price-reduction report for an admin. The scope is
--     now asked once per call. A staff member's price reductions start from their own listings
--     and read each one's history through the audit log's record index, instead of checking every
--     price drop of the agency against the history's policy.
--   • report_receivables computed private.balance_due of each open invoice nine times (each call
--     builds the whole invoice row): now once per invoice, with the same definition.
-- Figures, messages and who sees what are unchanged.

create or replace function public.report_receivables(as_of date default null)
returns table (currency text, invoices bigint, outstanding numeric, overdue_invoices bigint, overdue numeric,
               age_0_30 numeric, age_31_60 numeric, age_61_90 numeric, age_90_plus numeric)
language plpgsql stable set search_path = '' as $$
declare today date := coalesce(as_of, private.today_accra());
begin
  perform private.report_period(today, today);
  return query
  with owed as (
    select i.currency, i.due_date, private.balance_due(i) as due
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

create or replace function public.report_stock_watch()
returns table (property_id uuid, title text, city text, status text, agent_id uuid, mandate_expires_on date, reason text)
language plpgsql stable set search_path = '' as $$
declare
  today date := private.today_accra();
  agency boolean;
begin
  perform private.report_period(today, today);
  agency := private.access_scope('listings') = 'all';
  return query
  select * from (
    select p.id, p.title, p.city, p.status, coalesce(p.agent_id, p.owner_id), p.mandate_expires_on,
           case when p.mandate_expires_on < today then 'mandate_expired' else 'mandate_expiring' end as why
      from public.properties p
     where p.mandate_expires_on <= today + 30 and p.status not in ('sold', 'let', 'archived', 'withdrawn')
       and (agency or (select auth.uid()) in (p.owner_id, p.agent_id))
    union all
    select p.id, p.title, p.city, p.status, coalesce(p.agent_id, p.owner_id), p.mandate_expires_on, 'withdrawn'
      from public.properties p
     where p.status = 'withdrawn'
       and (agency or (select auth.uid()) in (p.owner_id, p.agent_id))
  ) x
   order by case x.why when 'mandate_expired' then 0 when 'mandate_expiring' then 1 else 2 end,
            x.mandate_expires_on nulls last, x.title
   limit 500;
end $$;
comment on function public.report_stock_watch() is
  'Listings whose mandate ends in the next 30 days or has ended while still marketed, and withdrawn listings (at most 500, the most urgent first), of the caller''s listings (the agency''s for admins).';

create or replace function public.report_price_reductions(period_from date, period_to date)
returns table (property_id uuid, title text, reduced_on date, currency text, old_price numeric, new_price numeric)
language plpgsql stable set search_path = '' as $$
declare uid uuid := (select auth.uid());
begin
  perform private.report_period(period_from, period_to);
  if private.access_scope('listings') = 'all' then
    -- Newest price drops first (their own index), each joined to its listing, until 500.
    return query
    select p.id, p.title, (l.created_at at time zone 'Africa/Accra')::date, p.currency,
           (l.changes -> 'price' ->> 'old')::numeric(16, 2), (l.changes -> 'price' ->> 'new')::numeric(16, 2)
      from public.audit_log l join public.properties p on p.id = l.record_id
     where l.table_name = 'properties' and l.action = 'update'
       and (l.changes -> 'price' ->> 'new')::numeric < (l.changes -> 'price' ->> 'old')::numeric
       and l.created_at >= private.accra_start(period_from) and l.created_at < private.accra_start(period_to + 1)
     order by l.created_at desc
     limit 500;
  else
    -- The caller's own listings first, then each one's history (audit_log_record_idx).
    return query
    with mine as materialized (
      select p.id, p.title, p.currency from public.properties p where p.owner_id = uid
      union
      select p.id, p.title, p.currency from public.properties p where p.agent_id = uid
    )
    select m.id, m.title, (l.created_at at time zone 'Africa/Accra')::date, m.currency,
           (l.changes -> 'price' ->> 'old')::numeric(16, 2), (l.changes -> 'price' ->> 'new')::numeric(16, 2)
      from mine m join public.audit_log l on l.table_name = 'properties' and l.record_id = m.id
     where l.action = 'update'
       and (l.changes -> 'price' ->> 'new')::numeric < (l.changes -> 'price' ->> 'old')::numeric
       and l.created_at >= private.accra_start(period_from) and l.created_at < private.accra_start(period_to + 1)
     order by l.created_at desc
     limit 500;
  end if;
end $$;
comment on function public.report_price_reductions(date, date) is
  'Price reductions of listings in the period (from the listing''s history), newest first, at most 500, of the caller''s listings (the agency''s for admins).';

create or replace function public.report_stock_moves(period_from date, period_to date)
returns table (month date, status text, listings bigint)
language plpgsql stable set search_path = '' as $$
declare agency boolean;
begin
  perform private.report_period(period_from, period_to);
  agency := private.access_scope('listings') = 'all';
  return query
  select date_trunc('month', l.created_at at time zone 'Africa/Accra')::date, l.changes -> 'status' ->> 'new', count(distinct l.record_id)
    from public.audit_log l join public.properties p on p.id = l.record_id
   where l.table_name = 'properties' and l.action = 'update' and l.changes ? 'status'
     and l.created_at >= private.accra_start(period_from) and l.created_at < private.accra_start(period_to + 1)
     and (agency or (select auth.uid()) in (p.owner_id, p.agent_id))
   group by 1, 2
   order by 1, 2;
end $$;
comment on function public.report_stock_moves(date, date) is
  'Per month of the period and status: how many listings moved into that status (from the listings'' history), of the caller''s listings (the agency''s for admins).';
