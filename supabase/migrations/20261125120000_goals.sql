-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Goals (issue 12 item 5): targets per person (user_id) or for the whole team (user_id null) for
-- a month, quarter or year. Progress is never typed in: goal_values() and goal_progress() compute
-- it from the records themselves —
--   deals_won           deals won (closed) in the period, owned by the person
--   revenue             commission of those deals in GHS (USD at the rate in effect on the day
--                       each closed; core/deals/commission.ts rounds the same way)
--   listings_published  listings first published in the period (their agent, else their owner)
--   viewings_held       viewing bookings completed in the period, assigned to the person
--                       (events of the events module add to it once they carry viewings)
--   leads_contacted     distinct contacts the person called, messaged, e-mailed or met
--                       (contact_activities) in the period
-- Periods are calendar periods in Africa/Accra (UTC+0, no daylight saving). Staff see their own
-- goals and the team's; admins see and set everyone's; staff may set goals for themselves.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create table public.goals (
  id uuid primary key default gen_random_uuid(),
  metric text not null check (metric in ('deals_won', 'revenue', 'listings_published', 'viewings_held', 'leads_contacted')),
  target numeric(16, 2) not null check (target > 0 and target <= 1e13),
  period_type text not null check (period_type in ('month', 'quarter', 'year')),
  period_start date not null,
  period_end date generated always as ((
    period_start + case period_type when 'month' then interval '1 month' when 'quarter' then interval '3 months' else interval '1 year' end
  )::date - 1) stored,
  user_id uuid references auth.users (id) on delete cascade,
  notes text check (char_length(notes) <= 1000),
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint goals_period_aligned check (
    extract(day from period_start) = 1
    and (period_type = 'month'
         or (period_type = 'quarter' and extract(month from period_start) in (1, 4, 7, 10))
         or (period_type = 'year' and extract(month from period_start) = 1))
  ),
  constraint goals_whole_counts check (metric = 'revenue' or target = round(target))
);
comment on table public.goals is
  'Targets per person (user_id) or the team (user_id null) for a calendar month, quarter or year; progress comes from the data (goal_values, goal_progress), never typed in.';
comment on column public.goals.period_start is 'First day of the period (1st of the month; of Jan/Apr/Jul/Oct for quarters; 1 January for years).';
comment on column public.goals.owner_id is 'Who set the goal.';
create unique index goals_one_per_period_idx on public.goals (coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid), metric, period_type, period_start);
create index goals_user_idx on public.goals (user_id, period_start desc);
create index goals_owner_idx on public.goals (owner_id);
create index goals_period_idx on public.goals (period_start desc);
create trigger goals_set_updated_at before update on public.goals
  for each row execute function private.set_updated_at();
select private.enable_audit('public.goals');

alter table public.goals enable row level security;
create policy "Staff read their own and the team's goals, admins all" on public.goals
  for select to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and (user_id = (select auth.uid()) or user_id is null))
  );
create policy "Admins set goals, staff their own" on public.goals
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid()) and owner_id = (select auth.uid()))
  );
create policy "Admins change goals, staff the ones they set themselves" on public.goals
  for update to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid()) and owner_id = (select auth.uid())))
  with check ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid()) and owner_id = (select auth.uid())));
create policy "Admins remove goals, staff the ones they set themselves" on public.goals
  for delete to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and user_id = (select auth.uid()) and owner_id = (select auth.uid())));
revoke all on public.goals from anon;

-- Leads-contacted needs "who contacted whom, when" fast per person and period.
create index if not exists properties_published_at_idx on public.properties (published_at) where published_at is not null;
create index if not exists bookings_completed_idx on public.bookings (starts_at) where status = 'completed';

