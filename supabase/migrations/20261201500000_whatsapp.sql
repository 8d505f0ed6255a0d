-- ════════════════════════════════════════════════════════════════════════════════════════════
-- WhatsApp Business as a messaging channel beside e-mail, on the WhatsApp Cloud API's model
-- (core/whatsapp/whatsapp.ts holds the same rules and shapes):
--   • contacts carry a WhatsApp opt-in with its source and date (Meta requires one before a
--     business writes first); numbers are stored in E.164 (contacts.phone already is);
--   • whatsapp_templates: the message templates approved at Meta (name, language, category,
--     body with numbered parameters {{1}}…); a message fills every parameter or is refused;
--   • whatsapp_messages: every message out and in. Outgoing ones wait here ('queued') for the
--     edge's deliver-whatsapp job (claim with a lease, send, record — claim_/complete_
--     whatsapp_messages), then follow the Cloud API's statuses (sent, delivered, read, failed)
--     from its signed webhook (receive_whatsapp_events). Incoming ones are matched to the
--     contact with that number (E.164): they go on the contact's timeline and notify its owner;
--     from an unknown number they become a new lead in the contact-submissions inbox.
--   • consultations and viewings record whether the visitor asked for WhatsApp updates.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── The opt-in on contacts ───────────────────────────────────────────────────────────────────
alter table public.contacts
  add column whatsapp_opt_in boolean not null default false,
  add column whatsapp_opt_in_source text check (whatsapp_opt_in_source in ('website_form', 'in_person', 'phone', 'whatsapp', 'email', 'import', 'other')),
  add column whatsapp_opt_in_at timestamptz;
comment on column public.contacts.whatsapp_opt_in is 'Agreed to receive WhatsApp messages from the company (Meta''s opt-in); STOP on WhatsApp withdraws it.';
comment on column public.contacts.whatsapp_opt_in_source is 'Where the WhatsApp opt-in (or its withdrawal) was given: website_form | in_person | phone | whatsapp | email | import | other.';
comment on column public.contacts.whatsapp_opt_in_at is 'When the WhatsApp opt-in was given or withdrawn (set by the trigger).';
grant update (whatsapp_opt_in, whatsapp_opt_in_source) on public.contacts to authenticated;

create or replace function private.date_whatsapp_opt_in() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if new.whatsapp_opt_in then new.whatsapp_opt_in_at := coalesce(new.whatsapp_opt_in_at, now()); end if;
  elsif new.whatsapp_opt_in is distinct from old.whatsapp_opt_in then
    new.whatsapp_opt_in_at := now();
  end if;
  if new.whatsapp_opt_in and new.whatsapp_opt_in_source is null then new.whatsapp_opt_in_source := 'other'; end if;
  return new;
end $$;
comment on function private.date_whatsapp_opt_in() is 'Dates a contact''s WhatsApp opt-in whenever it changes, whoever changes it.';
create trigger contacts_date_whatsapp_opt_in before insert or update of whatsapp_opt_in on public.contacts
  for each row execute function private.date_whatsapp_opt_in();

alter table public.consultations add column whatsapp_opt_in boolean not null default false;
alter table public.bookings add column whatsapp_opt_in boolean not null default false;
comment on column public.consultations.whatsapp_opt_in is 'The visitor asked for confirmations and reminders on WhatsApp when booking.';
comment on column public.bookings.whatsapp_opt_in is 'The visitor asked for confirmations and reminders on WhatsApp when booking.';

