-- A staff member's price reductions at scale: their listings' history rows were each checked
-- against the history's policy (private.can_read_record, a dynamic query per row) before the
-- price-drop condition could drop them — thousands of history rows per agent, past the statement
-- timeout. The price drops of the caller's own listings (owner or agent) are now read in one
-- pass through the history's record index, and the report keeps only those of listings the
-- caller's RLS lets them read (the join to properties), which is what the history's policy
-- allows them to see of a listing.

create or replace function private.own_listing_price_drops(period_from date, period_to date)
returns table (property_id uuid, changed_at timestamptz, old_price numeric, new_price numeric)
language sql stable security definer set search_path = '' as $$
  select l.record_id, l.created_at, (l.changes -> 'price' ->> 'old')::numeric(16, 2), (l.changes -> 'price' ->> 'new')::numeric(16, 2)
    from public.properties p
    join public.audit_log l on l.table_name = 'properties' and l.record_id = p.id
   where (select auth.uid()) in (p.owner_id, p.agent_id)
     and l.action = 'update'
     and (l.changes -> 'price' ->> 'new')::numeric < (l.changes -> 'price' ->> 'old')::numeric
     and l.created_at >= private.accra_start(period_from) and l.created_at < private.accra_start(period_to + 1)
$$;
comment on function private.own_listing_price_drops(date, date) is
  'Price drops in the period of the listings the caller owns or is the agent of; report_price_reductions keeps those of listings the caller may read.';
revoke execute on function private.own_listing_price_drops(date, date) from public, anon;
grant execute on function private.own_listing_price_drops(date, date) to authenticated;

create or replace function public.report_price_reductions(period_from date, period_to date)
returns table (property_id uuid, title text, reduced_on date, currency text, old_price numeric, new_price numeric)
language plpgsql stable set search_path = '' as $$
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
    -- The caller's own listings' drops, kept where their RLS shows the listing (the join).
    return query
    select p.id, p.title, (d.changed_at at time zone 'Africa/Accra')::date, p.currency, d.old_price, d.new_price
      from private.own_listing_price_drops(period_from, period_to) d
      join public.properties p on p.id = d.property_id
     order by d.changed_at desc
     limit 500;
  end if;
end $$;
comment on function public.report_price_reductions(date, date) is
  'Price reductions of listings in the period (from the listing''s history), newest first, at most 500, of the caller''s listings (the agency''s for admins).';
