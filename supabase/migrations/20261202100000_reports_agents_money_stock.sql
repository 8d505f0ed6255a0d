-- The reports' remaining figures: an agent's own page (trend, goals against actuals), viewings
-- held and overdue tasks beside the leaderboard, commission per partner, the client trust
-- ledger per client, the stock watch (mandates expiring, withdrawn, expired), price reductions,
-- listings' status moves over time and unassigned inbox items by age. Every function is security
-- invoker: it sums only the rows the caller's RLS shows (an admin the agency, staff their records).
-- Amounts stay in their currency, one row per currency; nothing is converted.

alter table public.properties add column if not exists mandate_expires_on date;
comment on column public.properties.mandate_expires_on is
  'The last day of the owner''s mandate (authority to market the listing); null when none is recorded.';
create index if not exists properties_mandate_expires_idx on public.properties (mandate_expires_on)
  where mandate_expires_on is not null;
-- Price reductions and status moves of listings are read from their history by date: each has
-- an index of its own entries only (the history holds every other change too).
create index if not exists audit_log_property_price_drops_idx on public.audit_log (created_at)
  where table_name = 'properties' and action = 'update'
    and (changes -> 'price' ->> 'new')::numeric < (changes -> 'price' ->> 'old')::numeric;
create index if not exists audit_log_property_status_moves_idx on public.audit_log (created_at)
  where table_name = 'properties' and action = 'update' and changes ? 'status';

-- ── What each won deal earned whom ────────────────────────────────────────────────────────────

-- One row per share of a won deal's commission: the split rows (fixed amounts first, percentages
-- of what is left), or the whole commission to the deal's assignee (or owner) when no split is
-- recorded. The leaderboard, an agent's trend and the partners' commission all read these rows.
create or replace function private.won_shares(period_from date, period_to date)
returns table (deal_id uuid, deal_agent uuid, currency text, value numeric, closed_at timestamptz,
               party text, agent_id uuid, partner_contact_id uuid, minor numeric)
