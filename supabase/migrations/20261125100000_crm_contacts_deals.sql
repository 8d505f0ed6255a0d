-- ════════════════════════════════════════════════════════════════════════════════════════════
-- CRM schema (issue 12 items 1–2): business contacts with their timeline, deal pipelines and
-- deals. These table and function names are a CONTRACT other modules rely on (inboxes, money,
-- email marketing, hunts/partners, tasks, events): add columns in later migrations, never
-- rename or repurpose these.
--
-- ── contacts ─────────────────────────────────────────────────────────────────────────────────
-- People and companies (kind). Owned records of module 'contacts' (owner_id / assignee_id,
-- record-level access as every owned module). Whatever client writes a row:
--   • phone / alt_phone are stored in E.164 by a trigger (Ghana numbers typed `024 123 4567`,
--     `0241234567`, `241234567`, `233 24 …` become `+233241234567`; other countries need their
--     `+` prefix); a number that is no phone is refused (22023) with a sentence. phone_network
--     (mtn | telecel | airteltigo | glo) is derived from the Ghana prefix (generated column);
--   • email / alt_email are trimmed and lower-cased;
--   • consent (Data Protection Act 2012, Act 843): consent_status given | withdrawn | unknown,
--     with its consent_source and consent_at; marketing_consent separately (direct marketing
--     needs its own consent, s. 40).
-- Link a record of your module to a contact with a plain foreign key to public.contacts (id):
-- merge_contacts() re-points EVERY such foreign key (found in the catalogue) to the contact that
-- is kept, in one transaction; a unique constraint that would make two rows collide makes the
-- merge refuse with the reason. Choose `on delete restrict` for records that must outlive a
-- deletion attempt (money), `set null` or `cascade` otherwise. A contact whose personal data must
-- go is ANONYMISED (anonymise_contact), not deleted: linked financial records stay.
--
-- ── contact_activities: the timeline contract ───────────────────────────────────────────────
-- One row per thing that happened with a contact. Other modules insert rows for their records:
--   contact_id    the contact (required)
--   kind          what it was, lower_snake_case: note, call, whatsapp, sms, email, meeting
--                 (logged by hand in the contacts module); viewing, consultation, booking,
--                 form_submission, request, deal, task, event, invoice, payment, campaign,
--                 partner … (written by the module that owns the record); merge, anonymised,
--                 data_export (written by this module). New kinds need no migration.
--   summary       one line shown on the timeline (≤ 300 chars) — visible to EVERYONE who may read
--                 the contact, so write nothing there the contact's readers may not see
--   body          optional longer text (≤ 10,000)
--   direction     inbound | outbound | null
--   record_table  + record_id: the record of your module this row is about (e.g. 'invoices', id),
--                 so the timeline links to it; null for hand-logged notes and calls
--   occurred_at   when it happened (defaults to now); the timeline is ordered by it
--   actor_id      who did it (defaults to auth.uid(); null for the public site or a job)
--   details       jsonb extras (call outcome, amount, status …)
--   dedup_key     optional, unique: 'invoices/<id>/sent' — insert … on conflict (dedup_key) do
--                 nothing, so a trigger or job that runs twice logs once
-- From SQL (your triggers, security definer) call
--   private.log_contact_activity(contact_id, kind, summary, record_table, record_id,
--                                occurred_at, body, details, dedup_key, direction)
-- which ignores a null contact_id and a repeated dedup_key. From the SPA, staff insert rows
-- directly (RLS: they may read the contact, actor_id is themselves). Rows are readable by whoever
-- may read the contact. contacts.last_activity_at follows the newest row; deals.last_activity_at
-- follows rows with record_table = 'deals' logged by hand.
--
-- ── deals ────────────────────────────────────────────────────────────────────────────────────
-- deal_pipelines (sale, rental, development) with ordered deal_stages: each stage has a win
-- probability and an outcome (open | won | lost; one won and one lost stage per pipeline).
-- deals.status follows the stage's outcome (set by the trigger, never by clients). Stage moves
-- are checked here as in core/deals/deal-rules.ts (same sentences): a stage of the deal's own
-- pipeline; lost needs a reason from deal_lost_reasons (configurable by admins); won needs a
-- value; a closed (won/lost) deal is reopened only by an admin, and goes back to an open stage
-- before it can change outcome. Value + currency (GHS/USD; GHS figures use the dated
-- exchange_rates rate), commission as % or fixed with splits (agent, house, co-broker partner)
-- saved in one call (save_deal_commission). deal_contacts links further contacts with a role.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Phone and e-mail normalisation (mirrors core/business-contacts/phone.ts) ─────────────────────────
-- E.164 for a phone as people type it, or null when it is not recognisably a phone number.
create or replace function private.phone_e164(raw text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  s text := btrim(coalesce(raw, ''));
  digits text;
begin
  if s = '' then return null; end if;
  -- Only digits, spaces, dots, dashes, brackets and one leading + are a phone number.
  if s !~ '^\+?[0-9 ().\-]+$' then return null; end if;
  digits := regexp_replace(s, '[^0-9]', '', 'g');
  if left(s, 1) = '+' then
    null;
  elsif left(digits, 2) = '00' then
    digits := substr(digits, 3);
  elsif char_length(digits) = 10 and left(digits, 1) = '0' then
    digits := '233' || substr(digits, 2);             -- 024 123 4567
  elsif char_length(digits) = 9 and left(digits, 1) in ('2', '3', '5') then
    digits := '233' || digits;                         -- 24 123 4567
  elsif char_length(digits) = 12 and left(digits, 3) = '233' then
    null;                                              -- 233 24 123 4567
  else
    return null;                                       -- a foreign number needs its + prefix
  end if;
  -- Ghana numbers have 9 digits after 233 (a leading 0 typed after +233 is dropped).
  if left(digits, 4) = '2330' and char_length(digits) = 13 then digits := '233' || substr(digits, 5); end if;
  if left(digits, 3) = '233' and char_length(digits) <> 12 then return null; end if;
  if digits !~ '^[1-9][0-9]{7,14}$' then return null; end if;
  return '+' || digits;
end $$;
comment on function private.phone_e164(text) is 'A phone as typed → E.164 (Ghana numbers without a country code get +233), or null when it is no phone number.';

-- The mobile network of a Ghana number by its prefix (numbers ported since keep their prefix,
-- so this is what the number looks like, not a guarantee).
create or replace function private.ghana_network(e164 text) returns text
language sql immutable set search_path = '' as $$
  select case
    when e164 is null or e164 !~ '^\+233[0-9]{9}$' then null
    when substr(e164, 5, 2) in ('24', '25', '53', '54', '55', '59') then 'mtn'
    when substr(e164, 5, 2) in ('20', '50') then 'telecel'
    when substr(e164, 5, 2) in ('26', '27', '56', '57') then 'airteltigo'
    when substr(e164, 5, 2) = '23' then 'glo'
    else null
  end
$$;
comment on function private.ghana_network(text) is 'mtn | telecel | airteltigo | glo from a +233 number''s prefix; null otherwise.';

create or replace function private.email_normal(raw text) returns text
language sql immutable set search_path = '' as $$
  select nullif(lower(btrim(coalesce(raw, ''))), '')
$$;

-- ── contacts ─────────────────────────────────────────────────────────────────────────────────
create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  kind text not null default 'person' check (kind in ('person', 'company')),
  first_name text check (char_length(first_name) between 1 and 100),
  last_name text check (char_length(last_name) <= 100),
  -- A company's name; for a person, the employer as typed (company_id links a company contact).
  company_name text check (char_length(company_name) between 1 and 200),
  company_id uuid references public.contacts (id) on delete set null,
  job_title text check (char_length(job_title) <= 120),
  type text not null default 'lead' check (type in ('client', 'owner', 'landlord', 'tenant', 'vendor', 'partner', 'lead')),
  stage text not null default 'lead' check (stage in ('lead', 'prospect', 'client', 'past_client', 'lost')),
  source text check (source in ('website_form', 'referral', 'portal', 'walk_in', 'social', 'whatsapp', 'phone', 'import', 'other')),
  tags text[] not null default '{}' check (cardinality(tags) <= 30),
  phone text check (phone ~ '^\+[1-9][0-9]{7,14}$'),
  phone_network text generated always as (private.ghana_network(phone)) stored,
  alt_phone text check (alt_phone ~ '^\+[1-9][0-9]{7,14}$'),
  email text check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  alt_email text check (char_length(alt_email) <= 254 and alt_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  city text check (char_length(city) <= 120),
  neighbourhood text check (char_length(neighbourhood) <= 120),
  address text check (char_length(address) <= 300),
  ghana_post_gps text check (ghana_post_gps ~ '^[A-Z]{2}-[0-9]{3,4}-[0-9]{4}$'),
  website text check (char_length(website) <= 300),
  industry text check (char_length(industry) <= 120),
  tin text check (char_length(tin) <= 40),
  notes text check (char_length(notes) <= 10000),
  consent_status text not null default 'unknown' check (consent_status in ('unknown', 'given', 'withdrawn')),
  consent_source text check (consent_source in ('website_form', 'in_person', 'phone', 'whatsapp', 'email', 'import', 'other')),
  consent_at timestamptz,
  consent_note text check (char_length(consent_note) <= 500),
  marketing_consent boolean not null default false,
  marketing_consent_at timestamptz,
  last_activity_at timestamptz,
  anonymised_at timestamptz,
  anonymised_by uuid references auth.users (id) on delete set null,
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  assignee_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  display_name text generated always as (
    case when kind = 'company' then coalesce(company_name, '')
         else btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) end
  ) stored,
  search_text text generated always as (lower(
    coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(company_name, '') || ' '
    || coalesce(email, '') || ' ' || coalesce(alt_email, '') || ' '
    || coalesce(phone, '') || ' ' || coalesce(alt_phone, '') || ' '
    -- The national format too, so `0241234567` finds +233241234567.
    || case when phone like '+233%' then '0' || substr(phone, 5) else '' end || ' '
    || case when alt_phone like '+233%' then '0' || substr(alt_phone, 5) else '' end
  )) stored,
  constraint contacts_person_named check (kind <> 'person' or first_name is not null),
  constraint contacts_company_named check (kind <> 'company' or company_name is not null),
  constraint contacts_company_link check (company_id is null or (kind = 'person' and company_id <> id)),
  constraint contacts_consent_dated check (consent_status = 'unknown' or consent_at is not null)
);
comment on table public.contacts is
  'Business contacts (people and companies): type, stage, source, tags, owner/assignee; phones in E.164, e-mails lower-cased (trigger); Act 843 consent. Link records with a foreign key to contacts(id): merges re-point it.';