-- book_appointment as 20261125300100_inbox_availability.sql, keeping the visitor's WhatsApp opt-in.
create or replace function public.book_appointment(kind text, fields jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  et public.booking_event_types;
  start_at timestamptz;
  day date;
  only_host uuid;
  hosts uuid[];
  candidate uuid;
  new_id uuid;
  new_status text;
  opted_in boolean := coalesce((fields ->> 'whatsapp_opt_in')::boolean, false);
begin
  if kind not in ('consultation', 'viewing') then raise exception 'Unknown appointment kind "%"', kind using errcode = '22023'; end if;
  et := private.event_type_for(kind, fields ->> 'service');
  if et.id is null then raise exception 'Bookings of this kind are closed at the moment.' using errcode = '23P01'; end if;
  start_at := ((fields ->> 'preferred_date')::date + (fields ->> 'time_slot')::time) at time zone 'Africa/Accra';
  day := (start_at at time zone 'Africa/Accra')::date;
  if kind = 'viewing' and fields ? 'property_id' then only_host := private.viewing_host_for(et.id, (fields ->> 'property_id')::uuid); end if;
  select f.host_ids into hosts from private.free_slots(et.id, day, 1, only_host) f where f.starts_at = start_at;
  if hosts is null then raise exception 'That time is not free.' using errcode = '23P01'; end if;
  new_status := case et.confirmation when 'auto' then 'confirmed' else 'requested' end;

  for candidate in
    select h from unnest(hosts) h
     order by (select count(*) from public.consultations c where c.assignee_id = h and c.status in ('requested', 'confirmed') and (c.starts_at at time zone 'Africa/Accra')::date = day)
            + (select count(*) from public.bookings b where b.assignee_id = h and b.status in ('requested', 'confirmed') and (b.starts_at at time zone 'Africa/Accra')::date = day),
              h
  loop
    perform pg_advisory_xact_lock(hashtextextended('appointment-host:' || candidate::text, 0));
    -- Under the lock: is this host still free at that time (a racing booking may just have committed)?
    if exists (select 1 from private.free_slots(et.id, day, 1, candidate) f where f.starts_at = start_at) then
      if kind = 'consultation' then
        insert into public.consultations (service, meeting_mode, message, full_name, email, phone, consent_at, source_host, user_agent,
                                          starts_at, preferred_date, time_slot, status, assignee_id, event_type_id,
                                          duration_minutes, buffer_before_minutes, buffer_after_minutes, whatsapp_opt_in)
        values (fields ->> 'service', coalesce(fields ->> 'meeting_mode', 'in_person'), fields ->> 'message', fields ->> 'full_name',
                fields ->> 'email', fields ->> 'phone', (fields ->> 'consent_at')::timestamptz, fields ->> 'source_host', fields ->> 'user_agent',
                start_at, day, to_char(start_at at time zone 'Africa/Accra', 'HH24:MI'), new_status, candidate, et.id,
                et.duration_minutes, et.buffer_before_minutes, et.buffer_after_minutes, opted_in)
        returning id into new_id;
      else
        insert into public.bookings (property_id, property_slug, attendees, message, full_name, email, phone, consent_at, source_host, user_agent,
                                     starts_at, preferred_date, time_slot, status, assignee_id, event_type_id,
                                     duration_minutes, buffer_before_minutes, buffer_after_minutes, whatsapp_opt_in)
        values ((fields ->> 'property_id')::uuid, fields ->> 'property_slug', coalesce((fields ->> 'attendees')::smallint, 1), fields ->> 'message',
                fields ->> 'full_name', fields ->> 'email', fields ->> 'phone', (fields ->> 'consent_at')::timestamptz, fields ->> 'source_host',
                fields ->> 'user_agent', start_at, day, to_char(start_at at time zone 'Africa/Accra', 'HH24:MI'), new_status, candidate, et.id,
                et.duration_minutes, et.buffer_before_minutes, et.buffer_after_minutes, opted_in)
        returning id into new_id;
      end if;
      return jsonb_build_object('id', new_id, 'status', new_status, 'starts_at', start_at,
                                'ends_at', start_at + make_interval(mins => et.duration_minutes), 'host_id', candidate);
    end if;
  end loop;
  raise exception 'That time was just booked.' using errcode = '23P01';
end $$;
comment on function public.book_appointment(text, jsonb) is 'Edge worker (secret key): books a consultation or viewing at a free time with a free host (keeping the visitor''s WhatsApp opt-in), or raises 23P01.';
revoke all on function public.book_appointment(text, jsonb) from public, anon, authenticated;
grant execute on function public.book_appointment(text, jsonb) to service_role;

-- ── Templates ────────────────────────────────────────────────────────────────────────────────
-- The highest {{n}} of a body (Meta numbers parameters 1…n): core/whatsapp templateParamCount.
create or replace function private.template_param_count(body text) returns smallint
language sql immutable set search_path = '' as $$
  select coalesce(max(m[1]::int), 0)::smallint from regexp_matches(coalesce(body, ''), '[{][{]\s*([0-9]+)\s*[}][}]', 'g') as m
$$;

create table public.whatsapp_templates (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '^[a-z0-9_]+$' and char_length(name) <= 512),
  language text not null default 'en' check (language ~ '^[a-z]{2,3}(_[A-Z]{2})?$'),
  category text not null check (category in ('utility', 'marketing', 'authentication')),
  body text not null check (char_length(body) between 1 and 1024),
  param_count smallint not null default 0,
  description text check (char_length(description) <= 500),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (name, language)
);
comment on table public.whatsapp_templates is
  'WhatsApp message templates as approved at Meta (WhatsApp Manager): name + language, category (utility | marketing | authentication), body with {{1}}… parameters. Register each at Meta first, then add it here with the same name, language and body; admins maintain the list.';
