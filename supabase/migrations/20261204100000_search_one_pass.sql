-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Search in one pass. The palette's search_records ran a statement per kind (15 lookups, each
-- asking again for the caller's access per module through nested functions, then 15 re-reads):
-- ~30 statements and ~60 nested function calls per keystroke, most of a request's time on a
-- busy server. Now:
--   • private.search_candidates(query, kinds, pool) (security definer, as the lookup must be
--     for the GIN index to serve it) asks the caller's access once per module, then finds every
--     requested kind's candidates in ONE statement (a UNION ALL with a LIMIT per kind; each
--     kind in two halves, of which the scope switches one off at run time: everything matching,
--     or matching and owned/assigned through the owner indexes). Each branch repeats its
--     table's select policy, so it returns only rows the caller may read.
--   • public.search_records reads the candidates again under the caller's RLS (which stays the
--     judge), ranks and cuts them per kind, in ONE statement too; a kind without candidates
--     reads nothing and evaluates none of its policy's functions.
--   • Each module's own search box (search_contacts, search_tasks, …) takes its rows from the
--     same candidates (up to 1,000 per search) instead of trigram LIKE patterns: the same word
--     semantics as the palette — every word whole but the last, a phone in any Ghanaian format,
--     an e-mail whole, a document number by its parts — and the same index.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create function private.search_candidates(q tsquery, kinds text[], pool integer)
returns table (kind text, id uuid)
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  n integer := least(greatest(coalesce(pool, 20), 1), 1000);
  me uuid := (select auth.uid());
  admin boolean := coalesce(private.is_admin(), false);
  s_contacts text; s_deals text; s_listings text; s_inbox text; s_invoices text; s_payments text;
  s_events text; s_tasks text; s_files text; s_blog text;
  m_contacts uuid[]; m_deals uuid[]; m_listings uuid[]; m_inbox uuid[]; m_invoices uuid[]; m_payments uuid[];
  m_events uuid[]; m_tasks uuid[]; m_files uuid[]; m_blog uuid[];