comment on column public.contacts.phone is 'E.164, set by the trigger from whatever was typed (Ghana numbers get +233).';
comment on column public.contacts.phone_network is 'mtn | telecel | airteltigo | glo from the Ghana prefix of phone.';
comment on column public.contacts.consent_status is 'Act 843 consent to hold and process the contact''s data: given | withdrawn | unknown (with consent_source and consent_at).';
comment on column public.contacts.marketing_consent is 'Agreed to marketing messages (separate from processing consent); email marketing honours it.';
comment on column public.contacts.last_activity_at is 'occurred_at of the newest contact_activities row (trigger).';
comment on column public.contacts.anonymised_at is 'Set when the personal data was removed on request (anonymise_contact); the row stays for linked records.';
comment on column public.contacts.search_text is 'Lower-cased names, e-mails and phones (E.164 and 0XX…), for trigram search.';

create index contacts_owner_idx on public.contacts (owner_id, updated_at desc);
create index contacts_assignee_idx on public.contacts (assignee_id, updated_at desc);
create index contacts_company_idx on public.contacts (company_id);
create index contacts_anonymised_by_idx on public.contacts (anonymised_by);
create index contacts_updated_idx on public.contacts (updated_at desc);
create index contacts_created_idx on public.contacts (created_at desc);
create index contacts_name_idx on public.contacts (display_name, id);
create index contacts_last_activity_idx on public.contacts (last_activity_at desc nulls last);
create index contacts_stage_idx on public.contacts (stage, updated_at desc);
create index contacts_type_idx on public.contacts (type, updated_at desc);
create index contacts_source_idx on public.contacts (source, updated_at desc);
create index contacts_tags_idx on public.contacts using gin (tags);
-- Duplicate detection (contact_duplicates): equality on the stored, normalised values.
create index contacts_phone_idx on public.contacts (phone) where phone is not null;
create index contacts_alt_phone_idx on public.contacts (alt_phone) where alt_phone is not null;
create index contacts_email_idx on public.contacts (email) where email is not null;
create index contacts_alt_email_idx on public.contacts (alt_email) where alt_email is not null;
create index contacts_search_idx on public.contacts using gin (search_text extensions.gin_trgm_ops);

create trigger contacts_set_updated_at before update on public.contacts
  for each row execute function private.set_updated_at();

create or replace function private.normalise_contact() returns trigger
language plpgsql set search_path = '' as $$
declare
  given text;
begin
  given := new.phone;
  new.phone := private.phone_e164(given);
  if nullif(btrim(coalesce(given, '')), '') is not null and new.phone is null then
    raise exception 'The phone number "%" is not valid: type a Ghana number like 024 123 4567, or +country code and number.', left(given, 40) using errcode = '22023';
  end if;
  given := new.alt_phone;
  new.alt_phone := private.phone_e164(given);
  if nullif(btrim(coalesce(given, '')), '') is not null and new.alt_phone is null then
    raise exception 'The second phone number "%" is not valid: type a Ghana number like 024 123 4567, or +country code and number.', left(given, 40) using errcode = '22023';
  end if;
  if new.alt_phone = new.phone then new.alt_phone := null; end if;
  new.email := private.email_normal(new.email);
  new.alt_email := private.email_normal(new.alt_email);
  if new.alt_email = new.email then new.alt_email := null; end if;
  new.first_name := nullif(btrim(new.first_name), '');
  new.last_name := nullif(btrim(new.last_name), '');
  new.company_name := nullif(btrim(new.company_name), '');
  new.city := nullif(btrim(new.city), '');
  -- Tags: trimmed, lower-case, no repeats, no empties.
  new.tags := coalesce((
    select array_agg(t order by first_seen)
      from (select lower(btrim(x)) as t, min(o) as first_seen
              from unnest(new.tags) with ordinality as u(x, o)
             where btrim(x) <> '' group by lower(btrim(x))) s
  ), '{}');
  if exists (select 1 from unnest(new.tags) t where char_length(t) > 40) then
    raise exception 'A tag has at most 40 characters.' using errcode = '22023';
  end if;
  -- Consent is dated: a new status without a time gets now().
  if new.consent_status <> 'unknown' and new.consent_at is null then new.consent_at := now(); end if;
  if tg_op = 'UPDATE' and new.consent_status is distinct from old.consent_status and new.consent_at is not distinct from old.consent_at then
    new.consent_at := now();
  end if;
  if new.marketing_consent and (tg_op = 'INSERT' or not old.marketing_consent) and new.marketing_consent_at is null then
    new.marketing_consent_at := now();
  end if;
  if tg_op = 'UPDATE' and new.marketing_consent is distinct from old.marketing_consent then
    new.marketing_consent_at := now();
  end if;
  return new;
end $$;
comment on function private.normalise_contact() is 'Contacts are stored normalised whoever writes them: E.164 phones, lower-case e-mails, clean tags, dated consent.';
create trigger contacts_normalise before insert or update on public.contacts
  for each row execute function private.normalise_contact();

