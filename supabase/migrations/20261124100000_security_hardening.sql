-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Security hardening (issue 17): what a probe of the running stack found, closed in the database.
--
-- 1. Listing photos follow the listing (item 4). Choice: the `property-images` bucket becomes
--    PRIVATE, and one select policy per role decides which of its objects a visitor may read:
--    the photo of a public listing (private.property_is_public, keyed on property_images.
--    storage_path, so the seeded `<slug>/<n>.jpg` paths and new `<property_id>/<random>.<ext>`
--    uploads alike) or the cover of a published post (blog/<slug>.jpg) — fetched one at a time
--    (storage.allow_any_operation), never listed. Hosted Supabase serves
--    every object of a PUBLIC bucket without RLS, so "public bucket + policy" cannot hide drafts;
--    moving drafts to another bucket on publish would make staff upload twice and leave stale
--    links. Visitors get photos same-origin from the edge worker (/images/…), which asks
--    Storage's authenticated endpoints with the publishable key, so RLS decides, and caches
--    briefly. Staff upload as before: an object `<property_id>/<random>.<ext>`, then a
--    property_images row. Nobody anonymous lists any bucket (no anon select on avatars; the
--    avatars bucket stays public for its download URLs, and signed-in users still read it).
-- 2. Uploads (item 6): the product's buckets take only the exact types they are for
--    (metadata.mimetype, which Storage sets before RLS runs), so `image/png/x` or
--    `image/png/../../text/html` never land — Storage's own check compares only the first two
--    `/`-separated parts, on hosted Supabase too.
-- 3. Functions anon must not call (item 12): EXECUTE goes to PUBLIC by default, so revoking it
--    from anon alone changed nothing.
-- 4. Auth hooks (GoTrue's Postgres-function hooks, enabled in supabase/config.toml; a hosted
--    project enables them in the dashboard or with `supabase config push`):
--    - MFA verification attempts (item 9): after 5 failed codes in 10 minutes a factor takes no
--      verification for 10 minutes, not even the right code, and at most 10 attempts a minute;
--      GoTrue answers a rejection with 403 and signs the user out everywhere.
--    - before a user is created (item 12): names longer than the profile allows are a clear 400
--      instead of a failing trigger (GoTrue turns any trigger error into a 500).
-- 5. New users' names are checked in the trigger too (for every way a user is created).
-- 6. A public invoice past its due date (Africa/Accra) and not paid or void shows `overdue`
--    (item 13), the rule of core/invoices-receipts/invoice-status.ts.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── 1. Listing photos ────────────────────────────────────────────────────────────────────────
update storage.buckets set public = false, updated_at = now() where id = 'property-images';

create or replace function private.blog_post_is_public(status text, published_at timestamptz) returns boolean
language sql stable set search_path = '' as $$
  select status in ('published', 'scheduled') and published_at is not null and published_at <= now()
$$;
comment on function private.blog_post_is_public(text, timestamptz) is 'Published (or scheduled) with a publication time in the past.';

create or replace function private.is_public_photo(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
           select 1
           from public.property_images i
           join public.properties p on p.id = i.property_id
           where i.storage_path = object_name and private.property_is_public(p.status, p.published_at)
         )
      or exists (
           select 1 from public.blog_posts b
           where b.cover_image_url = object_name and private.blog_post_is_public(b.status, b.published_at)
         )
$$;
comment on function private.is_public_photo(text) is
  'An object of the property-images bucket a visitor may read: a photo of a public listing or the cover of a published post.';

create index if not exists property_images_storage_path_idx on public.property_images (storage_path);
create index if not exists blog_posts_cover_image_url_idx on public.blog_posts (cover_image_url) where cover_image_url is not null;

-- The exact image types each bucket takes (null for the buckets this project does not manage).
create or replace function private.upload_type_allowed(bucket text, mimetype text) returns boolean
language sql immutable set search_path = '' as $$
  select case bucket
    when 'avatars' then mimetype in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')
    when 'property-images' then mimetype in ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/svg+xml')
    when 'property-documents' then mimetype in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
    else false
  end
$$;
comment on function private.upload_type_allowed(text, text) is 'Exact content types a bucket accepts (Storage itself compares only type/subtype prefixes).';

revoke all on function private.blog_post_is_public(text, timestamptz), private.is_public_photo(text), private.upload_type_allowed(text, text) from public;
grant execute on function private.blog_post_is_public(text, timestamptz), private.is_public_photo(text), private.upload_type_allowed(text, text)
  to anon, authenticated, service_role;

