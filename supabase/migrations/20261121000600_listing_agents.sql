-- The agent card of a public listing: the assigned agent's public details (name, photo, work
-- phone), for published listings only, and only when the agent still has a back-office role.
-- Profiles stay closed to visitors (RLS); this function returns exactly the card, nothing more
-- (no email, no role, no other user).

create or replace function public.listing_agent(listing_slug text)
returns table (first_name text, last_name text, avatar_url text, phone text)
language sql stable security definer set search_path = '' as $$
  select pr.first_name, pr.last_name, pr.avatar_url, pr.phone
  from public.properties p
  join public.profiles pr on pr.user_id = p.agent_id
  where p.slug = listing_slug
    and private.property_is_public(p.status, p.published_at)
    and pr.role in ('admin', 'staff')
  limit 1
$$;
comment on function public.listing_agent(text) is
  'Public agent card of a published listing: first/last name, avatar URL and work phone of its agent (staff or admin), else no row.';
revoke all on function public.listing_agent(text) from public;
grant execute on function public.listing_agent(text) to anon, authenticated, service_role;