comment on column public.whatsapp_templates.param_count is 'How many parameters the body takes (its highest {{n}}), set by the trigger.';
create trigger whatsapp_templates_set_updated_at before update on public.whatsapp_templates
  for each row execute function private.set_updated_at();
create or replace function private.count_template_params() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.param_count := private.template_param_count(new.body);
  return new;
end $$;
create trigger whatsapp_templates_count_params before insert or update of body on public.whatsapp_templates
  for each row execute function private.count_template_params();
select private.enable_audit('public.whatsapp_templates');

alter table public.whatsapp_templates enable row level security;
create policy "Staff read WhatsApp templates" on public.whatsapp_templates
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add WhatsApp templates" on public.whatsapp_templates
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit WhatsApp templates" on public.whatsapp_templates
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove WhatsApp templates" on public.whatsapp_templates
  for delete to authenticated using ((select private.is_admin()));
revoke all on public.whatsapp_templates from anon;
revoke update on public.whatsapp_templates from authenticated;
grant update (name, language, category, body, description, is_active) on public.whatsapp_templates to authenticated;

insert into public.whatsapp_templates (name, language, category, body, description) values
  ('consultation_confirmation', 'en', 'utility',
   'Hello {{1}}, your {{2}} consultation with Ghana Realty is booked for {{3}} (Accra time). Reply here if you have a question.',
   'Sent when a consultation is booked: first name, service, date and time.'),
  ('appointment_reminder', 'en', 'utility',
   'Reminder: {{1}}, your {{2}} with Ghana Realty is on {{3}} (Accra time). To change the time: {{4}}',
   'The day before an appointment: first name, what (consultation/viewing), date and time, manage link.'),
  ('appointment_rescheduled', 'en', 'utility',
   '{{1}}, your {{2}} with Ghana Realty is now on {{3}} (Accra time). Manage it here: {{4}}',
   'After a move: first name, what, new date and time, manage link.'),
  ('invoice_link', 'en', 'utility',
   'Hello {{1}}, invoice {{2}} from Ghana Realty for {{3}} is ready. View and pay it here: {{4}}',
   'An issued invoice: first name, number, amount due, public link.'),
  ('receipt_link', 'en', 'utility',
   'Thank you {{1}}: we received your payment for invoice {{2}}. Your receipt: {{3}}',
   'A payment received: first name, invoice number, receipt link.'),
  ('payment_reminder', 'en', 'utility',
   'Hello {{1}}, invoice {{2}} for {{3}} is overdue. You can pay by mobile money or card here: {{4}}',
   'An overdue invoice: first name, number, amount due, public link.'),
  ('follow_up_check_in', 'en', 'marketing',
   'Hello {{1}}, this is {{2}} from Ghana Realty. Are you still looking for a property? Reply YES and I will send you new listings that fit.',
   'A marketing check-in: first name, the agent''s name (needs marketing consent).');

-- ── Messages ─────────────────────────────────────────────────────────────────────────────────
create table public.whatsapp_messages (
  id uuid primary key default gen_random_uuid(),
  contact_id uuid references public.contacts (id) on delete set null,
  direction text not null check (direction in ('outbound', 'inbound')),
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'received')),
  -- The contact's number in E.164: the recipient of an outgoing message, the sender of an incoming one.
  phone text not null check (phone ~ '^\+[1-9][0-9]{7,14}$'),
  template text check (template ~ '^[a-z0-9_]+$' and char_length(template) <= 512),
  language text check (language ~ '^[a-z]{2,3}(_[A-Z]{2})?$'),
  parameters jsonb not null default '[]'::jsonb check (jsonb_typeof(parameters) = 'array' and jsonb_array_length(parameters) <= 20),
  body text not null check (char_length(body) between 1 and 4096),
  purpose text check (purpose in ('transactional', 'marketing')),
  wa_message_id text unique check (char_length(wa_message_id) <= 200),
  dedup_key text unique check (char_length(dedup_key) between 1 and 200),
  attempts smallint not null default 0,
  lease_until timestamptz,
  not_before timestamptz not null default now(),
  error text check (char_length(error) <= 1000),
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  failed_at timestamptz,
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint whatsapp_messages_outbound_template check (direction = 'inbound' or (template is not null and language is not null and purpose is not null)),
  constraint whatsapp_messages_status_direction check ((direction = 'inbound') = (status = 'received'))
);
comment on table public.whatsapp_messages is
  'WhatsApp messages out (templates, queued for the edge''s deliver-whatsapp job, then the Cloud API''s statuses) and in (from the webhook, matched to the contact by E.164 number). Readable by whoever may read the contact.';
