-- The leads report at scale (report_leads: new contacts per week and source): a year of an
-- agency's contacts is ~24,000 wide rows read from disk on every call (1.7 s under EXPLAIN on the
-- seed:scale folder). The database now keeps the count per Africa/Accra day and source in
-- private.lead_days, the way it keeps money_months: statement triggers on contacts note each
-- statement's net change in a pending table of the transaction, added to the kept rows at commit
-- in the one lock order (after money months). A caller who sees every contact (access scope
-- 'all': RLS would count every row) reads the kept days; everyone else counts the rows they may
-- read, through indexes of their own contacts by creation time.

-- The source a lead is counted under (report_leads' definition): blank or missing is 'unknown'.
create or replace function private.lead_source(source text)
returns text language sql immutable set search_path = '' as $$
  select coalesce(nullif(btrim(source), ''), 'unknown')
$$;

create table private.lead_days (
  day date not null,
  source text not null,
  leads bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (day, source)
);
comment on table private.lead_days is
  'New contacts per Africa/Accra day of creation and source, for the whole company (report_leads over every row), kept by triggers on contacts.';
revoke all on private.lead_days from public, anon, authenticated;

create unlogged table private.lead_days_pending (
  day date not null,
  source text not null,
  leads bigint not null
);
comment on table private.lead_days_pending is 'Net changes to private.lead_days noted by the running transaction; added at its commit.';
revoke all on private.lead_days_pending from public, anon, authenticated;

-- A transition table exists only for the events its trigger declares: each branch reads its own.
create or replace function private.total_lead_days() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into private.lead_days_pending (day, source, leads)
    select (r.created_at at time zone 'Africa/Accra')::date, private.lead_source(r.source), count(*) from new_rows r group by 1, 2;
  elsif tg_op = 'DELETE' then
    insert into private.lead_days_pending (day, source, leads)
    select (r.created_at at time zone 'Africa/Accra')::date, private.lead_source(r.source), -count(*) from old_rows r group by 1, 2;
  else
    insert into private.lead_days_pending (day, source, leads)
    select d.day, d.source, sum(d.delta) from (
      select (r.created_at at time zone 'Africa/Accra')::date as day, private.lead_source(r.source) as source, 1 as delta from new_rows r
      union all
      select (r.created_at at time zone 'Africa/Accra')::date, private.lead_source(r.source), -1 from old_rows r
    ) d group by 1, 2 having sum(d.delta) <> 0;
  end if;
  if found then perform private.note_totals_pending(); end if;
  return null;
end $$;
comment on function private.total_lead_days() is 'Notes a statement''s net change of contacts per day of creation and source; added to private.lead_days at commit.';

create trigger contacts_lead_days_insert after insert on public.contacts
  referencing new table as new_rows for each statement execute function private.total_lead_days();
create trigger contacts_lead_days_update after update on public.contacts
  referencing old table as old_rows new table as new_rows for each statement execute function private.total_lead_days();
create trigger contacts_lead_days_delete after delete on public.contacts
  referencing old table as old_rows for each statement execute function private.total_lead_days();

create or replace function private.apply_lead_days_pending() returns void
language sql security definer set search_path = '' as $$
  with d as (delete from private.lead_days_pending returning *)
  insert into private.lead_days as k (day, source, leads)
  select d.day, d.source, sum(d.leads) from d group by 1, 2 having sum(d.leads) <> 0 order by 1, 2
  on conflict (day, source) do update set leads = k.leads + excluded.leads, updated_at = now()
$$;

-- Every day again from the rows (the recount the concurrency suite compares the kept rows with).
create or replace function private.rebuild_lead_days() returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from private.lead_days order by day, source for update;
  delete from private.lead_days_pending;
  delete from private.lead_days;
  insert into private.lead_days (day, source, leads)
  select (c.created_at at time zone 'Africa/Accra')::date, private.lead_source(c.source), count(*)
    from public.contacts c group by 1, 2 order by 1, 2;
end $$;
comment on function private.rebuild_lead_days() is 'Recomputes private.lead_days from every contact.';

-- At commit: what the transaction noted, table by table in the lock order (lead days last).
create or replace function private.apply_totals() returns void
language plpgsql security definer set search_path = '' as $$
declare
  rebuild boolean;
begin
  delete from private.totals_pending where txid = pg_current_xact_id() returning rebuild_finance into rebuild;
  with d as (delete from private.invoice_counts_pending returning *)
  insert into private.invoice_counts as c (kind, status, currency, invoices)
  select kind, status, currency, sum(invoices) from d group by 1, 2, 3 having sum(invoices) <> 0 order by 1, 2, 3
  on conflict (kind, status, currency) do update set invoices = c.invoices + excluded.invoices, updated_at = now();
  with d as (delete from private.payment_counts_pending returning *)
  insert into private.payment_counts as c (kind, method, online, payments)
  select kind, method, online, sum(payments) from d group by 1, 2, 3 having sum(payments) <> 0 order by 1, 2, 3
  on conflict (kind, method, online) do update set payments = c.payments + excluded.payments, updated_at = now();
  if coalesce(rebuild, false) then
    perform private.rebuild_finance_months();
  else
    perform private.apply_finance_pending();
  end if;
  perform private.apply_money_months_pending();
  perform private.apply_lead_days_pending();
end $$;
comment on function private.apply_totals() is
  'Adds the running transaction''s noted changes to the kept totals in the one lock order (invoice counts, payment counts, finance months, categories, money months, lead days; keys ascending), or rebuilds the finance totals when an account changed kind.';

select private.rebuild_lead_days();

-- The kept days of the period, for a caller whose RLS shows every contact (to anyone else: nothing).
create or replace function private.kept_lead_days(period_from date, period_to date)
returns table (day date, source text, leads bigint)
language sql stable security definer set search_path = '' as $$
  select k.day, k.source, k.leads from private.lead_days k
   where k.day between period_from and period_to and k.leads <> 0
     and private.access_scope('contacts') = 'all'
$$;

-- A staff member's contacts of a period, found by owner or assignee and creation time.
create index if not exists contacts_owner_created_idx on public.contacts (owner_id, created_at);
create index if not exists contacts_assignee_created_idx on public.contacts (assignee_id, created_at);

create or replace function public.report_leads(period_from date, period_to date)
returns table (week date, source text, leads bigint)
language plpgsql stable set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.report_period(period_from, period_to);
  if private.access_scope('contacts') = 'all' then
    return query
    select date_trunc('week', k.day)::date, k.source, sum(k.leads)::bigint
      from private.kept_lead_days(period_from, period_to) k
     group by 1, 2
     order by 1, 2;
    return;
  end if;
  -- The caller's RLS decides; the repeated owner/assignee condition only lets the indexes find
  -- their contacts instead of reading the whole period's.
  return query
  select date_trunc('week', c.created_at at time zone 'Africa/Accra')::date, private.lead_source(c.source), count(*)
    from public.contacts c
   where c.created_at >= private.accra_start(period_from) and c.created_at < private.accra_start(period_to + 1)
     and (c.owner_id = any ((select private.scope_members('contacts'))::uuid[]) or c.assignee_id = any ((select private.scope_members('contacts'))::uuid[]))
   group by 1, 2
   order by 1, 2;
end $$;
comment on function public.report_leads(date, date) is
  'New contacts per week (Monday, Africa/Accra) and source in the period, of the contacts the caller may see (the kept days for a caller who sees every contact).';

revoke all on function private.lead_source(text), private.kept_lead_days(date, date) from public, anon;
grant execute on function private.lead_source(text), private.kept_lead_days(date, date) to authenticated;
revoke execute on function private.total_lead_days(), private.apply_lead_days_pending(), private.rebuild_lead_days(),
  private.apply_totals() from public, anon, authenticated;