begin
  if q is null or kinds is null then return; end if;
  -- What the policies ask (access_scope, scope_members), asked once per module of the requested
  -- kinds; other modules stay 'none' and their branches read nothing.
  s_contacts := case when kinds && array['contacts', 'deals'] then private.access_scope('contacts') else 'none' end;
  s_deals := case when 'deals' = any (kinds) then private.access_scope('deals') else 'none' end;
  s_listings := case when 'properties' = any (kinds) then private.access_scope('listings') else 'none' end;
  s_inbox := case when kinds && array['bookings', 'consultations', 'contact_submissions', 'property_requests']
                  then private.access_scope('inbox') else 'none' end;
  s_invoices := case when 'invoices' = any (kinds) then private.access_scope('invoices') else 'none' end;
  s_payments := case when 'payments' = any (kinds) then private.access_scope('payments') else 'none' end;
  s_events := case when 'events' = any (kinds) then private.access_scope('events') else 'none' end;
  s_tasks := case when 'tasks' = any (kinds) then private.access_scope('tasks') else 'none' end;
  s_files := case when 'files' = any (kinds) then private.access_scope('files') else 'none' end;
  s_blog := case when 'blog_posts' = any (kinds) then private.access_scope('blog') else 'none' end;
  m_contacts := case when s_contacts in ('own', 'branch') then private.scope_members('contacts') else '{}' end;
  m_deals := case when s_deals in ('own', 'branch') then private.scope_members('deals') else '{}' end;
  m_listings := case when s_listings in ('own', 'branch') then private.scope_members('listings') else '{}' end;
  m_inbox := case when s_inbox in ('own', 'branch') then private.scope_members('inbox') else '{}' end;
  m_invoices := case when s_invoices in ('own', 'branch') then private.scope_members('invoices') else '{}' end;
  m_payments := case when s_payments in ('own', 'branch') then private.scope_members('payments') else '{}' end;
  m_events := case when s_events in ('own', 'branch') then private.scope_members('events') else '{}' end;
  m_tasks := case when s_tasks in ('own', 'branch') then private.scope_members('tasks') else '{}' end;
  m_files := case when s_files in ('own', 'branch') then private.scope_members('files') else '{}' end;
  m_blog := case when s_blog in ('own', 'branch') then private.scope_members('blog') else '{}' end;
  return query
  (select 'contacts', x.id from public.contacts x where 'contacts' = any (kinds) and s_contacts = 'all'
     and private.search_document(x.search_text) @@ q and x.anonymised_at is null limit n)
  union all
  (select 'contacts', x.id from public.contacts x where 'contacts' = any (kinds) and s_contacts in ('own', 'branch')
     and private.search_document(x.search_text) @@ q and x.anonymised_at is null
     and (x.owner_id = any (m_contacts) or x.assignee_id = any (m_contacts)) limit n)
  union all
  (select 'deals', x.id from public.deals x where 'deals' = any (kinds) and s_deals = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'deals', x.id from public.deals x where 'deals' = any (kinds) and s_deals in ('own', 'branch')
     and private.search_document(x.search_text) @@ q and (x.owner_id = any (m_deals) or x.assignee_id = any (m_deals)) limit n)
  union all
  (select 'properties', x.id from public.properties x where 'properties' = any (kinds) and s_listings = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'properties', x.id from public.properties x where 'properties' = any (kinds) and s_listings in ('own', 'branch')
     and private.search_document(x.search_text) @@ q
     and (x.public_since <= now() or x.owner_id = any (m_listings) or x.assignee_id = any (m_listings)) limit n)
  union all
  (select 'bookings', x.id from public.bookings x where 'bookings' = any (kinds) and s_inbox = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'bookings', x.id from public.bookings x where 'bookings' = any (kinds) and s_inbox in ('own', 'branch')
     and private.search_document(x.search_text) @@ q and x.assignee_id = any (m_inbox) limit n)
  union all
  (select 'consultations', x.id from public.consultations x where 'consultations' = any (kinds) and s_inbox = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'consultations', x.id from public.consultations x where 'consultations' = any (kinds) and s_inbox in ('own', 'branch')
     and private.search_document(x.search_text) @@ q and x.assignee_id = any (m_inbox) limit n)
  union all
  (select 'contact_submissions', x.id from public.contact_submissions x where 'contact_submissions' = any (kinds) and s_inbox = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'contact_submissions', x.id from public.contact_submissions x where 'contact_submissions' = any (kinds)
     and s_inbox in ('own', 'branch') and private.search_document(x.search_text) @@ q and x.assignee_id = any (m_inbox) limit n)
  union all
  (select 'property_requests', x.id from public.property_requests x where 'property_requests' = any (kinds) and s_inbox = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'property_requests', x.id from public.property_requests x where 'property_requests' = any (kinds)
     and s_inbox in ('own', 'branch') and private.search_document(x.search_text) @@ q and x.assignee_id = any (m_inbox) limit n)
  union all
  (select 'invoices', x.id from public.invoices x where 'invoices' = any (kinds) and s_invoices = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'invoices', x.id from public.invoices x where 'invoices' = any (kinds) and s_invoices in ('own', 'branch')
     and private.search_document(x.search_text) @@ q and (x.owner_id = any (m_invoices) or x.assignee_id = any (m_invoices)) limit n)
  union all
  (select 'payments', x.id from public.payments x where 'payments' = any (kinds) and s_payments = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'payments', x.id from public.payments x where 'payments' = any (kinds) and s_payments in ('own', 'branch')
     and private.search_document(x.search_text) @@ q
     and (x.owner_id = any (m_payments) or x.assignee_id = any (m_payments) or x.recorded_by = me) limit n)
  union all
  (select 'events', x.id from public.events x where 'events' = any (kinds) and s_events = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'events', x.id from public.events x where 'events' = any (kinds) and s_events in ('own', 'branch')
     and private.search_document(x.search_text) @@ q
     and (x.owner_id = any (m_events) or exists (select 1 from public.event_attendees a where a.event_id = x.id and a.user_id = me)) limit n)
  union all
  (select 'tasks', x.id from public.tasks x where 'tasks' = any (kinds) and s_tasks = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'tasks', x.id from public.tasks x where 'tasks' = any (kinds) and s_tasks in ('own', 'branch')
     and private.search_document(x.search_text) @@ q and (x.owner_id = any (m_tasks) or x.assignee_id = any (m_tasks)) limit n)
  union all
  (select 'files', x.id from public.files x where 'files' = any (kinds) and s_files = 'all'
     and private.search_document(x.search_text) @@ q and x.deleted_at is null limit n)
  union all
  (select 'files', x.id from public.files x where 'files' = any (kinds) and s_files in ('own', 'branch')
     and private.search_document(x.search_text) @@ q and x.deleted_at is null and x.owner_id = any (m_files) limit n)
  union all
  (select 'blog_posts', x.id from public.blog_posts x where 'blog_posts' = any (kinds) and s_blog = 'all'
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'blog_posts', x.id from public.blog_posts x where 'blog_posts' = any (kinds) and s_blog in ('own', 'branch')
     and private.search_document(x.search_text) @@ q
     and (x.author_id = any (m_blog) or (x.status in ('published', 'scheduled') and x.published_at <= now())) limit n)
  union all
  (select 'partners', x.id from public.partners x where 'partners' = any (kinds) and admin
     and private.search_document(x.search_text) @@ q limit n)
  union all
  (select 'property_hunts', x.id from public.property_hunts x where 'property_hunts' = any (kinds) and admin
     and private.search_document(x.search_text) @@ q limit n);