-- History without personal data: the audit log is append-only, so anything written there could
-- never be erased on an Act 843 request. Personal columns are left out of it (the timeline and
-- the row itself hold them, and anonymise_contact clears both).
select private.enable_audit('public.contacts', 'id', array[
  'first_name', 'last_name', 'company_name', 'job_title', 'phone', 'phone_network', 'alt_phone', 'email', 'alt_email',
  'address', 'ghana_post_gps', 'neighbourhood', 'notes', 'consent_note', 'tin', 'website', 'display_name', 'search_text',
  'last_activity_at']);
insert into public.module_access (module, label, mode) values ('contacts', 'Business contacts', 'own') on conflict do nothing;

alter table public.contacts enable row level security;
create policy "Staff read contacts per access" on public.contacts
  for select to authenticated using (
    (select private.access_scope('contacts')) = 'all'
    or ((select private.access_scope('contacts')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  );
create policy "Staff create contacts they own" on public.contacts
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
create policy "Staff edit contacts per access" on public.contacts
  for update to authenticated
  using (
    (select private.access_scope('contacts')) = 'all'
    or ((select private.access_scope('contacts')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins and owners delete contacts" on public.contacts
  for delete to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
revoke all on public.contacts from anon;
-- Anonymisation is the RPC's job and last_activity_at the timeline's: clients change the rest.
revoke update on public.contacts from authenticated;
grant update (kind, first_name, last_name, company_name, company_id, job_title, type, stage, source, tags, phone, alt_phone,
  email, alt_email, city, neighbourhood, address, ghana_post_gps, website, industry, tin, notes, consent_status,
  consent_source, consent_at, consent_note, marketing_consent, marketing_consent_at, owner_id, assignee_id)
  on public.contacts to authenticated;

-- ── contact_activities (the timeline) ────────────────────────────────────────────────────────
create table public.contact_activities (
  id uuid primary key default gen_random_uuid(),
  contact_id uuid not null references public.contacts (id) on delete cascade,
  kind text not null check (kind ~ '^[a-z][a-z_]{1,39}$'),
  direction text check (direction in ('inbound', 'outbound')),
  summary text not null check (char_length(summary) between 1 and 300),
  body text check (char_length(body) <= 10000),
  record_table text check (record_table ~ '^[a-z][a-z0-9_]{1,62}$'),
  record_id uuid,
  occurred_at timestamptz not null default now(),
  actor_id uuid references auth.users (id) on delete set null default auth.uid(),
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object'),
  dedup_key text check (char_length(dedup_key) between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint contact_activities_record_pair check ((record_table is null) = (record_id is null)),
  constraint contact_activities_dedup_key unique (dedup_key)
);
comment on table public.contact_activities is
  'A contact''s timeline: notes, calls, WhatsApp, e-mails and every record other modules link (kind + record_table/record_id). Readable by whoever may read the contact. See the migration header for the contract.';
comment on column public.contact_activities.kind is 'note | call | whatsapp | sms | email | meeting (hand-logged); viewing, consultation, booking, form_submission, request, deal, task, event, invoice, payment, campaign … (modules); merge, anonymised, data_export (contacts).';
comment on column public.contact_activities.summary is 'One line for the timeline; visible to everyone who may read the contact.';
comment on column public.contact_activities.dedup_key is 'Optional, unique: a producer that may run twice inserts with on conflict (dedup_key) do nothing.';
create index contact_activities_timeline_idx on public.contact_activities (contact_id, occurred_at desc, id);
create index contact_activities_record_idx on public.contact_activities (record_table, record_id) where record_id is not null;
create index contact_activities_actor_idx on public.contact_activities (actor_id, occurred_at desc);
create trigger contact_activities_set_updated_at before update on public.contact_activities
  for each row execute function private.set_updated_at();
-- Bodies and details are personal data the audit log could never give back: left out of history.
select private.enable_audit('public.contact_activities', 'id', array['summary', 'body', 'details']);

-- The kinds people log by hand (the rest are written by the module that owns the record).
create or replace function private.is_hand_logged_activity(kind text) returns boolean
language sql immutable set search_path = '' as $$
  select kind in ('note', 'call', 'whatsapp', 'sms', 'email', 'meeting')
$$;

alter table public.contact_activities enable row level security;
create policy "Staff read the timeline of contacts they may see" on public.contact_activities
  for select to authenticated using (
    (select private.is_staff_or_admin()) and exists (select 1 from public.contacts c where c.id = contact_id)
  );
create policy "Staff log activities on contacts they may see, as themselves" on public.contact_activities
  for insert to authenticated with check (
    (select private.is_staff_or_admin()) and actor_id = (select auth.uid())
    and exists (select 1 from public.contacts c where c.id = contact_id)
  );
create policy "Authors edit their hand-logged activities, admins any" on public.contact_activities
  for update to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and actor_id = (select auth.uid()) and kind in ('note', 'call', 'whatsapp', 'sms', 'email', 'meeting')))
  with check ((select private.is_staff_or_admin()));
create policy "Authors delete their hand-logged activities, admins any" on public.contact_activities
  for delete to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and actor_id = (select auth.uid()) and kind in ('note', 'call', 'whatsapp', 'sms', 'email', 'meeting')));
revoke all on public.contact_activities from anon;
revoke update on public.contact_activities from authenticated;
grant update (summary, body, direction, occurred_at, details) on public.contact_activities to authenticated;

-- For other modules' triggers and RPCs (security definer): log one timeline row.
create or replace function private.log_contact_activity(
  contact_id uuid, kind text, summary text, record_table text default null, record_id uuid default null,
  occurred_at timestamptz default now(), body text default null, details jsonb default '{}'::jsonb,
  dedup_key text default null, direction text default null
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  new_id uuid;
begin
  if contact_id is null then return null; end if;
  insert into public.contact_activities (contact_id, kind, summary, record_table, record_id, occurred_at, body, details, dedup_key, direction, actor_id)
  values (contact_id, kind, left(coalesce(nullif(btrim(summary), ''), kind), 300), record_table, record_id,
          coalesce(occurred_at, now()), left(body, 10000), coalesce(details, '{}'::jsonb), dedup_key, direction, auth.uid())
  on conflict on constraint contact_activities_dedup_key do nothing
  returning id into new_id;
  return new_id;
end $$;
comment on function private.log_contact_activity(uuid, text, text, text, uuid, timestamptz, text, jsonb, text, text) is
  'Appends a row to a contact''s timeline (null contact → nothing; a repeated dedup_key → nothing). For modules'' triggers and RPCs.';

-- ── Deal pipelines, stages, lost reasons ─────────────────────────────────────────────────────
create table public.deal_pipelines (
  id uuid primary key default gen_random_uuid(),
  key text not null unique check (key ~ '^[a-z][a-z_]{1,39}$'),
  name text not null check (char_length(name) between 2 and 60),
  position smallint not null default 0,
  is_archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.deal_pipelines is 'Deal pipelines (sale, rental, development); each has ordered stages. Admins maintain them.';
create trigger deal_pipelines_set_updated_at before update on public.deal_pipelines
  for each row execute function private.set_updated_at();

create table public.deal_stages (
  id uuid primary key default gen_random_uuid(),
  pipeline_id uuid not null references public.deal_pipelines (id) on delete cascade,
  key text not null check (key ~ '^[a-z][a-z_]{1,39}$'),
  name text not null check (char_length(name) between 2 and 60),
  position smallint not null check (position >= 0),
  probability smallint not null check (probability between 0 and 100),
  outcome text not null default 'open' check (outcome in ('open', 'won', 'lost')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (pipeline_id, key),
  unique (pipeline_id, position) deferrable initially deferred,
  unique (pipeline_id, id),
  constraint deal_stages_outcome_probability check (outcome = 'open' or probability = case outcome when 'won' then 100 else 0 end)
);
comment on table public.deal_stages is 'Ordered stages of a pipeline with the win probability (%) used by the weighted forecast; outcome won/lost marks the closing stages (one each per pipeline).';
create unique index deal_stages_one_outcome_idx on public.deal_stages (pipeline_id, outcome) where outcome <> 'open';
create trigger deal_stages_set_updated_at before update on public.deal_stages
  for each row execute function private.set_updated_at();

create table public.deal_lost_reasons (
  id uuid primary key default gen_random_uuid(),
  label text not null unique check (char_length(label) between 2 and 80),
  position smallint not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.deal_lost_reasons is 'Why deals are lost: the configurable list (admins); a retired reason is deactivated, not deleted (lost deals keep it).';
create trigger deal_lost_reasons_set_updated_at before update on public.deal_lost_reasons
  for each row execute function private.set_updated_at();

insert into public.deal_pipelines (id, key, name, position) values
  ('00000000-0000-4000-d100-000000000001', 'sale', 'Sales', 0),
  ('00000000-0000-4000-d100-000000000002', 'rental', 'Rentals', 1),
  ('00000000-0000-4000-d100-000000000003', 'development', 'Developments', 2);
insert into public.deal_stages (id, pipeline_id, key, name, position, probability, outcome) values
  ('00000000-0000-4000-d200-000000000101', '00000000-0000-4000-d100-000000000001', 'new', 'New enquiry', 0, 10, 'open'),
  ('00000000-0000-4000-d200-000000000102', '00000000-0000-4000-d100-000000000001', 'viewing', 'Viewing', 1, 20, 'open'),
  ('00000000-0000-4000-d200-000000000103', '00000000-0000-4000-d100-000000000001', 'offer', 'Offer made', 2, 40, 'open'),
  ('00000000-0000-4000-d200-000000000104', '00000000-0000-4000-d100-000000000001', 'negotiation', 'Negotiation', 3, 60, 'open'),
  ('00000000-0000-4000-d200-000000000105', '00000000-0000-4000-d100-000000000001', 'agreement', 'Sale agreement', 4, 85, 'open'),
  ('00000000-0000-4000-d200-000000000106', '00000000-0000-4000-d100-000000000001', 'won', 'Completed', 5, 100, 'won'),
  ('00000000-0000-4000-d200-000000000107', '00000000-0000-4000-d100-000000000001', 'lost', 'Lost', 6, 0, 'lost'),
  ('00000000-0000-4000-d200-000000000201', '00000000-0000-4000-d100-000000000002', 'enquiry', 'Enquiry', 0, 10, 'open'),
  ('00000000-0000-4000-d200-000000000202', '00000000-0000-4000-d100-000000000002', 'viewing', 'Viewing', 1, 30, 'open'),
  ('00000000-0000-4000-d200-000000000203', '00000000-0000-4000-d100-000000000002', 'application', 'Application', 2, 50, 'open'),
  ('00000000-0000-4000-d200-000000000204', '00000000-0000-4000-d100-000000000002', 'agreement', 'Tenancy agreement', 3, 80, 'open'),
  ('00000000-0000-4000-d200-000000000205', '00000000-0000-4000-d100-000000000002', 'won', 'Let', 4, 100, 'won'),
  ('00000000-0000-4000-d200-000000000206', '00000000-0000-4000-d100-000000000002', 'lost', 'Lost', 5, 0, 'lost'),
  ('00000000-0000-4000-d200-000000000301', '00000000-0000-4000-d100-000000000003', 'prospect', 'Prospect', 0, 10, 'open'),
  ('00000000-0000-4000-d200-000000000302', '00000000-0000-4000-d100-000000000003', 'site_visit', 'Site visit', 1, 25, 'open'),
  ('00000000-0000-4000-d200-000000000303', '00000000-0000-4000-d100-000000000003', 'reservation', 'Reservation', 2, 50, 'open'),
  ('00000000-0000-4000-d200-000000000304', '00000000-0000-4000-d100-000000000003', 'payment_plan', 'Payment plan', 3, 75, 'open'),
  ('00000000-0000-4000-d200-000000000305', '00000000-0000-4000-d100-000000000003', 'won', 'Handed over', 4, 100, 'won'),
  ('00000000-0000-4000-d200-000000000306', '00000000-0000-4000-d100-000000000003', 'lost', 'Lost', 5, 0, 'lost');
insert into public.deal_lost_reasons (id, label, position) values
  ('00000000-0000-4000-d300-000000000001', 'Price too high', 0),
  ('00000000-0000-4000-d300-000000000002', 'Chose another agency', 1),
  ('00000000-0000-4000-d300-000000000003', 'Financing fell through', 2),
  ('00000000-0000-4000-d300-000000000004', 'Property no longer available', 3),
  ('00000000-0000-4000-d300-000000000005', 'Title or documents problem', 4),
  ('00000000-0000-4000-d300-000000000006', 'Stopped responding', 5),
  ('00000000-0000-4000-d300-000000000007', 'Not ready to buy or rent', 6),
  ('00000000-0000-4000-d300-000000000008', 'Other', 7);

alter table public.deal_pipelines enable row level security;
alter table public.deal_stages enable row level security;
alter table public.deal_lost_reasons enable row level security;
create policy "Staff read pipelines" on public.deal_pipelines for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add pipelines" on public.deal_pipelines for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit pipelines" on public.deal_pipelines for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove pipelines" on public.deal_pipelines for delete to authenticated using ((select private.is_admin()));
create policy "Staff read stages" on public.deal_stages for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add stages" on public.deal_stages for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit stages" on public.deal_stages for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove stages" on public.deal_stages for delete to authenticated using ((select private.is_admin()));
create policy "Staff read lost reasons" on public.deal_lost_reasons for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add lost reasons" on public.deal_lost_reasons for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit lost reasons" on public.deal_lost_reasons for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove lost reasons" on public.deal_lost_reasons for delete to authenticated using ((select private.is_admin()));
revoke all on public.deal_pipelines, public.deal_stages, public.deal_lost_reasons from anon;
select private.enable_audit('public.deal_pipelines');
select private.enable_audit('public.deal_stages');
select private.enable_audit('public.deal_lost_reasons');

-- ── deals ────────────────────────────────────────────────────────────────────────────────────
create table public.deals (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 3 and 200),
  pipeline_id uuid not null references public.deal_pipelines (id) on delete restrict,
  stage_id uuid not null,
  status text not null default 'open' check (status in ('open', 'won', 'lost')),
  value numeric(16, 2) not null default 0 check (value >= 0),
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  expected_close_date date,
  property_id uuid references public.properties (id) on delete set null,
  contact_id uuid references public.contacts (id) on delete restrict,
  commission_type text not null default 'percent' check (commission_type in ('percent', 'fixed')),
  commission_rate numeric(6, 3) check (commission_rate between 0 and 100),
  commission_amount numeric(16, 2) check (commission_amount >= 0),
  lost_reason_id uuid references public.deal_lost_reasons (id) on delete restrict,
  lost_note text check (char_length(lost_note) <= 1000),
  closed_at timestamptz,
  stage_entered_at timestamptz not null default now(),
  last_activity_at timestamptz,
  notes text check (char_length(notes) <= 10000),
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  assignee_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_text text generated always as (lower(title)) stored,
  foreign key (pipeline_id, stage_id) references public.deal_stages (pipeline_id, id) on delete restrict,
  constraint deals_commission_given check (
    (commission_type = 'percent' and commission_amount is null) or (commission_type = 'fixed' and commission_rate is null)
  ),
  constraint deals_closed_dated check ((status = 'open') = (closed_at is null)),
  constraint deals_lost_has_reason check ((status = 'lost') = (lost_reason_id is not null))
);
comment on table public.deals is
  'Deals in a pipeline: stage (status follows its outcome), value + currency, expected close, property, primary contact, commission (% or fixed) with splits. Stage moves are checked by trigger (core/deals/deal-rules.ts).';
comment on column public.deals.status is 'open | won | lost: the outcome of the stage, set by the trigger.';
comment on column public.deals.commission_rate is 'Percent of value when commission_type = percent (e.g. 5.000).';
comment on column public.deals.commission_amount is 'Fixed commission in the deal''s currency when commission_type = fixed.';
comment on column public.deals.stage_entered_at is 'When the deal entered its current stage (days in stage).';
comment on column public.deals.last_activity_at is 'Newest timeline row logged for this deal, or its last stage move.';
create index deals_board_idx on public.deals (pipeline_id, status, stage_id, stage_entered_at);
create index deals_stage_idx on public.deals (stage_id);
create index deals_owner_idx on public.deals (owner_id, updated_at desc);
create index deals_assignee_idx on public.deals (assignee_id, updated_at desc);
create index deals_contact_idx on public.deals (contact_id);
create index deals_property_idx on public.deals (property_id);
create index deals_lost_reason_idx on public.deals (lost_reason_id);
create index deals_updated_idx on public.deals (updated_at desc);
create index deals_close_idx on public.deals (status, expected_close_date);
create index deals_closed_idx on public.deals (status, closed_at desc) where closed_at is not null;
create index deals_search_idx on public.deals using gin (search_text extensions.gin_trgm_ops);
create trigger deals_set_updated_at before update on public.deals
  for each row execute function private.set_updated_at();
select private.enable_audit('public.deals', 'id', array['search_text', 'last_activity_at']);
insert into public.module_access (module, label, mode) values ('deals', 'Deals', 'own') on conflict do nothing;

-- Why a stage move is refused (the same sentences as core's dealMoveError), or null.
create or replace function private.deal_move_error(
  from_outcome text, to_outcome text, to_pipeline uuid, deal_pipeline uuid,
  deal_value numeric, has_lost_reason boolean, caller_is_admin boolean
) returns text
language sql immutable set search_path = '' as $$
  select case
    when to_pipeline is distinct from deal_pipeline then 'That stage belongs to another pipeline.'
    when from_outcome <> 'open' and to_outcome <> 'open' and from_outcome <> to_outcome then
      'Reopen the deal (move it to an open stage) before marking it ' || to_outcome || '.'
    when from_outcome <> 'open' and to_outcome = 'open' and not caller_is_admin then
      'A ' || from_outcome || ' deal is closed: only an admin can reopen it.'
    when to_outcome = 'won' and from_outcome <> 'won' and coalesce(deal_value, 0) <= 0 then
      'Enter the deal''s value before marking it won.'
    when to_outcome = 'lost' and not has_lost_reason then 'Choose why the deal was lost.'
    else null
  end
$$;
comment on function private.deal_move_error(text, text, uuid, uuid, numeric, boolean, boolean) is
  'The stage-move rules of core/deals/deal-rules.ts (dealMoveError), word for word.';

create or replace function private.guard_deal_stage() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  to_stage public.deal_stages;
  from_outcome text;
  api_caller boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  problem text;
begin
  select * into to_stage from public.deal_stages s where s.id = new.stage_id;
  if not found then
    raise exception 'That stage does not exist.' using errcode = 'P0001';
  end if;
  if tg_op = 'INSERT' then
    from_outcome := 'open';
    -- Through the API a deal starts open; seeds and imports (SQL) may load closed deals.
    if api_caller and to_stage.outcome <> 'open' then
      raise exception 'A new deal starts in an open stage.' using errcode = 'P0001';
    end if;
  else
    from_outcome := old.status;
  end if;
  if tg_op = 'INSERT' or new.stage_id is distinct from old.stage_id or new.pipeline_id is distinct from old.pipeline_id then
    problem := private.deal_move_error(from_outcome, to_stage.outcome, to_stage.pipeline_id, new.pipeline_id, new.value,
                                       new.lost_reason_id is not null, not api_caller or private.is_admin());
    if problem is not null then raise exception '%', problem using errcode = 'P0001'; end if;
    if tg_op = 'UPDATE' then
      new.stage_entered_at := now();
      new.last_activity_at := now();
    end if;
  elsif new.status = 'won' and coalesce(new.value, 0) <= 0 then
    raise exception 'A won deal keeps a value.' using errcode = 'P0001';
  end if;
  new.status := to_stage.outcome;
  if new.status = 'open' then
    new.closed_at := null;
  elsif tg_op = 'INSERT' or old.status <> new.status then
    new.closed_at := coalesce(case when tg_op = 'INSERT' then new.closed_at end, now());
  end if;
  if new.status <> 'lost' then
    new.lost_reason_id := null;
    new.lost_note := null;
  end if;
  new.title := btrim(new.title);
  return new;
end $$;
comment on function private.guard_deal_stage() is 'Checks every stage move (all callers) and keeps status, closed_at, stage_entered_at and the lost reason consistent with the stage.';
create trigger deals_guard_stage before insert or update on public.deals
  for each row execute function private.guard_deal_stage();

alter table public.deals enable row level security;
create policy "Staff read deals per access" on public.deals
  for select to authenticated using (
    (select private.access_scope('deals')) = 'all'
    or ((select private.access_scope('deals')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  );
create policy "Staff create deals they own" on public.deals
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
create policy "Staff edit deals per access" on public.deals
  for update to authenticated
  using (
    (select private.access_scope('deals')) = 'all'
    or ((select private.access_scope('deals')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins and owners delete deals" on public.deals
  for delete to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
revoke all on public.deals from anon;
-- status, closed_at, stage_entered_at and last_activity_at follow the stage and the timeline.
revoke update on public.deals from authenticated;
grant update (title, pipeline_id, stage_id, value, currency, expected_close_date, property_id, contact_id, commission_type,
  commission_rate, commission_amount, lost_reason_id, lost_note, notes, owner_id, assignee_id)
  on public.deals to authenticated;

-- ── Further contacts of a deal ───────────────────────────────────────────────────────────────
create table public.deal_contacts (
  deal_id uuid not null references public.deals (id) on delete cascade,
  contact_id uuid not null references public.contacts (id) on delete cascade,
  role text not null default 'other' check (role in ('buyer', 'seller', 'tenant', 'landlord', 'developer', 'lawyer', 'partner', 'other')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (deal_id, contact_id)
);
comment on table public.deal_contacts is 'Contacts of a deal besides its primary contact, with their role. Follows the deal''s access.';
create index deal_contacts_contact_idx on public.deal_contacts (contact_id);
create trigger deal_contacts_set_updated_at before update on public.deal_contacts
  for each row execute function private.set_updated_at();
select private.enable_audit('public.deal_contacts', 'deal_id');
alter table public.deal_contacts enable row level security;
create policy "Staff read contacts of deals they may see" on public.deal_contacts
  for select to authenticated using ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id));
create policy "Staff link contacts to deals they may edit" on public.deal_contacts
  for insert to authenticated with check (
    (select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id)
    and exists (select 1 from public.contacts c where c.id = contact_id)
  );
create policy "Staff change roles on deals they may edit" on public.deal_contacts
  for update to authenticated
  using ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id))
  with check ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id));
create policy "Staff unlink contacts from deals they may edit" on public.deal_contacts
  for delete to authenticated using ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id));
revoke all on public.deal_contacts from anon;

-- ── Commission splits ────────────────────────────────────────────────────────────────────────
-- Fixed shares come off the top; percentage shares divide what is left and add up to 100 %
-- (core/deals/commission.ts computes the amounts in pesewas, largest remainder).
create table public.deal_commission_splits (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  party text not null check (party in ('agent', 'house', 'co_broker')),
  user_id uuid references auth.users (id) on delete set null,
  partner_contact_id uuid references public.contacts (id) on delete restrict,
  share_type text not null check (share_type in ('percent', 'fixed')),
  share_percent numeric(6, 3) check (share_percent > 0 and share_percent <= 100),
  share_amount numeric(16, 2) check (share_amount > 0),
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint deal_commission_splits_share check (
    (share_type = 'percent' and share_percent is not null and share_amount is null)
    or (share_type = 'fixed' and share_amount is not null and share_percent is null)
  ),
  constraint deal_commission_splits_party check (
    (party = 'agent' and partner_contact_id is null)
    or (party = 'house' and user_id is null and partner_contact_id is null)
    or (party = 'co_broker' and user_id is null)
  )
);
comment on table public.deal_commission_splits is
  'Who shares a deal''s commission: agents (user_id), the house, co-broker partners (partner_contact_id). Saved as a whole by save_deal_commission().';
create index deal_commission_splits_deal_idx on public.deal_commission_splits (deal_id, position);
create index deal_commission_splits_user_idx on public.deal_commission_splits (user_id);
create index deal_commission_splits_partner_idx on public.deal_commission_splits (partner_contact_id);
create trigger deal_commission_splits_set_updated_at before update on public.deal_commission_splits
  for each row execute function private.set_updated_at();
select private.enable_audit('public.deal_commission_splits');
alter table public.deal_commission_splits enable row level security;
create policy "Staff read splits of deals they may see" on public.deal_commission_splits
  for select to authenticated using ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id));
create policy "Staff add splits to deals they may edit" on public.deal_commission_splits
  for insert to authenticated with check ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id));
