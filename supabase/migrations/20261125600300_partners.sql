-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Collaborations (issue 16 items 4–5): partner agencies and independent agents, the people who
-- sign in to the collaboration portal, agreements, listings shared with a split, buyers partners
-- register, co-broke deals with their commissions, and the message thread with the agency.
--
-- The `partner` role (profiles.role) is NEVER back-office: private.is_staff_or_admin(),
-- private.is_back_office_user() and core's isBackOfficeRole() know only admin and staff, so a
-- partner reads nothing of the back-office. What a partner may see is decided by one helper,
-- private.current_partner_id(): the partner of the signed-in user — only for an account with the
-- partner role, linked to an ACTIVE partner, at the assurance level its factors require. Every
-- partner-facing policy and RPC compares a row's partner_id with it, so a partner who guesses
-- another listing's or deal's id gets nothing.
--
-- Buyer registration (register_partner_buyer): per listing, the first registration of a buyer
-- (same phone or same e-mail) wins and is time-stamped; a later one — by another partner or the
-- same — is refused with who registered first and when, never with the other partner's client
-- data. Unique indexes make the first-wins rule hold under concurrent registrations too.
-- Admins manage everything (spec §2: /collaboration-management is admin-only).
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Partners and their people ────────────────────────────────────────────────────────────────
create table public.partners (
  id uuid primary key default gen_random_uuid(),
  kind text not null default 'agency' check (kind in ('agency', 'agent')),
  name text not null check (char_length(btrim(name)) between 2 and 160),
  reac_licence_number text not null check (reac_licence_number ~ '^[A-Z0-9][A-Z0-9/ -]{2,39}$'),
  licence_expires_on date,
  email text check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (phone ~ '^\+[1-9]\d{7,14}$'),
  address text check (char_length(address) <= 300),
  city text check (char_length(city) <= 120),
  default_split_percent numeric(5, 2) not null default 50 check (default_split_percent between 0 and 100),
  commission_terms text check (char_length(commission_terms) <= 2000),
  status text not null default 'active' check (status in ('active', 'suspended', 'ended')),
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_text text generated always as (lower(name || ' ' || reac_licence_number || ' ' || coalesce(email, '') || ' ' || coalesce(city, ''))) stored
);
comment on table public.partners is
  'Partner agencies and independent agents (REAC-licensed) the agency co-brokes with: commission terms and status. Admins manage; a partner reads its own row.';
comment on column public.partners.reac_licence_number is 'Real Estate Agency Council licence (Act 1047), upper case.';
comment on column public.partners.default_split_percent is 'The partner''s usual share of the commission, in percent (a share may set its own).';
create unique index partners_licence_idx on public.partners (reac_licence_number);
create index partners_status_idx on public.partners (status, name);
create index partners_owner_idx on public.partners (owner_id);
create index partners_search_idx on public.partners using gin (search_text extensions.gin_trgm_ops);
create trigger partners_set_updated_at before update on public.partners for each row execute function private.set_updated_at();
select private.enable_audit('public.partners');

