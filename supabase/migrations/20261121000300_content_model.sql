-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Public content model: property listings (+ images in the public `property-images` bucket),
-- blog posts, and the inboxes of the four public forms (contact, consultation, viewing
-- booking, property request).
--
-- Who may do what:
--   anon / any signed-in user  read published listings, their images and published posts
--   staff and admins           read and manage everything here (private.is_staff_or_admin())
--   admins                     delete form submissions
--   the edge worker            inserts form submissions with the secret key (service_role);
--                              there is deliberately no insert policy for anon/authenticated.
-- Enum values mirror core/schemas/content.ts and core/schemas/forms.ts.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── properties ───────────────────────────────────────────────────────────────────────────────
create table public.properties (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 160),
  title text not null check (char_length(title) between 3 and 200),
  description text check (char_length(description) <= 20000),
  property_type text not null
    check (property_type in ('house', 'apartment', 'townhouse', 'land', 'office', 'shop', 'warehouse')),
  listing_type text not null check (listing_type in ('sale', 'rent')),
  status text not null default 'draft'
    check (status in ('draft', 'coming_soon', 'available', 'reserved', 'under_offer', 'sold', 'let', 'withdrawn', 'archived')),
  price numeric(16, 2) check (price is null or price >= 0),
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  rent_period text check (rent_period in ('month', 'year')),
  rent_advance_months smallint check (rent_advance_months between 0 and 36),
  price_on_request boolean not null default false,
  bedrooms smallint check (bedrooms between 0 and 100),
  bathrooms smallint check (bathrooms between 0 and 100),
  floor_area_sqm numeric(12, 2) check (floor_area_sqm is null or floor_area_sqm > 0),
  land_size_sqm numeric(14, 2) check (land_size_sqm is null or land_size_sqm > 0),
  plots numeric(8, 2) check (plots is null or plots > 0),
  tenure text check (tenure in ('freehold', 'leasehold')),
  lease_years_remaining smallint check (lease_years_remaining between 0 and 999),
  title_type text check (char_length(title_type) <= 100),
  furnishing text check (furnishing in ('unfurnished', 'semi_furnished', 'furnished')),
  is_gated boolean not null default false,
  is_serviced boolean not null default false,
  has_boys_quarters boolean not null default false,
  address text check (char_length(address) <= 300),
  ghana_post_gps text check (ghana_post_gps is null or ghana_post_gps ~ '^[A-Z]{2}-\d{3,4}-\d{4}$'),
  neighbourhood text check (char_length(neighbourhood) <= 120),
  city text not null check (char_length(city) between 2 and 120),
  region text check (char_length(region) <= 120),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  features text[] not null default '{}',
  featured boolean not null default false,
  published_at timestamptz,
  agent_id uuid references auth.users (id) on delete set null,
  seo_title text check (char_length(seo_title) <= 70),
  seo_description text check (char_length(seo_description) <= 200),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint properties_rent_needs_period check (listing_type <> 'rent' or rent_period is not null),
  constraint properties_price_or_request check (price is not null or price_on_request)
);
comment on table public.properties is 'Listings. Public when published_at is in the past and the status is a public one.';
comment on column public.properties.published_at is 'Null = unpublished; a future instant schedules publication.';
comment on column public.properties.rent_advance_months is 'Advance asked for rent; the Rent Act caps demands at 6 months (the UI warns above).';
comment on column public.properties.agent_id is 'Listing agent (a staff or admin user).';
create index properties_public_idx on public.properties (published_at desc) where published_at is not null;
create index properties_status_idx on public.properties (status);
create index properties_city_idx on public.properties (city, neighbourhood);
create index properties_agent_idx on public.properties (agent_id);
create trigger properties_set_updated_at before update on public.properties
  for each row execute function private.set_updated_at();

-- The single rule for "a visitor may see this listing".
create or replace function private.property_is_public(status text, published_at timestamptz) returns boolean
language sql stable set search_path = '' as $$
  select published_at is not null and published_at <= now()
     and status in ('coming_soon', 'available', 'reserved', 'under_offer', 'sold', 'let')
