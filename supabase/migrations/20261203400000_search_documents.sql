-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Search over everything at scale: the command palette's search_records answers from a search
-- document per record instead of LIKE patterns over the newest matches of each table.
--
--   • private.search_document(search_text) is the record's search document: the words of its
--     search_text (Postgres's 'simple' parser: no stemming; document numbers whole and in
--     parts), each e-mail whole, and the 9-digit national number of every Ghanaian phone in it
--     whatever format it was stored in. Each searched table gets a GIN index on it; the
--     database keeps the index current on every write, as a trigger would a copy of it.
--   • private.search_query(term) turns what was typed into a query: every word is a word of the
--     document, in any order, the last one possibly unfinished (a prefix); an e-mail matches an
--     address; a phone-like term matches by its digits or its national number, so "0244 310 022",
--     "+233 24 431 0022" and "233244310022" find the same person.
--   • private.search_hits(kind, query, pool) (security definer: a GIN index is never used
--     for a non-leakproof operator under RLS) returns at most `pool` ids of one kind, already
--     narrowed by the caller's own visibility (the same rules as the table's select policy), so
--     an agent who may read only their own records still finds them among thousands of others.
--   • public.search_records stays security INVOKER: each kind's rows are read under the
--     caller's RLS, ranked (name starts with the term … matched elsewhere) and cut to per_kind.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create function private.search_document(doc text) returns tsvector
language sql immutable parallel safe set search_path = '' as $$
  -- E-mails are one word each, marked with a leading "@", so a name typed as a prefix ("kofi")
  -- never ranges over thousands of addresses that start with it.
  select to_tsvector('simple'::regconfig, regexp_replace(coalesce(doc, ''), '[^\s@]+@[^\s@]+', ' ', 'g'))
      || array_to_tsvector(array(
           select distinct '@' || m[1] from regexp_matches(coalesce(doc, ''), '([^\s@]+@[^\s@]+)', 'g') m))
      || array_to_tsvector(array(
           select distinct right(regexp_replace(m[1], '\D', '', 'g'), 9)
             from regexp_matches(coalesce(doc, ''), '((?:\+?233|0)[ ().-]*\d(?:[ ().-]*\d){8})', 'g') m))
$$;
-- Costly per row: the planner should reach rows through the index, never by computing it.
alter function private.search_document(text) cost 1000;
comment on function private.search_document(text) is
  'A record''s search document: the words of its search_text (simple parser), each e-mail whole as "@address", and the 9-digit national number of each Ghanaian phone in it, in any stored format.';

create function private.search_query(term text) returns tsquery
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  t text := lower(btrim(coalesce(term, '')));
  digits text;
  national text;
  words text[];
  mails text[];
  parts text[];