create policy "Staff change splits of deals they may edit" on public.deal_commission_splits
  for update to authenticated
  using ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id))
  with check ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id));
create policy "Staff remove splits of deals they may edit" on public.deal_commission_splits
  for delete to authenticated using ((select private.is_staff_or_admin()) and exists (select 1 from public.deals d where d.id = deal_id));
revoke all on public.deal_commission_splits from anon;

-- Percentage shares of one deal never exceed 100 % (the RPC also asks for exactly 100 %).
create or replace function private.check_split_total() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (select coalesce(sum(share_percent), 0) from public.deal_commission_splits where deal_id = new.deal_id) > 100 then
    raise exception 'The percentage shares add up to more than 100 %%.' using errcode = 'P0001';
  end if;
  return null;
end $$;
create trigger deal_commission_splits_total after insert or update on public.deal_commission_splits
  for each row execute function private.check_split_total();

-- The commission of a deal in minor units (pesewas / cents), rounded half up (mirrors core).
create or replace function private.commission_minor(value numeric, commission_type text, rate numeric, amount numeric) returns bigint
language sql immutable set search_path = '' as $$
  select case commission_type
    when 'fixed' then round(coalesce(amount, 0) * 100)::bigint
    else round(round(coalesce(value, 0) * 100) * coalesce(rate, 0) / 100)::bigint
  end
