-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Search over everything: the command palette finds any record the user may read — contacts,
-- deals, listings, the four inboxes, invoices and receipts, payments, events, tasks, files, posts,
-- partners and property hunts — by any word of its title, a person's name, a phone in any Ghanaian format, an
-- e-mail or a document number; ranked, grouped by kind.
--
--   • private.search_ids (every module's search box goes through it) now matches each word of
--     the term anywhere, in any order ("Kofi Adjei" finds "Adjei, Kofi"; "Oyarifa" and
--     "Asantewaa" each find "Oyarifa plot — Asantewaa"), and a term that looks like a phone
--     number also by its national digits, so "0244 310 022", "+233 24 431 0022" and
--     "233244310022" all find a row that stored "+233244310022" (or "0244310022").
--   • Events and files get a search_text column with a trigram index, as the other tables have.
--   • public.search_records(term, kinds, per_kind) is security INVOKER: every branch reads its
--     table under the caller's RLS, so a result is a row the caller may read. Only back-office
--     users get results.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Matching ─────────────────────────────────────────────────────────────────────────────────
-- The LIKE condition on search_text for a term: each word (of two characters or more; single
-- letters only when nothing longer was typed) must appear; a phone-like term may appear as typed,
-- as its digits or as its national number. Literals are quoted: safe to splice into a query.
create or replace function private.search_condition(term text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  t text := lower(btrim(coalesce(term, '')));
  digits text;
  national text;
  words text[];
  pattern text;
  parts text[] := '{}';
  w text;
begin
  if char_length(t) < 2 or char_length(t) > 100 then return null; end if;
  if t ~ '^\+?[0-9 ().-]+$' and char_length(regexp_replace(t, '\D', '', 'g')) >= 4 then
    digits := regexp_replace(t, '\D', '', 'g');
    national := case when digits ~ '^233\d{2,}' then substr(digits, 4)
                     when digits ~ '^0\d{3,}' then substr(digits, 2)
                     else digits end;
    foreach w in array array[t, digits, national] loop
      pattern := '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%';
      if not (quote_literal(pattern) = any (parts)) then parts := parts || quote_literal(pattern); end if;
    end loop;
    return '(' || array_to_string(array(select 'search_text like ' || p from unnest(parts) p), ' or ') || ')';
  end if;
  words := array(select distinct x from regexp_split_to_table(t, '\s+') x where char_length(x) >= 2);
  if cardinality(words) = 0 then
    words := array(select distinct x from regexp_split_to_table(t, '\s+') x where x <> '');
  end if;
  return array_to_string(array(
    select 'search_text like ' || quote_literal('%' || replace(replace(replace(x, '\', '\\'), '%', '\%'), '_', '\_') || '%')
      from unnest(words) x), ' and ');
end $$;
comment on function private.search_condition(text) is
  'The LIKE condition on search_text for a search term: every word (in any order), or for a phone-like term the number as typed, its digits or its national number.';

create or replace function private.search_ids(table_name text, term text, max_ids integer default 500) returns uuid[]
language plpgsql stable security definer set search_path = '' as $$
declare
  cond text := private.search_condition(term);
  found uuid[];
begin
  if cond is null then return '{}'; end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute a
     where a.attrelid = to_regclass('public.' || quote_ident(table_name)) and a.attname = 'search_text' and not a.attisdropped
  ) then
    raise exception 'table % has no search_text column', table_name using errcode = '42703';
  end if;
  execute format('select coalesce(array_agg(id), ''{}'') from (select id from public.%I where %s order by updated_at desc limit $1) s',
                 table_name, cond)
    into found using least(greatest(max_ids, 1), 2000);
  return found;
end $$;
comment on function private.search_ids(text, text, integer) is
  'Ids of rows whose search_text holds every word of the term (or a phone-like term in any format; trigram index), newest first; callers filter them through the table''s RLS.';

-- ── The tables that had no search column ─────────────────────────────────────────────────────
alter table public.events
  add column search_text text generated always as (
    lower(title || ' ' || coalesce(location, '') || ' ' || coalesce(left(description, 500), ''))
  ) stored;
comment on column public.events.search_text is 'Lower-cased title, location and the start of the description, for trigram search.';
create index events_search_idx on public.events using gin (search_text extensions.gin_trgm_ops);

alter table public.files add column search_text text generated always as (lower(name)) stored;
comment on column public.files.search_text is 'Lower-cased file name, for trigram search.';
create index files_search_idx on public.files using gin (search_text extensions.gin_trgm_ops);
create index files_updated_idx on public.files (updated_at desc);

-- ── One search over every kind ──────────────────────────────────────────────────────────────
-- rank: 0 the name starts with the term, 1 a word of the name starts with the term's first
-- word, 2 the name holds the term, 3 a match elsewhere (phone, e-mail, a linked person).
create or replace function private.search_rank(name text, term text) returns integer
language sql immutable set search_path = '' as $$
  select case
    when lower(coalesce(name, '')) like lower(btrim(term)) || '%' then 0
    when ' ' || regexp_replace(lower(coalesce(name, '')), '[^[:alnum:]@.+]+', ' ', 'g') || ' '
         like '% ' || split_part(regexp_replace(lower(btrim(term)), '[^[:alnum:]@.+]+', ' ', 'g'), ' ', 1) || '%' then 1
    when lower(coalesce(name, '')) like '%' || lower(btrim(term)) || '%' then 2
    else 3 end
$$;
comment on function private.search_rank(text, text) is 'How well a record''s name matches a search term: 0 (starts with it) … 3 (matched elsewhere).';

create or replace function public.search_records(term text, kinds text[] default null, per_kind integer default 5)
returns table (kind text, id uuid, title text, details jsonb, rank integer, updated_at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
declare
  n integer := least(greatest(coalesce(per_kind, 5), 1), 50);
  -- Candidates per table before RLS and ranking: the newest matches.
  pool constant integer := 200;
  want text[] := coalesce(kinds, array['contacts', 'deals', 'properties', 'bookings', 'consultations', 'contact_submissions',
                                       'property_requests', 'invoices', 'payments', 'events', 'tasks', 'files', 'blog_posts', 'partners',
                                       'property_hunts']);
  ids uuid[];
  people uuid[];
  linked uuid[];
begin
  if private.search_condition(term) is null or not coalesce(private.is_staff_or_admin(), false) then return; end if;
  if 'contacts' = any (want) then
    ids := private.search_ids('contacts', term, pool);
    return query
    select 'contacts'::text, c.id, c.display_name,
           jsonb_build_object('stage', c.stage, 'phone', c.phone, 'email', c.email),
           private.search_rank(c.display_name, term), c.updated_at
      from public.contacts c
     where c.id = any (ids) and c.anonymised_at is null
     order by 5, c.updated_at desc limit n;
  end if;
  if 'deals' = any (want) then
    -- A deal by its title, or by the name, phone or e-mail of a client of it the caller may read.
    ids := private.search_ids('deals', term, pool);
    people := array(select c.id from public.contacts c where c.id = any (private.search_ids('contacts', term, pool)));
    -- One id list, so the primary key serves the lookup (an OR of subqueries would scan deals).
    linked := ids || array(select x.id from public.deals x where x.contact_id = any (people))
                  || array(select dc.deal_id from public.deal_contacts dc where dc.contact_id = any (people));
    return query
    select 'deals'::text, d.id, d.title,
           jsonb_build_object('status', d.status, 'value', d.value::text, 'currency', d.currency,
                              'client', (select c.display_name from public.contacts c where c.id = d.contact_id)),
           case when d.id = any (ids) then private.search_rank(d.title, term) else 3 end,
           d.updated_at
      from public.deals d
     where d.id = any (linked)
     order by 5, d.updated_at desc limit n;
  end if;
  if 'properties' = any (want) then
    ids := private.search_ids('properties', term, pool);
    return query
    select 'properties'::text, p.id, p.title,
           jsonb_build_object('status', p.status, 'city', p.city, 'neighbourhood', p.neighbourhood),
           private.search_rank(p.title, term), p.updated_at
      from public.properties p
     where p.id = any (ids)
     order by 5, p.updated_at desc limit n;
  end if;
  if 'bookings' = any (want) then
    ids := private.search_ids('bookings', term, pool);
    return query
    select 'bookings'::text, b.id, b.full_name,
           jsonb_build_object('status', b.status, 'starts_at', b.starts_at,
                              'listing', coalesce((select p.title from public.properties p where p.id = b.property_id), b.property_slug)),
           private.search_rank(b.full_name, term), b.updated_at
      from public.bookings b
     where b.id = any (ids)
     order by 5, b.updated_at desc limit n;
  end if;
  if 'consultations' = any (want) then
    ids := private.search_ids('consultations', term, pool);
    return query
    select 'consultations'::text, c.id, c.full_name,
           jsonb_build_object('status', c.status, 'starts_at', c.starts_at, 'service', c.service),
           private.search_rank(c.full_name, term), c.updated_at
      from public.consultations c
     where c.id = any (ids)
     order by 5, c.updated_at desc limit n;
  end if;
  if 'contact_submissions' = any (want) then
    ids := private.search_ids('contact_submissions', term, pool);
    return query
    select 'contact_submissions'::text, s.id, s.full_name,
           jsonb_build_object('status', s.status, 'subject', s.subject),
           private.search_rank(s.full_name, term), s.updated_at
      from public.contact_submissions s
     where s.id = any (ids)
     order by 5, s.updated_at desc limit n;
  end if;
  if 'property_requests' = any (want) then
    ids := private.search_ids('property_requests', term, pool);
    return query
    select 'property_requests'::text, r.id, r.full_name,
           jsonb_build_object('status', r.status, 'listing_type', r.listing_type, 'locations', r.locations),
           private.search_rank(r.full_name, term), r.updated_at
      from public.property_requests r
     where r.id = any (ids)
     order by 5, r.updated_at desc limit n;
  end if;
  if 'invoices' = any (want) then
    ids := private.search_ids('invoices', term, pool);
    return query
    select 'invoices'::text, i.id, coalesce(i.number, 'Draft') || ' · ' || i.bill_to_name,
           jsonb_build_object('kind', i.kind, 'status', i.status, 'total', i.total::text, 'currency', i.currency),
           least(private.search_rank(i.number, term), private.search_rank(i.bill_to_name, term)), i.updated_at
      from public.invoices i
     where i.id = any (ids)
     order by 5, i.updated_at desc limit n;
  end if;
  if 'payments' = any (want) then
    ids := private.search_ids('payments', term, pool);
    return query
    select 'payments'::text, p.id, coalesce(p.number, 'Payment') || ' · ' || p.payer_name,
           jsonb_build_object('kind', p.kind, 'amount', p.amount::text, 'currency', p.currency, 'paid_on', p.paid_on),
           least(private.search_rank(p.number, term), private.search_rank(p.payer_name, term)), p.updated_at
      from public.payments p
     where p.id = any (ids)
     order by 5, p.updated_at desc limit n;
  end if;
  if 'events' = any (want) then
    ids := private.search_ids('events', term, pool);
    return query
    select 'events'::text, e.id, e.title,
           jsonb_build_object('kind', e.kind, 'status', e.status, 'starts_at', e.starts_at, 'all_day', e.all_day),
           private.search_rank(e.title, term), e.updated_at
      from public.events e
     where e.id = any (ids)
     order by 5, e.updated_at desc limit n;
  end if;
  if 'tasks' = any (want) then
    ids := private.search_ids('tasks', term, pool);
    return query
    select 'tasks'::text, t.id, t.title,
           jsonb_build_object('status', t.status, 'due_at', t.due_at),
           private.search_rank(t.title, term), t.updated_at
      from public.tasks t
     where t.id = any (ids)
     order by 5, t.updated_at desc limit n;
  end if;
  if 'files' = any (want) then
    ids := private.search_ids('files', term, pool);
    return query
    select 'files'::text, f.id, f.name,
           jsonb_build_object('mime_type', f.mime_type, 'folder_id', f.folder_id),
           private.search_rank(f.name, term), f.updated_at
      from public.files f
     where f.id = any (ids) and f.deleted_at is null
     order by 5, f.updated_at desc limit n;
  end if;
  if 'blog_posts' = any (want) then
    ids := private.search_ids('blog_posts', term, pool);
    return query
    select 'blog_posts'::text, b.id, b.title,
           jsonb_build_object('status', b.status, 'published_at', b.published_at),
           private.search_rank(b.title, term), b.updated_at
      from public.blog_posts b
     where b.id = any (ids)
     order by 5, b.updated_at desc limit n;
  end if;
  if 'partners' = any (want) then
    ids := private.search_ids('partners', term, pool);
    return query
    select 'partners'::text, p.id, p.name,
           jsonb_build_object('kind', p.kind, 'status', p.status, 'city', p.city),
           private.search_rank(p.name, term), p.updated_at
      from public.partners p
     where p.id = any (ids)
     order by 5, p.updated_at desc limit n;
  end if;
  if 'property_hunts' = any (want) then
    ids := private.search_ids('property_hunts', term, pool);
    return query
    select 'property_hunts'::text, h.id, h.title,
           jsonb_build_object('stage', h.stage, 'city', h.city, 'neighbourhood', h.neighbourhood),
           private.search_rank(h.title, term), h.updated_at
      from public.property_hunts h
     where h.id = any (ids)
     order by 5, h.updated_at desc limit n;
  end if;
end $$;
comment on function public.search_records(text, text[], integer) is
  'The command palette''s search: up to per_kind records of each kind (contacts, deals, properties, the inboxes, invoices, payments, events, tasks, files, blog_posts, partners, property_hunts) whose words, names, phones, e-mails or numbers match the term, as the caller may read them (RLS); rank 0 (name starts with the term) … 3 (matched elsewhere).';
revoke all on function public.search_records(text, text[], integer) from public, anon;
grant execute on function public.search_records(text, text[], integer) to authenticated;