-- One permissive policy per role and action on storage.objects (every bucket in each; the
-- property-documents rules of 20261124000500_properties_admin.sql move in unchanged but for the
-- exact upload types).
drop policy "Avatars are readable by everyone" on storage.objects;
drop policy "Users upload avatars into their own folder" on storage.objects;
drop policy "Users replace avatars in their own folder" on storage.objects;
drop policy "Users delete avatars in their own folder" on storage.objects;
drop policy "Property images are readable by everyone" on storage.objects;
drop policy "Staff upload property images" on storage.objects;
drop policy "Staff replace property images" on storage.objects;
drop policy "Staff delete property images" on storage.objects;
drop policy "Staff read documents of listings they may see" on storage.objects;
drop policy "Staff upload documents to listings they may see" on storage.objects;
drop policy "Staff delete documents of listings they may see" on storage.objects;

-- Reading one photo is not listing the bucket: Storage names each request's operation
-- (storage.operation(), set per request by the Storage API), so visitors may fetch a public
-- photo or a rendition of it, and nothing else — no list, no info, no signed URLs.
create policy "Visitors read photos of public listings and posts" on storage.objects
  for select to anon
  using (
    bucket_id = 'property-images'
    and storage.allow_any_operation(array['object.get_authenticated', 'render.image_authenticated'])
    and private.is_public_photo(name)
  );
create policy "Signed-in users read avatars, the photos and the documents they may see" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'avatars'
    or (bucket_id = 'property-images' and (
      (select private.is_staff_or_admin())
      or (storage.allow_any_operation(array['object.get_authenticated', 'render.image_authenticated']) and private.is_public_photo(name))
    ))
    or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
  );
