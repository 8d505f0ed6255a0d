-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Property hunt (issue 16 item 1): properties being sourced for a client's request or for the
-- agency's own stock, as a pipeline — found → contacted owner → inspected → due diligence →
-- offered → acquired, or rejected with a reason. Admin-only (spec §2: /property-hunt).
--
--   • property_hunts: the property as found (type, place, price asked, tenure, owner), the
--     request it serves (property_requests, by id only) and its stage. The stage rules of
--     core/property-hunt/hunt-workflow.ts are enforced here as well, for every caller: one step
--     at a time, an inspection before Inspected, an offer before Offered, a reason before
--     Rejected; a new hunt starts at Found; Acquired only through acquire_property_hunt().
--   • property_hunt_inspections and property_hunt_photos: notes and photos from visits; photo
--     files in the PRIVATE bucket hunt-photos at <hunt_id>/<uuid>.<ext>.
--   • acquire_property_hunt(): an offered hunt whose title due diligence is complete becomes a
--     draft listing in one transaction — the listing (data carried over), its photos (the client
--     has copied the files into property-images/<listing_id>/ first: Storage bytes cannot be
--     copied in SQL), the owner contact, and the title file, which follows the property.
--   • search_property_hunts(term): the trigram search under RLS (see the module template).
-- ════════════════════════════════════════════════════════════════════════════════════════════

create table public.property_hunts (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 3 and 200),
  stage text not null default 'found'
    check (stage in ('found', 'contacted_owner', 'inspected', 'due_diligence', 'offered', 'acquired', 'rejected')),
  rejection_reason text
    check (rejection_reason in ('price_too_high', 'title_problem', 'owner_unresponsive', 'poor_condition', 'not_matching_request', 'sold_elsewhere', 'other')),
  rejection_note text check (char_length(rejection_note) <= 1000),
  request_id uuid references public.property_requests (id) on delete set null,
  source text check (source in ('drive_by', 'referral', 'owner_call', 'agent', 'online', 'social', 'other')),
  property_type text not null default 'house'
    check (property_type in ('house', 'apartment', 'townhouse', 'land', 'office', 'shop', 'warehouse')),
  listing_type text not null default 'sale' check (listing_type in ('sale', 'rent')),
  asking_price numeric(16, 2) check (asking_price >= 0),
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  rent_period text check (rent_period in ('month', 'year')),
  bedrooms smallint check (bedrooms between 0 and 100),
  bathrooms smallint check (bathrooms between 0 and 100),
  land_size_sqm numeric(14, 2) check (land_size_sqm > 0),
  plots numeric(8, 2) check (plots > 0),
  tenure text check (tenure in ('freehold', 'leasehold')),
  lease_years_remaining smallint check (lease_years_remaining between 0 and 999),
  address text check (char_length(address) <= 300),
  neighbourhood text check (char_length(neighbourhood) <= 120),
  city text not null check (char_length(btrim(city)) between 2 and 120),
  region text check (char_length(region) <= 120),
  ghana_post_gps text check (ghana_post_gps ~ '^[A-Z]{2}-\d{3,4}-\d{4}$'),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  owner_name text check (char_length(owner_name) <= 120),
  owner_phone text check (owner_phone ~ '^\+[1-9]\d{7,14}$'),
  notes text check (char_length(notes) <= 5000),
  offer_amount numeric(16, 2) check (offer_amount >= 0),
  offered_at timestamptz,
  acquired_at timestamptz,
  property_id uuid unique references public.properties (id) on delete set null,
  stage_changed_at timestamptz not null default now(),
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  assignee_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint property_hunts_coordinates_pair check ((latitude is null) = (longitude is null)),
  constraint property_hunts_rent_needs_period check (listing_type <> 'rent' or rent_period is not null),
  search_text text generated always as (
    lower(title || ' ' || city || ' ' || coalesce(neighbourhood, '') || ' ' || coalesce(address, '') || ' '
          || coalesce(ghana_post_gps, '') || ' ' || coalesce(owner_name, ''))
  ) stored
);
comment on table public.property_hunts is
  'Properties being sourced (for a client request or the agency''s stock) through the hunt pipeline; admin-only. An acquired hunt points at the draft listing it became.';