-- One number per day of [from, to]: what happened that day for the metric and person (null =
-- everyone). The cumulative sum of the days is the progress.
create or replace function private.goal_daily(metric text, person uuid, from_day date, to_day date)
returns table (day date, amount numeric)
language sql stable security definer set search_path = '' as $$
  select x.day, round(sum(x.amount), 2) from (
    select (d.closed_at at time zone 'Africa/Accra')::date as day, 1::numeric as amount
      from public.deals d
     where metric = 'deals_won' and d.status = 'won'
       and d.closed_at >= from_day::timestamp at time zone 'Africa/Accra' and d.closed_at < (to_day + 1)::timestamp at time zone 'Africa/Accra'
       and (person is null or d.owner_id = person)
    union all
    select (d.closed_at at time zone 'Africa/Accra')::date,
           round(private.commission_minor(d.value, d.commission_type, d.commission_rate, d.commission_amount)
                 * case when d.currency = 'USD' then coalesce(private.usd_ghs_rate_on((d.closed_at at time zone 'Africa/Accra')::date), 0) else 1 end)::numeric(18, 0) / 100
      from public.deals d
     where metric = 'revenue' and d.status = 'won'
       and d.closed_at >= from_day::timestamp at time zone 'Africa/Accra' and d.closed_at < (to_day + 1)::timestamp at time zone 'Africa/Accra'
       and (person is null or d.owner_id = person)
    union all
    select (p.published_at at time zone 'Africa/Accra')::date, 1
      from public.properties p
     where metric = 'listings_published'
       and p.published_at >= from_day::timestamp at time zone 'Africa/Accra' and p.published_at < (to_day + 1)::timestamp at time zone 'Africa/Accra'
       and (person is null or coalesce(p.agent_id, p.owner_id) = person)
    union all
    select (b.starts_at at time zone 'Africa/Accra')::date, 1
      from public.bookings b
     where metric = 'viewings_held' and b.status = 'completed'
       and b.starts_at >= from_day::timestamp at time zone 'Africa/Accra' and b.starts_at < (to_day + 1)::timestamp at time zone 'Africa/Accra'
       and (person is null or b.assigned_to = person)
    union all
    -- A contact counts once, on the day they were first contacted in the period.
    select min((a.occurred_at at time zone 'Africa/Accra')::date), 1
      from public.contact_activities a
     where metric = 'leads_contacted' and a.kind in ('call', 'whatsapp', 'sms', 'email', 'meeting')
       and a.occurred_at >= from_day::timestamp at time zone 'Africa/Accra' and a.occurred_at < (to_day + 1)::timestamp at time zone 'Africa/Accra'
       and (person is null or a.actor_id = person)
     group by a.contact_id
  ) x
  group by x.day
$$;
comment on function private.goal_daily(text, uuid, date, date) is 'Per day of a period, what a metric counted for a person (null = the team).';

-- May the caller see this goal (the table's own rule, for the security-definer readers below)?
create or replace function private.can_see_goal(g public.goals) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.role(), '') not in ('anon', 'authenticated')
      or private.is_admin()
      or (private.is_staff_or_admin() and (g.user_id = (select auth.uid()) or g.user_id is null))
$$;

-- Progress of several goals at once (the goals page): the value so far in each goal's period.
-- Invoker: the goals table's own RLS picks the goals; the counting (private.goal_daily) is definer.
create or replace function public.goal_values(goal_ids uuid[])
returns table (goal_id uuid, value numeric)
language sql stable security invoker set search_path = '' as $$
  select g.id, coalesce((select sum(d.amount) from private.goal_daily(g.metric, g.user_id, g.period_start, g.period_end) d), 0)
    from public.goals g
   where g.id = any (goal_ids[1:200]) and private.can_see_goal(g)
$$;
comment on function public.goal_values(uuid[]) is 'Progress so far of the goals the caller may see (computed from deals, listings, bookings and the timeline).';
revoke all on function public.goal_values(uuid[]) from public, anon;
grant execute on function public.goal_values(uuid[]) to authenticated;

-- Progress of one goal through its period, day by day (cumulative), up to today: the chart.
create or replace function public.goal_progress(goal_id uuid)
returns table (day date, value numeric)
language sql stable security invoker set search_path = '' as $$
  with g as (select * from public.goals x where x.id = goal_progress.goal_id and private.can_see_goal(x)),
  days as (
    select s::date as day from g, generate_series(g.period_start::timestamp, least(g.period_end, (now() at time zone 'Africa/Accra')::date)::timestamp, interval '1 day') s
  ),
  daily as (select d.day, d.amount from g, private.goal_daily(g.metric, g.user_id, g.period_start, g.period_end) d)
  select days.day, coalesce(sum(daily.amount) over (order by days.day), 0)
    from days left join daily on daily.day = days.day
   order by days.day
$$;
comment on function public.goal_progress(uuid) is 'A goal''s progress day by day (cumulative) from the start of its period to today; empty for a goal the caller may not see.';
revoke all on function public.goal_progress(uuid) from public, anon;
grant execute on function public.goal_progress(uuid) to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