$$;
comment on function private.property_is_public(text, timestamptz) is 'Published (in the past) with a status the public site shows.';
revoke all on function private.property_is_public(text, timestamptz) from public;
grant execute on function private.property_is_public(text, timestamptz) to anon, authenticated, service_role;

alter table public.properties enable row level security;
create policy "Everyone reads published listings" on public.properties
  for select to anon, authenticated using (private.property_is_public(status, published_at));
create policy "Staff read all listings" on public.properties
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff create listings" on public.properties
  for insert to authenticated with check ((select private.is_staff_or_admin()));
create policy "Staff edit listings" on public.properties
  for update to authenticated using ((select private.is_staff_or_admin())) with check ((select private.is_staff_or_admin()));
create policy "Staff delete listings" on public.properties
  for delete to authenticated using ((select private.is_staff_or_admin()));

-- ── property_images ──────────────────────────────────────────────────────────────────────────
create table public.property_images (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  storage_path text not null check (char_length(storage_path) between 1 and 500),
  alt_text text check (char_length(alt_text) <= 300),
  position integer not null default 0 check (position >= 0),
  width integer check (width > 0),
  height integer check (height > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.property_images is 'Photos of a listing, ordered by position; storage_path is the object name in the property-images bucket.';
create index property_images_property_idx on public.property_images (property_id, position);
create trigger property_images_set_updated_at before update on public.property_images
  for each row execute function private.set_updated_at();

alter table public.property_images enable row level security;
create policy "Everyone reads images of published listings" on public.property_images
  for select to anon, authenticated using (
    exists (select 1 from public.properties p where p.id = property_id and private.property_is_public(p.status, p.published_at))
  );
create policy "Staff read all images" on public.property_images
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff add images" on public.property_images
  for insert to authenticated with check ((select private.is_staff_or_admin()));
create policy "Staff edit images" on public.property_images
  for update to authenticated using ((select private.is_staff_or_admin())) with check ((select private.is_staff_or_admin()));
create policy "Staff remove images" on public.property_images
  for delete to authenticated using ((select private.is_staff_or_admin()));

-- ── blog_posts ───────────────────────────────────────────────────────────────────────────────
create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 160),
  title text not null check (char_length(title) between 3 and 200),
  excerpt text check (char_length(excerpt) <= 500),
  content text not null default '' check (char_length(content) <= 200000),
  cover_image_url text check (char_length(cover_image_url) <= 2048),
  cover_image_alt text check (char_length(cover_image_alt) <= 300),
  tags text[] not null default '{}',
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published')),
  published_at timestamptz,
  author_id uuid references auth.users (id) on delete set null default auth.uid(),
  author_name text check (char_length(author_name) <= 120),
  seo_title text check (char_length(seo_title) <= 70),
  seo_description text check (char_length(seo_description) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint blog_posts_scheduled_needs_time check (status <> 'scheduled' or published_at is not null)
);
comment on table public.blog_posts is 'Blog articles in markdown. Public when published (or scheduled) and published_at has passed.';
comment on column public.blog_posts.author_name is 'Byline shown publicly (profiles are not readable by visitors).';
create index blog_posts_public_idx on public.blog_posts (published_at desc) where status in ('published', 'scheduled');
create index blog_posts_author_idx on public.blog_posts (author_id);
create trigger blog_posts_set_updated_at before update on public.blog_posts
  for each row execute function private.set_updated_at();

alter table public.blog_posts enable row level security;
create policy "Everyone reads published posts" on public.blog_posts
  for select to anon, authenticated
  using (status in ('published', 'scheduled') and published_at is not null and published_at <= now());
create policy "Staff read all posts" on public.blog_posts
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff write posts" on public.blog_posts
  for insert to authenticated with check ((select private.is_staff_or_admin()));
create policy "Staff edit posts" on public.blog_posts
  for update to authenticated using ((select private.is_staff_or_admin())) with check ((select private.is_staff_or_admin()));
create policy "Staff delete posts" on public.blog_posts
  for delete to authenticated using ((select private.is_staff_or_admin()));

-- ── property-images bucket ───────────────────────────────────────────────────────────────────
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('property-images', 'property-images', true, 10485760,
        array['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml'])
on conflict (id) do nothing;

create policy "Property images are readable by everyone" on storage.objects
  for select to anon, authenticated using (bucket_id = 'property-images');
create policy "Staff upload property images" on storage.objects
  for insert to authenticated with check (bucket_id = 'property-images' and (select private.is_staff_or_admin()));
create policy "Staff replace property images" on storage.objects
  for update to authenticated
  using (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
  with check (bucket_id = 'property-images' and (select private.is_staff_or_admin()));
create policy "Staff delete property images" on storage.objects
  for delete to authenticated using (bucket_id = 'property-images' and (select private.is_staff_or_admin()));

-- ── Form inboxes ─────────────────────────────────────────────────────────────────────────────
-- Common columns: the visitor's details, consent (Data Protection Act 2012, Act 843), workflow
-- (status, assignee, internal notes) and where the submission came from.

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (char_length(full_name) between 2 and 120),
  email text not null check (char_length(email) <= 254),
  phone text check (char_length(phone) <= 32),
  subject text check (char_length(subject) <= 200),
  message text not null check (char_length(message) between 1 and 5000),
  property_slug text check (char_length(property_slug) <= 160),
  property_id uuid references public.properties (id) on delete set null,
  consent_at timestamptz not null,
  status text not null default 'new' check (status in ('new', 'read', 'replied', 'archived', 'spam')),
  assigned_to uuid references auth.users (id) on delete set null,
  internal_notes text check (char_length(internal_notes) <= 10000),
  source_host text check (char_length(source_host) <= 255),
  user_agent text check (char_length(user_agent) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.contact_submissions is 'Contact form inbox; rows are inserted by the edge worker (secret key) only.';

create table public.consultations (
  id uuid primary key default gen_random_uuid(),
  service text not null check (char_length(service) <= 80),
  preferred_date date not null,
  time_slot text not null check (time_slot ~ '^\d{2}:\d{2}$'),
  starts_at timestamptz not null,
  meeting_mode text not null default 'in_person' check (meeting_mode in ('in_person', 'phone', 'video', 'whatsapp')),
  message text check (char_length(message) <= 2000),
  full_name text not null check (char_length(full_name) between 2 and 120),
  email text not null check (char_length(email) <= 254),
  phone text not null check (char_length(phone) <= 32),
  consent_at timestamptz not null,
  status text not null default 'requested'
    check (status in ('requested', 'confirmed', 'rescheduled', 'completed', 'cancelled', 'no_show')),
  assigned_to uuid references auth.users (id) on delete set null,
  internal_notes text check (char_length(internal_notes) <= 10000),
  source_host text check (char_length(source_host) <= 255),
  user_agent text check (char_length(user_agent) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.consultations is 'Consultation requests (service, date and slot in Africa/Accra); inserted by the edge worker only.';
comment on column public.consultations.starts_at is 'preferred_date + time_slot as an instant (Africa/Accra is UTC+0).';

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  property_id uuid references public.properties (id) on delete set null,
  property_slug text check (char_length(property_slug) <= 160),
  preferred_date date not null,
  time_slot text not null check (time_slot ~ '^\d{2}:\d{2}$'),
  starts_at timestamptz not null,
  attendees smallint not null default 1 check (attendees between 1 and 10),
  message text check (char_length(message) <= 2000),
  full_name text not null check (char_length(full_name) between 2 and 120),
  email text not null check (char_length(email) <= 254),
  phone text not null check (char_length(phone) <= 32),
  consent_at timestamptz not null,
  status text not null default 'requested'
    check (status in ('requested', 'confirmed', 'rescheduled', 'completed', 'cancelled', 'no_show')),
  assigned_to uuid references auth.users (id) on delete set null,
  internal_notes text check (char_length(internal_notes) <= 10000),
  source_host text check (char_length(source_host) <= 255),
  user_agent text check (char_length(user_agent) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.bookings is 'Viewing bookings (optionally for one listing); inserted by the edge worker only.';

create table public.property_requests (
  id uuid primary key default gen_random_uuid(),
  listing_type text not null check (listing_type in ('buy', 'rent')),
  property_type text not null
    check (property_type in ('house', 'apartment', 'townhouse', 'land', 'office', 'shop', 'warehouse')),
  locations text[] not null check (cardinality(locations) between 1 and 10),
  budget_min numeric(16, 2) check (budget_min >= 0),
  budget_max numeric(16, 2) not null check (budget_max >= 0),
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  bedrooms_min smallint check (bedrooms_min between 0 and 50),
  bedrooms_max smallint check (bedrooms_max between 0 and 50),
  timeline text not null
    check (timeline in ('immediately', 'within_1_month', '1_3_months', '3_6_months', '6_12_months', 'flexible')),
  notes text check (char_length(notes) <= 3000),
  full_name text not null check (char_length(full_name) between 2 and 120),
  email text not null check (char_length(email) <= 254),
  phone text not null check (char_length(phone) <= 32),
  consent_at timestamptz not null,
  status text not null default 'new' check (status in ('new', 'searching', 'matched', 'closed', 'archived')),
  assigned_to uuid references auth.users (id) on delete set null,
  internal_notes text check (char_length(internal_notes) <= 10000),
  source_host text check (char_length(source_host) <= 255),
  user_agent text check (char_length(user_agent) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint property_requests_budget_range check (budget_min is null or budget_min <= budget_max),
  constraint property_requests_bedroom_range check (bedrooms_min is null or bedrooms_max is null or bedrooms_min <= bedrooms_max)
);
comment on table public.property_requests is 'What a visitor is looking for (buy/rent, type, locations, ranges, timeline); inserted by the edge worker only.';

create index contact_submissions_inbox_idx on public.contact_submissions (status, created_at desc);
create index contact_submissions_assignee_idx on public.contact_submissions (assigned_to);
create index consultations_inbox_idx on public.consultations (status, starts_at);
create index consultations_assignee_idx on public.consultations (assigned_to);
create index bookings_inbox_idx on public.bookings (status, starts_at);
create index bookings_property_idx on public.bookings (property_id);
create index bookings_assignee_idx on public.bookings (assigned_to);
create index property_requests_inbox_idx on public.property_requests (status, created_at desc);
create index property_requests_assignee_idx on public.property_requests (assigned_to);

create trigger contact_submissions_set_updated_at before update on public.contact_submissions
  for each row execute function private.set_updated_at();
create trigger consultations_set_updated_at before update on public.consultations
  for each row execute function private.set_updated_at();
create trigger bookings_set_updated_at before update on public.bookings
  for each row execute function private.set_updated_at();
create trigger property_requests_set_updated_at before update on public.property_requests
  for each row execute function private.set_updated_at();

alter table public.contact_submissions enable row level security;
alter table public.consultations enable row level security;
alter table public.bookings enable row level security;
alter table public.property_requests enable row level security;

-- Only the worker (service_role, which bypasses RLS) inserts; take the privilege away from the
-- API roles as well, so a forgotten policy can never open the door.
revoke insert on public.contact_submissions, public.consultations, public.bookings, public.property_requests
  from anon, authenticated;
revoke all on public.contact_submissions, public.consultations, public.bookings, public.property_requests from anon;

create policy "Staff read contact submissions" on public.contact_submissions
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff work contact submissions" on public.contact_submissions
  for update to authenticated using ((select private.is_staff_or_admin())) with check ((select private.is_staff_or_admin()));
create policy "Admins delete contact submissions" on public.contact_submissions
  for delete to authenticated using ((select private.is_admin()));

create policy "Staff read consultations" on public.consultations
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff work consultations" on public.consultations
  for update to authenticated using ((select private.is_staff_or_admin())) with check ((select private.is_staff_or_admin()));
create policy "Admins delete consultations" on public.consultations
  for delete to authenticated using ((select private.is_admin()));

create policy "Staff read bookings" on public.bookings
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff work bookings" on public.bookings
  for update to authenticated using ((select private.is_staff_or_admin())) with check ((select private.is_staff_or_admin()));
create policy "Admins delete bookings" on public.bookings
  for delete to authenticated using ((select private.is_admin()));

create policy "Staff read property requests" on public.property_requests
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Staff work property requests" on public.property_requests
  for update to authenticated using ((select private.is_staff_or_admin())) with check ((select private.is_staff_or_admin()));
create policy "Admins delete property requests" on public.property_requests
  for delete to authenticated using ((select private.is_admin()));
