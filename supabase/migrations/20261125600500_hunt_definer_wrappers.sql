-- Supabase's advisors (main's 20261127000100_advisor_findings.sql): no SECURITY DEFINER function in
-- the exposed schema. Issue 16's four definer RPCs move to `private` unchanged (body, grants,
-- comment) and `public` keeps an INVOKER function of the same name, arguments (with their
-- defaults), result and volatility that calls it — the REST routes, generated types and callers
-- stay the same. (Written out here: the shared helper of that migration runs after this range.)

alter function public.acquire_property_hunt(uuid, uuid, text[]) set schema private;
create function public.acquire_property_hunt(hunt uuid, listing_id uuid, photo_paths text[] default '{}')
returns uuid language sql volatile security invoker set search_path = '' as $$
  select private.acquire_property_hunt(hunt => hunt, listing_id => listing_id, photo_paths => photo_paths);
$$;
comment on function public.acquire_property_hunt(uuid, uuid, text[]) is
  'Admin: turns an offered hunt with complete title due diligence into a draft listing (invoker wrapper of private.acquire_property_hunt).';
revoke all on function public.acquire_property_hunt(uuid, uuid, text[]) from public, anon, authenticated, service_role;
grant execute on function public.acquire_property_hunt(uuid, uuid, text[]) to authenticated, service_role;

alter function public.register_partner_buyer(uuid, text, text, text, text) set schema private;
create function public.register_partner_buyer(listing uuid, buyer_name text, buyer_phone text default null, buyer_email text default null, notes text default null)
returns public.partner_buyer_registrations language sql volatile security invoker set search_path = '' as $$
  select private.register_partner_buyer(listing => listing, buyer_name => buyer_name, buyer_phone => buyer_phone, buyer_email => buyer_email, notes => notes);
$$;
comment on function public.register_partner_buyer(uuid, text, text, text, text) is
  'Partner: registers a buyer for a listing shared with them; first registration wins (invoker wrapper of private.register_partner_buyer).';
revoke all on function public.register_partner_buyer(uuid, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.register_partner_buyer(uuid, text, text, text, text) to authenticated, service_role;

alter function public.partner_shared_listings(uuid) set schema private;
create function public.partner_shared_listings(listing uuid default null)
returns table (
  share_id uuid, property_id uuid, slug text, title text, description text, property_type text, listing_type text, status text,
  price numeric, price_on_request boolean, currency text, rent_period text, bedrooms smallint, bathrooms smallint,
  floor_area_sqm numeric, land_size_sqm numeric, plots numeric, tenure text, neighbourhood text, city text, region text,
  features text[], title_verified_at timestamptz, is_public boolean, cover_path text,
  partner_split_percent numeric, share_note text, shared_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  select * from private.partner_shared_listings(listing => listing);
$$;
comment on function public.partner_shared_listings(uuid) is
  'Partner: the listings shared with them (shareable fields only) and the agreed split (invoker wrapper of private.partner_shared_listings).';
revoke all on function public.partner_shared_listings(uuid) from public, anon, authenticated, service_role;
grant execute on function public.partner_shared_listings(uuid) to authenticated, service_role;

alter function public.mark_partner_thread_read(uuid) set schema private;
create function public.mark_partner_thread_read(partner uuid default null)
returns integer language sql volatile security invoker set search_path = '' as $$
  select private.mark_partner_thread_read(partner => partner);
$$;
comment on function public.mark_partner_thread_read(uuid) is
  'Marks a partner thread read for the caller (invoker wrapper of private.mark_partner_thread_read).';
revoke all on function public.mark_partner_thread_read(uuid) from public, anon, authenticated, service_role;
grant execute on function public.mark_partner_thread_read(uuid) to authenticated, service_role;
