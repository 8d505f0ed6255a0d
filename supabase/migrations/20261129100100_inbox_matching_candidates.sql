-- Issue 13 "Performance": matching one request against 20,000 listings (≤ 100 ms) and one listing
-- against 50,000 requests (≤ 200 ms). The two RPCs are security invoker, so RLS applies to the
-- listings and requests they read — and under RLS Postgres may not use a non-leakproof operator
-- (the arrays' && and @>) as an index condition ahead of the policy: the GIN indexes on the places
-- and types went unused, every listing/open request was scanned and its place keys recomputed
-- (EXPLAIN ANALYZE, quarter-size scale data, signed in as an admin: 5,000 listings 184 ms by a
-- status scan vs 72 ms with the place-keys index; 12,500 requests 39 ms seq scan vs 5 ms with
-- the types index).
-- Now the candidates (same type, kind, place, on the market) come from a definer helper that
-- may use those indexes and returns ids only; the RPCs then read those rows by primary key (a
-- leakproof uuid equality, so the index serves it) with the caller's RLS deciding, as before,
-- which of them they may see. Scores, reasons, order and limits are unchanged (same rows for 40
-- probes). A/B on the same quarter-size data, admin, 40 calls each, load average ≈ 9 on 2 cores:
-- request vs 5,000 listings median 14–23 → 4.5–5 ms; listing vs 12,500 requests 5.5–6 → 4.6–5.5 ms
-- (the old listing-side cost grows with every open request: a sequential scan).

create or replace function private.match_candidate_listings(listing_type text, property_types text[], location_keys text[])
returns setof uuid
language sql stable security definer set search_path = '' as $$
  select p.id from public.properties p
   where p.listing_type = match_candidate_listings.listing_type
     and p.property_type = any (match_candidate_listings.property_types)
     and p.status in ('available', 'coming_soon')
     and p.published_at is not null and p.published_at <= now()
     and private.listing_place_keys(p.city, p.neighbourhood) && match_candidate_listings.location_keys
$$;
comment on function private.match_candidate_listings(text, text[], text[]) is
  'Ids of listings on the market of this kind, one of these types and in one of these places (the matching RPCs'' index-served prefilter; callers apply RLS on the rows).';

create or replace function private.match_candidate_requests(listing_type text, property_type text, place_keys text[])
returns setof uuid
language sql stable security definer set search_path = '' as $$
  select r.id from public.property_requests r
   where r.status in ('new', 'assigned', 'searching', 'matched')
     and r.listing_type = match_candidate_requests.listing_type
     and r.property_types @> array[match_candidate_requests.property_type]
     and r.location_keys && match_candidate_requests.place_keys
$$;
comment on function private.match_candidate_requests(text, text, text[]) is
  'Ids of open requests of this kind that take this type in one of these places (the matching RPCs'' index-served prefilter; callers apply RLS on the rows).';
revoke all on function private.match_candidate_listings(text, text[], text[]) from public, anon;
revoke all on function private.match_candidate_requests(text, text, text[]) from public, anon;
grant execute on function private.match_candidate_listings(text, text[], text[]) to authenticated, service_role;
grant execute on function private.match_candidate_requests(text, text, text[]) to authenticated, service_role;

create or replace function public.match_properties_for_request(request_id uuid)
returns table (property_id uuid, score integer, reasons text[], title text, slug text, city text, neighbourhood text,
               price numeric, currency text, rent_period text, bedrooms smallint, property_type text, status text, agent_id uuid)
language plpgsql stable security invoker set search_path = '' as $$
declare
  r public.property_requests;
  rate numeric := private.usd_ghs_rate();
  today date := (now() at time zone 'Africa/Accra')::date;
  candidates uuid[];
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff can match requests' using errcode = '42501'; end if;
  select * into r from public.property_requests q where q.id = request_id;
  if r.id is null then return; end if;
  candidates := array(select private.match_candidate_listings(case r.listing_type when 'buy' then 'sale' else 'rent' end, r.property_types, r.location_keys));
  return query
    select p.id, m.score, m.reasons, p.title, p.slug, p.city, p.neighbourhood, p.price, p.currency, p.rent_period, p.bedrooms, p.property_type, p.status, p.agent_id
      from public.properties p
      cross join lateral private.match_score(r, p, rate, today) m
     where p.id = any (candidates)
       and p.status in ('available', 'coming_soon')
       and p.published_at is not null and p.published_at <= now()
       and m.score >= 50
     order by m.score desc, p.price asc nulls last, p.id
     limit 50;
end $$;

create or replace function public.match_requests_for_property(property_id uuid)
returns table (request_id uuid, score integer, reasons text[], full_name text, status text, assignee_id uuid,
               listing_type text, budget_max numeric, currency text, created_at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
declare
  l public.properties;
  rate numeric := private.usd_ghs_rate();
  today date := (now() at time zone 'Africa/Accra')::date;
  candidates uuid[];
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff can match requests' using errcode = '42501'; end if;
  select * into l from public.properties p where p.id = property_id;
  if l.id is null or l.status not in ('available', 'coming_soon') then return; end if;
  candidates := array(select private.match_candidate_requests(case l.listing_type when 'sale' then 'buy' else 'rent' end, l.property_type,
                                                              private.listing_place_keys(l.city, l.neighbourhood)));
  return query
    select r.id, m.score, m.reasons, r.full_name, r.status, r.assignee_id, r.listing_type, r.budget_max, r.currency, r.created_at
      from public.property_requests r
      cross join lateral private.match_score(r, l, rate, today) m
     where r.id = any (candidates)
       and r.status in ('new', 'assigned', 'searching', 'matched')
       and m.score >= 50
     order by m.score desc, r.created_at desc, r.id
     limit 100;
end $$;
