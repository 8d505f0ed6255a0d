-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Properties admin (issue 11 item 7): what the back-office's listings module needs beyond the
-- content model and the platform.
--
--   • the owner's contact (name, phone, e-mail) per listing, staff only, until the contacts
--     module lands;
--   • the status workflow enforced here as well as in the UI (core/properties/property-workflow.ts
--     is the same table; tests/rls/properties-admin.test.ts checks the two agree move for move);
--   • old slugs kept in property_slug_redirects, so a renamed listing's old URL answers 301 at
--     the edge (public.property_redirect_slug) instead of 404;
--   • documents per listing (title certificate, site plan, indenture…): rows in
--     property_documents, files in the PRIVATE bucket property-documents, staff only;
--   • photo order saved in one statement (public.reorder_property_images), so a failed reorder
--     never leaves half the photos moved;
--   • photo rows follow the listing's record-level access (staff in "own" mode change only the
--     photos of listings they may edit).
--
-- "Listings the caller may work on" is one helper, private.can_work_on_listing(id): the
-- platform's access scope of module 'listings' applied to the listing's owner and assignee. (A
-- plain exists() on properties would not do: every signed-in user may read a PUBLISHED listing.)
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- A folder name as a listing id (a file outside a listing's folder belongs to no listing).
create or replace function private.uuid_or_null(value text) returns uuid
language plpgsql immutable set search_path = '' as $$
begin
  return value::uuid;
exception when invalid_text_representation then
  return null;
end $$;

create or replace function private.can_work_on_listing(listing_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.properties p
     where p.id = listing_id and private.can_access_owned('listings', p.owner_id, p.assignee_id)
  )
$$;
comment on function private.can_work_on_listing(uuid) is 'Staff may work on this listing under record-level access (module listings); admins always.';

-- ── Owner contact ────────────────────────────────────────────────────────────────────────────
-- Its own table, not columns of properties: every signed-in user may read a published listing's
-- row, and RLS cannot hide columns, so the owner's phone would be one `select=` away.
create table public.property_owner_contacts (
  property_id uuid primary key references public.properties (id) on delete cascade,
  name text check (char_length(name) <= 120),
  phone text check (phone ~ '^\+[1-9]\d{7,14}$'),
  email text check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  notes text check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.property_owner_contacts is
  'The owner (landlord or vendor) of a listing, staff only. Kept simple until the contacts module: a nullable owner_contact_id can then point at a contact.';
comment on column public.property_owner_contacts.phone is 'E.164 (+233…).';
create trigger property_owner_contacts_set_updated_at before update on public.property_owner_contacts
  for each row execute function private.set_updated_at();
alter table public.property_owner_contacts enable row level security;
create policy "Staff read owners of listings they may work on" on public.property_owner_contacts
  for select to authenticated using (private.can_work_on_listing(property_id));
create policy "Staff record owners of listings they may work on" on public.property_owner_contacts
  for insert to authenticated with check (private.can_work_on_listing(property_id));
create policy "Staff update owners of listings they may work on" on public.property_owner_contacts
  for update to authenticated using (private.can_work_on_listing(property_id)) with check (private.can_work_on_listing(property_id));
create policy "Staff remove owners of listings they may work on" on public.property_owner_contacts
  for delete to authenticated using (private.can_work_on_listing(property_id));
revoke all on public.property_owner_contacts from anon;
select private.enable_audit('public.property_owner_contacts', 'property_id');

-- ── Status workflow ──────────────────────────────────────────────────────────────────────────
create table private.property_status_moves (
  from_status text not null,
  to_status text not null,
  primary key (from_status, to_status)
);
comment on table private.property_status_moves is 'Allowed listing status moves; mirrors PROPERTY_STATUS_MOVES in core/properties/property-workflow.ts.';
insert into private.property_status_moves (from_status, to_status) values
  ('draft', 'coming_soon'), ('draft', 'available'), ('draft', 'archived'),
  ('coming_soon', 'draft'), ('coming_soon', 'available'), ('coming_soon', 'withdrawn'), ('coming_soon', 'archived'),
  ('available', 'reserved'), ('available', 'under_offer'), ('available', 'withdrawn'), ('available', 'archived'),
  ('reserved', 'available'), ('reserved', 'under_offer'), ('reserved', 'sold'), ('reserved', 'let'), ('reserved', 'withdrawn'),
  ('under_offer', 'available'), ('under_offer', 'reserved'), ('under_offer', 'sold'), ('under_offer', 'let'), ('under_offer', 'withdrawn'),
  ('sold', 'archived'),
  ('let', 'available'), ('let', 'archived'),
  ('withdrawn', 'draft'), ('withdrawn', 'coming_soon'), ('withdrawn', 'available'), ('withdrawn', 'archived'),
  ('archived', 'draft');

create or replace function private.property_status_label(status text) returns text
language sql immutable set search_path = '' as $$
  select case status
    when 'draft' then 'Draft' when 'coming_soon' then 'Coming soon' when 'available' then 'Available'
    when 'reserved' then 'Reserved' when 'under_offer' then 'Under offer' when 'sold' then 'Sold'
    when 'let' then 'Let' when 'withdrawn' then 'Withdrawn' when 'archived' then 'Archived' else status
  end
$$;

-- "A, B or C", in the order of the workflow.
create or replace function private.property_status_list(statuses text[]) returns text
language plpgsql immutable set search_path = '' as $$
declare
  labels text[];
begin
  select coalesce(array_agg(private.property_status_label(s) order by array_position(
           array['draft', 'coming_soon', 'available', 'reserved', 'under_offer', 'sold', 'let', 'withdrawn', 'archived'], s)), '{}')
    into labels from unnest(statuses) as s;
  if cardinality(labels) <= 1 then return coalesce(labels[1], ''); end if;
  return array_to_string(labels[1:cardinality(labels) - 1], ', ') || ' or ' || labels[cardinality(labels)];
end $$;

-- The closing status of a listing type: sale → sold, rent → let.
create or replace function private.property_closed_status(listing_type text) returns text
language sql immutable set search_path = '' as $$
  select case listing_type when 'sale' then 'sold' else 'let' end
$$;

-- Why a move is refused (the same sentences as core's statusMoveError), or null.
create or replace function private.property_status_move_error(move_from text, move_to text, listing_type text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  allowed text[];
begin
  if move_from = move_to then return null; end if;
  if move_to in ('sold', 'let') and move_to <> private.property_closed_status(listing_type) then
    return case listing_type when 'sale' then 'A listing for sale is sold, not let.' else 'A listing for rent is let, not sold.' end;
  end if;
  if exists (select 1 from private.property_status_moves m where m.from_status = move_from and m.to_status = move_to) then return null; end if;
  select array_agg(m.to_status) into allowed from private.property_status_moves m
   where m.from_status = move_from
     and not (m.to_status in ('sold', 'let') and m.to_status <> private.property_closed_status(listing_type));
  return format('A listing cannot go from %s to %s. From %s it can go to %s.',
    private.property_status_label(move_from), private.property_status_label(move_to),
    private.property_status_label(move_from), private.property_status_list(allowed));
end $$;

create or replace function private.guard_property_status() returns trigger
language plpgsql set search_path = '' as $$
declare
  problem text;
begin
  if tg_op = 'INSERT' then
    -- Through the API a listing starts at the beginning; seeds and imports (SQL) may load history.
    if coalesce(auth.role(), '') in ('anon', 'authenticated') and new.status not in ('draft', 'coming_soon', 'available') then
      raise exception 'A new listing starts as Draft, Coming soon or Available.' using errcode = 'P0001';
    end if;
    if new.status in ('sold', 'let') and new.status <> private.property_closed_status(new.listing_type) then
      raise exception '%', case new.listing_type when 'sale' then 'A listing for sale is sold, not let.' else 'A listing for rent is let, not sold.' end using errcode = 'P0001';
    end if;
    return new;
  end if;
  if new.status is distinct from old.status then
    problem := private.property_status_move_error(old.status, new.status, new.listing_type);
  elsif new.listing_type is distinct from old.listing_type and new.status in ('sold', 'let')
        and new.status <> private.property_closed_status(new.listing_type) then
    problem := case new.status when 'sold' then 'A sold listing cannot become a rental.' else 'A let listing cannot become a sale.' end;
  end if;
  if problem is not null then
    raise exception '%', problem using errcode = 'P0001';
  end if;
  return new;
end $$;
comment on function private.guard_property_status() is 'Refuses listing status moves the workflow does not allow (for every caller, the secret key included).';
create trigger properties_guard_status before insert or update on public.properties
  for each row execute function private.guard_property_status();

-- ── Slug redirects ───────────────────────────────────────────────────────────────────────────
create table public.property_slug_redirects (
  old_slug text primary key check (old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(old_slug) <= 160),
  property_id uuid not null references public.properties (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.property_slug_redirects is
  'Slugs a listing had before: /property/<old_slug> answers 301 to the current slug. Written only by the trigger on properties.';
create index property_slug_redirects_property_idx on public.property_slug_redirects (property_id);
create trigger property_slug_redirects_set_updated_at before update on public.property_slug_redirects
  for each row execute function private.set_updated_at();

create or replace function private.remember_property_slug() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new.slug is distinct from old.slug then
    insert into public.property_slug_redirects (old_slug, property_id) values (old.slug, new.id)
    on conflict (old_slug) do update set property_id = excluded.property_id;
  end if;
  -- A live slug is never a redirect (a listing taking back its old name, or another listing
  -- taking a freed one: the live listing wins).
  delete from public.property_slug_redirects where old_slug = new.slug;
  return null;
end $$;
comment on function private.remember_property_slug() is 'Keeps the old slug of a renamed listing as a redirect.';
create trigger properties_remember_slug after insert or update of slug on public.properties
  for each row execute function private.remember_property_slug();

alter table public.property_slug_redirects enable row level security;
create policy "Staff read redirects of listings they may see" on public.property_slug_redirects
  for select to authenticated
  using (private.can_work_on_listing(property_id));
revoke all on public.property_slug_redirects from anon;
revoke insert, update, delete, truncate on public.property_slug_redirects from authenticated;

-- For the edge: where an old slug of a PUBLISHED listing points now (null otherwise), so a
-- redirect never reveals a draft.
create or replace function public.property_redirect_slug(old_slug text) returns text
language sql stable security definer set search_path = '' as $$
  select p.slug
    from public.property_slug_redirects r
    join public.properties p on p.id = r.property_id
   where r.old_slug = property_redirect_slug.old_slug
     and private.property_is_public(p.status, p.published_at)
$$;
comment on function public.property_redirect_slug(text) is 'The current slug of a published listing that used to have old_slug (for the edge''s 301).';
revoke all on function public.property_redirect_slug(text) from public;
grant execute on function public.property_redirect_slug(text) to anon, authenticated, service_role;

-- ── Documents (private) ──────────────────────────────────────────────────────────────────────
create table public.property_documents (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  kind text not null check (kind in ('title', 'site_plan', 'indenture', 'survey', 'other')),
  title text not null check (char_length(title) between 1 and 200),
  storage_path text not null unique check (char_length(storage_path) between 1 and 500),
  file_name text not null check (char_length(file_name) between 1 and 255),
  mime_type text not null check (mime_type in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer not null check (size_bytes between 1 and 20971520),
  uploaded_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.property_documents is
  'Documents of a listing (land title certificate, site plan, indenture…). Files in the private property-documents bucket at <property_id>/<uuid>.<ext>; staff only.';
create index property_documents_property_idx on public.property_documents (property_id, created_at desc);
create index property_documents_uploaded_by_idx on public.property_documents (uploaded_by);
create trigger property_documents_set_updated_at before update on public.property_documents
  for each row execute function private.set_updated_at();

alter table public.property_documents enable row level security;
-- The listing's own RLS decides through the exists(): staff see documents of listings they may see.
create policy "Staff read documents of listings they may see" on public.property_documents
  for select to authenticated
  using (private.can_work_on_listing(property_id));
create policy "Staff add documents to listings they may see" on public.property_documents
  for insert to authenticated
  with check (private.can_work_on_listing(property_id));
create policy "Staff rename documents of listings they may see" on public.property_documents
  for update to authenticated
  using (private.can_work_on_listing(property_id))
  with check (private.can_work_on_listing(property_id));
create policy "Staff remove documents of listings they may see" on public.property_documents
  for delete to authenticated
  using (private.can_work_on_listing(property_id));
revoke all on public.property_documents from anon;
select private.enable_audit('public.property_documents');

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('property-documents', 'property-documents', false, 20971520,
        array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create policy "Staff read documents of listings they may see" on storage.objects
  for select to authenticated using (
    bucket_id = 'property-documents'
    and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1]))
  );
create policy "Staff upload documents to listings they may see" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'property-documents'
    and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1]))
  );
create policy "Staff delete documents of listings they may see" on storage.objects
  for delete to authenticated using (
    bucket_id = 'property-documents'
    and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1]))
  );