$$;

-- Commission terms and splits in one transaction: the deal's type/rate/amount and the whole
-- list of splits (replacing the old one). Security invoker: the caller's RLS on the deal and
-- its splits applies. splits: [{party, user_id?, partner_contact_id?, share_type, share_percent?, share_amount?}]
create or replace function public.save_deal_commission(
  deal_id uuid, commission_type text, commission_rate numeric, commission_amount numeric, splits jsonb
) returns void
language plpgsql security invoker set search_path = '' as $$
declare
  d public.deals;
  total bigint;
  fixed_sum bigint;
  percent_sum numeric;
  n_percent int;
begin
  if not private.is_staff_or_admin() and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    raise exception 'You don''t have permission to change commissions.' using errcode = '42501';
  end if;
  if jsonb_typeof(coalesce(splits, '[]'::jsonb)) <> 'array' then
    raise exception 'splits must be a list.' using errcode = '22023';
  end if;
  update public.deals x
     set commission_type = save_deal_commission.commission_type,
         commission_rate = case when save_deal_commission.commission_type = 'percent' then save_deal_commission.commission_rate end,
         commission_amount = case when save_deal_commission.commission_type = 'fixed' then save_deal_commission.commission_amount end
   where x.id = save_deal_commission.deal_id
  returning * into d;
  if not found then
    raise exception 'That deal does not exist or you may not edit it.' using errcode = '42501';
  end if;
  total := private.commission_minor(d.value, d.commission_type, d.commission_rate, d.commission_amount);
  select coalesce(sum(round((s ->> 'share_amount')::numeric * 100)) filter (where s ->> 'share_type' = 'fixed'), 0),
         coalesce(sum((s ->> 'share_percent')::numeric) filter (where s ->> 'share_type' = 'percent'), 0),
         count(*) filter (where s ->> 'share_type' = 'percent')
    into fixed_sum, percent_sum, n_percent
    from jsonb_array_elements(coalesce(splits, '[]'::jsonb)) s;
  if fixed_sum > total then
    raise exception 'The fixed shares come to more than the commission.' using errcode = 'P0001';
  end if;
  if n_percent > 0 and percent_sum <> 100 then
    raise exception 'The percentage shares must add up to 100 %% (they add up to % %%).', rtrim(rtrim(to_char(percent_sum, 'FM999990.999'), '0'), '.') using errcode = 'P0001';
  end if;
  delete from public.deal_commission_splits x where x.deal_id = save_deal_commission.deal_id;
  insert into public.deal_commission_splits (deal_id, party, user_id, partner_contact_id, share_type, share_percent, share_amount, position)
  select save_deal_commission.deal_id, s ->> 'party', (s ->> 'user_id')::uuid, (s ->> 'partner_contact_id')::uuid, s ->> 'share_type',
         (s ->> 'share_percent')::numeric, (s ->> 'share_amount')::numeric, (o - 1)::smallint
    from jsonb_array_elements(coalesce(splits, '[]'::jsonb)) with ordinality as e(s, o);