end $$;
comment on function private.search_candidates(tsquery, text[], integer) is
  'At most pool (≤ 1,000) ids per requested kind whose search document matches the query and which the caller''s access (as each table''s select policy) lets them read, found in one statement; callers read them again under RLS.';
revoke all on function private.search_candidates(tsquery, text[], integer) from public, anon;
grant execute on function private.search_candidates(tsquery, text[], integer) to authenticated;

-- ── The palette's search: candidates once, then one read under RLS ────────────────────────────
create or replace function public.search_records(term text, kinds text[] default null, per_kind integer default 5)
returns table (kind text, id uuid, title text, details jsonb, rank integer, updated_at timestamptz)
language plpgsql stable set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  n integer := least(greatest(coalesce(per_kind, 5), 1), 50);
  -- Candidates per kind before RLS and ranking: twice what is shown, so the better-named rank
  -- first; each candidate is a row read, and a common word would otherwise read hundreds.
  pool constant integer := greatest(n * 2, 10);
  q tsquery := private.search_query(term);
  want text[] := coalesce(kinds, array['contacts', 'deals', 'properties', 'bookings', 'consultations', 'contact_submissions',
                                       'property_requests', 'invoices', 'payments', 'events', 'tasks', 'files', 'blog_posts', 'partners',
                                       'property_hunts']);
  -- Candidates per kind, as id lists: a list's primary-key lookup is what every plan should be.
  c_contacts uuid[]; c_deals uuid[]; c_properties uuid[]; c_bookings uuid[]; c_consultations uuid[];
  c_submissions uuid[]; c_requests uuid[]; c_invoices uuid[]; c_payments uuid[]; c_events uuid[]; c_tasks uuid[];
  c_files uuid[]; c_posts uuid[]; c_partners uuid[]; c_hunts uuid[];
  people uuid[] := '{}';
  linked uuid[] := '{}';
