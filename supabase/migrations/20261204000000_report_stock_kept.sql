-- The stock report (listings per city, type and status with their median days on market).
--
-- One definition of days on market (core/reports/figures.ts daysOnMarket): Africa/Accra calendar
-- days from the day of publication to today, never below 0, none for a listing never published;
-- a group's figure is the median of those whole days rounded to a whole day (medianDaysOnMarket).
-- The report counted fractional days since the instant of publication instead, so a listing
-- published late yesterday read 0 in the morning and 1 in the evening.
--
-- At scale: EXPLAIN on the seed:scale folder showed each call reading all ~20,000 listings'
-- wide rows (descriptions, search text: ~6,300 pages) and sorting them to group. The database now
-- keeps the few columns the report reads per listing in private.listing_stock (a row trigger on
-- properties, in the same transaction: the listing's own row lock orders concurrent writers), and
-- the report groups those narrow rows by hash, sorting only each group's days for its median.

create table private.listing_stock (
  property_id uuid primary key,
  city text not null,
  property_type text not null,
  status text not null,
  published_at timestamptz,
  public_since timestamptz,
  owner_id uuid,
  assignee_id uuid
);
comment on table private.listing_stock is
  'Per listing, the columns of public.properties the stock report reads (and its policy asks), kept by a row trigger on properties.';
revoke all on private.listing_stock from public, anon, authenticated;

create or replace function private.keep_listing_stock() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    delete from private.listing_stock where property_id = old.id;
    return null;
  end if;
  insert into private.listing_stock as s (property_id, city, property_type, status, published_at, public_since, owner_id, assignee_id)
  values (new.id, new.city, new.property_type, new.status, new.published_at, new.public_since, new.owner_id, new.assignee_id)
  on conflict (property_id) do update set
    city = excluded.city, property_type = excluded.property_type, status = excluded.status,
    published_at = excluded.published_at, public_since = excluded.public_since,
    owner_id = excluded.owner_id, assignee_id = excluded.assignee_id;
  return null;
end $$;
comment on function private.keep_listing_stock() is 'Keeps private.listing_stock equal to the columns it copies from public.properties.';
revoke execute on function private.keep_listing_stock() from public, anon, authenticated;

-- public_since is generated from status and published_at: a change to either moves it.
create trigger properties_listing_stock
  after insert or delete or update of id, city, property_type, status, published_at, owner_id, assignee_id
  on public.properties for each row execute function private.keep_listing_stock();

insert into private.listing_stock (property_id, city, property_type, status, published_at, public_since, owner_id, assignee_id)
select p.id, p.city, p.property_type, p.status, p.published_at, p.public_since, p.owner_id, p.assignee_id
  from public.properties p;

-- The groups of the listings the caller may read: the condition is the properties' select policy
-- for signed-in users ("Signed-in users read published listings, staff per access"), asked of the
-- narrow kept rows; tests/rls/reports-days-on-market.test.ts holds the two together.
create or replace function private.listing_stock_groups(today date)
returns table (city text, property_type text, status text, listings bigint, median_days_on_market numeric)
language sql stable security definer set search_path = '' as $$
  with g as (
    select s.city, s.property_type, s.status, count(*) as n,
           -- A listing never published has no days at all (greatest() would make a null 0).
           array_agg(greatest(today - (s.published_at at time zone 'Africa/Accra')::date, 0))
             filter (where s.published_at is not null) as days
      from private.listing_stock s
     where (select private.access_scope('listings')) = 'all'
        or s.public_since <= now()
        or ((select private.access_scope('listings')) in ('own', 'branch')
            and (s.owner_id = any((select private.scope_members('listings'))::uuid[])
                 or s.assignee_id = any((select private.scope_members('listings'))::uuid[])))
     group by s.city, s.property_type, s.status
  )
  select g.city, g.property_type, g.status, g.n,
         (select round((percentile_cont(0.5) within group (order by x.d))::numeric, 0) from unnest(g.days) x(d))
    from g
   order by g.city, g.property_type, g.status
$$;
comment on function private.listing_stock_groups(date) is
  'Listings the caller may read per city, type and status, with the median whole Africa/Accra days on market on `today` (listings never published do not count).';
revoke execute on function private.listing_stock_groups(date) from public, anon;
grant execute on function private.listing_stock_groups(date) to authenticated;

create or replace function public.report_stock()
returns table (city text, property_type text, status text, listings bigint, median_days_on_market numeric)
language plpgsql stable set search_path = '' set plan_cache_mode = force_custom_plan as $$
declare today date := private.today_accra();
begin
  perform private.report_period(today, today);
  return query select * from private.listing_stock_groups(today);
end $$;
comment on function public.report_stock() is
  'Listings per city, type and status with the median days on market (whole Africa/Accra calendar days since publication, rounded to a whole day; listings never published do not count), over the listings the caller may see.';

analyze private.listing_stock;