end $$;
comment on function public.save_deal_commission(uuid, text, numeric, numeric, jsonb) is
  'Saves a deal''s commission terms and its splits together (fixed shares ≤ commission; percentage shares = 100 %).';
revoke all on function public.save_deal_commission(uuid, text, numeric, numeric, jsonb) from public, anon;
grant execute on function public.save_deal_commission(uuid, text, numeric, numeric, jsonb) to authenticated, service_role;

-- ── Timeline wiring ──────────────────────────────────────────────────────────────────────────
create or replace function private.after_contact_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.contacts c set last_activity_at = new.occurred_at
   where c.id = new.contact_id and (c.last_activity_at is null or c.last_activity_at < new.occurred_at);
  if new.record_table = 'deals' and private.is_hand_logged_activity(new.kind) then
    update public.deals d set last_activity_at = new.occurred_at
     where d.id = new.record_id and (d.last_activity_at is null or d.last_activity_at < new.occurred_at);
  end if;
  return null;
end $$;
create trigger contact_activities_after_insert after insert on public.contact_activities
  for each row execute function private.after_contact_activity();

-- Deals write their story on the primary contact's timeline: created, stage moves, won, lost.
create or replace function private.log_deal_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  stage_name text;
  reason text;
  money text;
begin
  if new.contact_id is null then return null; end if;
  select s.name into stage_name from public.deal_stages s where s.id = new.stage_id;
  money := new.currency || ' ' || to_char(new.value, 'FM999,999,999,990.00');
  if tg_op = 'INSERT' then
    perform private.log_contact_activity(new.contact_id, 'deal', 'Deal created: ' || new.title || ' (' || money || ')', 'deals', new.id, new.created_at);
  elsif new.stage_id is distinct from old.stage_id then
    if new.status = 'won' then
      perform private.log_contact_activity(new.contact_id, 'deal', 'Deal won: ' || new.title || ' (' || money || ')', 'deals', new.id);
    elsif new.status = 'lost' then
      select r.label into reason from public.deal_lost_reasons r where r.id = new.lost_reason_id;
      perform private.log_contact_activity(new.contact_id, 'deal', 'Deal lost: ' || new.title || ' — ' || coalesce(reason, 'no reason'), 'deals', new.id);
    else
      perform private.log_contact_activity(new.contact_id, 'deal', 'Deal moved to ' || stage_name || ': ' || new.title, 'deals', new.id);
    end if;
  elsif new.contact_id is distinct from old.contact_id then
    perform private.log_contact_activity(new.contact_id, 'deal', 'Linked to deal: ' || new.title, 'deals', new.id);
  end if;
  return null;
end $$;
create trigger deals_log_activity after insert or update of stage_id, contact_id on public.deals
  for each row execute function private.log_deal_activity();