begin
  if q is null or not coalesce(private.is_staff_or_admin(), false) then return; end if;
  -- A deal is found by its title or by a client of it: people are candidates for deals too.
  select coalesce(array_agg(c.id) filter (where c.kind = 'contacts'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'deals'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'properties'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'bookings'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'consultations'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'contact_submissions'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'property_requests'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'invoices'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'payments'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'events'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'tasks'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'files'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'blog_posts'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'partners'), '{}'),
         coalesce(array_agg(c.id) filter (where c.kind = 'property_hunts'), '{}')
    into c_contacts, c_deals, c_properties, c_bookings, c_consultations, c_submissions, c_requests, c_invoices,
         c_payments, c_events, c_tasks, c_files, c_posts, c_partners, c_hunts
    from private.search_candidates(q, case when 'deals' = any (want) then want || 'contacts'::text else want end, pool) c;
  if 'deals' = any (want) then
    if cardinality(c_contacts) > 0 then
      -- The people the caller may read (RLS), then their deals by the contact and link indexes.
      people := array(select c.id from public.contacts c where c.id = any (c_contacts));
      linked := array(select x.id from public.deals x where x.contact_id = any (people) limit pool)
             || array(select dc.deal_id from public.deal_contacts dc where dc.contact_id = any (people) limit pool);
    end if;
    linked := c_deals || linked;
  end if;
  if not 'contacts' = any (want) then c_contacts := '{}'; end if;
  return query
  (select 'contacts'::text, c.id, c.display_name,
          jsonb_build_object('stage', c.stage, 'phone', c.phone, 'email', c.email),
          private.search_rank(c.display_name, term), c.updated_at
     from public.contacts c
    where c.id = any (c_contacts) and c.anonymised_at is null
    order by 5, 6 desc limit n)
  union all
  (select 'deals'::text, d.id, d.title,
          jsonb_build_object('status', d.status, 'value', d.value::text, 'currency', d.currency,
                             'client', (select c.display_name from public.contacts c where c.id = d.contact_id)),
          case when d.id = any (c_deals) then private.search_rank(d.title, term) else 3 end,
          d.updated_at
     from public.deals d
    where d.id = any (linked)
    order by 5, 6 desc limit n)
  union all
  (select 'properties'::text, p.id, p.title,
          jsonb_build_object('status', p.status, 'city', p.city, 'neighbourhood', p.neighbourhood),
          private.search_rank(p.title, term), p.updated_at
     from public.properties p where p.id = any (c_properties)
    order by 5, 6 desc limit n)
  union all
  (select 'bookings'::text, b.id, b.full_name,
          jsonb_build_object('status', b.status, 'starts_at', b.starts_at,
                             'listing', coalesce((select p.title from public.properties p where p.id = b.property_id), b.property_slug)),
          private.search_rank(b.full_name, term), b.updated_at
     from public.bookings b where b.id = any (c_bookings)
    order by 5, 6 desc limit n)
  union all
  (select 'consultations'::text, c.id, c.full_name,
          jsonb_build_object('status', c.status, 'starts_at', c.starts_at, 'service', c.service),
          private.search_rank(c.full_name, term), c.updated_at
     from public.consultations c where c.id = any (c_consultations)
    order by 5, 6 desc limit n)
  union all
  (select 'contact_submissions'::text, s.id, s.full_name,
          jsonb_build_object('status', s.status, 'subject', s.subject),
          private.search_rank(s.full_name, term), s.updated_at
     from public.contact_submissions s where s.id = any (c_submissions)
    order by 5, 6 desc limit n)
  union all
  (select 'property_requests'::text, r.id, r.full_name,
          jsonb_build_object('status', r.status, 'listing_type', r.listing_type, 'locations', r.locations),
          private.search_rank(r.full_name, term), r.updated_at
     from public.property_requests r where r.id = any (c_requests)
    order by 5, 6 desc limit n)
  union all
  (select 'invoices'::text, i.id, coalesce(i.number, 'Draft') || ' · ' || i.bill_to_name,
          jsonb_build_object('kind', i.kind, 'status', i.status, 'total', i.total::text, 'currency', i.currency),
          least(private.search_rank(i.number, term), private.search_rank(i.bill_to_name, term)), i.updated_at
     from public.invoices i where i.id = any (c_invoices)
    order by 5, 6 desc limit n)
  union all
  (select 'payments'::text, p.id, coalesce(p.number, 'Payment') || ' · ' || p.payer_name,
          jsonb_build_object('kind', p.kind, 'amount', p.amount::text, 'currency', p.currency, 'paid_on', p.paid_on),
          least(private.search_rank(p.number, term), private.search_rank(p.payer_name, term)), p.updated_at
     from public.payments p where p.id = any (c_payments)
    order by 5, 6 desc limit n)
  union all
  (select 'events'::text, e.id, e.title,
          jsonb_build_object('kind', e.kind, 'status', e.status, 'starts_at', e.starts_at, 'all_day', e.all_day),
          private.search_rank(e.title, term), e.updated_at
     from public.events e where e.id = any (c_events)
    order by 5, 6 desc limit n)
  union all
  (select 'tasks'::text, t.id, t.title,
          jsonb_build_object('status', t.status, 'due_at', t.due_at),
          private.search_rank(t.title, term), t.updated_at
     from public.tasks t where t.id = any (c_tasks)
    order by 5, 6 desc limit n)
  union all
  (select 'files'::text, f.id, f.name,
          jsonb_build_object('mime_type', f.mime_type, 'folder_id', f.folder_id),
          private.search_rank(f.name, term), f.updated_at
     from public.files f where f.id = any (c_files) and f.deleted_at is null
    order by 5, 6 desc limit n)
  union all
  (select 'blog_posts'::text, b.id, b.title,
          jsonb_build_object('status', b.status, 'published_at', b.published_at),
          private.search_rank(b.title, term), b.updated_at
     from public.blog_posts b where b.id = any (c_posts)
    order by 5, 6 desc limit n)
  union all
  (select 'partners'::text, p.id, p.name,
          jsonb_build_object('kind', p.kind, 'status', p.status, 'city', p.city),
          private.search_rank(p.name, term), p.updated_at
     from public.partners p where p.id = any (c_partners)
    order by 5, 6 desc limit n)
  union all
  (select 'property_hunts'::text, x.id, x.title,
          jsonb_build_object('stage', x.stage, 'city', x.city, 'neighbourhood', x.neighbourhood),
          private.search_rank(x.title, term), x.updated_at
     from public.property_hunts x where x.id = any (c_hunts)
    order by 5, 6 desc limit n);