create table public.partner_members (
  id uuid primary key default gen_random_uuid(),
  partner_id uuid not null references public.partners (id) on delete cascade,
  full_name text not null check (char_length(btrim(full_name)) between 2 and 120),
  email text not null check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (phone ~ '^\+[1-9]\d{7,14}$'),
  position text check (char_length(position) <= 120),
  user_id uuid unique references auth.users (id) on delete set null,
  invited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.partner_members is 'People at a partner (contacts); one with user_id signs in to the collaboration portal (invited by e-mail).';
create unique index partner_members_email_idx on public.partner_members (partner_id, lower(email));
create index partner_members_partner_idx on public.partner_members (partner_id);
create trigger partner_members_set_updated_at before update on public.partner_members for each row execute function private.set_updated_at();
select private.enable_audit('public.partner_members');

create or replace function private.current_partner_id() returns uuid
language sql stable security definer set search_path = '' as $$
  select m.partner_id
    from public.partner_members m
    join public.partners p on p.id = m.partner_id
   where m.user_id = (select auth.uid())
     and p.status = 'active'
     and private.role_of_current_user() = 'partner'
     and private.aal_ok()
$$;
comment on function private.current_partner_id() is
  'The active partner of the signed-in partner account (at the required AAL), else null. Every partner-facing rule compares with it.';

-- ── Agreements, shares, registrations, deals, messages ───────────────────────────────────────
create table public.partner_agreements (
  id uuid primary key default gen_random_uuid(),
  partner_id uuid not null references public.partners (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 2 and 200),
  starts_on date not null,
  ends_on date,
  split_percent numeric(5, 2) check (split_percent between 0 and 100),
  terms text check (char_length(terms) <= 5000),
  document_path text unique check (char_length(document_path) between 1 and 500),
  document_name text check (char_length(document_name) between 1 and 255),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint partner_agreements_dates check (ends_on is null or ends_on >= starts_on),
  constraint partner_agreements_document_whole check ((document_path is null) = (document_name is null)),
  constraint partner_agreements_document_in_folder check (document_path like partner_id::text || '/%')
);
comment on table public.partner_agreements is 'Co-broking agreements with a partner: dates, split, terms and the signed document (private bucket partner-documents).';
create index partner_agreements_partner_idx on public.partner_agreements (partner_id, starts_on desc);
create index partner_agreements_created_by_idx on public.partner_agreements (created_by);
create trigger partner_agreements_set_updated_at before update on public.partner_agreements for each row execute function private.set_updated_at();
select private.enable_audit('public.partner_agreements');

create table public.partner_listing_shares (
  id uuid primary key default gen_random_uuid(),
  partner_id uuid not null references public.partners (id) on delete cascade,
  property_id uuid not null references public.properties (id) on delete cascade,
  partner_split_percent numeric(5, 2) not null check (partner_split_percent between 0 and 100),
  note text check (char_length(note) <= 1000),
  shared_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (partner_id, property_id)
);
comment on table public.partner_listing_shares is 'A listing shared with a partner, and the partner''s share of the commission on it (percent).';
create index partner_listing_shares_property_idx on public.partner_listing_shares (property_id);
create index partner_listing_shares_shared_by_idx on public.partner_listing_shares (shared_by);
create trigger partner_listing_shares_set_updated_at before update on public.partner_listing_shares for each row execute function private.set_updated_at();
select private.enable_audit('public.partner_listing_shares');

create table public.partner_buyer_registrations (
  id uuid primary key default gen_random_uuid(),
  partner_id uuid not null references public.partners (id) on delete cascade,
  property_id uuid not null references public.properties (id) on delete cascade,
  registered_by uuid references auth.users (id) on delete set null,
  buyer_name text not null check (char_length(btrim(buyer_name)) between 2 and 120),
  buyer_phone text check (buyer_phone ~ '^\+[1-9]\d{7,14}$'),
  buyer_email text check (char_length(buyer_email) <= 254 and buyer_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and buyer_email = lower(buyer_email)),
  notes text check (char_length(notes) <= 1000),
  status text not null default 'registered' check (status in ('registered', 'accepted', 'declined')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint partner_buyer_registrations_reachable check (buyer_phone is not null or buyer_email is not null)
);
comment on table public.partner_buyer_registrations is
  'A buyer a partner registered for a shared listing; per listing the first registration of a phone or e-mail wins (created_at is the time stamp). Written through register_partner_buyer only.';
create unique index partner_buyer_registrations_phone_idx on public.partner_buyer_registrations (property_id, buyer_phone) where buyer_phone is not null;
create unique index partner_buyer_registrations_email_idx on public.partner_buyer_registrations (property_id, buyer_email) where buyer_email is not null;
create index partner_buyer_registrations_partner_idx on public.partner_buyer_registrations (partner_id, created_at desc);
create index partner_buyer_registrations_registered_by_idx on public.partner_buyer_registrations (registered_by);
create trigger partner_buyer_registrations_set_updated_at before update on public.partner_buyer_registrations for each row execute function private.set_updated_at();
select private.enable_audit('public.partner_buyer_registrations');

create table public.co_broke_deals (
  id uuid primary key default gen_random_uuid(),
  partner_id uuid not null references public.partners (id) on delete restrict,
  property_id uuid references public.properties (id) on delete set null,
  registration_id uuid unique references public.partner_buyer_registrations (id) on delete set null,
  title text not null check (char_length(btrim(title)) between 2 and 200),
  stage text not null default 'viewing' check (stage in ('viewing', 'offer', 'agreed', 'completed', 'fell_through')),
  agreed_price numeric(16, 2) check (agreed_price >= 0),
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  agency_commission numeric(16, 2) check (agency_commission >= 0),
  partner_split_percent numeric(5, 2) not null check (partner_split_percent between 0 and 100),
  partner_commission numeric(16, 2) generated always as (round(agency_commission * partner_split_percent / 100, 2)) stored,
  commission_status text not null default 'not_due' check (commission_status in ('not_due', 'due', 'invoiced', 'paid')),
  commission_paid_on date,
  partner_note text check (char_length(partner_note) <= 1000),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint co_broke_deals_paid_on check ((commission_status = 'paid') = (commission_paid_on is not null))
);
comment on table public.co_broke_deals is
  'A deal made with a partner on a listing (usually from a registered buyer): stage, agreed price, the agency''s commission and the partner''s share (partner_commission, computed as core''s partnerCommission).';
comment on column public.co_broke_deals.partner_note is 'Visible to the partner.';
create index co_broke_deals_partner_idx on public.co_broke_deals (partner_id, updated_at desc);
create index co_broke_deals_property_idx on public.co_broke_deals (property_id);
create index co_broke_deals_created_by_idx on public.co_broke_deals (created_by);
create trigger co_broke_deals_set_updated_at before update on public.co_broke_deals for each row execute function private.set_updated_at();
select private.enable_audit('public.co_broke_deals');

create table public.partner_messages (
  id uuid primary key default gen_random_uuid(),
  partner_id uuid not null references public.partners (id) on delete cascade,
  author_id uuid references auth.users (id) on delete set null default auth.uid(),
  from_partner boolean not null,
  body text not null check (char_length(btrim(body)) between 1 and 4000),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.partner_messages is 'The thread between a partner and the agency; read_at: when the other side read it.';
create index partner_messages_thread_idx on public.partner_messages (partner_id, created_at);
create index partner_messages_unread_idx on public.partner_messages (partner_id) where read_at is null;
create index partner_messages_author_idx on public.partner_messages (author_id);
create trigger partner_messages_set_updated_at before update on public.partner_messages for each row execute function private.set_updated_at();

-- ── Access ───────────────────────────────────────────────────────────────────────────────────
alter table public.partners enable row level security;
alter table public.partner_members enable row level security;
alter table public.partner_agreements enable row level security;
alter table public.partner_listing_shares enable row level security;
alter table public.partner_buyer_registrations enable row level security;
alter table public.co_broke_deals enable row level security;
alter table public.partner_messages enable row level security;

create policy "Admins and the partner itself read partners" on public.partners
  for select to authenticated using ((select private.is_admin()) or id = (select private.current_partner_id()));
create policy "Admins add partners" on public.partners for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit partners" on public.partners for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove partners" on public.partners for delete to authenticated using ((select private.is_admin()));

create policy "Admins and colleagues at the partner read its people" on public.partner_members
  for select to authenticated using ((select private.is_admin()) or partner_id = (select private.current_partner_id()));
create policy "Admins add partner people" on public.partner_members for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit partner people" on public.partner_members for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove partner people" on public.partner_members for delete to authenticated using ((select private.is_admin()));
-- Who signs in is linked by the invitation (the edge, secret key), never by a form.
revoke update on public.partner_members from authenticated;
grant update (full_name, email, phone, position) on public.partner_members to authenticated;

create policy "Admins and the partner read agreements" on public.partner_agreements
  for select to authenticated using ((select private.is_admin()) or partner_id = (select private.current_partner_id()));
create policy "Admins record agreements" on public.partner_agreements for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit agreements" on public.partner_agreements for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove agreements" on public.partner_agreements for delete to authenticated using ((select private.is_admin()));

create policy "Admins and the partner read shares" on public.partner_listing_shares
  for select to authenticated using ((select private.is_admin()) or partner_id = (select private.current_partner_id()));
create policy "Admins share listings" on public.partner_listing_shares for insert to authenticated with check ((select private.is_admin()));
create policy "Admins change splits" on public.partner_listing_shares for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins stop sharing" on public.partner_listing_shares for delete to authenticated using ((select private.is_admin()));

create policy "Admins and the registering partner read registrations" on public.partner_buyer_registrations
  for select to authenticated using ((select private.is_admin()) or partner_id = (select private.current_partner_id()));
create policy "Admins answer registrations" on public.partner_buyer_registrations
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove registrations" on public.partner_buyer_registrations for delete to authenticated using ((select private.is_admin()));
-- Registrations come only through register_partner_buyer (first wins); admins answer with a status.
revoke insert on public.partner_buyer_registrations from authenticated;
revoke update on public.partner_buyer_registrations from authenticated;
grant update (status) on public.partner_buyer_registrations to authenticated;

create policy "Admins and the partner read co-broke deals" on public.co_broke_deals
  for select to authenticated using ((select private.is_admin()) or partner_id = (select private.current_partner_id()));
create policy "Admins record co-broke deals" on public.co_broke_deals for insert to authenticated with check ((select private.is_admin()));
create policy "Admins move co-broke deals" on public.co_broke_deals for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove co-broke deals" on public.co_broke_deals for delete to authenticated using ((select private.is_admin()));

create policy "Admins and the partner read the thread" on public.partner_messages
  for select to authenticated using ((select private.is_admin()) or partner_id = (select private.current_partner_id()));
create policy "Admins and the partner write to the thread as themselves" on public.partner_messages
  for insert to authenticated with check (
    author_id = (select auth.uid()) and read_at is null
    and (((select private.is_admin()) and not from_partner)
         or (partner_id = (select private.current_partner_id()) and from_partner))
  );
create policy "Admins remove messages" on public.partner_messages for delete to authenticated using ((select private.is_admin()));
-- Read marks move through mark_partner_thread_read only.
revoke update on public.partner_messages from authenticated;

revoke all on public.partners, public.partner_members, public.partner_agreements, public.partner_listing_shares,
  public.partner_buyer_registrations, public.co_broke_deals, public.partner_messages from anon;

-- ── Agreement documents (private bucket) ─────────────────────────────────────────────────────
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('partner-documents', 'partner-documents', false, 20971520, array['application/pdf', 'image/jpeg', 'image/png'])
on conflict (id) do nothing;

create policy "Admins and the partner read agreement documents" on storage.objects
  for select to authenticated using (
    bucket_id = 'partner-documents'
    and ((select private.is_admin()) or private.uuid_or_null((storage.foldername(name))[1]) = (select private.current_partner_id()))
  );
create policy "Admins upload agreement documents" on storage.objects
  for insert to authenticated with check (bucket_id = 'partner-documents' and (select private.is_admin()));
create policy "Admins delete agreement documents" on storage.objects
  for delete to authenticated using (bucket_id = 'partner-documents' and (select private.is_admin()));

-- ── Linking an invited account (the edge's invitation, secret key) ───────────────────────────
create or replace function public.attach_partner_user(member uuid, account uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  m public.partner_members;
  existing_role text;
begin
  select * into m from public.partner_members where id = member for update;
  if not found then raise exception 'This person is not a partner''s contact (any more).' using errcode = 'P0002'; end if;
  select p.role into existing_role from public.profiles p where p.user_id = account;
  if existing_role in ('admin', 'staff') then
    raise exception 'This e-mail address belongs to a team member: a team member cannot be a partner.' using errcode = 'P0001';
  end if;
  if m.user_id is not null and m.user_id <> account then
    raise exception 'This person is already linked to another account.' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.partner_members o where o.user_id = account and o.id <> member) then
    raise exception 'This account already signs in for another partner.' using errcode = 'P0001';
  end if;
  update public.partner_members set user_id = account, invited_at = now() where id = member;
  update public.profiles set role = 'partner' where user_id = account and role is distinct from 'partner';
end $$;
comment on function public.attach_partner_user(uuid, uuid) is
  'Secret key only (the edge''s partner invitation): links the account to the partner contact and gives it the partner role — never to a team member.';
revoke all on function public.attach_partner_user(uuid, uuid) from public, anon, authenticated;
grant execute on function public.attach_partner_user(uuid, uuid) to service_role;

-- A contact removed (or unlinked) takes the portal away from the account.
create or replace function private.partner_member_unlinked() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.user_id is not null and (tg_op = 'DELETE' or new.user_id is distinct from old.user_id) then
    update public.profiles set role = null where user_id = old.user_id and role = 'partner';
  end if;
  return null;
end $$;
create trigger partner_members_unlinked after update of user_id or delete on public.partner_members
  for each row execute function private.partner_member_unlinked();

-- ── Buyer registration: first wins ───────────────────────────────────────────────────────────
-- E.164 for Ghanaian numbers as typed ("024 412 3456", "233244123456", "+233 0244…"): the same
-- buyer must not pass twice under two spellings. Mirrors core's normalizeGhanaPhone.
create or replace function private.normalize_phone(raw text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  d text := regexp_replace(coalesce(raw, ''), '[\s().-]', '', 'g');
begin
  if d = '' then return null; end if;
  if d like '00%' then d := '+' || substr(d, 3); end if;
  if d ~ '^0\d{9}$' then return '+233' || substr(d, 2); end if;
  if d ~ '^233\d{9}$' then return '+' || d; end if;
  if d ~ '^\+2330\d{9}$' then return '+233' || substr(d, 6); end if;
  return d;
end $$;

create or replace function private.registration_refusal(first public.partner_buyer_registrations, me uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case when first.partner_id = me
    then format('You registered this buyer for this listing on %s.', to_char(first.created_at at time zone 'Africa/Accra', 'DD Mon YYYY "at" HH24:MI'))
    else format('This buyer was already registered for this listing by %s on %s. The first registration stands.',
                (select p.name from public.partners p where p.id = first.partner_id),
                to_char(first.created_at at time zone 'Africa/Accra', 'DD Mon YYYY "at" HH24:MI'))
  end
$$;

create or replace function public.register_partner_buyer(
  listing uuid, buyer_name text, buyer_phone text default null, buyer_email text default null, notes text default null
) returns public.partner_buyer_registrations
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := private.current_partner_id();
  phone text := private.normalize_phone(buyer_phone);
  email text := nullif(lower(btrim(coalesce(buyer_email, ''))), '');
  first public.partner_buyer_registrations;
  saved public.partner_buyer_registrations;
  listing_title text;
  admin_id uuid;
begin
  if me is null then
    raise exception 'Only a partner''s account can register buyers.' using errcode = '42501';
  end if;
  -- The same answer whether the listing exists or not: a guessed id reveals nothing.
  if not exists (select 1 from public.partner_listing_shares s where s.partner_id = me and s.property_id = listing) then
    raise exception 'This listing is not shared with you.' using errcode = 'P0002';
  end if;
  if phone is null and email is null then
    raise exception 'Give the buyer''s phone number or e-mail address.' using errcode = 'P0001';
  end if;
  select * into first from public.partner_buyer_registrations b
   where b.property_id = listing and ((phone is not null and b.buyer_phone = phone) or (email is not null and b.buyer_email = email))
   order by b.created_at, b.id limit 1;
  if found then
    raise exception '%', private.registration_refusal(first, me) using errcode = 'P0001';
  end if;
  begin
    insert into public.partner_buyer_registrations (partner_id, property_id, registered_by, buyer_name, buyer_phone, buyer_email, notes)
    values (me, listing, auth.uid(), btrim(buyer_name), phone, email, nullif(btrim(coalesce(notes, '')), ''))
    returning * into saved;
  exception when unique_violation then
    -- Another registration of the same buyer committed in between: it was first.
    select * into first from public.partner_buyer_registrations b
     where b.property_id = listing and ((phone is not null and b.buyer_phone = phone) or (email is not null and b.buyer_email = email))
     order by b.created_at, b.id limit 1;
    raise exception '%', private.registration_refusal(first, me) using errcode = 'P0001';
  end;
  select p.title into listing_title from public.properties p where p.id = listing;
  for admin_id in select pr.user_id from public.profiles pr where pr.role = 'admin' loop
    perform private.notify(admin_id, 'lead_partner_buyer',
      format('%s registered a buyer', (select p.name from public.partners p where p.id = me)),
      format('For %s', listing_title), '/collaboration-management/' || me::text || '?tab=buyers', 'partner_buyer_registrations', saved.id);
  end loop;
  return saved;
end $$;
comment on function public.register_partner_buyer(uuid, text, text, text, text) is
  'Partner: registers a buyer for a listing shared with them. First registration (same phone or e-mail) wins; a later one is refused naming who registered first and when, without their client data.';
revoke all on function public.register_partner_buyer(uuid, text, text, text, text) from public, anon;
grant execute on function public.register_partner_buyer(uuid, text, text, text, text) to authenticated;

-- ── What the portal shows ────────────────────────────────────────────────────────────────────
-- The listings shared with the caller's partner (published or not), with the agreed split: the
-- listing's own RLS would hide drafts and staff-only columns, so this returns exactly the
-- shareable fields. `listing` narrows to one; a listing not shared gives no row.
create or replace function public.partner_shared_listings(listing uuid default null)
returns table (
  share_id uuid, property_id uuid, slug text, title text, description text, property_type text, listing_type text, status text,
  price numeric, price_on_request boolean, currency text, rent_period text, bedrooms smallint, bathrooms smallint,
  floor_area_sqm numeric, land_size_sqm numeric, plots numeric, tenure text, neighbourhood text, city text, region text,
  features text[], title_verified_at timestamptz, is_public boolean, cover_path text,
  partner_split_percent numeric, share_note text, shared_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select s.id, p.id, p.slug, p.title, p.description, p.property_type, p.listing_type, p.status,
         p.price, p.price_on_request, p.currency, p.rent_period, p.bedrooms, p.bathrooms,
         p.floor_area_sqm, p.land_size_sqm, p.plots, p.tenure, p.neighbourhood, p.city, p.region,
         p.features, p.title_verified_at, coalesce(p.public_since <= now(), false),
         (select i.storage_path from public.property_images i where i.property_id = p.id order by i.position, i.created_at limit 1),
         s.partner_split_percent, s.note, s.created_at
    from public.partner_listing_shares s
    join public.properties p on p.id = s.property_id
   where s.partner_id = private.current_partner_id()
     and (listing is null or s.property_id = listing)
   order by s.created_at desc
$$;
comment on function public.partner_shared_listings(uuid) is 'Partner: the listings shared with them (shareable fields only) and the agreed split.';
revoke all on function public.partner_shared_listings(uuid) from public, anon;
grant execute on function public.partner_shared_listings(uuid) to authenticated;

-- Read marks: admins mark a partner's messages read; a partner the agency's.
create or replace function public.mark_partner_thread_read(partner uuid default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := private.current_partner_id();
  n integer;
begin
  if private.is_admin() and partner is not null then
    update public.partner_messages set read_at = now() where partner_id = partner and from_partner and read_at is null;
  elsif me is not null then
    update public.partner_messages set read_at = now() where partner_id = me and not from_partner and read_at is null;
  else
    raise exception 'You don''t have access to this thread.' using errcode = '42501';
  end if;
  get diagnostics n = row_count;
  return n;
end $$;
revoke all on function public.mark_partner_thread_read(uuid) from public, anon;
grant execute on function public.mark_partner_thread_read(uuid) to authenticated;

-- A partner's message reaches every admin's bell.
create or replace function private.partner_message_sent() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  admin_id uuid;
  who text;
begin
  if not new.from_partner then return null; end if;
  select p.name into who from public.partners p where p.id = new.partner_id;
  for admin_id in select pr.user_id from public.profiles pr where pr.role = 'admin' loop
    perform private.notify(admin_id, 'partner_message', format('Message from %s', who), left(new.body, 200),
      '/collaboration-management/' || new.partner_id::text || '?tab=messages', 'partner_messages', new.id, new.author_id);
  end loop;
  return null;
end $$;
create trigger partner_messages_notify after insert on public.partner_messages
  for each row execute function private.partner_message_sent();

-- Search for the admin screen.
create or replace function public.search_partners(term text)
returns setof public.partners
language sql stable security invoker set search_path = '' as $$
  select p.* from public.partners p where p.id = any (private.search_ids('partners', term))
$$;
revoke all on function public.search_partners(text) from public, anon;
grant execute on function public.search_partners(text) to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