-- ── USD → GHS at a date (the newest rate in effect on it) ───────────────────────────────────
create or replace function private.usd_ghs_rate_on(day date) returns numeric
language sql stable security definer set search_path = '' as $$
  select r.rate from public.exchange_rates r
   where r.base_currency = 'USD' and r.quote_currency = 'GHS' and r.effective_on <= day
   order by r.effective_on desc limit 1
$$;
comment on function private.usd_ghs_rate_on(date) is 'The USD→GHS rate in effect on a day (null before the first rate).';

-- ── Duplicate finder ─────────────────────────────────────────────────────────────────────────
-- Contacts the caller may see whose phone or e-mail (either slot) matches, normalised as the
-- table stores them. Security invoker: the contacts' own RLS decides; equality on the stored
-- columns is leakproof, so the indexes are used under RLS.
create or replace function public.contact_duplicates(phone text default null, email text default null)
returns setof public.contacts
language sql stable security invoker set search_path = '' as $$
  select c.* from public.contacts c
   where c.id in (
     select x.id from public.contacts x where x.phone = private.phone_e164(contact_duplicates.phone)
     union all select x.id from public.contacts x where x.alt_phone = private.phone_e164(contact_duplicates.phone)
     union all select x.id from public.contacts x where x.email = private.email_normal(contact_duplicates.email)
     union all select x.id from public.contacts x where x.alt_email = private.email_normal(contact_duplicates.email)
   )
   order by c.updated_at desc
   limit 20
$$;
comment on function public.contact_duplicates(text, text) is
  'Contacts the caller may see with the same phone (E.164, either slot) or e-mail (lower-cased, either slot): the de-duplication check on create and import.';
revoke all on function public.contact_duplicates(text, text) from public, anon;
grant execute on function public.contact_duplicates(text, text) to authenticated;

-- ── Search (command palette, list box) under RLS ─────────────────────────────────────────────
create or replace function public.search_contacts(term text)
returns setof public.contacts
language sql stable security invoker set search_path = '' as $$
  select c.* from public.contacts c where c.id = any (private.search_ids('contacts', term))
$$;
comment on function public.search_contacts(text) is
  'Contacts whose names, e-mails or phones (E.164 or 0XX…) contain the term, as the caller may see them; filter, order and page like the table.';
revoke all on function public.search_contacts(text) from public, anon;
grant execute on function public.search_contacts(text) to authenticated;

create or replace function public.search_deals(term text)
returns setof public.deals
language sql stable security invoker set search_path = '' as $$
  select d.* from public.deals d where d.id = any (private.search_ids('deals', term))
$$;
comment on function public.search_deals(text) is 'Deals whose title contains the term, as the caller may see them.';
revoke all on function public.search_deals(text) from public, anon;
grant execute on function public.search_deals(text) to authenticated;

-- ── Merge ────────────────────────────────────────────────────────────────────────────────────
-- Keeps `keep_id`, folds `merge_id` into it and deletes it — all or nothing:
--   • every foreign key to contacts(id) in the database (this module's and every other
--     module's) is re-pointed; a unique constraint that would make two rows collide refuses the
--     merge with the table's name (deal_contacts: the duplicate link is dropped, the keeper's
--     role stays);
--   • empty fields of the keeper take the other's values; tags are united; notes appended;
--     phones and e-mails fill the second slot — three different phones (or e-mails) would lose
--     one, so the merge is refused with the reason; the newer consent record wins;
--   • a 'merge' row on the timeline keeps the merged contact's fields as they were.
-- Security definer: it moves linked rows the caller may not see (they belong to the contact),
-- after checking the caller may edit BOTH contacts.
create or replace function private.merge_values(a text, b text, c text, d text) returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(array_agg(v order by o), '{}') from (
    select v, min(o) as o from unnest(array[a, b, c, d]) with ordinality as u(v, o) where v is not null group by v
  ) s
$$;

create or replace function public.merge_contacts(keep_id uuid, merge_id uuid) returns public.contacts
language plpgsql security definer set search_path = '' as $$
declare
  k public.contacts;
  m public.contacts;
  phones text[];
  emails text[];
  fk record;
  moved bigint;
  moves jsonb := '{}'::jsonb;
  result public.contacts;
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to merge contacts.' using errcode = '42501';
  end if;
  if keep_id is null or merge_id is null or keep_id = merge_id then
    raise exception 'Choose two different contacts to merge.' using errcode = 'P0001';
  end if;
  select * into k from public.contacts where id = keep_id for update;
  select * into m from public.contacts where id = merge_id for update;
  if k.id is null or m.id is null then
    raise exception 'One of the contacts no longer exists.' using errcode = 'P0001';
  end if;
  if coalesce(auth.role(), '') in ('anon', 'authenticated')
     -- coalesce: can_access_owned() is null (not false) for someone else's row without an assignee.
     and not coalesce(private.can_access_owned('contacts', k.owner_id, k.assignee_id) and private.can_access_owned('contacts', m.owner_id, m.assignee_id), false) then
    raise exception 'You may only merge contacts you can edit.' using errcode = '42501';
  end if;
  if k.anonymised_at is not null or m.anonymised_at is not null then
    raise exception 'An anonymised contact cannot be merged.' using errcode = 'P0001';
  end if;
  if k.kind <> m.kind then
    raise exception 'A person cannot be merged with a company.' using errcode = 'P0001';
  end if;
  phones := private.merge_values(k.phone, k.alt_phone, m.phone, m.alt_phone);
  if cardinality(phones) > 2 then
    raise exception 'These contacts have three different phone numbers (%) and a contact keeps two: remove one first, so no number is lost.', array_to_string(phones, ', ') using errcode = 'P0001';
  end if;
  emails := private.merge_values(k.email, k.alt_email, m.email, m.alt_email);
  if cardinality(emails) > 2 then
    raise exception 'These contacts have three different e-mail addresses (%) and a contact keeps two: remove one first, so no address is lost.', array_to_string(emails, ', ') using errcode = 'P0001';
  end if;

  -- Links first (while both rows exist): a duplicate deal link keeps the keeper's role.
  delete from public.deal_contacts dm
   where dm.contact_id = merge_id and exists (select 1 from public.deal_contacts dk where dk.deal_id = dm.deal_id and dk.contact_id = keep_id);
  for fk in
    select c.conrelid::regclass as tbl, cl.relname as table_name, a.attname as col
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_class cl on cl.oid = c.conrelid
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'public.contacts'::regclass and cardinality(c.conkey) = 1
     order by cl.relname, a.attname
  loop
    begin
      execute format('update %s set %I = $1 where %I = $2', fk.tbl, fk.col, fk.col) using keep_id, merge_id;
      get diagnostics moved = row_count;
    exception when unique_violation then
      raise exception 'These contacts cannot be merged: both have a record in % (%) that may exist only once per contact. Remove one of them first, so nothing is lost.', fk.table_name, fk.col using errcode = 'P0001';
    end;
    if moved > 0 then moves := moves || jsonb_build_object(fk.table_name || '.' || fk.col, moved); end if;
  end loop;

  update public.contacts x set
    first_name = coalesce(k.first_name, m.first_name),
    last_name = coalesce(k.last_name, m.last_name),
    company_name = coalesce(k.company_name, m.company_name),
    company_id = coalesce(k.company_id, nullif(m.company_id, keep_id)),
    job_title = coalesce(k.job_title, m.job_title),
    source = coalesce(k.source, m.source),
    tags = k.tags || m.tags,  -- the trigger drops repeats, keeping the first
    phone = phones[1],
    alt_phone = phones[2],
    email = emails[1],
    alt_email = emails[2],
    city = coalesce(k.city, m.city),
    neighbourhood = coalesce(k.neighbourhood, m.neighbourhood),
    address = coalesce(k.address, m.address),
    ghana_post_gps = coalesce(k.ghana_post_gps, m.ghana_post_gps),
    website = coalesce(k.website, m.website),
    industry = coalesce(k.industry, m.industry),
    tin = coalesce(k.tin, m.tin),
    notes = left(case when k.notes is not null and m.notes is not null and k.notes <> m.notes then k.notes || E'\n\n' || m.notes else coalesce(k.notes, m.notes) end, 10000),
    consent_status = case when coalesce(m.consent_at, '-infinity') > coalesce(k.consent_at, '-infinity') then m.consent_status else k.consent_status end,
    consent_source = case when coalesce(m.consent_at, '-infinity') > coalesce(k.consent_at, '-infinity') then m.consent_source else k.consent_source end,
    consent_note = case when coalesce(m.consent_at, '-infinity') > coalesce(k.consent_at, '-infinity') then m.consent_note else k.consent_note end,
    consent_at = greatest(k.consent_at, m.consent_at),
    marketing_consent = case when coalesce(m.marketing_consent_at, '-infinity') > coalesce(k.marketing_consent_at, '-infinity') then m.marketing_consent else k.marketing_consent end,
    marketing_consent_at = greatest(k.marketing_consent_at, m.marketing_consent_at),
    assignee_id = coalesce(k.assignee_id, m.assignee_id),
    last_activity_at = greatest(k.last_activity_at, m.last_activity_at)
   where x.id = keep_id;
  delete from public.contacts where id = merge_id;
  perform private.log_contact_activity(keep_id, 'merge', 'Merged with ' || coalesce(nullif(m.display_name, ''), 'a contact'), null, null, now(), null,
    jsonb_build_object('merged_contact', to_jsonb(m) - 'search_text', 'moved', moves));
  select * into result from public.contacts where id = keep_id;
  return result;
