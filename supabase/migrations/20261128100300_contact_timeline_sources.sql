-- ════════════════════════════════════════════════════════════════════════════════════════════
-- The contact timeline as records land (issue 12 item 1): viewings, consultations, messages
-- and property requests from the public site, and invoices, are written on the contact's
-- timeline (contact_activities) by the database when they arrive or change — on the contact
-- they are linked to, else the contact with the same e-mail address or phone number (E.164),
-- newest first, never an anonymised one. Tasks write themselves (20261128100000).
--   • inbox records: when submitted (dedup '<inbox>/<id>/submitted', the same key
--     convert_inbox_to_contact uses, so a later conversion does not log it twice) and, for
--     viewings and consultations, each status they reach (confirmed, cancelled, completed …);
--   • invoices (quotes, proformas, credit notes): when issued (a number is given), paid, or voided.
-- Rows already stored are written once now (the same dedup keys).
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- The contact a record with these details belongs to (linked first, then e-mail, then phone).
create or replace function private.contact_matching(linked uuid, raw_email text, raw_phone text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  wanted_email text := private.email_normal(raw_email);
  wanted_phone text := private.phone_e164(raw_phone);
  found uuid;
begin
  if linked is not null then return linked; end if;
  if wanted_email is not null then
    select c.id into found from public.contacts c
     where c.anonymised_at is null and (c.email = wanted_email or c.alt_email = wanted_email)
     order by c.updated_at desc limit 1;
    if found is not null then return found; end if;
  end if;
  if wanted_phone is not null then
    select c.id into found from public.contacts c
     where c.anonymised_at is null and (c.phone = wanted_phone or c.alt_phone = wanted_phone)
     order by c.updated_at desc limit 1;
  end if;
  return found;
end $$;
comment on function private.contact_matching(uuid, text, text) is
  'The contact a record belongs to: the linked one, else the newest with that e-mail, else with that phone (E.164); null when none.';

-- One inbox record on its contact's timeline: the submission, or (with a status) a status reached.
create or replace function private.log_inbox_record_on_contact(inbox text, rec jsonb, reached_status text default null) returns void
language plpgsql security definer set search_path = '' as $$
declare
  who uuid := private.contact_matching((rec ->> 'contact_id')::uuid, rec ->> 'email', rec ->> 'phone');
  noun text := initcap(private.inbox_noun(inbox));
  summary text := coalesce(private.inbox_summary(inbox, rec), btrim(rec ->> 'full_name'));
begin
  if who is null then return; end if;
  if reached_status is null then
    perform private.log_contact_activity(
      who, private.inbox_activity_kind(inbox), noun || ': ' || summary, inbox, (rec ->> 'id')::uuid,
      (rec ->> 'created_at')::timestamptz, coalesce(rec ->> 'message', rec ->> 'notes'),
      jsonb_build_object('status', rec ->> 'status'), inbox || '/' || (rec ->> 'id') || '/submitted', 'inbound');
  else
    perform private.log_contact_activity(
      who, private.inbox_activity_kind(inbox), noun || ' ' || lower(private.inbox_status_label(inbox, reached_status)) || ': ' || summary,
      inbox, (rec ->> 'id')::uuid, now(), null, jsonb_build_object('status', reached_status),
      inbox || '/' || (rec ->> 'id') || '/status/' || reached_status || '/' || extract(epoch from now())::bigint, null);
  end if;
end $$;

create or replace function private.log_inbox_arrival() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform private.log_inbox_record_on_contact(tg_table_name, to_jsonb(new));
  elsif new.status is distinct from old.status then
    perform private.log_inbox_record_on_contact(tg_table_name, to_jsonb(new), new.status);
  end if;
  return null;
end $$;
comment on function private.log_inbox_arrival() is 'Writes an inbox record on its contact''s timeline when it arrives (and a viewing''s or consultation''s status changes).';
create trigger consultations_log_on_contact after insert or update of status on public.consultations
  for each row execute function private.log_inbox_arrival();
create trigger bookings_log_on_contact after insert or update of status on public.bookings
  for each row execute function private.log_inbox_arrival();
create trigger contact_submissions_log_on_contact after insert on public.contact_submissions
  for each row execute function private.log_inbox_arrival();
create trigger property_requests_log_on_contact after insert on public.property_requests
  for each row execute function private.log_inbox_arrival();

-- Invoices: issued, paid, voided — on the contact with the bill-to e-mail or phone.
create or replace function private.log_invoice_on_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  who uuid;
  noun text := case new.kind when 'quote' then 'Quote' when 'proforma' then 'Proforma invoice' when 'credit_note' then 'Credit note' else 'Invoice' end;
  amount text := new.currency || ' ' || to_char(new.total, 'FM999,999,999,990.00');
  event text;
begin
  if new.number is null then return null; end if;
  if tg_op = 'INSERT' or old.number is null then event := 'issued';
  elsif new.status is distinct from old.status and new.status in ('paid', 'void') then event := new.status;
  else return null;
  end if;
  who := private.contact_matching(null, new.bill_to_email, new.bill_to_phone);
  if who is null then return null; end if;
  perform private.log_contact_activity(
    who, 'invoice',
    noun || ' ' || new.number || case event when 'issued' then ' issued: ' when 'paid' then ' paid: ' else ' voided: ' end || amount,
    'invoices', new.id, now(), null, jsonb_build_object('status', new.status, 'total', new.total, 'currency', new.currency),
    'invoices/' || new.id || '/' || event, 'outbound');
  return null;
end $$;
comment on function private.log_invoice_on_contact() is 'Writes an invoice (quote, proforma, credit note) on its contact''s timeline when issued, paid or voided.';
create trigger invoices_log_on_contact after insert or update of number, status on public.invoices
  for each row execute function private.log_invoice_on_contact();

-- What is already stored, once.
select private.log_inbox_record_on_contact(i.inbox, i.rec)
  from (select 'consultations' as inbox, to_jsonb(r) as rec from public.consultations r
        union all select 'bookings', to_jsonb(r) from public.bookings r
        union all select 'contact_submissions', to_jsonb(r) from public.contact_submissions r
        union all select 'property_requests', to_jsonb(r) from public.property_requests r) i;
select private.log_contact_activity(
         private.contact_matching(null, v.bill_to_email, v.bill_to_phone), 'invoice',
         'Invoice ' || v.number || ' issued: ' || v.currency || ' ' || to_char(v.total, 'FM999,999,999,990.00'),
         'invoices', v.id, coalesce(v.issued_at, v.created_at), null, jsonb_build_object('status', v.status, 'total', v.total, 'currency', v.currency),
         'invoices/' || v.id || '/issued', 'outbound')
  from public.invoices v where v.number is not null;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
