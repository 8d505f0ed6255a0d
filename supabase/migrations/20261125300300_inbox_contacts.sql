-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Inboxes meet the CRM (issue 13 item 1): an inbox record is converted into a business contact
-- (de-duplicated on phone/e-mail with contact_duplicates, the CRM's check) or a deal, and what
-- happens with it is written on the contact's timeline (contact_activities, through
-- private.log_contact_activity — the CRM's contract):
--   • the submission itself, when the record is converted or linked;
--   • every e-mail sent from the inbox (replies, curated matches), whenever it is sent, on the
--     linked contact or, not yet linked, on the contact with that e-mail address.
-- contact_id / deal_id are plain foreign keys, so merge_contacts re-points them.
-- Tasks: no tasks table has landed yet, so "convert to task" is not offered here.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.contact_submissions
  add column contact_id uuid references public.contacts (id) on delete set null,
  add column deal_id uuid references public.deals (id) on delete set null;
alter table public.consultations
  add column contact_id uuid references public.contacts (id) on delete set null,
  add column deal_id uuid references public.deals (id) on delete set null;
alter table public.bookings
  add column contact_id uuid references public.contacts (id) on delete set null,
  add column deal_id uuid references public.deals (id) on delete set null;
alter table public.property_requests
  add column contact_id uuid references public.contacts (id) on delete set null,
  add column deal_id uuid references public.deals (id) on delete set null;
comment on column public.contact_submissions.contact_id is 'The business contact this message was converted into or linked to (convert_inbox_to_contact).';
comment on column public.consultations.contact_id is 'The business contact this consultation was converted into or linked to (convert_inbox_to_contact).';
comment on column public.bookings.contact_id is 'The business contact this viewing was converted into or linked to (convert_inbox_to_contact).';
comment on column public.property_requests.contact_id is 'The business contact this request was converted into or linked to (convert_inbox_to_contact).';
comment on column public.contact_submissions.deal_id is 'The deal opened from this message (convert_inbox_to_deal).';
comment on column public.consultations.deal_id is 'The deal opened from this consultation (convert_inbox_to_deal).';
comment on column public.bookings.deal_id is 'The deal opened from this viewing (convert_inbox_to_deal).';
comment on column public.property_requests.deal_id is 'The deal opened from this request (convert_inbox_to_deal).';
create index contact_submissions_contact_idx on public.contact_submissions (contact_id);
create index consultations_contact_idx on public.consultations (contact_id);
create index bookings_contact_idx on public.bookings (contact_id);
create index property_requests_contact_idx on public.property_requests (contact_id);
create index contact_submissions_deal_idx on public.contact_submissions (deal_id);
create index consultations_deal_idx on public.consultations (deal_id);
create index bookings_deal_idx on public.bookings (deal_id);
create index property_requests_deal_idx on public.property_requests (deal_id);
-- Set by the RPCs below only (they check who may convert) and by merge_contacts: a client's
-- own update (running as `authenticated`, not as a security-definer function) may not link.
create or replace function private.guard_inbox_links() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon')
     and (new.contact_id is distinct from old.contact_id or new.deal_id is distinct from old.deal_id) then
    raise exception 'Convert the record to link it to a contact or a deal.' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger contact_submissions_guard_links before update of contact_id, deal_id on public.contact_submissions for each row execute function private.guard_inbox_links();
create trigger consultations_guard_links before update of contact_id, deal_id on public.consultations for each row execute function private.guard_inbox_links();
create trigger bookings_guard_links before update of contact_id, deal_id on public.bookings for each row execute function private.guard_inbox_links();
create trigger property_requests_guard_links before update of contact_id, deal_id on public.property_requests for each row execute function private.guard_inbox_links();

-- The timeline kind of each inbox's submission.
create or replace function private.inbox_activity_kind(inbox text) returns text
language sql immutable set search_path = '' as $$
  select case inbox when 'contact_submissions' then 'form_submission' when 'consultations' then 'consultation'
                    when 'bookings' then 'viewing' else 'request' end
$$;

-- The contact an inbox record's e-mails belong to: the linked one, else the (newest) contact
-- with the record's e-mail address.
create or replace function private.inbox_contact_of(inbox text, record_id uuid) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  rec jsonb;
  wanted text;
begin
  if inbox not in ('consultations', 'bookings', 'contact_submissions', 'property_requests') then return null; end if;
  execute format('select to_jsonb(r) from public.%I r where r.id = $1', inbox) into rec using record_id;
  if rec is null then return null; end if;
  if rec ->> 'contact_id' is not null then return (rec ->> 'contact_id')::uuid; end if;
  wanted := private.email_normal(rec ->> 'email');
  return (select c.id from public.contacts c
           where c.anonymised_at is null and (c.email = wanted or c.alt_email = wanted)
           order by c.updated_at desc limit 1);
end $$;

-- Every e-mail sent from an inbox lands on the contact's timeline (once: dedup on the reply).
create or replace function private.log_inbox_reply() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.log_contact_activity(
    private.inbox_contact_of(new.record_table, new.record_id), 'email',
    case new.kind when 'matches' then 'Matching listings sent: ' else 'E-mail sent: ' end || new.subject,
    new.record_table, new.record_id, new.created_at, new.body,
    jsonb_build_object('to', new.to_address, 'inbox_reply_id', new.id),
    'inbox_replies/' || new.id, 'outbound');
  return null;
end $$;
comment on function private.log_inbox_reply() is 'Writes each e-mail sent from an inbox on the contact''s timeline (linked contact, else the one with that address).';
create trigger inbox_replies_log_activity after insert on public.inbox_replies
  for each row execute function private.log_inbox_reply();

-- Staff who may work the record (its record-level access), or an error.
create or replace function private.inbox_record_for_work(inbox text, record_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  rec jsonb;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff can convert inbox records' using errcode = '42501'; end if;
  if inbox not in ('consultations', 'bookings', 'contact_submissions', 'property_requests') then
    raise exception 'Unknown inbox "%"', inbox using errcode = '22023';
  end if;
  if not private.can_access_owned('inbox', null, private.inbox_record_assignee(inbox, record_id)) then
    raise exception 'You cannot work this record' using errcode = '42501';
  end if;
  execute format('select to_jsonb(r) from public.%I r where r.id = $1', inbox) into rec using record_id;
  if rec is null then raise exception 'No such record' using errcode = 'P0002'; end if;
  return rec;
end $$;

-- Converts an inbox record into a business contact, or links it to the contact that already
-- has its phone or e-mail (anyone's: one person is one contact company-wide). The submission
-- and the e-mails already sent go on the contact's timeline. Returns
-- {contact_id, created, visible}: visible says whether the caller may open that contact.
create or replace function public.convert_inbox_to_contact(inbox text, record_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  rec jsonb := private.inbox_record_for_work(inbox, record_id);
  phone text := private.phone_e164(rec ->> 'phone');
  email text := private.email_normal(rec ->> 'email');
  name text := btrim(rec ->> 'full_name');
  linked uuid := (rec ->> 'contact_id')::uuid;
  created boolean := false;
  reply record;
begin
  if linked is null then
    select c.id into linked from public.contact_duplicates(phone, email) c where c.anonymised_at is null limit 1;
  end if;
  if linked is null then
    insert into public.contacts (kind, first_name, last_name, type, stage, source, phone, email, city,
                                 consent_status, consent_source, consent_at, owner_id, assignee_id)
    values ('person',
            left(coalesce(nullif(split_part(name, ' ', 1), ''), 'Visitor'), 100),
            left(nullif(btrim(substr(name, char_length(split_part(name, ' ', 1)) + 1)), ''), 100),
            'lead', 'lead', 'website_form', phone, email,
            left((rec -> 'locations') ->> 0, 120),
            'given', 'website_form', coalesce((rec ->> 'consent_at')::timestamptz, now()),
            auth.uid(), coalesce((rec ->> 'assignee_id')::uuid, auth.uid()))
    returning id into linked;
    created := true;
  end if;
  execute format('update public.%I set contact_id = $1 where id = $2', inbox) using linked, record_id;
  perform private.log_contact_activity(
    linked, private.inbox_activity_kind(inbox),
    initcap(private.inbox_noun(inbox)) || ': ' || coalesce(private.inbox_summary(inbox, rec), name),
    inbox, record_id, (rec ->> 'created_at')::timestamptz,
    coalesce(rec ->> 'message', rec ->> 'notes'), jsonb_build_object('status', rec ->> 'status'),
    inbox || '/' || record_id || '/submitted', 'inbound');
  for reply in select r.* from public.inbox_replies r where r.record_table = inbox and r.record_id = convert_inbox_to_contact.record_id loop
    perform private.log_contact_activity(
      linked, 'email', case reply.kind when 'matches' then 'Matching listings sent: ' else 'E-mail sent: ' end || reply.subject,
      inbox, record_id, reply.created_at, reply.body, jsonb_build_object('to', reply.to_address, 'inbox_reply_id', reply.id),
      'inbox_replies/' || reply.id, 'outbound');
  end loop;
  return jsonb_build_object('contact_id', linked, 'created', created,
    'visible', private.can_access_owned('contacts', (select c.owner_id from public.contacts c where c.id = linked),
                                        (select c.assignee_id from public.contacts c where c.id = linked)));
end $$;
comment on function public.convert_inbox_to_contact(text, uuid) is
  'Makes the inbox record a business contact (or links the existing one with its phone/e-mail) and logs it on the timeline: {contact_id, created, visible}.';
revoke all on function public.convert_inbox_to_contact(text, uuid) from public, anon;
grant execute on function public.convert_inbox_to_contact(text, uuid) to authenticated;

-- Opens a deal from an inbox record (its contact first, as above): rentals go to the rental
-- pipeline, everything else to sales; the first open stage; value from the request's budget or
-- the viewed listing's price; the caller owns it, the record's assignee works it. One deal per
-- record: a second call returns the first. Returns {deal_id, contact_id, created}.
create or replace function public.convert_inbox_to_deal(inbox text, record_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  rec jsonb := private.inbox_record_for_work(inbox, record_id);
  contact jsonb;
  listing public.properties;
  pipeline uuid;
  stage uuid;
  deal uuid;
  value numeric := 0;
  currency text := 'GHS';
  deal_kind text;
  title text;
begin
  contact := public.convert_inbox_to_contact(inbox, record_id);
  if rec ->> 'deal_id' is not null and exists (select 1 from public.deals d where d.id = (rec ->> 'deal_id')::uuid) then
    return jsonb_build_object('deal_id', rec ->> 'deal_id', 'contact_id', contact ->> 'contact_id', 'created', false);
  end if;
  if rec ->> 'property_id' is not null then
    select p.* into listing from public.properties p where p.id = (rec ->> 'property_id')::uuid;
  end if;
  deal_kind := coalesce(rec ->> 'listing_type', listing.listing_type, 'sale');
  select p.id into pipeline from public.deal_pipelines p where p.key = case deal_kind when 'rent' then 'rental' else 'sale' end;
  select s.id into stage from public.deal_stages s where s.pipeline_id = pipeline and s.outcome = 'open' order by s.position limit 1;
  if inbox = 'property_requests' then
    value := coalesce((rec ->> 'budget_max')::numeric, 0);
    currency := coalesce(rec ->> 'currency', 'GHS');
  elsif listing.id is not null then
    value := coalesce(listing.price, 0);
    currency := coalesce(listing.currency, 'GHS');
  end if;
  title := left(btrim(rec ->> 'full_name') || ' — ' || coalesce(listing.title, private.inbox_summary(inbox, rec), private.inbox_noun(inbox)), 200);
  insert into public.deals (title, pipeline_id, stage_id, value, currency, property_id, contact_id, owner_id, assignee_id, notes)
  values (title, pipeline, stage, value, case when currency in ('GHS', 'USD') then currency else 'GHS' end, listing.id,
          (contact ->> 'contact_id')::uuid, auth.uid(), coalesce((rec ->> 'assignee_id')::uuid, auth.uid()),
          'Opened from ' || private.inbox_noun(inbox) || ' ' || record_id)
  returning id into deal;
  execute format('update public.%I set deal_id = $1 where id = $2', inbox) using deal, record_id;
  return jsonb_build_object('deal_id', deal, 'contact_id', contact ->> 'contact_id', 'created', true);
end $$;
comment on function public.convert_inbox_to_deal(text, uuid) is
  'Opens a deal (first open stage of the sale or rental pipeline) for the inbox record''s contact: {deal_id, contact_id, created}.';
revoke all on function public.convert_inbox_to_deal(text, uuid) from public, anon;
grant execute on function public.convert_inbox_to_deal(text, uuid) to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
