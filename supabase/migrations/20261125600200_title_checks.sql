-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Title due diligence (issue 16 item 2), on hunts and on listings, and the acquisition of a hunt.
--
--   • title_files: one due-diligence file per property — of a hunt (admins), of a listing (staff
--     who may work on the listing), or both once a hunt is acquired: the file follows the
--     property, so the checks done while hunting are the listing's. Its facts (tenure, title
--     type, land source, a non-citizen buyer) decide which checks are required:
--     private.title_required_items = core's requiredTitleItems.
--   • title_checks: the seven checks of a file (created with it): status, date, reference, lease
--     years, notes, who checked, who verified and when, and the document in the PRIVATE bucket
--     title-documents at <file_id>/<uuid>.<ext>. Only an admin verifies, and only a check that
--     holds what core's verificationProblem asks for. Any later change to a verified check
--     withdraws its verification; a change of the file's facts withdraws all of them.
--   • The badge: title_files.verified_at is when the last required check was verified (null
--     while any is not), copied to properties.title_verified_at — the one field the public page
--     reads ("Title documents verified" with the date; never the documents). Both are written
--     only by these triggers: an API client cannot set them.
--   • acquire_property_hunt(): an offered hunt with a complete file becomes a draft listing.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── The public badge on the listing row ──────────────────────────────────────────────────────
alter table public.properties add column title_verified_at timestamptz;
comment on column public.properties.title_verified_at is
  'When every required title check of the listing was verified by an admin (public: the "Title documents verified" badge); null otherwise. Written only by the title-check triggers.';

create or replace function private.guard_title_badge() returns trigger
language plpgsql set search_path = '' as $$
begin
  if coalesce(current_setting('app.title_badge', true), '') = 'on' then return new; end if;
  if tg_op = 'INSERT' then
    if coalesce(auth.role(), '') in ('anon', 'authenticated') then new.title_verified_at := null; end if;
  elsif new.title_verified_at is distinct from old.title_verified_at then
    -- Not even the secret key: the badge means "an admin verified every check".
    new.title_verified_at := old.title_verified_at;
  end if;
  return new;
end $$;
comment on function private.guard_title_badge() is 'Keeps properties.title_verified_at for the title-check triggers alone.';
create trigger properties_guard_title_badge before insert or update on public.properties
  for each row execute function private.guard_title_badge();

-- ── Files and checks ─────────────────────────────────────────────────────────────────────────
create table public.title_files (
  id uuid primary key default gen_random_uuid(),
  hunt_id uuid unique references public.property_hunts (id) on delete set null,
  property_id uuid unique references public.properties (id) on delete cascade,
  tenure text check (tenure in ('freehold', 'leasehold')),
  title_type text check (title_type in ('land_title_certificate', 'indenture', 'deed_of_assignment', 'unregistered')),
  land_source text check (land_source in ('private', 'stool', 'family', 'state')),
  for_non_citizen boolean not null default false,
  verified_at timestamptz,
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint title_files_subject check (hunt_id is not null or property_id is not null)
);
comment on table public.title_files is
  'The title due-diligence file of a property: of a hunt, of a listing, or both once the hunt is acquired. Its facts decide the required checks.';
comment on column public.title_files.tenure is 'null = not confirmed yet (the stricter rules apply).';
comment on column public.title_files.for_non_citizen is 'The buyer is not a Ghanaian citizen: only a lease of at most 50 years is possible.';
comment on column public.title_files.verified_at is 'When the last required check was verified (null while any is not). Written by triggers only.';
create index title_files_created_by_idx on public.title_files (created_by);
create index title_files_updated_idx on public.title_files (updated_at desc);
create trigger title_files_set_updated_at before update on public.title_files
  for each row execute function private.set_updated_at();
select private.enable_audit('public.title_files');