create policy "Users upload their avatar; staff upload listing photos and documents" on storage.objects
  for insert to authenticated
  with check (
    private.upload_type_allowed(bucket_id, metadata ->> 'mimetype')
    and (
      (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
      or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
      or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
    )
  );
create policy "Users replace their avatar; staff replace listing photos" on storage.objects
  for update to authenticated
  using (
    (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
  )
  with check (
    private.upload_type_allowed(bucket_id, metadata ->> 'mimetype')
    and (
      (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
      or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
    )
  );
create policy "Users remove their avatar; staff remove listing photos and documents" on storage.objects
  for delete to authenticated
  using (
    (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
    or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
  );

-- ── 3. Functions anon must not call ──────────────────────────────────────────────────────────
revoke execute on function public.mark_team_messages_as_read(text) from public, anon;
revoke execute on function public.team_unread_counts() from public, anon;
grant execute on function public.mark_team_messages_as_read(text) to authenticated, service_role;
grant execute on function public.team_unread_counts() to authenticated, service_role;

-- ── 4. Auth hooks ────────────────────────────────────────────────────────────────────────────
create table private.mfa_verification_attempts (
  id bigint generated always as identity primary key,
  factor_id uuid not null,
  user_id uuid not null,
  valid boolean not null,
  ip_address text check (char_length(ip_address) <= 64),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table private.mfa_verification_attempts is
  'Recent TOTP verification attempts per factor, written and read only by the MFA verification-attempt hook (kept a day).';
create index mfa_verification_attempts_factor_idx on private.mfa_verification_attempts (factor_id, created_at desc);
alter table private.mfa_verification_attempts enable row level security;
-- No policies: only the hook (security definer, owned by the table's owner) touches it.
revoke all on private.mfa_verification_attempts from public, anon, authenticated, service_role;

create or replace function private.hook_mfa_verification_attempt(event jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  factor uuid := (event ->> 'factor_id')::uuid;
  failed_before integer;
  last_minute integer;
begin
  select count(*) filter (where not a.valid and a.created_at > now() - interval '10 minutes'),
         count(*) filter (where a.created_at > now() - interval '1 minute')
    into failed_before, last_minute
    from private.mfa_verification_attempts a
   where a.factor_id = factor and a.created_at > now() - interval '10 minutes';
  insert into private.mfa_verification_attempts (factor_id, user_id, valid, ip_address)
  values (factor, (event ->> 'user_id')::uuid, coalesce((event ->> 'valid')::boolean, false), left(event -> 'metadata' ->> 'ip_address', 64));
  delete from private.mfa_verification_attempts where factor_id = factor and created_at < now() - interval '1 day';
  if failed_before >= 5 then
    return jsonb_build_object('decision', 'reject',
      'message', 'Too many wrong codes: two-factor sign-in for this account is paused for 10 minutes.');
  end if;
  if last_minute >= 10 then
    return jsonb_build_object('decision', 'reject', 'message', 'Too many attempts: wait a minute before entering another code.');
  end if;
  return jsonb_build_object('decision', 'continue');
end $$;
comment on function private.hook_mfa_verification_attempt(jsonb) is
  'GoTrue MFA verification-attempt hook: locks a factor for 10 minutes after 5 failed codes, at most 10 attempts a minute.';

create or replace function private.hook_before_user_created(event jsonb) returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  meta jsonb := coalesce(event -> 'user' -> 'user_metadata', '{}'::jsonb);
begin
  if char_length(coalesce(meta ->> 'first_name', '')) > 100 then
    return jsonb_build_object('error', jsonb_build_object('http_code', 400, 'message', 'First name must be at most 100 characters'));
  end if;
  if char_length(coalesce(meta ->> 'last_name', '')) > 100 then
    return jsonb_build_object('error', jsonb_build_object('http_code', 400, 'message', 'Last name must be at most 100 characters'));
  end if;
  return '{}'::jsonb;
end $$;
comment on function private.hook_before_user_created(jsonb) is
  'GoTrue before-user-created hook: refuses sign-up data the profile cannot hold (names over 100 characters) with a 400.';

-- GoTrue calls hooks as its own database user; nobody else may.
grant usage on schema private to supabase_auth_admin;
revoke all on function private.hook_mfa_verification_attempt(jsonb), private.hook_before_user_created(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.hook_mfa_verification_attempt(jsonb), private.hook_before_user_created(jsonb) to supabase_auth_admin;

-- ── 5. New users' names, checked where every creation passes ─────────────────────────────────
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  first text := nullif(new.raw_user_meta_data ->> 'first_name', '');
  last text := nullif(new.raw_user_meta_data ->> 'last_name', '');
begin
  if char_length(first) > 100 then
    raise exception 'First name must be at most 100 characters' using errcode = '22001';
  end if;
  if char_length(last) > 100 then
    raise exception 'Last name must be at most 100 characters' using errcode = '22001';
  end if;
  insert into public.profiles (user_id, email, first_name, last_name)
  values (new.id, new.email, first, last)
  on conflict (user_id) do nothing;
  return new;
end $$;

-- ── 6. Public invoices: overdue derived from the due date ────────────────────────────────────
create or replace function private.invoice_display_status(status text, due_date date) returns text
language sql stable set search_path = '' as $$
  -- core/invoices-receipts/invoice-status.ts: sent or partly paid, due before today in Africa/Accra.
  select case
    when status in ('sent', 'partially_paid') and due_date is not null
         and due_date < (pg_catalog.now() at time zone 'Africa/Accra')::date then 'overdue'
    else status
  end
$$;
comment on function private.invoice_display_status(text, date) is
  'The status an invoice shows: overdue once its due date (Africa/Accra) has passed and it is neither paid nor void.';
revoke all on function private.invoice_display_status(text, date) from public;
grant execute on function private.invoice_display_status(text, date) to anon, authenticated, service_role;

create or replace function public.get_public_invoice(invoice_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with inv as (
    select i.* from public.invoices i
    where i.id = get_public_invoice.invoice_id and i.status <> 'draft'
  ),
  items as (
    select it.*, round(it.quantity * it.unit_price, 2) as amount
    from public.invoice_items it
    join inv on inv.id = it.invoice_id
  ),
  taxes as (
    select r.code, r.name, r.rate, r.position,
           round(sum(items.amount) * r.rate, 2) as base_tax,
           sum(items.amount) as base
    from items
    join inv on true
    join public.tax_rates r
      on r.tax_class = items.tax_class
     and r.valid_from <= inv.issue_date
     and (r.valid_to is null or r.valid_to > inv.issue_date)
    group by r.code, r.name, r.rate, r.position
  ),
  totals as (
    select
      coalesce((select sum(amount) from items), 0)::numeric(14, 2) as subtotal,
      coalesce((select sum(base_tax) from taxes), 0)::numeric(14, 2) as tax_total
  )
  select jsonb_build_object(
    'id', inv.id,
    'number', inv.number,
    'status', private.invoice_display_status(inv.status, inv.due_date),
    'currency', inv.currency,
    'issue_date', inv.issue_date,
    'due_date', inv.due_date,
    'bill_to', jsonb_build_object(
      'name', inv.bill_to_name,
      'email', inv.bill_to_email,
      'phone', inv.bill_to_phone,
      'address', inv.bill_to_address
    ),
    'notes', inv.notes,
    'payment_instructions', inv.payment_instructions,
    'gra_invoice_id', inv.gra_invoice_id,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'description', items.description,
        'quantity', items.quantity,
        'unit_price', items.unit_price,
        'tax_class', items.tax_class,
        'amount', items.amount
      ) order by items.position, items.created_at)
      from items
    ), '[]'::jsonb),
    'taxes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'code', taxes.code,
        'name', taxes.name,
        'rate', taxes.rate,
        'base', taxes.base,
        'amount', taxes.base_tax
      ) order by taxes.position, taxes.code)
      from taxes
    ), '[]'::jsonb),
    'subtotal', totals.subtotal,
    'tax_total', totals.tax_total,
    'total', totals.subtotal + totals.tax_total,
    'amount_paid', inv.amount_paid,
    'balance_due', greatest(totals.subtotal + totals.tax_total - inv.amount_paid, 0)
  )
  from inv, totals;
$$;
revoke all on function public.get_public_invoice(uuid) from public;
grant execute on function public.get_public_invoice(uuid) to anon, authenticated;