begin
  if char_length(t) < 2 or char_length(t) > 100 then return null; end if;
  if t ~ '^\+?[0-9 ().-]+$' and char_length(regexp_replace(t, '\D', '', 'g')) >= 4 then
    digits := regexp_replace(t, '\D', '', 'g');
    national := case when digits ~ '^233\d{2,}' then substr(digits, 4)
                     when digits ~ '^0\d{3,}' then substr(digits, 2)
                     else digits end;
    return (quote_nullable(digits) || ':* | ' || quote_nullable(national) || ':*')::tsquery;
  end if;
  -- An e-mail (or its start) matches an address of the document.
  mails := array(select '@' || x from regexp_split_to_table(t, '\s+') x where x like '%@%');
  t := regexp_replace(t, '\S*@\S*', ' ', 'g');
  -- The words in the order typed, a hyphenated one ("inv-2026-0042") by its parts; single
  -- letters only when nothing longer was typed.
  words := array(select w.lexeme from unnest(to_tsvector('simple'::regconfig, t)) w
                  where char_length(w.lexeme) >= 2 and w.lexeme !~ '.-.' order by w.positions[1]);
  if cardinality(words) = 0 and cardinality(mails) = 0 then
    words := array(select w.lexeme from unnest(to_tsvector('simple'::regconfig, t)) w
                    where w.lexeme !~ '.-.' order by w.positions[1]);
  end if;
  if cardinality(words) = 0 and cardinality(mails) = 0 then return null; end if;
  -- Whole words but the last, which may be the start of one (the user is still typing it):
  -- a prefix ranges over every word that starts with it, a whole word is one posting list.
  parts := array(select '''' || replace(replace(w, '\', '\\'), '''', '''''') || ''''
                        || case when i = cardinality(words) then ':*' else '' end
                   from unnest(words) with ordinality as u(w, i))
        || array(select '''' || replace(replace(m, '\', '\\'), '''', '''''') || ''':*' from unnest(mails) m);
  return array_to_string(parts, ' & ')::tsquery;
end $$;
comment on function private.search_query(text) is
  'The query for a search term: every word typed is a word of the document (any order; the last may be the start of one), an e-mail the start of an address, or a phone-like term the start of a number by its digits or national number; null for fewer than 2 or more than 100 characters.';

-- ── One GIN index per searched table ─────────────────────────────────────────────────────────
create index contacts_search_doc_idx on public.contacts using gin (private.search_document(search_text));
create index deals_search_doc_idx on public.deals using gin (private.search_document(search_text));
create index properties_search_doc_idx on public.properties using gin (private.search_document(search_text));
create index bookings_search_doc_idx on public.bookings using gin (private.search_document(search_text));
create index consultations_search_doc_idx on public.consultations using gin (private.search_document(search_text));
create index contact_submissions_search_doc_idx on public.contact_submissions using gin (private.search_document(search_text));
create index property_requests_search_doc_idx on public.property_requests using gin (private.search_document(search_text));
create index invoices_search_doc_idx on public.invoices using gin (private.search_document(search_text));
create index payments_search_doc_idx on public.payments using gin (private.search_document(search_text));
create index events_search_doc_idx on public.events using gin (private.search_document(search_text));
create index tasks_search_doc_idx on public.tasks using gin (private.search_document(search_text));
create index files_search_doc_idx on public.files using gin (private.search_document(search_text));
create index blog_posts_search_doc_idx on public.blog_posts using gin (private.search_document(search_text));
create index partners_search_doc_idx on public.partners using gin (private.search_document(search_text));
create index property_hunts_search_doc_idx on public.property_hunts using gin (private.search_document(search_text));

-- ── Candidates of one kind, narrowed by the caller's visibility ──────────────────────────────
-- Each branch repeats its table's select policy (scope 'all', or the owner/assignee among the
-- scope's members, or the table's public rule), so the pool holds rows the caller may read;
-- search_records reads them again under RLS, which stays the judge. Static statements with
-- generic plans (planned once per session, not on every call), each in two halves of which the scope switches one off at
-- run time: everything matching, or matching and owned/assigned (index on the owner columns).
create function private.search_hits(kind text, q tsquery, pool integer) returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  module text := case kind
    when 'contacts' then 'contacts' when 'deals' then 'deals' when 'properties' then 'listings'
    when 'bookings' then 'inbox' when 'consultations' then 'inbox' when 'contact_submissions' then 'inbox'
    when 'property_requests' then 'inbox' when 'invoices' then 'invoices' when 'payments' then 'payments'
    when 'events' then 'events' when 'tasks' then 'tasks' when 'files' then 'files' when 'blog_posts' then 'blog'
    else null end;
  scope text;
  m uuid[];
  me uuid := (select auth.uid());
  n integer := least(greatest(coalesce(pool, 50), 1), 500);
begin
  if q is null then return '{}'; end if;
  if kind in ('partners', 'property_hunts') then
    if not coalesce(private.is_admin(), false) then return '{}'; end if;
    scope := 'all';
  elsif module is null then
    raise exception 'unknown search kind %', kind using errcode = '22023';
  else
    scope := private.access_scope(module);
    m := private.scope_members(module);
  end if;
  if scope = 'none' then return '{}'; end if;
  case kind
  when 'contacts' then
    return array((select x.id from public.contacts x where private.search_document(x.search_text) @@ q and x.anonymised_at is null
                   and scope = 'all' limit n)
      union all (select x.id from public.contacts x where private.search_document(x.search_text) @@ q and x.anonymised_at is null
                   and scope <> 'all' and (x.owner_id = any (m) or x.assignee_id = any (m)) limit n));
  when 'deals' then
    return array((select x.id from public.deals x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.deals x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.owner_id = any (m) or x.assignee_id = any (m)) limit n));
  when 'properties' then
    return array((select x.id from public.properties x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.properties x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.public_since <= now() or x.owner_id = any (m) or x.assignee_id = any (m)) limit n));
  when 'bookings' then
    return array((select x.id from public.bookings x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.bookings x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.assignee_id = any (m)) limit n));
  when 'consultations' then
    return array((select x.id from public.consultations x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.consultations x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.assignee_id = any (m)) limit n));
  when 'contact_submissions' then
    return array((select x.id from public.contact_submissions x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.contact_submissions x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.assignee_id = any (m)) limit n));
  when 'property_requests' then
    return array((select x.id from public.property_requests x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.property_requests x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.assignee_id = any (m)) limit n));
  when 'invoices' then
    return array((select x.id from public.invoices x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.invoices x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.owner_id = any (m) or x.assignee_id = any (m)) limit n));
  when 'payments' then
    return array((select x.id from public.payments x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.payments x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.owner_id = any (m) or x.assignee_id = any (m) or x.recorded_by = me) limit n));
  when 'events' then
    return array((select x.id from public.events x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.events x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.owner_id = any (m) or exists (select 1 from public.event_attendees a where a.event_id = x.id and a.user_id = me)) limit n));
  when 'tasks' then
    return array((select x.id from public.tasks x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.tasks x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.owner_id = any (m) or x.assignee_id = any (m)) limit n));
  when 'files' then
    return array((select x.id from public.files x where private.search_document(x.search_text) @@ q and x.deleted_at is null
                   and scope = 'all' limit n)
      union all (select x.id from public.files x where private.search_document(x.search_text) @@ q and x.deleted_at is null
                   and scope <> 'all' and (x.owner_id = any (m)) limit n));
  when 'blog_posts' then
    return array((select x.id from public.blog_posts x where private.search_document(x.search_text) @@ q
                   and scope = 'all' limit n)
      union all (select x.id from public.blog_posts x where private.search_document(x.search_text) @@ q
                   and scope <> 'all' and (x.author_id = any (m) or (x.status in ('published', 'scheduled') and x.published_at <= now())) limit n));
  when 'partners' then
    return array(select x.id from public.partners x where private.search_document(x.search_text) @@ q limit n);
  else
    return array(select x.id from public.property_hunts x where private.search_document(x.search_text) @@ q limit n);
  end case;