end $$;
comment on function public.search_records(text, text[], integer) is
  'The command palette''s search: up to per_kind records of each kind (contacts, deals, properties, the inboxes, invoices, payments, events, tasks, files, blog_posts, partners, property_hunts) whose search document holds every word typed (the last as a prefix), a phone in any Ghanaian format, an e-mail or a number, as the caller may read them (RLS); rank 0 (name starts with the term) … 3 (matched elsewhere).';

drop function private.search_hits(text, tsquery, integer);

-- ── Each module's search box on the same candidates ─────────────────────────────────────────
-- Same contract as before (setof the table, filtered, ordered and paged by the caller's query,
-- RLS applying); at most 1,000 matches per search.
create or replace function public.search_contacts(term text) returns setof public.contacts
language sql stable security invoker set search_path = '' as $$
  select t.* from public.contacts t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['contacts'], 1000) c))
$$;
create or replace function public.search_deals(term text) returns setof public.deals
language sql stable security invoker set search_path = '' as $$
  select t.* from public.deals t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['deals'], 1000) c))
$$;
create or replace function public.search_properties(term text) returns setof public.properties
language sql stable security invoker set search_path = '' as $$
  select t.* from public.properties t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['properties'], 1000) c))
$$;
create or replace function public.search_bookings(term text) returns setof public.bookings
language sql stable security invoker set search_path = '' as $$
  select t.* from public.bookings t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['bookings'], 1000) c))
