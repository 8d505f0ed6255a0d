-- ════════════════════════════════════════════════════════════════════════════════════════════
-- A contact's timeline and its Act 843 export show only what the caller may read.
--
--   • Both ran as security definer over every linked row: the export of a contact a member of
--     staff sees only as its assignee included another agent's deal, and a company's export its
--     people owned by others (phone, e-mail, notes). They are now security INVOKER functions: the
--     linked rows are read under the caller's own RLS; only the parts nobody reads directly (the
--     mail queue) go through a private definer helper, handed the records the caller was shown
--     to see.
--   • Mails were matched to a contact by address, an address anyone may type into a contact: a
--     contact with e-mail admin@… showed the admin's notification mails. A mail now belongs to a
--     contact through the record that caused it — outgoing_emails.record_table / record_id (an
--     invoice or receipt it carries, the booking or consultation an appointment notice is about,
--     filled on insert), a campaign recipient row of the contact, an inbox reply to a record of
--     the contact — and shows only when the caller may read that record.
--   • Timeline rows about a record (a deal won, an invoice issued) show only when the caller may
--     read the record.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── The record a mail is about ──────────────────────────────────────────────────────────────
alter table public.outgoing_emails
  add column record_table text check (record_table ~ '^[a-z][a-z_]{1,62}$'),
  add column record_id uuid;
comment on column public.outgoing_emails.record_table is
  'The record the mail is about (invoices, payments, bookings, consultations …), with record_id: how it reaches a contact''s timeline.';
create index outgoing_emails_record_idx on public.outgoing_emails (record_table, record_id) where record_id is not null;

create or replace function private.outgoing_email_record() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  carried jsonb := case when jsonb_typeof(new.attachments) = 'array' then new.attachments -> 0 end;
begin
  if new.record_table is not null then return new; end if;
  if carried ->> 'render' in ('invoice_pdf', 'receipt_pdf') and carried ->> 'record_id' ~ '^[0-9a-f-]{36}$' then
    new.record_table := case carried ->> 'render' when 'invoice_pdf' then 'invoices' else 'payments' end;
    new.record_id := (carried ->> 'record_id')::uuid;
  elsif new.dedup_key like 'appointment-notice/%' then
    select n.record_table, n.record_id into new.record_table, new.record_id
      from public.appointment_notices n where n.id::text = substr(new.dedup_key, length('appointment-notice/') + 1);
  end if;
  return new;
end $$;
comment on function private.outgoing_email_record() is
  'Fills outgoing_emails.record_table/record_id from the document a mail carries or the appointment notice it delivers.';
create trigger outgoing_emails_record before insert on public.outgoing_emails
  for each row execute function private.outgoing_email_record();

-- The mails already queued.
update public.outgoing_emails e
   set record_table = case e.attachments -> 0 ->> 'render' when 'invoice_pdf' then 'invoices' else 'payments' end,
       record_id = (e.attachments -> 0 ->> 'record_id')::uuid
 where e.record_table is null and jsonb_typeof(e.attachments) = 'array'
   and e.attachments -> 0 ->> 'render' in ('invoice_pdf', 'receipt_pdf')
   and e.attachments -> 0 ->> 'record_id' ~ '^[0-9a-f-]{36}$';
update public.outgoing_emails e
   set record_table = n.record_table, record_id = n.record_id
  from public.appointment_notices n
 where e.record_table is null and e.dedup_key = 'appointment-notice/' || n.id::text;

-- The mails among these: by id (campaign and reply mails) or by the record they are about.
-- Not exposed (schema private): its callers pass only what the caller's RLS showed them.
create or replace function private.mails_about(mail_ids uuid[], record_tables text[], record_ids uuid[],
                                               before timestamptz default null, max_rows integer default 50)
returns table (id uuid, subject text, status text, to_address text, at timestamptz)
language sql stable security definer set search_path = '' as $$
  select e.id, e.subject, e.status, e.to_address, coalesce(e.sent_at, e.created_at)
    from public.outgoing_emails e
   where (e.id = any (mail_ids)
          or (e.record_id is not null and (e.record_table, e.record_id) in (select * from unnest(record_tables, record_ids))))
     and (before is null or coalesce(e.sent_at, e.created_at) < before)
   order by coalesce(e.sent_at, e.created_at) desc, e.id
   limit greatest(coalesce(max_rows, 50), 1)
$$;
comment on function private.mails_about(uuid[], text[], uuid[], timestamptz, integer) is
  'Subject, status and recipient of the given mails and of the mails about the given records; for the invoker functions that found them under RLS.';