comment on column public.property_hunts.request_id is 'The client request this hunt serves (property_requests); null for the agency''s own stock.';
comment on column public.property_hunts.owner_name is 'The owner (landlord or vendor) as found.';
comment on column public.property_hunts.property_id is 'The listing this hunt became (set only by acquire_property_hunt).';
comment on column public.property_hunts.stage_changed_at is 'When the hunt entered its current stage (the board shows how long it has been there).';
create index property_hunts_stage_idx on public.property_hunts (stage, stage_changed_at desc);
create index property_hunts_updated_idx on public.property_hunts (updated_at desc);
create index property_hunts_request_idx on public.property_hunts (request_id);
create index property_hunts_owner_idx on public.property_hunts (owner_id);
create index property_hunts_assignee_idx on public.property_hunts (assignee_id);
create index property_hunts_city_idx on public.property_hunts (city);
create index property_hunts_search_idx on public.property_hunts using gin (search_text extensions.gin_trgm_ops);
create trigger property_hunts_set_updated_at before update on public.property_hunts
  for each row execute function private.set_updated_at();
select private.enable_audit('public.property_hunts');

create table public.property_hunt_inspections (
  id uuid primary key default gen_random_uuid(),
  hunt_id uuid not null references public.property_hunts (id) on delete cascade,
  inspected_on date not null default ((now() at time zone 'Africa/Accra')::date),
  condition text check (condition in ('good', 'fair', 'needs_work', 'poor')),
  notes text not null check (char_length(btrim(notes)) between 1 and 5000),
  inspected_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.property_hunt_inspections is 'Notes from a visit to a hunted property (condition, what was seen); photos in property_hunt_photos.';
create index property_hunt_inspections_hunt_idx on public.property_hunt_inspections (hunt_id, inspected_on desc);
create index property_hunt_inspections_by_idx on public.property_hunt_inspections (inspected_by);
create trigger property_hunt_inspections_set_updated_at before update on public.property_hunt_inspections
  for each row execute function private.set_updated_at();
select private.enable_audit('public.property_hunt_inspections');

create table public.property_hunt_photos (
  id uuid primary key default gen_random_uuid(),
  hunt_id uuid not null references public.property_hunts (id) on delete cascade,
  inspection_id uuid references public.property_hunt_inspections (id) on delete set null,
  storage_path text not null unique check (char_length(storage_path) between 1 and 500),
  caption text check (char_length(caption) <= 300),
  width integer check (width > 0),
  height integer check (height > 0),
  position integer not null default 0 check (position >= 0),
  uploaded_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint property_hunt_photos_in_hunt_folder check (storage_path like hunt_id::text || '/%')
);
comment on table public.property_hunt_photos is
  'Photos of a hunted property (from inspections); files in the private hunt-photos bucket at <hunt_id>/<uuid>.<ext>. Copied into the listing when the hunt is acquired.';
create index property_hunt_photos_hunt_idx on public.property_hunt_photos (hunt_id, position);
create index property_hunt_photos_inspection_idx on public.property_hunt_photos (inspection_id);
create index property_hunt_photos_uploaded_by_idx on public.property_hunt_photos (uploaded_by);
create trigger property_hunt_photos_set_updated_at before update on public.property_hunt_photos
  for each row execute function private.set_updated_at();
select private.enable_audit('public.property_hunt_photos');

-- ── The pipeline, enforced ───────────────────────────────────────────────────────────────────
create table private.property_hunt_moves (
  from_stage text not null,
  to_stage text not null,
  primary key (from_stage, to_stage)
);
comment on table private.property_hunt_moves is 'Allowed hunt stage moves; mirrors HUNT_MOVES in core/property-hunt/hunt-workflow.ts.';
insert into private.property_hunt_moves (from_stage, to_stage) values
  ('found', 'contacted_owner'), ('contacted_owner', 'inspected'), ('inspected', 'due_diligence'), ('due_diligence', 'offered'),
  ('contacted_owner', 'found'), ('inspected', 'contacted_owner'), ('due_diligence', 'inspected'), ('offered', 'due_diligence'),
  ('found', 'rejected'), ('contacted_owner', 'rejected'), ('inspected', 'rejected'), ('due_diligence', 'rejected'), ('offered', 'rejected'),
  ('offered', 'acquired'),
  ('rejected', 'found');

create or replace function private.property_hunt_stage_label(stage text) returns text
language sql immutable set search_path = '' as $$
  select case stage
    when 'found' then 'Found' when 'contacted_owner' then 'Contacted owner' when 'inspected' then 'Inspected'
    when 'due_diligence' then 'Due diligence' when 'offered' then 'Offered' when 'acquired' then 'Acquired'
    when 'rejected' then 'Rejected' else stage
  end
$$;

-- Why a move is refused (core's huntMoveError, sentence for sentence), or null.
create or replace function private.property_hunt_move_error(
  move_from text, move_to text, reason text, offer numeric, inspections integer, acquiring boolean
) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  labels text[];
begin
  if move_from = move_to then return null; end if;
  if move_from = 'acquired' then return 'An acquired hunt is final: its listing is in Properties.'; end if;
  if not exists (select 1 from private.property_hunt_moves m where m.from_stage = move_from and m.to_stage = move_to) then
    select array_agg(private.property_hunt_stage_label(m.to_stage) order by array_position(
             array['found', 'contacted_owner', 'inspected', 'due_diligence', 'offered', 'acquired', 'rejected'], m.to_stage))
      into labels from private.property_hunt_moves m where m.from_stage = move_from;
    return format('A hunt cannot go from %s to %s. From %s it can go to %s.',
      private.property_hunt_stage_label(move_from), private.property_hunt_stage_label(move_to), private.property_hunt_stage_label(move_from),
      case when cardinality(labels) <= 1 then coalesce(labels[1], '')
           else array_to_string(labels[1:cardinality(labels) - 1], ', ') || ' or ' || labels[cardinality(labels)] end);
  end if;
  if move_to = 'acquired' and not coalesce(acquiring, false) then
    return 'A hunt is acquired by turning it into a listing: use “Acquire as listing”.';
  end if;
  if move_to = 'rejected' and reason is null then return 'Choose why the hunt is rejected.'; end if;
  if move_to = 'offered' and offer is null then return 'Record the offer amount before moving to Offered.'; end if;
  if move_to = 'inspected' and coalesce(inspections, 0) = 0 then return 'Record the inspection (notes or photos) before moving to Inspected.'; end if;
  return null;
end $$;

create or replace function private.guard_property_hunt() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  via_api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  acquiring boolean := coalesce(current_setting('app.hunt_acquire', true), '') = 'on';
  problem text;
  seen integer;
begin
  if tg_op = 'INSERT' then
    if via_api and new.stage <> 'found' then
      raise exception 'A new hunt starts at Found.' using errcode = 'P0001';
    end if;
    if via_api and (new.property_id is not null or new.acquired_at is not null) then
      raise exception 'A hunt is acquired by turning it into a listing: use “Acquire as listing”.' using errcode = 'P0001';
    end if;
    return new;
  end if;
  if via_api and not acquiring and (new.property_id is distinct from old.property_id or new.acquired_at is distinct from old.acquired_at) then
    raise exception 'A hunt is acquired by turning it into a listing: use “Acquire as listing”.' using errcode = 'P0001';
  end if;
  if new.stage is distinct from old.stage then
    select (select count(*) from public.property_hunt_inspections i where i.hunt_id = new.id)
         + (select count(*) from public.property_hunt_photos p where p.hunt_id = new.id)
      into seen;
    problem := private.property_hunt_move_error(old.stage, new.stage, new.rejection_reason, new.offer_amount, seen, acquiring);
    if problem is not null then
      raise exception '%', problem using errcode = 'P0001';
    end if;
    new.stage_changed_at := now();
    if new.stage = 'offered' and old.stage <> 'offered' then new.offered_at := coalesce(new.offered_at, now()); end if;
    -- A reopened hunt starts over: the old reason stays in the history, not on the hunt.
    if old.stage = 'rejected' then
      new.rejection_reason := null;
      new.rejection_note := null;
    end if;
  elsif new.stage <> 'rejected' and (new.rejection_reason is not null or new.rejection_note is not null) then
    new.rejection_reason := null;
    new.rejection_note := null;
  end if;
  return new;
end $$;
comment on function private.guard_property_hunt() is 'Refuses hunt stage moves the pipeline does not allow, for every caller; Acquired only through acquire_property_hunt().';
create trigger property_hunts_guard before insert or update on public.property_hunts
  for each row execute function private.guard_property_hunt();

-- ── Access: admins only (spec §2) ────────────────────────────────────────────────────────────
alter table public.property_hunts enable row level security;
alter table public.property_hunt_inspections enable row level security;
alter table public.property_hunt_photos enable row level security;

create policy "Admins read hunts" on public.property_hunts
  for select to authenticated using ((select private.is_admin()));
create policy "Admins start hunts" on public.property_hunts
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins work hunts" on public.property_hunts
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins delete hunts that were not acquired" on public.property_hunts
  for delete to authenticated using ((select private.is_admin()) and stage <> 'acquired');

create policy "Admins read inspections" on public.property_hunt_inspections
  for select to authenticated using ((select private.is_admin()));
create policy "Admins record inspections as themselves" on public.property_hunt_inspections
  for insert to authenticated with check ((select private.is_admin()) and inspected_by = (select auth.uid()));
create policy "Admins correct inspections" on public.property_hunt_inspections
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove inspections" on public.property_hunt_inspections
  for delete to authenticated using ((select private.is_admin()));

create policy "Admins read hunt photos" on public.property_hunt_photos
  for select to authenticated using ((select private.is_admin()));
create policy "Admins add hunt photos" on public.property_hunt_photos
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins caption hunt photos" on public.property_hunt_photos
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove hunt photos" on public.property_hunt_photos
  for delete to authenticated using ((select private.is_admin()));

revoke all on public.property_hunts, public.property_hunt_inspections, public.property_hunt_photos from anon;

-- ── Photos bucket (private, admins) ──────────────────────────────────────────────────────────
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('hunt-photos', 'hunt-photos', false, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create policy "Admins read hunt photo files" on storage.objects
  for select to authenticated using (bucket_id = 'hunt-photos' and (select private.is_admin()));
create policy "Admins upload hunt photo files" on storage.objects
  for insert to authenticated with check (bucket_id = 'hunt-photos' and (select private.is_admin()));
create policy "Admins delete hunt photo files" on storage.objects
  for delete to authenticated using (bucket_id = 'hunt-photos' and (select private.is_admin()));

-- ── Search ───────────────────────────────────────────────────────────────────────────────────
create or replace function public.search_property_hunts(term text)
returns setof public.property_hunts
language sql stable security invoker set search_path = '' as $$
  select h.* from public.property_hunts h where h.id = any (private.search_ids('property_hunts', term))
$$;
comment on function public.search_property_hunts(text) is
  'Hunts whose title, place, address, GhanaPost GPS or owner contain the term, as the caller may see them (RLS).';
revoke all on function public.search_property_hunts(text) from public, anon;
grant execute on function public.search_property_hunts(text) to authenticated;

-- Counts per stage for the board's column headers and the dashboard (RLS decides what counts).
create or replace function public.property_hunt_stage_counts()
returns table (stage text, hunts bigint)
language sql stable security invoker set search_path = '' as $$
  select h.stage, count(*) from public.property_hunts h group by h.stage
$$;
revoke all on function public.property_hunt_stage_counts() from public, anon;
grant execute on function public.property_hunt_stage_counts() to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
