-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Two-way matching of property requests and listings (issue 13 item 3).
--
--   property_requests gain ranges and lists: property_types, area_min/max_sqm, move_in_date, and
--   location_keys (normalised places, GIN-indexed) beside the budget, bedrooms and buy/rent.
--   private.match_score(request, listing, rate, today) — the rules and words of
--   core/inbox/matching.ts (tests/rls/inbox-matching.test.ts compares them).
--   public.match_properties_for_request(request_id) / public.match_requests_for_property(property_id):
--   staff only, security invoker (a staff member sees only requests they may see), each row with
--   a score and reasons; only published listings on the market are ever offered.
--   When a listing goes public (or its price drops) it is queued (listing_match_queue, due when its
--   publication time comes); the worker's `listing-matches` job notifies the owners of matching
--   requests once per request and listing (property_request_matches), again on a lower price.
--   public.send_request_matches(): one click sends the visitor a curated e-mail of public
--   listings — nothing of any other client.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function private.place_key(name text) returns text
language sql immutable set search_path = '' as $$
  select lower(regexp_replace(btrim(name), '\s+', ' ', 'g'))
$$;
comment on function private.place_key(text) is 'A place name as compared: trimmed, lower-case, inner spaces collapsed (core/inbox/matching.ts placeKey).';

create or replace function private.place_keys(names text[]) returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(array_agg(distinct private.place_key(n)), '{}') from unnest(names) n where btrim(coalesce(n, '')) <> ''
$$;

create or replace function private.listing_place_keys(city text, neighbourhood text) returns text[]
language sql immutable set search_path = '' as $$
  select private.place_keys(array[city, neighbourhood])
$$;

-- ── Requests: ranges and lists ───────────────────────────────────────────────────────────────
alter table public.property_requests
  add column property_types text[] not null default '{}',
  add column area_min_sqm numeric(12, 2) check (area_min_sqm is null or area_min_sqm > 0),
  add column area_max_sqm numeric(12, 2) check (area_max_sqm is null or area_max_sqm > 0),
  add column move_in_date date,
  add column location_keys text[] generated always as (private.place_keys(locations)) stored;
update public.property_requests set property_types = array[property_type] where cardinality(property_types) = 0;
alter table public.property_requests
  add constraint property_requests_types_valid check (
    cardinality(property_types) between 1 and 7
    and property_types <@ array['house', 'apartment', 'townhouse', 'land', 'office', 'shop', 'warehouse']),
  add constraint property_requests_area_range check (area_min_sqm is null or area_max_sqm is null or area_min_sqm <= area_max_sqm);
comment on column public.property_requests.property_types is 'Every type the visitor would take; property_type is the first (kept for older readers).';
comment on column public.property_requests.location_keys is 'Normalised places (cities or neighbourhoods) for matching.';
comment on column public.property_requests.budget_max is 'For rent: per month.';