-- The records of a contact the caller may read, and the mails tied to them (invoker: RLS decides).
create or replace function private.contact_mails(contact_id uuid, before timestamptz default null, max_rows integer default 50)
returns table (id uuid, subject text, status text, to_address text, at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
declare
  tables text[];
  ids uuid[];
  mails uuid[];
begin
  with linked as (
    select a.record_table as t, a.record_id as r from public.contact_activities a
     where a.contact_id = contact_mails.contact_id and a.record_table is not null and a.record_id is not null
    union select 'bookings', b.id from public.bookings b where b.contact_id = contact_mails.contact_id
    union select 'consultations', x.id from public.consultations x where x.contact_id = contact_mails.contact_id
    union select 'contact_submissions', s.id from public.contact_submissions s where s.contact_id = contact_mails.contact_id
    union select 'property_requests', q.id from public.property_requests q where q.contact_id = contact_mails.contact_id
  ), readable as (
    select l.t, l.r from linked l where private.can_read_record(l.t, l.r)
  ), with_receipts as (
    select t, r from readable
    union
    select 'payments', pa.payment_id from public.payment_allocations pa
     where pa.invoice_id in (select r from readable where t = 'invoices') and private.can_read_record('payments', pa.payment_id)
  )
  select array_agg(w.t), array_agg(w.r) into tables, ids from with_receipts w;
  select array_agg(m.mail) into mails from (
    select r.outgoing_email_id as mail from public.email_campaign_recipients r
     where r.contact_id = contact_mails.contact_id and r.outgoing_email_id is not null
    union
    select ir.email_id from public.inbox_replies ir
     where ir.email_id is not null and (ir.record_table, ir.record_id) in (select * from unnest(tables, ids))
  ) m;
  return query select * from private.mails_about(coalesce(mails, '{}'), coalesce(tables, '{}'), coalesce(ids, '{}'), before, max_rows);
end $$;
comment on function private.contact_mails(uuid, timestamptz, integer) is
  'Mails about a contact the caller may see: through records linked to the contact that the caller''s RLS shows, never by address.';

-- ── The timeline ────────────────────────────────────────────────────────────────────────────
create or replace function public.contact_timeline(contact_id uuid, before timestamptz default null, max_rows integer default 50)
returns table (
  id uuid, source text, kind text, direction text, summary text, body text, record_table text, record_id uuid,
  occurred_at timestamptz, actor_id uuid, details jsonb
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  n integer := least(greatest(coalesce(max_rows, 50), 1), 200);
begin
  if not exists (select 1 from public.contacts x where x.id = contact_timeline.contact_id) then
    raise exception 'That contact does not exist or you may not see it.' using errcode = '42501';
  end if;
  return query
  select * from (
    select a.id, 'activity'::text, a.kind, a.direction, a.summary, a.body, a.record_table, a.record_id, a.occurred_at, a.actor_id, a.details
      from public.contact_activities a
     where a.contact_id = contact_timeline.contact_id and (before is null or a.occurred_at < before)
       and (a.record_table is null or private.can_read_record(a.record_table, a.record_id))
     order by a.occurred_at desc, a.id
     limit n
  ) acts
  union all
  select m.id, 'email'::text, 'email'::text, 'outbound'::text, m.subject, null::text, 'outgoing_emails'::text, m.id,
         m.at, null::uuid, jsonb_build_object('status', m.status, 'to', m.to_address)
    from private.contact_mails(contact_timeline.contact_id, before, n) m
  order by 9 desc
  limit n;
end $$;
comment on function public.contact_timeline(uuid, timestamptz, integer) is
  'The contact page''s timeline, newest first, as the caller may see it: contact_activities (those about a record only when the caller may read the record) and the mails about the contact''s records (subject and status only). Page with before = the last row''s occurred_at.';
drop function private.contact_timeline(uuid, timestamptz, integer);

-- ── The export ──────────────────────────────────────────────────────────────────────────────
create or replace function public.export_contact(contact_id uuid) returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  c public.contacts;
  fk record;
  rows jsonb;
  linked jsonb := '{}'::jsonb;
  emails jsonb;
  history jsonb;
begin
  select * into c from public.contacts x where x.id = export_contact.contact_id;
  if c.id is null or (coalesce(auth.role(), '') in ('anon', 'authenticated') and not private.is_staff_or_admin()) then
    raise exception 'That contact does not exist or you may not see it.' using errcode = '42501';
  end if;
  for fk in
    select c2.conrelid::regclass as tbl, cl.relname as table_name, a.attname as col
      from pg_catalog.pg_constraint c2
      join pg_catalog.pg_class cl on cl.oid = c2.conrelid
      join pg_catalog.pg_namespace ns on ns.oid = cl.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c2.conrelid and a.attnum = c2.conkey[1]
     where c2.contype = 'f' and c2.confrelid = 'public.contacts'::regclass and cardinality(c2.conkey) = 1
       and ns.nspname = 'public'
     order by cl.relname, a.attname
  loop
    begin
      execute format('select coalesce(jsonb_agg(to_jsonb(t) - ''search_text''), ''[]'') from %s t where %I = $1%s',
                     fk.tbl, fk.col,
                     case when fk.table_name = 'contact_activities'
                          then ' and (t.record_table is null or private.can_read_record(t.record_table, t.record_id))' else '' end)
        into rows using c.id;
    exception when insufficient_privilege then
      rows := '[]'::jsonb; -- a table the caller may not read at all holds nothing they may export
    end;
    if jsonb_array_length(rows) > 0 then
      linked := linked || jsonb_build_object(fk.table_name || '.' || fk.col, rows);
    end if;
  end loop;
  select coalesce(jsonb_agg(jsonb_build_object('to', m.to_address, 'subject', m.subject, 'status', m.status, 'queued_at', m.at) order by m.at), '[]')
    into emails from private.contact_mails(c.id, null, 10000) m;
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
comment on function public.export_contact(uuid) is
  'Act 843 subject access: everything held about a contact that the caller may read, as one JSON document (logged on its timeline).';
drop function private.export_contact(uuid);

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