end $$;
comment on function private.search_hits(text, tsquery, integer) is
  'At most pool ids of one search kind whose search document matches the query and which the caller''s visibility rules (as the table''s select policy) let them read; search_records reads them again under RLS.';
revoke all on function private.search_hits(text, tsquery, integer) from public, anon;
grant execute on function private.search_hits(text, tsquery, integer) to authenticated;

-- ── The palette's search ─────────────────────────────────────────────────────────────────────
create or replace function public.search_records(term text, kinds text[] default null, per_kind integer default 5)
returns table (kind text, id uuid, title text, details jsonb, rank integer, updated_at timestamptz)
language plpgsql stable set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  n integer := least(greatest(coalesce(per_kind, 5), 1), 50);
  -- Candidates per kind before RLS and ranking: enough that the best of them rank first, few
  -- enough that a common word reads few rows.
  pool constant integer := greatest(n * 4, 20);
  q tsquery := private.search_query(term);
  want text[] := coalesce(kinds, array['contacts', 'deals', 'properties', 'bookings', 'consultations', 'contact_submissions',
                                       'property_requests', 'invoices', 'payments', 'events', 'tasks', 'files', 'blog_posts', 'partners',
                                       'property_hunts']);
  ids uuid[];
  people uuid[];
  linked uuid[];