language sql stable set search_path = '' as $$
  with won as (
    select d.id, coalesce(d.assignee_id, d.owner_id) as agent, d.currency as cur, d.value, d.closed_at,
           private.commission_minor(d.value, d.commission_type, d.commission_rate, d.commission_amount) as cm
      from public.deals d
     where d.status = 'won'
       and d.closed_at >= private.accra_start(period_from) and d.closed_at < private.accra_start(period_to + 1)
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
comment on function private.won_shares(date, date) is
  'Each share of the commission of the deals won in the period (by close date, Africa/Accra) that the caller may see: split rows, or the whole commission to the deal''s agent when no split is recorded.';

create or replace function public.report_agents(period_from date, period_to date)
returns table (agent_id uuid, currency text, deals_won bigint, won_value numeric, commission numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with shares as (
    select * from private.won_shares(period_from, period_to)
  ), by_agent as (
    select w.deal_agent as agent, w.currency as cur, count(*) as n, sum(w.value) as v
      from (select distinct s.deal_id, s.deal_agent, s.currency, s.value from shares s) w
     where w.deal_agent is not null group by 1, 2
  ), comm as (
    select s.agent_id as agent, s.currency as cur, sum(s.minor) as minor
      from shares s where s.agent_id is not null group by 1, 2
  )
  select coalesce(b.agent, c.agent), coalesce(b.cur, c.cur), coalesce(b.n, 0), coalesce(b.v, 0)::numeric(16, 2),
         (coalesce(c.minor, 0) / 100.0)::numeric(16, 2)
    from by_agent b full join comm c on c.agent = b.agent and c.cur = b.cur
   order by 4 desc;
end $$;

-- Viewings held (completed bookings the agent hosted, by their start) in the period, and the
-- agent's open tasks past due now, per agent: the leaderboard's activity columns.
create or replace function public.report_agent_activity(period_from date, period_to date)
returns table (agent_id uuid, viewings_held bigint, overdue_tasks bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with v as (
    select b.assignee_id as agent, count(*) as n
      from public.bookings b
     where b.status = 'completed' and b.assignee_id is not null
       and b.starts_at >= private.accra_start(period_from) and b.starts_at < private.accra_start(period_to + 1)
     group by 1
  ), t as (
    select coalesce(t.assignee_id, t.owner_id) as agent, count(*) as n
      from public.tasks t
     where t.status in ('todo', 'in_progress') and t.due_at < now()
       and coalesce(t.assignee_id, t.owner_id) is not null
     group by 1
  )
  select coalesce(v.agent, t.agent), coalesce(v.n, 0), coalesce(t.n, 0)
    from v full join t on t.agent = v.agent
   order by 2 desc, 3 desc;
end $$;
comment on function public.report_agent_activity(date, date) is
  'Per agent: viewings held in the period (completed bookings they hosted, by start, Africa/Accra) and their open tasks past due now, over the records the caller may see.';

-- An agent page is refused for an unknown person and, to staff who see only their own records,
-- for anyone but themselves: the message says which, and no figure is returned.
create or replace function private.report_agent(agent_id uuid, period_from date, period_to date)
returns void language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  if agent_id is null or not exists (select 1 from public.profiles p where p.user_id = agent_id and p.role in ('admin', 'staff')) then
    raise exception 'There is no such member of the team.' using errcode = '22023';
  end if;
  if agent_id is distinct from (select auth.uid()) and private.access_scope('deals') <> 'all' then
    raise exception 'You can open your own agent page only.' using errcode = '42501';
  end if;
end $$;

create or replace function public.report_agent_trend(agent_id uuid, period_from date, period_to date)
returns table (month date, currency text, deals_won bigint, won_value numeric, commission numeric, viewings_held bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_agent(agent_id, period_from, period_to);
  return query
  with shares as (
    select * from private.won_shares(period_from, period_to)
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

create or replace function public.report_agent_goals(agent_id uuid, period_from date, period_to date)
returns table (goal_id uuid, metric text, period_type text, period_start date, period_end date, target numeric, actual numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_agent(agent_id, period_from, period_to);
  return query
  select g.id, g.metric, g.period_type, g.period_start, g.period_end, g.target, v.value
    from public.goals g
    join public.goal_values(array(
           select x.id from public.goals x
            where x.user_id = report_agent_goals.agent_id
              and x.period_start <= period_to and x.period_end >= period_from)) v on v.goal_id = g.id
   order by g.period_start, g.metric;
end $$;
comment on function public.report_agent_goals(uuid, date, date) is
  'The goals set for one agent that overlap the period, each with its target and what was achieved (the goals module''s own progress), as the caller may see them.';

-- ── Money ─────────────────────────────────────────────────────────────────────────────────────

create or replace function public.report_partner_commission(period_from date, period_to date)
returns table (partner text, source text, currency text, deals bigint, commission numeric, paid numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  select coalesce(c.display_name, 'Co-broker'), 'deal split', s.currency, count(distinct s.deal_id),
         (sum(s.minor) / 100.0)::numeric(16, 2), null::numeric
    from private.won_shares(period_from, period_to) s
    left join public.contacts c on c.id = s.partner_contact_id
   where s.party = 'co_broker'
   group by s.partner_contact_id, c.display_name, s.currency
  union all
  select p.name, 'co-broke deal', d.currency, count(*), coalesce(sum(d.partner_commission), 0)::numeric(16, 2),
         coalesce(sum(d.partner_commission) filter (where d.commission_status = 'paid'), 0)::numeric(16, 2)
    from public.co_broke_deals d join public.partners p on p.id = d.partner_id
   where d.stage = 'completed'
     and d.created_at >= private.accra_start(period_from) and d.created_at < private.accra_start(period_to + 1)
   group by p.id, p.name, d.currency
   order by 1, 2, 3;
end $$;
comment on function public.report_partner_commission(date, date) is
  'Commission owed to partners per currency: co-broker shares of the deals won in the period (by close date), and completed co-broke deals registered in the period with what of it is paid.';

-- Client money: approved entries on client trust accounts, per client (the counterparty named on
-- the entry) and currency, never with the agency's income. In and out are the period's; the
-- balance is everything up to the period's last day.
create or replace function public.report_trust_ledger(period_from date, period_to date)
returns table (client text, currency text, money_in numeric, money_out numeric, balance numeric, entries bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with e as (
    select coalesce(nullif(btrim(f.counterparty), ''), 'Client not named') as cl, f.currency as cur,
           case when f.kind = 'income' then f.amount else -f.amount end as signed, f.entry_date
      from public.finance_entries f join public.finance_accounts a on a.id = f.account_id
     where a.kind = 'client_trust' and f.status = 'approved' and f.entry_date <= period_to
  )
  select e.cl, e.cur,
         coalesce(sum(e.signed) filter (where e.signed > 0 and e.entry_date >= period_from), 0)::numeric(16, 2),
         coalesce(-sum(e.signed) filter (where e.signed < 0 and e.entry_date >= period_from), 0)::numeric(16, 2),
         sum(e.signed)::numeric(16, 2),
         count(*) filter (where e.entry_date >= period_from)
    from e
   group by e.cl, e.cur
   order by e.cl, e.cur;
end $$;
comment on function public.report_trust_ledger(date, date) is
  'The client trust account per client and currency: money in and out in the period and the balance held at its end (approved entries on client trust accounts the caller may see; apart from income).';

-- ── Stock ─────────────────────────────────────────────────────────────────────────────────────

-- Listings to act on today: a mandate ending in the next 30 days, a mandate already ended on a
-- listing still marketed, and withdrawn listings. Staff without the agency's view see theirs.
create or replace function public.report_stock_watch()
returns table (property_id uuid, title text, city text, status text, agent_id uuid, mandate_expires_on date, reason text)
language plpgsql stable set search_path = '' as $$
declare today date := private.today_accra();
begin
  perform private.report_period(today, today);
  return query
  select * from (
    select p.id, p.title, p.city, p.status, coalesce(p.agent_id, p.owner_id), p.mandate_expires_on,
           case when p.mandate_expires_on < today then 'mandate_expired' else 'mandate_expiring' end as why
      from public.properties p
     where p.mandate_expires_on <= today + 30 and p.status not in ('sold', 'let', 'archived', 'withdrawn')
       and (private.access_scope('listings') = 'all' or (select auth.uid()) in (p.owner_id, p.agent_id))
    union all
    select p.id, p.title, p.city, p.status, coalesce(p.agent_id, p.owner_id), p.mandate_expires_on, 'withdrawn'
      from public.properties p
     where p.status = 'withdrawn'
       and (private.access_scope('listings') = 'all' or (select auth.uid()) in (p.owner_id, p.agent_id))
  ) x
   order by case x.why when 'mandate_expired' then 0 when 'mandate_expiring' then 1 else 2 end,
            x.mandate_expires_on nulls last, x.title
   limit 500;
end $$;
comment on function public.report_stock_watch() is
  'Listings whose mandate ends in the next 30 days or has ended while still marketed, and withdrawn listings (at most 500, the most urgent first), of the caller''s listings (the agency''s for admins).';

-- A listing's price and status history is its audit log (readable to whoever may read the listing).
create or replace function public.report_price_reductions(period_from date, period_to date)
returns table (property_id uuid, title text, reduced_on date, currency text, old_price numeric, new_price numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  select p.id, p.title, (l.created_at at time zone 'Africa/Accra')::date, p.currency,
         (l.changes -> 'price' ->> 'old')::numeric(16, 2), (l.changes -> 'price' ->> 'new')::numeric(16, 2)
    from public.audit_log l join public.properties p on p.id = l.record_id
   where l.table_name = 'properties' and l.action = 'update'
     and (l.changes -> 'price' ->> 'new')::numeric < (l.changes -> 'price' ->> 'old')::numeric
     and l.created_at >= private.accra_start(period_from) and l.created_at < private.accra_start(period_to + 1)
     and (private.access_scope('listings') = 'all' or (select auth.uid()) in (p.owner_id, p.agent_id))
   order by l.created_at desc
   limit 500;
end $$;
comment on function public.report_price_reductions(date, date) is
  'Price reductions of listings in the period (from the listing''s history), newest first, at most 500, of the caller''s listings (the agency''s for admins).';

create or replace function public.report_stock_moves(period_from date, period_to date)
returns table (month date, status text, listings bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  select date_trunc('month', l.created_at at time zone 'Africa/Accra')::date, l.changes -> 'status' ->> 'new', count(distinct l.record_id)
    from public.audit_log l join public.properties p on p.id = l.record_id
   where l.table_name = 'properties' and l.action = 'update' and l.changes ? 'status'
     and l.created_at >= private.accra_start(period_from) and l.created_at < private.accra_start(period_to + 1)
     and (private.access_scope('listings') = 'all' or (select auth.uid()) in (p.owner_id, p.agent_id))
   group by 1, 2
   order by 1, 2;
end $$;
comment on function public.report_stock_moves(date, date) is
  'Per month of the period and status: how many listings moved into that status (from the listings'' history), of the caller''s listings (the agency''s for admins).';

-- ── Leads ─────────────────────────────────────────────────────────────────────────────────────

create or replace function public.report_unassigned_inbox()
returns table (inbox text, age_0_1 bigint, age_2_7 bigint, age_8_30 bigint, age_30_plus bigint, oldest timestamptz)
language plpgsql stable set search_path = '' as $$
declare today date := private.today_accra();
begin
  perform private.report_period(today, today);
  return query
  with items as (
    select 'contact_submissions' as box, s.created_at from public.contact_submissions s
     where s.assignee_id is null and s.status in ('new', 'assigned', 'in_progress')
    union all
    select 'bookings', b.created_at from public.bookings b
     where b.assignee_id is null and b.status in ('requested', 'confirmed')
    union all
    select 'consultations', c.created_at from public.consultations c
     where c.assignee_id is null and c.status in ('requested', 'confirmed')
  ), aged as (
    select i.box, today - (i.created_at at time zone 'Africa/Accra')::date as days, i.created_at from items i
  )
  select a.box, count(*) filter (where a.days <= 1), count(*) filter (where a.days between 2 and 7),
         count(*) filter (where a.days between 8 and 30), count(*) filter (where a.days > 30), min(a.created_at)
    from aged a
   group by a.box
   order by a.box;
end $$;
comment on function public.report_unassigned_inbox() is
  'Open inbox items nobody is assigned to, per inbox, by days since they arrived (0–1, 2–7, 8–30, 30+, Africa/Accra) and the oldest arrival, as the caller may see them.';

revoke execute on function private.won_shares(date, date), private.report_agent(uuid, date, date) from public, anon;
grant execute on function private.won_shares(date, date), private.report_agent(uuid, date, date) to authenticated;
revoke execute on function public.report_agent_activity(date, date), public.report_agent_trend(uuid, date, date),
  public.report_agent_goals(uuid, date, date), public.report_partner_commission(date, date),
  public.report_trust_ledger(date, date), public.report_stock_watch(), public.report_price_reductions(date, date),
  public.report_stock_moves(date, date), public.report_unassigned_inbox() from public, anon;
grant execute on function public.report_agent_activity(date, date), public.report_agent_trend(uuid, date, date),
  public.report_agent_goals(uuid, date, date), public.report_partner_commission(date, date),
  public.report_trust_ledger(date, date), public.report_stock_watch(), public.report_price_reductions(date, date),
  public.report_stock_moves(date, date), public.report_unassigned_inbox() to authenticated;