-- One type given (the public form's single choice) fills the list; a list names the first type.
create or replace function private.request_types() returns trigger
language plpgsql set search_path = '' as $$
begin
  if cardinality(new.property_types) = 0 then new.property_types := array[new.property_type];
  elsif not (new.property_type = any (new.property_types)) then new.property_type := new.property_types[1];
  end if;
  return new;
end $$;
create trigger property_requests_types before insert or update of property_type, property_types on public.property_requests
  for each row execute function private.request_types();

create index property_requests_location_keys_idx on public.property_requests using gin (location_keys);
create index property_requests_types_idx on public.property_requests using gin (property_types);
create index property_requests_open_idx on public.property_requests (listing_type, status);
create index properties_place_keys_idx on public.properties using gin ((private.listing_place_keys(city, neighbourhood)));

-- ── The rate and the score ───────────────────────────────────────────────────────────────────
create or replace function private.usd_ghs_rate(on_day date default (now() at time zone 'Africa/Accra')::date) returns numeric
language sql stable security definer set search_path = '' as $$
  select r.rate from public.exchange_rates r
   where r.base_currency = 'USD' and r.quote_currency = 'GHS' and r.effective_on <= on_day
   order by r.effective_on desc limit 1
$$;
comment on function private.usd_ghs_rate(date) is 'GHS per 1 USD in effect on a day (the newest dated rate).';

-- core/inbox/matching.ts scoreMatch(), rule for rule and word for word. No row: not a candidate.
create or replace function private.match_score(r public.property_requests, p public.properties, usd_ghs numeric, today date)
returns table (score integer, reasons text[])
language plpgsql stable set search_path = '' as $$
declare
  price numeric;
  no_rate boolean := false;
  penalty integer := 0;
  why text[] := '{}';
  place text;
  over integer;
  n integer;
  area numeric;
begin
  if (case r.listing_type when 'buy' then 'sale' else 'rent' end) <> p.listing_type then return; end if;
  if not (p.property_type = any (r.property_types)) then return; end if;
  if p.status not in ('available', 'coming_soon') then return; end if;
  if p.neighbourhood is not null and private.place_key(p.neighbourhood) = any (r.location_keys) then place := p.neighbourhood;
  elsif private.place_key(p.city) = any (r.location_keys) then place := p.city;
  else return;
  end if;

  if p.price is not null then
    price := p.price;
    if p.listing_type = 'rent' and p.rent_period = 'year' then price := price / 12; end if;
    if p.currency <> r.currency then
      if usd_ghs is null or usd_ghs <= 0 then no_rate := true;
      elsif p.currency = 'USD' then price := price * usd_ghs;
      else price := price / usd_ghs;
      end if;
    end if;
    price := round(price, 2);
    if not no_rate and price > r.budget_max * 1.2 then return; end if;
  end if;

  if p.price is null then
    penalty := penalty + 10; why := why || 'price on request'::text;
  elsif no_rate then
    penalty := penalty + 10; why := why || format('priced in %s, no exchange rate', p.currency);
  elsif price > r.budget_max then
    over := ceil(100 * (price - r.budget_max) / r.budget_max);
    penalty := penalty + over; why := why || format('%s%% over budget', over);
  elsif r.budget_min is not null and price < r.budget_min then
    penalty := penalty + 5; why := why || 'below the minimum budget'::text;
  else
    why := why || 'budget fits'::text;
  end if;

  if r.bedrooms_min is not null or r.bedrooms_max is not null then
    if p.bedrooms is null then
      penalty := penalty + 5; why := why || 'bedrooms not stated'::text;
    elsif r.bedrooms_min is not null and p.bedrooms < r.bedrooms_min then
      n := r.bedrooms_min - p.bedrooms;
      penalty := penalty + 15 * n; why := why || format('%s %s short', n, case when n = 1 then 'bedroom' else 'bedrooms' end);
    elsif r.bedrooms_max is not null and p.bedrooms > r.bedrooms_max then
      n := p.bedrooms - r.bedrooms_max;
      penalty := penalty + 5 * n; why := why || format('%s %s more than asked', n, case when n = 1 then 'bedroom' else 'bedrooms' end);
    else
      why := why || format('%s %s', p.bedrooms, case when p.bedrooms = 1 then 'bedroom' else 'bedrooms' end);
    end if;
  end if;

  if r.area_min_sqm is not null or r.area_max_sqm is not null then
    area := coalesce(p.floor_area_sqm, p.land_size_sqm);
    if area is null then penalty := penalty + 5; why := why || 'area not stated'::text;
    elsif r.area_min_sqm is not null and area < r.area_min_sqm then penalty := penalty + 10; why := why || 'smaller than asked'::text;
    elsif r.area_max_sqm is not null and area > r.area_max_sqm then penalty := penalty + 3; why := why || 'larger than asked'::text;
    else why := why || 'area fits'::text;
    end if;
  end if;

  why := why || ('in ' || btrim(place));

  if p.status = 'coming_soon' and r.move_in_date is not null and r.move_in_date <= today + 30 then
    penalty := penalty + 10; why := why || 'coming soon, not yet available'::text;
  end if;

  score := greatest(0, 100 - penalty);
  reasons := why;
  return next;
end $$;
comment on function private.match_score(public.property_requests, public.properties, numeric, date) is
  'Score (0–100) and reasons of a listing for a request, or no row when it is not a candidate (core/inbox/matching.ts).';

-- ── The two RPCs (staff; RLS of the caller applies) ──────────────────────────────────────────
create or replace function public.match_properties_for_request(request_id uuid)
returns table (property_id uuid, score integer, reasons text[], title text, slug text, city text, neighbourhood text,
               price numeric, currency text, rent_period text, bedrooms smallint, property_type text, status text, agent_id uuid)
language plpgsql stable security invoker set search_path = '' as $$
declare
  r public.property_requests;
  rate numeric := private.usd_ghs_rate();
  today date := (now() at time zone 'Africa/Accra')::date;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff can match requests' using errcode = '42501'; end if;
  select * into r from public.property_requests q where q.id = request_id;
  if r.id is null then return; end if;
  return query
    select p.id, m.score, m.reasons, p.title, p.slug, p.city, p.neighbourhood, p.price, p.currency, p.rent_period, p.bedrooms, p.property_type, p.status, p.agent_id
      from public.properties p
      cross join lateral private.match_score(r, p, rate, today) m
     where p.listing_type = case r.listing_type when 'buy' then 'sale' else 'rent' end
       and p.property_type = any (r.property_types)
       and p.status in ('available', 'coming_soon')
       and p.published_at is not null and p.published_at <= now()
       and private.listing_place_keys(p.city, p.neighbourhood) && r.location_keys
       and m.score >= 50
     order by m.score desc, p.price asc nulls last, p.id
     limit 50;
end $$;
comment on function public.match_properties_for_request(uuid) is 'Staff: published listings on the market that match a request they may see, best first, with score and reasons.';
revoke all on function public.match_properties_for_request(uuid) from public, anon;
grant execute on function public.match_properties_for_request(uuid) to authenticated;

create or replace function public.match_requests_for_property(property_id uuid)
returns table (request_id uuid, score integer, reasons text[], full_name text, status text, assignee_id uuid,
               listing_type text, budget_max numeric, currency text, created_at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
declare
  l public.properties;
  rate numeric := private.usd_ghs_rate();
  today date := (now() at time zone 'Africa/Accra')::date;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff can match requests' using errcode = '42501'; end if;
  select * into l from public.properties p where p.id = property_id;
  if l.id is null or l.status not in ('available', 'coming_soon') then return; end if;
  return query
    select r.id, m.score, m.reasons, r.full_name, r.status, r.assignee_id, r.listing_type, r.budget_max, r.currency, r.created_at
      from public.property_requests r
      cross join lateral private.match_score(r, l, rate, today) m
     where r.status in ('new', 'assigned', 'searching', 'matched')
       and r.listing_type = case l.listing_type when 'sale' then 'buy' else 'rent' end
       and r.property_types @> array[l.property_type]
       and r.location_keys && private.listing_place_keys(l.city, l.neighbourhood)
       and m.score >= 50
     order by m.score desc, r.created_at desc, r.id
     limit 100;
end $$;
comment on function public.match_requests_for_property(uuid) is 'Staff: open requests (that they may see) a listing matches, best first, with score and reasons.';
revoke all on function public.match_requests_for_property(uuid) from public, anon;
grant execute on function public.match_requests_for_property(uuid) to authenticated;

-- ── Who was told about which listing ─────────────────────────────────────────────────────────
create table public.property_request_matches (
  request_id uuid not null references public.property_requests (id) on delete cascade,
  property_id uuid not null references public.properties (id) on delete cascade,
  score integer not null check (score between 0 and 100),
  reasons text[] not null default '{}',
  -- The request's owner was notified (at this price; a lower price notifies again).
  notified_at timestamptz,
  notified_price numeric(16, 2),
  -- The listing went to the visitor in a curated e-mail.
  emailed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (request_id, property_id)
);
comment on table public.property_request_matches is 'Matches acted on: the owner notified (new listing, lower price) and what was e-mailed to the visitor. Written by the matching RPCs only.';
create index property_request_matches_property_idx on public.property_request_matches (property_id);
create trigger property_request_matches_set_updated_at before update on public.property_request_matches for each row execute function private.set_updated_at();
alter table public.property_request_matches enable row level security;
create policy "Staff read matches of requests they may see" on public.property_request_matches for select to authenticated using (
  (select private.access_scope('inbox')) = 'all'
  or ((select private.access_scope('inbox')) = 'own' and exists (select 1 from public.property_requests r where r.id = request_id)));
revoke all on public.property_request_matches from anon, authenticated;
grant select on public.property_request_matches to authenticated;

-- ── Listings that went public or got cheaper, waiting for the listing-matches job ───────────
create table public.listing_match_queue (
  property_id uuid primary key references public.properties (id) on delete cascade,
  reason text not null check (reason in ('published', 'price_drop')),
  -- When the listing is (or becomes) public: a scheduled publication is matched when it happens.
  due_at timestamptz not null default now(),
  processed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.listing_match_queue is 'Listings to match against open requests (published, price dropped); the worker''s listing-matches job notifies request owners. Secret key only.';
create index listing_match_queue_due_idx on public.listing_match_queue (due_at) where processed_at is null;
create trigger listing_match_queue_set_updated_at before update on public.listing_match_queue for each row execute function private.set_updated_at();
alter table public.listing_match_queue enable row level security;
revoke all on public.listing_match_queue from anon, authenticated;

create or replace function private.queue_listing_match() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  on_market boolean := new.status in ('available', 'coming_soon') and new.published_at is not null;
  was_on_market boolean := tg_op = 'UPDATE' and old.status in ('available', 'coming_soon') and old.published_at is not null
                           and old.published_at <= now();
  reason text;
begin
  if not on_market then return null; end if;
  if not was_on_market then reason := 'published';
  elsif new.price < old.price then reason := 'price_drop';
  else return null;
  end if;
  insert into public.listing_match_queue (property_id, reason, due_at)
  values (new.id, reason, greatest(now(), new.published_at))
  on conflict (property_id) do update set reason = excluded.reason, due_at = excluded.due_at, processed_at = null;
  return null;
end $$;
comment on function private.queue_listing_match() is 'Queues a listing for matching when it goes (or is scheduled to go) public, or its price drops.';
create trigger properties_queue_match after insert or update of status, published_at, price on public.properties
  for each row execute function private.queue_listing_match();

-- The job's RPC (secret key): for each due listing, notify the owner (assignee) of each matching
-- open request once — again only when the price fell below the one they were told about.
-- Returns the notifications made, so the job can poke their recipients through the hub.
create or replace function public.process_listing_match_queue(max_listings integer default 20)
returns table (property_id uuid, request_id uuid, user_id uuid, notification_id uuid)
language plpgsql security definer set search_path = '' as $$
declare
  q record;
  l public.properties;
  m record;
  rate numeric := private.usd_ghs_rate();
  today date := (now() at time zone 'Africa/Accra')::date;
  nid uuid;
begin
  for q in
    select x.property_id from public.listing_match_queue x
     where x.processed_at is null and x.due_at <= now()
     order by x.due_at limit least(greatest(max_listings, 1), 200)
     for update skip locked
  loop
    select * into l from public.properties p where p.id = q.property_id;
    if l.id is not null and l.status in ('available', 'coming_soon') and l.published_at is not null and l.published_at <= now() then
      for m in
        select r.id, r.assignee_id, r.full_name, s.score, s.reasons, pm.notified_at, pm.notified_price
          from public.property_requests r
          cross join lateral private.match_score(r, l, rate, today) s
          left join public.property_request_matches pm on pm.request_id = r.id and pm.property_id = l.id
         where r.status in ('new', 'assigned', 'searching', 'matched')
           and r.listing_type = case l.listing_type when 'sale' then 'buy' else 'rent' end
           and r.property_types @> array[l.property_type]
           and r.location_keys && private.listing_place_keys(l.city, l.neighbourhood)
           and s.score >= 50
      loop
        if m.notified_at is not null and not (l.price < m.notified_price) then continue; end if;
        nid := null;
        if m.assignee_id is not null then
          nid := private.notify(m.assignee_id, 'match_listing',
                   format('%s matches %s (%s%%)', l.title, m.full_name, m.score),
                   array_to_string(m.reasons, ', '),
                   '/property-requests?open=' || m.id, 'property_requests', m.id, null);
        end if;
        insert into public.property_request_matches (request_id, property_id, score, reasons, notified_at, notified_price)
        values (m.id, l.id, m.score, m.reasons, case when nid is not null then now() end, case when nid is not null then l.price end)
        on conflict on constraint property_request_matches_pkey do update
          set score = excluded.score, reasons = excluded.reasons,
              notified_at = coalesce(excluded.notified_at, public.property_request_matches.notified_at),
              notified_price = coalesce(excluded.notified_price, public.property_request_matches.notified_price);
        if nid is not null then
          property_id := l.id; request_id := m.id; user_id := m.assignee_id; notification_id := nid;
          return next;
        end if;
      end loop;
    end if;
    update public.listing_match_queue set processed_at = now() where listing_match_queue.property_id = q.property_id;
  end loop;
end $$;
comment on function public.process_listing_match_queue(integer) is 'Job listing-matches (secret key): notifies owners of requests that due listings match; returns the notifications made.';
revoke all on function public.process_listing_match_queue(integer) from public, anon, authenticated;
grant execute on function public.process_listing_match_queue(integer) to service_role;

-- ── One click: the visitor gets a curated e-mail of public listings ──────────────────────────
create or replace function private.format_money(amount numeric, currency text) returns text
language sql immutable set search_path = '' as $$
  select currency || ' ' || to_char(amount, 'FM999,999,999,990')
$$;

create or replace function public.send_request_matches(request_id uuid, property_ids uuid[], site_origin text, note text default null)
returns public.inbox_replies
language plpgsql security definer set search_path = '' as $$
declare
  r public.property_requests;
  reply public.inbox_replies;
  mail_id uuid;
  items_html text;
  items_text text;
  picked integer;
  greeting text;
  subject text;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff can send matches' using errcode = '42501'; end if;
  select * into r from public.property_requests q where q.id = request_id;
  if r.id is null or not private.can_access_owned('inbox', null, r.assignee_id) then
    raise exception 'You cannot work this request' using errcode = '42501';
  end if;
  if site_origin !~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' then raise exception 'Bad site origin' using errcode = '22023'; end if;
  if cardinality(property_ids) not between 1 and 12 then raise exception 'Choose 1 to 12 listings' using errcode = '22023'; end if;
  -- Only published listings on the market: never a draft, never anything of another client.
  select count(*),
         string_agg(format('<li><a href="%s">%s</a><br>%s · %s%s</li>',
                           private.html_escape(site_origin || '/property/' || p.slug), private.html_escape(p.title),
                           private.html_escape(concat_ws(', ', p.neighbourhood, p.city)),
                           case when p.price is null then 'Price on request' else private.html_escape(private.format_money(p.price, p.currency))
                                || case when p.listing_type = 'rent' then ' per ' || coalesce(p.rent_period, 'month') else '' end end,
                           case when p.bedrooms is not null then ' · ' || p.bedrooms || ' bedrooms' else '' end), '' order by p.title),
         string_agg(format('- %s (%s, %s): %s', p.title, concat_ws(', ', p.neighbourhood, p.city),
                           case when p.price is null then 'price on request' else private.format_money(p.price, p.currency) end,
                           site_origin || '/property/' || p.slug), E'\n' order by p.title)
    into picked, items_html, items_text
    from public.properties p
   where p.id = any (property_ids) and p.status in ('available', 'coming_soon') and p.published_at is not null and p.published_at <= now();
  if picked = 0 then raise exception 'None of these listings is published and on the market' using errcode = '22023'; end if;
  greeting := 'Dear ' || split_part(btrim(r.full_name), ' ', 1) || ',';
  subject := format('%s listings that match your request', picked);
  insert into public.outgoing_emails (to_address, subject, html, text_body, kind)
  values (lower(btrim(r.email)), subject,
          '<p>' || private.html_escape(greeting) || '</p>'
            || coalesce(private.text_to_html(nullif(btrim(note), '')), '<p>Here are listings that match what you are looking for:</p>')
            || '<ul>' || items_html || '</ul><p>Reply to this e-mail or call us to arrange viewings.</p>',
          greeting || E'\n\n' || coalesce(nullif(btrim(note), ''), 'Here are listings that match what you are looking for:') || E'\n\n' || items_text,
          'inbox_matches')
  returning id into mail_id;
  insert into public.inbox_replies (record_table, record_id, kind, to_address, subject, body, sent_by, email_id, address_had_bounced)
  values ('property_requests', r.id, 'matches', lower(btrim(r.email)), subject, items_text, auth.uid(), mail_id, private.address_bounced_at(r.email) is not null)
  returning * into reply;
  insert into public.property_request_matches (request_id, property_id, score, reasons, emailed_at)
  select r.id, p.id, coalesce(m.score, 0), coalesce(m.reasons, '{}'), now()
    from public.properties p
    left join lateral private.match_score(r, p, private.usd_ghs_rate(), (now() at time zone 'Africa/Accra')::date) m on true
   where p.id = any (property_ids) and p.status in ('available', 'coming_soon') and p.published_at is not null and p.published_at <= now()
  on conflict on constraint property_request_matches_pkey do update set emailed_at = now();
  update public.property_requests set last_reply_at = now(),
         status = case when status in ('assigned', 'searching') then 'matched' else status end
   where id = r.id;
  return reply;
end $$;
comment on function public.send_request_matches(uuid, uuid[], text, text) is 'Staff: e-mails the visitor of a request a curated list of published listings (and records it).';
revoke all on function public.send_request_matches(uuid, uuid[], text, text) from public, anon;
grant execute on function public.send_request_matches(uuid, uuid[], text, text) to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