comment on column public.whatsapp_messages.status is 'queued → sending → sent → delivered → read, or failed (outgoing); received (incoming).';
comment on column public.whatsapp_messages.wa_message_id is 'The Cloud API''s message id (wamid…): statuses find their message by it; an incoming message is stored once per id.';
comment on column public.whatsapp_messages.dedup_key is 'One logical message, e.g. ''action-plan/<run>/<pass>/<step>'': unique, so a producer that runs twice queues it once.';
comment on column public.whatsapp_messages.attempts is 'Send attempts, counted when the delivery job claims the row; failed after 5.';
create index whatsapp_messages_contact_idx on public.whatsapp_messages (contact_id, created_at desc);
create index whatsapp_messages_due_idx on public.whatsapp_messages (not_before) where status in ('queued', 'sending');
create index whatsapp_messages_created_by_idx on public.whatsapp_messages (created_by);
create index whatsapp_messages_unmatched_idx on public.whatsapp_messages (created_at desc) where contact_id is null;
create trigger whatsapp_messages_set_updated_at before update on public.whatsapp_messages
  for each row execute function private.set_updated_at();

-- Why a WhatsApp message may not go to this contact, in core's words (plan-rules messageRefusal), or null.
create or replace function private.whatsapp_refusal(c public.contacts, purpose text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when c.id is null then 'the contact does not exist'
    when c.anonymised_at is not null then 'the contact was anonymised'
    when c.consent_status = 'withdrawn' then 'the contact withdrew consent (Act 843)'
    when c.phone is null then 'the contact has no valid WhatsApp number'
    when not c.whatsapp_opt_in then 'the contact has not opted in to WhatsApp messages'
    when purpose = 'marketing' and not c.marketing_consent then 'marketing needs the contact''s marketing consent'
    else null
  end
$$;

-- Outgoing messages are checked whoever queues them: an approved template with exactly its
-- parameters, the contact's own number in valid E.164, the contact's opt-in (and marketing consent for marketing
-- templates). The body is the template with its parameters filled in. Clients queue; only the
-- delivery job and the webhook move a message on.
-- Security invoker: `current_user` tells a client's own insert (authenticated, under its RLS)
-- from the secret key's and the database functions' (which queue as themselves).
create or replace function private.prepare_whatsapp_message() returns trigger
language plpgsql set search_path = '' as $$
declare
  t public.whatsapp_templates;
  c public.contacts;
  params text[];
  problem text;
  rendered text;
  i int;
begin
  if new.direction = 'inbound' then return new; end if;
  if current_user in ('authenticated', 'anon') then
    new.status := 'queued';
    new.attempts := 0;
    new.wa_message_id := null;
    new.lease_until := null;
    new.sent_at := null;
    new.delivered_at := null;
    new.read_at := null;
    new.failed_at := null;
    new.not_before := greatest(new.not_before, now());
  end if;
  select * into t from public.whatsapp_templates x where x.name = new.template and x.language = coalesce(new.language, 'en');
  if t.id is null or not t.is_active then
    raise exception '"%" (%) is not an approved template.', new.template, coalesce(new.language, 'en') using errcode = '22023';
  end if;
  new.language := t.language;
  if jsonb_typeof(new.parameters) <> 'array' then raise exception 'parameters must be a list.' using errcode = '22023'; end if;
  select coalesce(array_agg(p order by o), '{}') into params from jsonb_array_elements_text(new.parameters) with ordinality as e(p, o);
  if cardinality(params) <> t.param_count then
    raise exception 'The template "%" takes % parameter%; % % given.', t.name, t.param_count, case when t.param_count = 1 then '' else 's' end,
      cardinality(params), case when cardinality(params) = 1 then 'was' else 'were' end using errcode = '22023';
  end if;
  for i in 1 .. cardinality(params) loop
    if btrim(params[i]) = '' then raise exception 'Parameter {{%}} of "%" is empty.', i, t.name using errcode = '22023'; end if;
  end loop;
  new.purpose := case when t.category = 'marketing' then 'marketing' else coalesce(new.purpose, 'transactional') end;
  -- Always the contact's own number (stored in E.164): a client never picks where a message goes.
  select * into c from public.contacts x where x.id = new.contact_id;
  if c.id is null then raise exception 'Not sent on WhatsApp: choose a contact.' using errcode = 'P0001'; end if;
  new.phone := private.phone_e164(c.phone);
  if new.phone is null then
    raise exception 'The WhatsApp number is not valid: it must be an E.164 number like +233241234567.' using errcode = '22023';
  end if;
  problem := private.whatsapp_refusal(c, new.purpose);
  if problem is not null then
    raise exception 'Not sent on WhatsApp: %.', problem using errcode = 'P0001';
  end if;
  rendered := t.body;
  for i in 1 .. cardinality(params) loop
    rendered := regexp_replace(rendered, '[{][{]\s*' || i || '\s*[}][}]', replace(params[i], '\', '\\'), 'g');
  end loop;
  new.body := left(rendered, 4096);
  new.template := t.name;
  return new;
end $$;
comment on function private.prepare_whatsapp_message() is
  'Outgoing WhatsApp messages: approved template with exactly its parameters, E.164 number, the contact''s opt-in and (marketing) consent; renders the body.';
create trigger whatsapp_messages_prepare before insert on public.whatsapp_messages
  for each row execute function private.prepare_whatsapp_message();

alter table public.whatsapp_messages enable row level security;
create policy "Staff read WhatsApp messages of contacts they may see" on public.whatsapp_messages
  for select to authenticated using (
    (select private.is_staff_or_admin()) and (
      (contact_id is not null and exists (select 1 from public.contacts c where c.id = contact_id))
      or (contact_id is null and (select private.is_admin())))
  );
create policy "Staff queue WhatsApp templates to contacts they may see, as themselves" on public.whatsapp_messages
  for insert to authenticated with check (
    (select private.is_staff_or_admin()) and direction = 'outbound' and created_by = (select auth.uid()) and dedup_key is null
    and exists (select 1 from public.contacts c where c.id = contact_id)
  );
create policy "Admins delete WhatsApp messages" on public.whatsapp_messages
  for delete to authenticated using ((select private.is_admin()));
revoke all on public.whatsapp_messages from anon;
revoke update on public.whatsapp_messages from authenticated;
-- Bodies are personal data the audit log could never give back: left out of history.
select private.enable_audit('public.whatsapp_messages', 'id', array['body', 'parameters', 'phone']);

-- ── On the timeline, and to the owner ────────────────────────────────────────────────────────
-- Outgoing: once sent (and if it fails). Incoming: on the contact's timeline (direction inbound:
-- running action plans pause, …_action_plans.sql), the owner and assignee notified; STOP withdraws
-- the opt-in.
create or replace function private.whatsapp_message_on_timeline() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  c public.contacts;
  recipient uuid;
begin
  if new.contact_id is null then return null; end if;
  if new.direction = 'inbound' then
    select * into c from public.contacts x where x.id = new.contact_id;
    perform private.log_contact_activity(new.contact_id, 'whatsapp', left('WhatsApp received: ' || new.body, 300), 'whatsapp_messages', new.id,
      new.created_at, new.body, jsonb_build_object('wa_message_id', new.wa_message_id), 'whatsapp_messages/' || new.id, 'inbound');
    for recipient in select distinct u from unnest(array[c.assignee_id, c.owner_id]) u where u is not null loop
      perform private.notify(recipient, 'contact_whatsapp', left('WhatsApp from ' || coalesce(nullif(c.display_name, ''), new.phone), 200),
        left(new.body, 1000), '/business-contacts/' || c.id, 'contacts', c.id, null);
    end loop;
    if new.body ~* '^\s*(stop|unsubscribe|stop all|opt out)\s*[.!]?\s*$' and c.whatsapp_opt_in then
      update public.contacts x set whatsapp_opt_in = false, whatsapp_opt_in_source = 'whatsapp' where x.id = c.id;
    end if;
  elsif tg_op = 'UPDATE' and new.status is distinct from old.status then
    if new.status = 'sent' and old.status in ('queued', 'sending') then
      perform private.log_contact_activity(new.contact_id, 'whatsapp', left('WhatsApp sent: ' || new.body, 300), 'whatsapp_messages', new.id,
        coalesce(new.sent_at, now()), new.body, jsonb_build_object('template', new.template, 'wa_message_id', new.wa_message_id),
        'whatsapp_messages/' || new.id || '/sent', 'outbound');
    elsif new.status = 'failed' then
      perform private.log_contact_activity(new.contact_id, 'whatsapp', left('WhatsApp not delivered (' || new.template || '): ' || coalesce(new.error, 'failed'), 300),
        'whatsapp_messages', new.id, now(), null, jsonb_build_object('template', new.template, 'error', new.error),
        'whatsapp_messages/' || new.id || '/failed', null);
    end if;
  end if;
  return null;
end $$;
comment on function private.whatsapp_message_on_timeline() is
  'WhatsApp on the contact''s timeline: incoming messages (notifying the owner; STOP withdraws the opt-in), outgoing ones when sent or failed.';
create trigger whatsapp_messages_on_timeline after insert or update of status on public.whatsapp_messages
  for each row execute function private.whatsapp_message_on_timeline();

-- ── The delivery job (edge worker, secret key) ───────────────────────────────────────────────
-- Claims due messages (queued, or sending with an expired lease: a run that died mid-send) for
-- lease_seconds, counting an attempt. A message whose status webhook arrived meanwhile is no
-- longer 'sending' and is never claimed again: the Cloud API has no idempotency key, so the
-- lease must outlast its 'sent' webhook (seconds) before a message in doubt goes out again.
create or replace function public.claim_whatsapp_messages(batch_size integer default 20, lease_seconds integer default 120)
returns table (id uuid, phone text, template text, language text, parameters jsonb, attempts smallint)
language sql security definer set search_path = '' as $$
  with stranded as (
    update public.whatsapp_messages s
       set status = 'failed', failed_at = now(), lease_until = null,
           error = left('The delivery run of the last attempt did not finish (its lease expired)' || coalesce('; before that: ' || s.error, ''), 1000)
     where s.status = 'sending' and s.lease_until < now() and s.attempts >= 5
  )
  update public.whatsapp_messages m
     set status = 'sending', attempts = m.attempts + 1,
         lease_until = now() + make_interval(secs => least(greatest(lease_seconds, 5), 3600))
   where m.id in (
     select q.id from public.whatsapp_messages q
      where q.not_before <= now()
        and (q.status = 'queued' or (q.status = 'sending' and q.lease_until < now()))
        and q.attempts < 5
      order by q.not_before, q.created_at
      limit least(greatest(batch_size, 1), 200)
      for update skip locked
   )
  returning m.id, m.phone, m.template, m.language, m.parameters, m.attempts
$$;
comment on function public.claim_whatsapp_messages(integer, integer) is
  'Delivery job (secret key): claims up to batch_size due outgoing WhatsApp messages for lease_seconds (5–3600), counting an attempt; rows stranded on their 5th attempt fail.';

-- results: [{id, claimed_attempt, wa_message_id?, error?, retry_after_seconds?, permanent?}] →
-- each id with its status now (null: the report no longer applies — another run holds the row).
create or replace function public.complete_whatsapp_messages(results jsonb)
returns table (id uuid, status text)
language plpgsql security definer set search_path = '' as $$
declare
  r record;
  now_status text;
begin
  for r in select * from jsonb_to_recordset(results) as x(id uuid, claimed_attempt integer, wa_message_id text, error text,
                                                        retry_after_seconds integer, permanent boolean) loop
    if r.wa_message_id is not null then
      -- Accepted by the Cloud API. Its 'sent' webhook may have been first: keep the later status.
      update public.whatsapp_messages m
         set status = case when m.status in ('queued', 'sending') then 'sent' else m.status end,
             wa_message_id = coalesce(m.wa_message_id, r.wa_message_id),
             sent_at = coalesce(m.sent_at, now()), lease_until = null, error = null
       where m.id = r.id and m.direction = 'outbound'
         and (m.status not in ('queued', 'sending') or m.attempts = r.claimed_attempt)
      returning m.status into now_status;
    else
      update public.whatsapp_messages m
         set status = case
                        when coalesce(r.permanent, false) or (r.retry_after_seconds is null and m.attempts >= 5) then 'failed'
                        else 'queued'
                      end,
             failed_at = case when coalesce(r.permanent, false) or (r.retry_after_seconds is null and m.attempts >= 5) then now() end,
             attempts = case when not coalesce(r.permanent, false) and r.retry_after_seconds is not null
                             then greatest(m.attempts - 1, 0) else m.attempts end,
             not_before = case
                            when r.retry_after_seconds is not null then now() + make_interval(secs => least(greatest(r.retry_after_seconds, 1), 86400))
                            else now() + make_interval(mins => power(2, greatest(m.attempts, 1) - 1)::int)
                          end,
             lease_until = null,
             error = left(r.error, 1000)
       where m.id = r.id and m.status = 'sending' and m.attempts = r.claimed_attempt
      returning m.status into now_status;
    end if;
    id := r.id;
    status := now_status;
    now_status := null;
    return next;
  end loop;
end $$;
comment on function public.complete_whatsapp_messages(jsonb) is
  'Delivery job (secret key): records each send''s outcome (accepted with its wamid; a retry with back-off; failed after 5 attempts or when refused for good).';
revoke all on function public.claim_whatsapp_messages(integer, integer) from public, anon, authenticated;
revoke all on function public.complete_whatsapp_messages(jsonb) from public, anon, authenticated;
grant execute on function public.claim_whatsapp_messages(integer, integer) to service_role;
grant execute on function public.complete_whatsapp_messages(jsonb) to service_role;

-- ── The webhook (edge worker, secret key, after the signature was checked) ────────────────────
-- Each verified body once: a replayed delivery (the same bytes) changes nothing.
create table private.whatsapp_webhook_deliveries (
  body_sha256 text primary key check (body_sha256 ~ '^[0-9a-f]{64}$'),
  events integer not null,
  received_at timestamptz not null default now()
);
comment on table private.whatsapp_webhook_deliveries is 'Fingerprints of the WhatsApp webhook bodies already handled (replays are refused).';

-- WhatsApp messages from unknown numbers land in the contact-submissions inbox, which had no
-- place for a message without an e-mail address.
alter table public.contact_submissions alter column email drop not null;
alter table public.contact_submissions add constraint contact_submissions_reachable check (email is not null or phone is not null);
alter table public.contact_submissions drop column search_text;
alter table public.contact_submissions add column search_text text generated always as (
  lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(subject, '') || ' ' || left(message, 500))) stored;
create index contact_submissions_search_idx on public.contact_submissions using gin (search_text extensions.gin_trgm_ops);
comment on column public.contact_submissions.email is 'The visitor''s e-mail (forms always give one; a WhatsApp message from an unknown number has only its phone).';

-- The status rank a webhook may only raise (failed ends anything not yet delivered).
create or replace function private.whatsapp_status_applies(current_status text, next_status text) returns boolean
language sql immutable set search_path = '' as $$
  select case next_status
    when 'sent' then current_status in ('queued', 'sending')
    when 'delivered' then current_status in ('queued', 'sending', 'sent')
    when 'read' then current_status in ('queued', 'sending', 'sent', 'delivered')
    when 'failed' then current_status in ('queued', 'sending', 'sent')
    else false
  end
$$;

-- events: [{type: status, wa_message_id, status, at, reference, error} | {type: message,
-- wa_message_id, from, name, body, at}] (core/whatsapp webhookEvents). Returns {outcome:
-- processed | duplicate, statuses, received, new_leads, pokes: [{userId, notificationId, kind}],
-- leads: [submission ids], contacts: [ids of the contacts who wrote]}.
create or replace function public.receive_whatsapp_events(body_sha256 text, events jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  e jsonb;
  m public.whatsapp_messages;
  who uuid;
  sender text;
  msg_id uuid;
  lead uuid;
  statuses int := 0;
  received int := 0;
  leads uuid[] := '{}';
  contacts uuid[] := '{}';
  pokes jsonb;
begin
  if jsonb_typeof(events) <> 'array' then raise exception 'events must be a list' using errcode = '22023'; end if;
  insert into private.whatsapp_webhook_deliveries (body_sha256, events) values (lower(receive_whatsapp_events.body_sha256), jsonb_array_length(events))
  on conflict do nothing;
  if not found then return jsonb_build_object('outcome', 'duplicate'); end if;

  for e in select x from jsonb_array_elements(events) x loop
    if e ->> 'type' = 'status' then
      select * into m from public.whatsapp_messages x
       where x.direction = 'outbound'
         and (x.wa_message_id = e ->> 'wa_message_id'
              or (x.wa_message_id is null and e ->> 'reference' ~ '^[0-9a-f-]{36}$' and x.id = (e ->> 'reference')::uuid))
       order by (x.wa_message_id = e ->> 'wa_message_id') desc nulls last
       limit 1 for update;
      if m.id is not null and private.whatsapp_status_applies(m.status, e ->> 'status') then
        update public.whatsapp_messages x set
          status = e ->> 'status',
          wa_message_id = coalesce(x.wa_message_id, e ->> 'wa_message_id'),
          sent_at = coalesce(x.sent_at, (e ->> 'at')::timestamptz),
          delivered_at = case when e ->> 'status' in ('delivered', 'read') then coalesce(x.delivered_at, (e ->> 'at')::timestamptz) else x.delivered_at end,
          read_at = case when e ->> 'status' = 'read' then (e ->> 'at')::timestamptz else x.read_at end,
          failed_at = case when e ->> 'status' = 'failed' then (e ->> 'at')::timestamptz else x.failed_at end,
          error = case when e ->> 'status' = 'failed' then left(coalesce(e ->> 'error', 'failed'), 1000) else x.error end,
          lease_until = null
         where x.id = m.id;
        statuses := statuses + 1;
      end if;
      m := null;
    elsif e ->> 'type' = 'message' then
      sender := private.phone_e164(e ->> 'from');
      if sender is null then continue; end if;
      select c.id into who from public.contacts c
       where c.anonymised_at is null and (c.phone = sender or c.alt_phone = sender)
       order by c.updated_at desc limit 1;
      insert into public.whatsapp_messages (contact_id, direction, status, phone, body, wa_message_id, created_at, created_by)
      values (who, 'inbound', 'received', sender, left(coalesce(nullif(e ->> 'body', ''), '(empty message)'), 4096), e ->> 'wa_message_id',
              coalesce((e ->> 'at')::timestamptz, now()), null)
      on conflict (wa_message_id) do nothing
      returning id into msg_id;
      if msg_id is null then continue; end if;  -- the same message in another delivery: stored once
      received := received + 1;
      if who is not null then
        contacts := contacts || who;
      else
        insert into public.contact_submissions (full_name, email, phone, subject, message, consent_at, status, source_host)
        values (left(coalesce(nullif(btrim(e ->> 'name'), ''), 'WhatsApp ' || sender), 120), null, sender, 'WhatsApp message',
                left(coalesce(nullif(e ->> 'body', ''), '(empty message)'), 5000), now(), 'new', 'whatsapp')
        returning id into lead;
        leads := leads || lead;
      end if;
      msg_id := null;
      who := null;
    end if;
  end loop;

  select coalesce(jsonb_agg(jsonb_build_object('userId', n.user_id, 'notificationId', n.id, 'kind', n.kind)), '[]') into pokes
    from public.profiles p
    join public.notifications n on n.user_id = p.user_id and n.created_at = now()  -- this transaction's (notifications_inbox_idx)
   where p.role in ('admin', 'staff')
     and ((n.record_table = 'contacts' and n.record_id = any (contacts)) or (n.record_table = 'contact_submissions' and n.record_id = any (leads)));
  return jsonb_build_object('outcome', 'processed', 'statuses', statuses, 'received', received,
                            'new_leads', cardinality(leads), 'leads', to_jsonb(leads), 'pokes', pokes,
                            'contacts', to_jsonb(array(select distinct u from unnest(contacts) u)));
end $$;
comment on function public.receive_whatsapp_events(text, jsonb) is
  'Webhook (secret key, signature checked by the edge): applies delivery statuses (never backwards), stores incoming messages once each on their contact (by E.164 number) or as a new contact-submissions lead; a replayed body changes nothing.';
revoke all on function public.receive_whatsapp_events(text, jsonb) from public, anon, authenticated;
grant execute on function public.receive_whatsapp_events(text, jsonb) to service_role;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
