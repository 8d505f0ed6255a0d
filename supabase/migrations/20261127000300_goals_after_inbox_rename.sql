-- Goals (issue 12) count viewings held per host; the inboxes (issue 13) renamed the inbox tables'
-- `assigned_to` to the platform's `assignee_id` after the goals migration was written, and a SQL
-- function keeps its body as text, so private.goal_daily is re-created against the new name.
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
       and (person is null or b.assignee_id = person)
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