begin
  if q is null or not coalesce(private.is_staff_or_admin(), false) then return; end if;
  if 'contacts' = any (want) or 'deals' = any (want) then
    people := private.search_hits('contacts', q, pool);
  end if;
  if 'contacts' = any (want) then
    return query
    select 'contacts'::text, c.id, c.display_name,
           jsonb_build_object('stage', c.stage, 'phone', c.phone, 'email', c.email),
           private.search_rank(c.display_name, term), c.updated_at
      from public.contacts c
     where c.id = any (people) and c.anonymised_at is null
     order by 5, c.updated_at desc limit n;
  end if;
  if 'deals' = any (want) then
    -- A deal by its title, or by the name, phone or e-mail of a client of it the caller may read.
    ids := private.search_hits('deals', q, pool);
    people := array(select c.id from public.contacts c where c.id = any (people));
    -- One id list, so the primary key serves the lookup (an OR of subqueries would scan deals).
    linked := ids || array(select x.id from public.deals x where x.contact_id = any (people) limit pool)
                  || array(select dc.deal_id from public.deal_contacts dc where dc.contact_id = any (people) limit pool);
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
    ids := private.search_hits('properties', q, pool);
    return query
    select 'properties'::text, p.id, p.title,
           jsonb_build_object('status', p.status, 'city', p.city, 'neighbourhood', p.neighbourhood),
           private.search_rank(p.title, term), p.updated_at
      from public.properties p
     where p.id = any (ids)
     order by 5, p.updated_at desc limit n;
  end if;
  if 'bookings' = any (want) then
    ids := private.search_hits('bookings', q, pool);
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
    ids := private.search_hits('consultations', q, pool);
    return query
    select 'consultations'::text, c.id, c.full_name,
           jsonb_build_object('status', c.status, 'starts_at', c.starts_at, 'service', c.service),
           private.search_rank(c.full_name, term), c.updated_at
      from public.consultations c
     where c.id = any (ids)
     order by 5, c.updated_at desc limit n;
  end if;
  if 'contact_submissions' = any (want) then
    ids := private.search_hits('contact_submissions', q, pool);
    return query
    select 'contact_submissions'::text, s.id, s.full_name,
           jsonb_build_object('status', s.status, 'subject', s.subject),
           private.search_rank(s.full_name, term), s.updated_at
      from public.contact_submissions s
     where s.id = any (ids)
     order by 5, s.updated_at desc limit n;
  end if;
  if 'property_requests' = any (want) then
    ids := private.search_hits('property_requests', q, pool);
    return query
    select 'property_requests'::text, r.id, r.full_name,
           jsonb_build_object('status', r.status, 'listing_type', r.listing_type, 'locations', r.locations),
           private.search_rank(r.full_name, term), r.updated_at
      from public.property_requests r
     where r.id = any (ids)
     order by 5, r.updated_at desc limit n;
  end if;
  if 'invoices' = any (want) then
    ids := private.search_hits('invoices', q, pool);
    return query
    select 'invoices'::text, i.id, coalesce(i.number, 'Draft') || ' · ' || i.bill_to_name,
           jsonb_build_object('kind', i.kind, 'status', i.status, 'total', i.total::text, 'currency', i.currency),
           least(private.search_rank(i.number, term), private.search_rank(i.bill_to_name, term)), i.updated_at
      from public.invoices i
     where i.id = any (ids)
     order by 5, i.updated_at desc limit n;
  end if;
  if 'payments' = any (want) then
    ids := private.search_hits('payments', q, pool);
    return query
    select 'payments'::text, p.id, coalesce(p.number, 'Payment') || ' · ' || p.payer_name,
           jsonb_build_object('kind', p.kind, 'amount', p.amount::text, 'currency', p.currency, 'paid_on', p.paid_on),
           least(private.search_rank(p.number, term), private.search_rank(p.payer_name, term)), p.updated_at
      from public.payments p
     where p.id = any (ids)
     order by 5, p.updated_at desc limit n;
  end if;
  if 'events' = any (want) then
    ids := private.search_hits('events', q, pool);
    return query
    select 'events'::text, e.id, e.title,
           jsonb_build_object('kind', e.kind, 'status', e.status, 'starts_at', e.starts_at, 'all_day', e.all_day),
           private.search_rank(e.title, term), e.updated_at
      from public.events e
     where e.id = any (ids)
     order by 5, e.updated_at desc limit n;
  end if;
  if 'tasks' = any (want) then
    ids := private.search_hits('tasks', q, pool);
    return query
    select 'tasks'::text, t.id, t.title,
           jsonb_build_object('status', t.status, 'due_at', t.due_at),
           private.search_rank(t.title, term), t.updated_at
      from public.tasks t
     where t.id = any (ids)
     order by 5, t.updated_at desc limit n;
  end if;
  if 'files' = any (want) then
    ids := private.search_hits('files', q, pool);
    return query
    select 'files'::text, f.id, f.name,
           jsonb_build_object('mime_type', f.mime_type, 'folder_id', f.folder_id),
           private.search_rank(f.name, term), f.updated_at
      from public.files f
     where f.id = any (ids) and f.deleted_at is null
     order by 5, f.updated_at desc limit n;
  end if;
  if 'blog_posts' = any (want) then
    ids := private.search_hits('blog_posts', q, pool);
    return query
    select 'blog_posts'::text, b.id, b.title,
           jsonb_build_object('status', b.status, 'published_at', b.published_at),
           private.search_rank(b.title, term), b.updated_at
      from public.blog_posts b
     where b.id = any (ids)
     order by 5, b.updated_at desc limit n;
  end if;
  if 'partners' = any (want) then
    ids := private.search_hits('partners', q, pool);
    return query
    select 'partners'::text, p.id, p.name,
           jsonb_build_object('kind', p.kind, 'status', p.status, 'city', p.city),
           private.search_rank(p.name, term), p.updated_at
      from public.partners p
     where p.id = any (ids)
     order by 5, p.updated_at desc limit n;
  end if;
  if 'property_hunts' = any (want) then
    ids := private.search_hits('property_hunts', q, pool);
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
  'The command palette''s search: up to per_kind records of each kind (contacts, deals, properties, the inboxes, invoices, payments, events, tasks, files, blog_posts, partners, property_hunts) whose search document holds every word typed (as word prefixes), a phone in any Ghanaian format, an e-mail or a number, as the caller may read them (RLS); rank 0 (name starts with the term) … 3 (matched elsewhere).';