create table public.title_checks (
  id uuid primary key default gen_random_uuid(),
  file_id uuid not null references public.title_files (id) on delete cascade,
  item text not null
    check (item in ('site_plan', 'lands_search', 'title_document', 'customary_consent', 'survey_boundary', 'encumbrances', 'lease_term')),
  status text not null default 'pending' check (status in ('pending', 'requested', 'received', 'problem', 'verified')),
  checked_on date,
  reference text check (char_length(reference) <= 120),
  lease_years_left smallint check (lease_years_left between 0 and 999),
  notes text check (char_length(notes) <= 2000),
  checked_by uuid references auth.users (id) on delete set null,
  verified_by uuid references auth.users (id) on delete set null,
  verified_at timestamptz,
  document_path text unique check (char_length(document_path) between 1 and 500),
  document_name text check (char_length(document_name) between 1 and 255),
  document_type text check (document_type in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  document_size integer check (document_size between 1 and 20971520),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (file_id, item),
  constraint title_checks_document_whole check (
    (document_path is null) = (document_name is null) and (document_path is null) = (document_type is null) and (document_path is null) = (document_size is null)
  ),
  constraint title_checks_document_in_file_folder check (document_path like file_id::text || '/%'),
  constraint title_checks_verified_stamp check ((status = 'verified') = (verified_at is not null))
);
comment on table public.title_checks is
  'One check of a title file (site plan, Lands Commission search, title document, customary consent, survey, encumbrances, lease term): status, date, reference, who checked and verified, and its document (private bucket title-documents).';
comment on column public.title_checks.reference is 'e.g. the Lands Commission search reference or the Land Title Certificate number.';
create index title_checks_checked_by_idx on public.title_checks (checked_by);
create index title_checks_verified_by_idx on public.title_checks (verified_by);
create trigger title_checks_set_updated_at before update on public.title_checks
  for each row execute function private.set_updated_at();
select private.enable_audit('public.title_checks');

-- ── The rules (core/title-checks/title-rules.ts) ─────────────────────────────────────────────
create or replace function private.title_required_items(tenure text, title_type text, land_source text, for_non_citizen boolean)
returns text[] language sql immutable set search_path = '' as $$
  select array_remove(array[
    'site_plan', 'lands_search', 'title_document',
    case when land_source is null or land_source in ('stool', 'family') then 'customary_consent' end,
    'survey_boundary', 'encumbrances',
    case when tenure is distinct from 'freehold' or coalesce(for_non_citizen, false) then 'lease_term' end
  ], null)
$$;
comment on function private.title_required_items(text, text, text, boolean) is 'The checks a title file needs (core''s requiredTitleItems).';

-- The same rule for the API (pure: no data), so clients and tests can ask the database directly.
create or replace function public.title_required_items(tenure text, title_type text, land_source text, for_non_citizen boolean)
returns text[] language sql immutable set search_path = '' as $$
  select private.title_required_items(tenure, title_type, land_source, for_non_citizen)
$$;
comment on function public.title_required_items(text, text, text, boolean) is 'The checks a title file with these facts needs (the rule the badge uses).';
revoke all on function public.title_required_items(text, text, text, boolean) from public, anon;
grant execute on function public.title_required_items(text, text, text, boolean) to authenticated, service_role;

create or replace function private.title_verification_problem(
  item text, has_document boolean, reference text, checked_on date, lease_years_left integer, notes text
) returns text language sql immutable set search_path = '' as $$
  select case
    when item = 'lands_search' and (coalesce(btrim(reference), '') = '' or checked_on is null)
      then 'Enter the search reference and the date of the search before verifying.'
    when item = 'lease_term' and lease_years_left is null then 'Enter the years left on the lease before verifying.'
    when item = 'encumbrances' and not has_document and coalesce(btrim(notes), '') = ''
      then 'Record what the encumbrance check found (a note or a document) before verifying.'
    when item in ('site_plan', 'lands_search', 'title_document', 'customary_consent', 'survey_boundary') and not has_document
      then 'Attach the document before verifying.'
  end
$$;
comment on function private.title_verification_problem(text, boolean, text, date, integer, text) is 'Why a check cannot be verified yet (core''s verificationProblem), or null.';

create or replace function private.can_work_on_title_file(file uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.title_files f
     where f.id = file
       and ((f.hunt_id is not null and private.is_admin())
            or (f.property_id is not null and private.can_work_on_listing(f.property_id)))
  )
$$;
comment on function private.can_work_on_title_file(uuid) is 'Admins work on hunt files; staff on the files of listings they may work on.';

-- The badge of a file, and of its listing.
create or replace function private.refresh_title_badge(file uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  f public.title_files;
  required text[];
  complete boolean;
  since timestamptz;
begin
  select * into f from public.title_files where id = file;
  if not found then return; end if;
  required := private.title_required_items(f.tenure, f.title_type, f.land_source, f.for_non_citizen);
  select count(*) filter (where c.status = 'verified') = cardinality(required), max(c.verified_at)
    into complete, since
    from public.title_checks c where c.file_id = f.id and c.item = any (required);
  perform set_config('app.title_badge', 'on', true);
  update public.title_files set verified_at = case when complete then since end
   where id = f.id and verified_at is distinct from case when complete then since end;
  if f.property_id is not null then
    update public.properties set title_verified_at = case when complete then since end
     where id = f.property_id and title_verified_at is distinct from case when complete then since end;
  end if;
  perform set_config('app.title_badge', '', true);
end $$;

create or replace function private.title_file_created() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.title_checks (file_id, item)
  select new.id, i from unnest(array['site_plan', 'lands_search', 'title_document', 'customary_consent', 'survey_boundary', 'encumbrances', 'lease_term']) as i;
  return null;
end $$;
create trigger title_files_create_checks after insert on public.title_files
  for each row execute function private.title_file_created();

create or replace function private.guard_title_file() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.verified_at := null;
    return new;
  end if;
  if coalesce(current_setting('app.title_badge', true), '') <> 'on' then new.verified_at := old.verified_at; end if;
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and coalesce(current_setting('app.hunt_acquire', true), '') <> 'on'
     and (new.hunt_id is distinct from old.hunt_id or new.property_id is distinct from old.property_id) then
    raise exception 'A title file stays with its property.' using errcode = 'P0001';
  end if;
  return new;
end $$;
create trigger title_files_guard before insert or update on public.title_files
  for each row execute function private.guard_title_file();

-- A change of facts withdraws every verification (checked against the old facts); then the badge.
create or replace function private.title_file_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (new.tenure, new.title_type, new.land_source, new.for_non_citizen) is distinct from (old.tenure, old.title_type, old.land_source, old.for_non_citizen) then
    update public.title_checks set status = 'received' where file_id = new.id and status = 'verified';
  end if;
  perform private.refresh_title_badge(new.id);
  if old.property_id is not null and old.property_id is distinct from new.property_id then
    perform set_config('app.title_badge', 'on', true);
    update public.properties set title_verified_at = null where id = old.property_id;
    perform set_config('app.title_badge', '', true);
  end if;
  return null;
end $$;
create trigger title_files_changed after update of tenure, title_type, land_source, for_non_citizen, hunt_id, property_id on public.title_files
  for each row execute function private.title_file_changed();

create or replace function private.guard_title_check() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  via_api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  content_changed boolean;
  problem text;
begin
  if new.file_id is distinct from old.file_id or new.item is distinct from old.item then
    raise exception 'A check stays with its file and item.' using errcode = 'P0001';
  end if;
  content_changed := (new.checked_on, new.reference, new.lease_years_left, new.notes, new.document_path, new.document_name, new.document_type, new.document_size)
    is distinct from (old.checked_on, old.reference, old.lease_years_left, old.notes, old.document_path, old.document_name, old.document_type, old.document_size);
  if new.status = 'verified' and old.status <> 'verified' then
    if via_api and not private.is_admin() then
      raise exception 'Only an admin can verify a title check.' using errcode = '42501';
    end if;
    problem := private.title_verification_problem(new.item, new.document_path is not null, new.reference, new.checked_on, new.lease_years_left, new.notes);
    if problem is not null then raise exception '%', problem using errcode = 'P0001'; end if;
    -- Seeds and imports (SQL, no API role) may load who verified and when.
    new.verified_by := case when via_api then auth.uid() else coalesce(auth.uid(), new.verified_by) end;
    new.verified_at := case when via_api then now() else coalesce(new.verified_at, now()) end;
  elsif new.status = 'verified' and content_changed then
    -- Any later change withdraws the verification until an admin verifies again.
    new.status := 'received';
    new.verified_by := null;
    new.verified_at := null;
  elsif new.status = 'verified' then
    new.verified_by := old.verified_by;
    new.verified_at := old.verified_at;
  else
    new.verified_by := null;
    new.verified_at := null;
  end if;
  if auth.uid() is not null and (content_changed or new.status is distinct from old.status) then
    new.checked_by := auth.uid();
  end if;
  return new;
end $$;
comment on function private.guard_title_check() is 'Only admins verify, only complete checks; a later change withdraws the verification.';
create trigger title_checks_guard before update on public.title_checks
  for each row execute function private.guard_title_check();

create or replace function private.title_check_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_title_badge(new.file_id);
  return null;
end $$;
create trigger title_checks_changed after update on public.title_checks
  for each row execute function private.title_check_changed();

-- A hunt deleted before it was acquired takes its file along (the file of a listing stays).
create or replace function private.hunt_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.title_files where hunt_id = old.id and property_id is null;
  return old;
end $$;
create trigger property_hunts_delete_title_file before delete on public.property_hunts
  for each row execute function private.hunt_deleted();

-- ── Access ───────────────────────────────────────────────────────────────────────────────────
alter table public.title_files enable row level security;
alter table public.title_checks enable row level security;

create policy "Admins and staff of the listing read title files" on public.title_files
  for select to authenticated using (
    (select private.is_admin())
    or (property_id is not null and (
      (select private.access_scope('listings')) = 'all'
      or ((select private.access_scope('listings')) = 'own' and private.can_work_on_listing(property_id))))
  );
create policy "Admins open hunt files, staff listing files" on public.title_files
  for insert to authenticated with check (
    (hunt_id is null or (select private.is_admin()))
    and (property_id is null or private.can_work_on_listing(property_id))
    and created_by = (select auth.uid())
  );
create policy "Admins and staff of the listing state the facts" on public.title_files
  for update to authenticated
  using (
    (select private.is_admin())
    or (property_id is not null and (
      (select private.access_scope('listings')) = 'all'
      or ((select private.access_scope('listings')) = 'own' and private.can_work_on_listing(property_id))))
  )
  with check ((hunt_id is null or (select private.is_admin())) and (property_id is null or private.can_work_on_listing(property_id)));
create policy "Admins delete title files" on public.title_files
  for delete to authenticated using ((select private.is_admin()));

create policy "Readers of the file read its checks" on public.title_checks
  for select to authenticated using ((select private.is_admin()) or private.can_work_on_title_file(file_id));
create policy "Readers of the file record its checks" on public.title_checks
  for update to authenticated
  using ((select private.is_admin()) or private.can_work_on_title_file(file_id))
  with check ((select private.is_admin()) or private.can_work_on_title_file(file_id));

revoke all on public.title_files, public.title_checks from anon;
-- Checks come with their file; only the trigger creates or removes them.
revoke insert, delete, truncate on public.title_checks from authenticated;

-- ── Documents (private bucket) ───────────────────────────────────────────────────────────────
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('title-documents', 'title-documents', false, 20971520, array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create policy "Title file readers read its documents" on storage.objects
  for select to authenticated using (
    bucket_id = 'title-documents' and private.can_work_on_title_file(private.uuid_or_null((storage.foldername(name))[1]))
  );
create policy "Title file readers upload its documents" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'title-documents' and private.can_work_on_title_file(private.uuid_or_null((storage.foldername(name))[1]))
  );
create policy "Title file readers delete its documents" on storage.objects
  for delete to authenticated using (
    bucket_id = 'title-documents' and private.can_work_on_title_file(private.uuid_or_null((storage.foldername(name))[1]))
  );

-- ── Overview for the title-checks screen ─────────────────────────────────────────────────────
-- Security invoker: the caller's RLS on each table decides (staff never see hunts' names).
create or replace function public.title_file_overview()
returns table (
  id uuid, hunt_id uuid, property_id uuid, subject text, city text, listing_status text, hunt_stage text,
  tenure text, title_type text, land_source text, for_non_citizen boolean,
  required_checks integer, verified_checks integer, problems integer, verified_at timestamptz, updated_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  select f.id, f.hunt_id, f.property_id, coalesce(p.title, h.title, 'Title file'), coalesce(p.city, h.city), p.status, h.stage,
         f.tenure, f.title_type, f.land_source, f.for_non_citizen,
         cardinality(private.title_required_items(f.tenure, f.title_type, f.land_source, f.for_non_citizen)),
         (select count(*)::int from public.title_checks c where c.file_id = f.id and c.status = 'verified'
            and c.item = any (private.title_required_items(f.tenure, f.title_type, f.land_source, f.for_non_citizen))),
         (select count(*)::int from public.title_checks c where c.file_id = f.id and c.status = 'problem'),
         f.verified_at, f.updated_at
    from public.title_files f
    left join public.properties p on p.id = f.property_id
    left join public.property_hunts h on h.id = f.hunt_id
$$;
comment on function public.title_file_overview() is 'Title files the caller may see, with their subject and progress (required vs verified checks, problems).';
revoke all on function public.title_file_overview() from public, anon;
grant execute on function public.title_file_overview() to authenticated;

-- ── Acquiring a hunt: it becomes a draft listing ─────────────────────────────────────────────
-- The client first copies the hunt's photos into property-images/<listing_id>/…, then calls
-- this with the new listing's id and those paths (in order: the first is the cover). All or
-- nothing; on a refusal the client removes the copies.
create or replace function public.acquire_property_hunt(hunt uuid, listing_id uuid, photo_paths text[] default '{}')
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  h public.property_hunts;
  f public.title_files;
  problem text;
  seen integer;
  bad text;
  new_slug text;
begin
  if not private.is_admin() then
    raise exception 'Only an admin can acquire a hunt.' using errcode = '42501';
  end if;
  select * into h from public.property_hunts where id = hunt for update;
  if not found then raise exception 'This hunt does not exist (any more).' using errcode = 'P0002'; end if;
  select (select count(*) from public.property_hunt_inspections i where i.hunt_id = h.id)
       + (select count(*) from public.property_hunt_photos p where p.hunt_id = h.id) into seen;
  -- From Acquired itself the move table says nothing (no move): an acquired hunt is final.
  problem := case when h.stage = 'acquired' then 'An acquired hunt is final: its listing is in Properties.'
                  else private.property_hunt_move_error(h.stage, 'acquired', h.rejection_reason, h.offer_amount, seen, true) end;
  if problem is not null then raise exception '%', problem using errcode = 'P0001'; end if;
  select * into f from public.title_files where hunt_id = h.id;
  if f.id is null or f.verified_at is null then
    raise exception 'Complete the title due diligence first: an admin must verify every required check.' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.properties where id = listing_id) then
    raise exception 'A listing with this id exists already.' using errcode = '23505';
  end if;
  select p into bad from unnest(coalesce(photo_paths, '{}')) as p
   where p not like listing_id::text || '/%'
      or not exists (select 1 from storage.objects o where o.bucket_id = 'property-images' and o.name = p)
   limit 1;
  if bad is not null then
    raise exception 'The photo % is not in the new listing''s folder of property-images.', bad using errcode = 'P0001';
  end if;

  new_slug := trim(both '-' from left(regexp_replace(lower(h.title), '[^a-z0-9]+', '-', 'g'), 140)) || '-' || left(replace(listing_id::text, '-', ''), 6);
  insert into public.properties (
    id, slug, title, property_type, listing_type, status, price, price_on_request, currency, rent_period,
    bedrooms, bathrooms, land_size_sqm, plots, tenure, lease_years_remaining, title_type,
    address, neighbourhood, city, region, ghana_post_gps, latitude, longitude, owner_id, created_by
  ) values (
    listing_id, new_slug, h.title, h.property_type, h.listing_type, 'draft', h.asking_price, h.asking_price is null, h.currency,
    case when h.listing_type = 'rent' then coalesce(h.rent_period, 'month') end,
    case when h.property_type in ('house', 'apartment', 'townhouse') then h.bedrooms end,
    case when h.property_type not in ('land') then h.bathrooms end,
    h.land_size_sqm, case when h.property_type = 'land' then h.plots end, h.tenure,
    case when h.tenure = 'leasehold' then h.lease_years_remaining end,
    case f.title_type when 'land_title_certificate' then 'Land Title Certificate' when 'indenture' then 'Indenture'
                      when 'deed_of_assignment' then 'Deed of Assignment' end,
    h.address, h.neighbourhood, h.city, h.region, h.ghana_post_gps, h.latitude, h.longitude, auth.uid(), auth.uid()
  );
  insert into public.property_images (property_id, storage_path, position)
  select listing_id, p, (o - 1)::int from unnest(coalesce(photo_paths, '{}')) with ordinality as t(p, o);
  if h.owner_name is not null then
    insert into public.property_owner_contacts (property_id, name, phone) values (listing_id, h.owner_name, h.owner_phone);
  end if;

  perform set_config('app.hunt_acquire', 'on', true);
  update public.property_hunts set stage = 'acquired', property_id = listing_id, acquired_at = now() where id = h.id;
  update public.title_files set property_id = listing_id where id = f.id;
  perform set_config('app.hunt_acquire', '', true);
  return listing_id;
end $$;
comment on function public.acquire_property_hunt(uuid, uuid, text[]) is
  'Admin: turns an offered hunt with complete title due diligence into a draft listing (data, photos already copied to property-images/<listing_id>/, owner contact, title file) in one transaction.';
revoke all on function public.acquire_property_hunt(uuid, uuid, text[]) from public, anon;
grant execute on function public.acquire_property_hunt(uuid, uuid, text[]) to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
