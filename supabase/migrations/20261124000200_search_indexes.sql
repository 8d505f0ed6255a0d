-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Search for the back-office (command palette, list search boxes): trigram indexes, so
-- `ilike '%term%'` on a module's search_text column stays fast at the size a busy agency
-- reaches (issue 11 item 9). pg_trgm is one of hosted Supabase's available extensions; the
-- emulator loads PGlite's build of it. Modules add their own `search_text` column the same way:
--   search_text text generated always as (lower(<the fields people type>)) stored
--   create index <table>_search_idx on public.<table> using gin (search_text extensions.gin_trgm_ops);
-- ════════════════════════════════════════════════════════════════════════════════════════════
create extension if not exists pg_trgm with schema extensions;

alter table public.properties
  add column search_text text generated always as (
    lower(title || ' ' || slug || ' ' || city || ' ' || coalesce(neighbourhood, '') || ' ' || coalesce(address, '') || ' ' || coalesce(ghana_post_gps, ''))
  ) stored;
comment on column public.properties.search_text is 'Lower-cased title, slug, city, neighbourhood, address and GhanaPost GPS, for trigram search (ilike).';
create index properties_search_idx on public.properties using gin (search_text extensions.gin_trgm_ops);

-- Back-office lists sort by recency and by price within a status.
create index properties_updated_idx on public.properties (updated_at desc);
create index properties_status_price_idx on public.properties (status, price desc nulls last);

-- The dashboard's "listings by status" (PostgREST aggregates are off on hosted Supabase): counts
-- of the listings the caller may see, by status. Security invoker: RLS decides what is counted.
create or replace function public.listing_status_counts()
returns table (status text, listings bigint)
language sql stable security invoker set search_path = '' as $$
  select p.status, count(*) from public.properties p group by p.status order by p.status
$$;
comment on function public.listing_status_counts() is 'Listings the caller may see, counted by status (dashboard).';
revoke all on function public.listing_status_counts() from public, anon;
grant execute on function public.listing_status_counts() to authenticated;