end $$;
comment on function public.merge_contacts(uuid, uuid) is
  'Folds merge_id into keep_id in one transaction: every linked record re-pointed, fields and tags combined, refused with the reason when something would be lost.';
revoke all on function public.merge_contacts(uuid, uuid) from public, anon;
grant execute on function public.merge_contacts(uuid, uuid) to authenticated, service_role;

-- ── Act 843: everything held about a contact ─────────────────────────────────────────────────
-- The contact row, its timeline, its deals (primary or linked), every row of every table that
-- links the contact by foreign key, the e-mails queued to its addresses and the history of the
-- contact row. For anyone who may read the contact; the export itself is logged on the timeline.
create or replace function public.export_contact(contact_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  c public.contacts;
  fk record;
  rows jsonb;
  linked jsonb := '{}'::jsonb;
  emails jsonb;
  history jsonb;
begin
  select * into c from public.contacts x where x.id = export_contact.contact_id;
  if c.id is null or (coalesce(auth.role(), '') in ('anon', 'authenticated') and not coalesce(private.can_access_owned('contacts', c.owner_id, c.assignee_id), false)) then
    raise exception 'That contact does not exist or you may not see it.' using errcode = '42501';
  end if;
  for fk in
    select c2.conrelid::regclass as tbl, cl.relname as table_name, a.attname as col
      from pg_catalog.pg_constraint c2
      join pg_catalog.pg_class cl on cl.oid = c2.conrelid
      join pg_catalog.pg_attribute a on a.attrelid = c2.conrelid and a.attnum = c2.conkey[1]
     where c2.contype = 'f' and c2.confrelid = 'public.contacts'::regclass and cardinality(c2.conkey) = 1
     order by cl.relname, a.attname
  loop
    execute format('select coalesce(jsonb_agg(to_jsonb(t) - ''search_text''), ''[]'') from %s t where %I = $1', fk.tbl, fk.col)
      into rows using c.id;
    if jsonb_array_length(rows) > 0 then
      linked := linked || jsonb_build_object(fk.table_name || '.' || fk.col, rows);
    end if;
  end loop;
  select coalesce(jsonb_agg(jsonb_build_object('to', e.to_address, 'subject', e.subject, 'status', e.status, 'queued_at', e.created_at, 'sent_at', e.sent_at) order by e.created_at), '[]')
    into emails from public.outgoing_emails e
   where lower(e.to_address) in (c.email, c.alt_email);
  select coalesce(jsonb_agg(jsonb_build_object('action', h.action, 'at', h.created_at, 'actor_id', h.actor_id, 'changes', h.changes) order by h.id), '[]')
    into history from public.audit_log h where h.table_name = 'contacts' and h.record_id = c.id;
  perform private.log_contact_activity(c.id, 'data_export', 'Everything held about this contact was exported (Act 843)');
  return jsonb_build_object(
    'exported_at', now(),
    'contact', to_jsonb(c) - 'search_text',
    'deals', (select coalesce(jsonb_agg(to_jsonb(d) - 'search_text' order by d.created_at), '[]') from public.deals d
               where d.contact_id = c.id or exists (select 1 from public.deal_contacts dc where dc.deal_id = d.id and dc.contact_id = c.id)),
    'linked_records', linked,
    'emails', emails,
    'history', history
  );
end $$;
comment on function public.export_contact(uuid) is 'Act 843 subject access: everything held about a contact as one JSON document (logged on its timeline).';
revoke all on function public.export_contact(uuid) from public, anon;
grant execute on function public.export_contact(uuid) to authenticated, service_role;

-- ── Act 843: anonymise on request ────────────────────────────────────────────────────────────
-- Admins only. Personal fields are cleared (the row stays, so deals, invoices and payments keep
-- their contact); timeline rows not about a record (notes, calls, merges, exports) are deleted;
-- bodies and details of the rest are cleared (their one-line summaries stay with the records);
-- one 'anonymised' row records who did it, when and why.
create or replace function public.anonymise_contact(contact_id uuid, reason text) returns public.contacts
language plpgsql security definer set search_path = '' as $$
declare
  c public.contacts;
  result public.contacts;
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not private.is_admin() then
    raise exception 'Only an admin can anonymise a contact.' using errcode = '42501';
  end if;
  if char_length(btrim(coalesce(reason, ''))) < 3 then
    raise exception 'Say why the contact is anonymised (e.g. "request by e-mail of 3 March").' using errcode = 'P0001';
  end if;
  select * into c from public.contacts x where x.id = anonymise_contact.contact_id for update;
  if c.id is null then raise exception 'That contact does not exist.' using errcode = 'P0001'; end if;
  if c.anonymised_at is not null then raise exception 'This contact is already anonymised.' using errcode = 'P0001'; end if;
  update public.contacts x set
    first_name = case when c.kind = 'person' then 'Anonymised' end,
    last_name = case when c.kind = 'person' then 'contact' end,
    company_name = case when c.kind = 'company' then 'Anonymised company' end,
    job_title = null, phone = null, alt_phone = null, email = null, alt_email = null,
    neighbourhood = null, address = null, ghana_post_gps = null, website = null, tin = null,
    notes = null, tags = '{}', consent_status = 'withdrawn', consent_source = 'other',
    consent_note = 'Personal data removed on request', marketing_consent = false,
    anonymised_at = now(), anonymised_by = auth.uid()
   where x.id = c.id;
  delete from public.contact_activities a where a.contact_id = c.id and (a.record_table is null or private.is_hand_logged_activity(a.kind));
  update public.contact_activities a set body = null, details = '{}'::jsonb where a.contact_id = c.id;
  perform private.log_contact_activity(c.id, 'anonymised', 'Personal data removed on request (Act 843)', null, null, now(), left(btrim(reason), 500));
  select * into result from public.contacts x where x.id = c.id;
  return result;
end $$;
comment on function public.anonymise_contact(uuid, text) is 'Act 843 erasure: clears a contact''s personal data and hand-logged timeline, keeps linked (financial) records; admins only; logged.';
revoke all on function public.anonymise_contact(uuid, text) from public, anon;
grant execute on function public.anonymise_contact(uuid, text) to authenticated, service_role;

-- E-mails on a contact's timeline come from the outbox queue (secret key only): this index lets
-- the contact page and the export find them by address.
create index if not exists outgoing_emails_to_address_idx on public.outgoing_emails (lower(to_address));

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
