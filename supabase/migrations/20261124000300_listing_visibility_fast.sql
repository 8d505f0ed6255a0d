-- ════════════════════════════════════════════════════════════════════════════════════════════
-- "A visitor may see this listing", fast at scale (issue 11 item 9): the status half of the rule
-- becomes a stored column, `public_since` (published_at when the status is a public one, else
-- null), so policies test `public_since <= now()` — a plain comparison the planner can index —
-- instead of calling private.property_is_public() on every row (a function with a pinned
-- search_path is never inlined). The function stays for storage policies and mirrors the list.
-- Policies also test the caller's access scope first: one init-plan value, so an admin's or a
-- company-wide staff member's rows pass without per-row work.
-- ════════════════════════════════════════════════════════════════════════════════════════════
alter table public.properties
  add column public_since timestamptz generated always as (
    case when status in ('coming_soon', 'available', 'reserved', 'under_offer', 'sold', 'let') then published_at end
  ) stored;
comment on column public.properties.public_since is
  'published_at when the status is one the public site shows, else null; the listing is public once public_since <= now() (mirrors private.property_is_public).';
create index properties_public_since_idx on public.properties (public_since desc) where public_since is not null;

drop policy "Visitors read published listings" on public.properties;
drop policy "Signed-in users read published listings, staff per access" on public.properties;
drop policy "Staff edit listings per access" on public.properties;
create policy "Visitors read published listings" on public.properties
  for select to anon using (public_since <= now());
create policy "Signed-in users read published listings, staff per access" on public.properties
  for select to authenticated using (
    (select private.access_scope('listings')) = 'all'
    or public_since <= now()
    or ((select private.access_scope('listings')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  );
create policy "Staff edit listings per access" on public.properties
  for update to authenticated
  using (
    (select private.access_scope('listings')) = 'all'
    or ((select private.access_scope('listings')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  )
  with check ((select private.is_staff_or_admin()));

drop policy "Visitors read images of published listings" on public.property_images;
drop policy "Signed-in users read images of listings they may see" on public.property_images;
create policy "Visitors read images of published listings" on public.property_images
  for select to anon using (exists (select 1 from public.properties p where p.id = property_id and p.public_since <= now()));
create policy "Signed-in users read images of listings they may see" on public.property_images
  for select to authenticated using (
    (select private.is_staff_or_admin())
    or exists (select 1 from public.properties p where p.id = property_id and p.public_since <= now())
  );

-- ── Search that uses the trigram index under RLS ─────────────────────────────────────────────
-- `ilike` is not leakproof, so Postgres never evaluates it through an index before a table's
-- policies: a search box on an RLS table scans every row. The pattern instead: a security-
-- definer helper finds candidate ids through the index (ids only, newest first, capped), and
-- the module's public search function — security INVOKER — returns the rows with those ids,
-- so the table's own policies still decide what the caller sees (uuid equality is leakproof
-- and uses the primary key). The helper is in schema private: the API cannot call it.
create or replace function private.search_ids(table_name text, term text, max_ids integer default 500)
returns uuid[] language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text;
  found uuid[];
begin
  term := lower(btrim(coalesce(term, '')));
  if char_length(term) < 2 or char_length(term) > 100 then return '{}'; end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute a
     where a.attrelid = to_regclass('public.' || quote_ident(table_name)) and a.attname = 'search_text' and not a.attisdropped
  ) then
    raise exception 'table % has no search_text column', table_name using errcode = '42703';
  end if;
  pattern := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  execute format('select coalesce(array_agg(id), ''{}'') from (select id from public.%I where search_text like $1 order by updated_at desc limit $2) s', table_name)
    into found using pattern, least(greatest(max_ids, 1), 2000);
  return found;
end $$;
comment on function private.search_ids(text, text, integer) is
  'Ids of rows whose search_text contains the term (trigram index), newest first; callers filter them through the table''s RLS.';

create or replace function public.search_properties(term text)
returns setof public.properties
language sql stable security invoker set search_path = '' as $$
  select p.* from public.properties p where p.id = any (private.search_ids('properties', term))
$$;
comment on function public.search_properties(text) is
  'Listings whose title, slug, place, address or GhanaPost GPS contain the term, as the caller may see them (RLS); filter, order and page with the usual query parameters.';
revoke all on function public.search_properties(text) from public, anon;
grant execute on function public.search_properties(text) to authenticated;