$$;
create or replace function public.search_consultations(term text) returns setof public.consultations
language sql stable security invoker set search_path = '' as $$
  select t.* from public.consultations t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['consultations'], 1000) c))
$$;
create or replace function public.search_contact_submissions(term text) returns setof public.contact_submissions
language sql stable security invoker set search_path = '' as $$
  select t.* from public.contact_submissions t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['contact_submissions'], 1000) c))
$$;
create or replace function public.search_property_requests(term text) returns setof public.property_requests
language sql stable security invoker set search_path = '' as $$
  select t.* from public.property_requests t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['property_requests'], 1000) c))
$$;
create or replace function public.search_invoices(term text) returns setof public.invoices
language sql stable security invoker set search_path = '' as $$
  select t.* from public.invoices t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['invoices'], 1000) c))
$$;
create or replace function public.search_payments(term text) returns setof public.payments
language sql stable security invoker set search_path = '' as $$
  select t.* from public.payments t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['payments'], 1000) c))
$$;
create or replace function public.search_tasks(term text) returns setof public.tasks
language sql stable security invoker set search_path = '' as $$
  select t.* from public.tasks t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['tasks'], 1000) c))
$$;
create or replace function public.search_blog_posts(term text) returns setof public.blog_posts
language sql stable security invoker set search_path = '' as $$
  select t.* from public.blog_posts t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['blog_posts'], 1000) c))
$$;
create or replace function public.search_partners(term text) returns setof public.partners
language sql stable security invoker set search_path = '' as $$
  select t.* from public.partners t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['partners'], 1000) c))
$$;
create or replace function public.search_property_hunts(term text) returns setof public.property_hunts
language sql stable security invoker set search_path = '' as $$
  select t.* from public.property_hunts t
   where t.id = any (array(select c.id from private.search_candidates(private.search_query(term), array['property_hunts'], 1000) c))
$$;
comment on function public.search_contacts(text) is 'Contacts found by the search document (every word, the last as a prefix; a phone in any Ghanaian format; an e-mail), as the caller may see them (RLS); at most 1,000; filter, order and page like the table.';
comment on function public.search_deals(text) is 'Deals found by the search document, as the caller may see them (RLS); at most 1,000.';
comment on function public.search_properties(text) is 'Listings found by the search document (title, place, address, GhanaPost GPS by its parts), as the caller may see them (RLS); at most 1,000.';
comment on function public.search_bookings(text) is 'Viewings found by the search document (name, phone, e-mail, listing, message), as the caller may see them (RLS); at most 1,000.';
comment on function public.search_consultations(text) is 'Consultations found by the search document, as the caller may see them (RLS); at most 1,000.';
comment on function public.search_contact_submissions(text) is 'Messages found by the search document, as the caller may see them (RLS); at most 1,000.';
comment on function public.search_property_requests(text) is 'Property requests found by the search document, as the caller may see them (RLS); at most 1,000.';
comment on function public.search_invoices(text) is 'Documents found by the search document (number by its parts, client, e-mail, phone), as the caller may see them (RLS); at most 1,000.';
comment on function public.search_payments(text) is 'Payments found by the search document (receipt number, payer, e-mail, reference), as the caller may see them (RLS); at most 1,000.';
comment on function public.search_tasks(text) is 'Tasks found by the search document (title, description), as the caller may see them (RLS); at most 1,000.';
comment on function public.search_blog_posts(text) is 'Posts found by the search document, as the caller may see them (RLS); at most 1,000.';
comment on function public.search_partners(text) is 'Partners found by the search document (admins only); at most 1,000.';
comment on function public.search_property_hunts(text) is 'Hunts found by the search document (admins only); at most 1,000.';