-- ── Photos: record-level access and one-statement reorder ────────────────────────────────────
drop policy "Staff add images" on public.property_images;
drop policy "Staff edit images" on public.property_images;
drop policy "Staff remove images" on public.property_images;
create policy "Staff add photos to listings they may edit" on public.property_images
  for insert to authenticated
  with check (private.can_work_on_listing(property_id));
create policy "Staff edit photos of listings they may edit" on public.property_images
  for update to authenticated
  using (private.can_work_on_listing(property_id))
  with check (private.can_work_on_listing(property_id));
create policy "Staff remove photos of listings they may edit" on public.property_images
  for delete to authenticated
  using (private.can_work_on_listing(property_id));

-- The new order of a listing's photos (the first is the cover), all or nothing. Security
-- invoker: the caller's RLS applies to every row it touches.
create or replace function public.reorder_property_images(listing_id uuid, image_ids uuid[]) returns void
language plpgsql security invoker set search_path = '' as $$
declare
  current_ids uuid[];
begin
  if coalesce(auth.role(), '') <> 'service_role' and not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to reorder photos' using errcode = '42501';
  end if;
  select coalesce(array_agg(id order by id), '{}') into current_ids from public.property_images where property_id = listing_id;
  if current_ids is distinct from (select coalesce(array_agg(x order by x), '{}') from unnest(image_ids) as x) then
    raise exception 'The photos of this listing changed while you were reordering: reload and try again.' using errcode = 'P0001';
  end if;
  update public.property_images pi
     set position = o.ord - 1
    from unnest(image_ids) with ordinality as o(id, ord)
   where pi.id = o.id and pi.property_id = listing_id and pi.position is distinct from (o.ord - 1)::int;
end $$;
comment on function public.reorder_property_images(uuid, uuid[]) is 'Saves the order of a listing''s photos in one statement (position 0 = cover).';
revoke all on function public.reorder_property_images(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_property_images(uuid, uuid[]) to authenticated, service_role;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
