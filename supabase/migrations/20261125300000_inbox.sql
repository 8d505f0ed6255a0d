-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Inboxes (issue 13 item 1): consultations, bookings (viewings), contact_submissions and
-- property_requests become worked inboxes on the back-office platform.
--
--   • The assignee follows the platform contract: `assignee_id` (renamed from assigned_to).
--     There is no owner: submissions come from visitors through the edge worker.
--   • Record-level access: module 'inbox' (company-wide by default). In 'own' mode staff see
--     what is assigned to them; admins see everything.
--   • Statuses per inbox with a workflow trigger that refuses the moves core refuses, in the same
--     words (core/inbox/inbox-model.ts). Assigning a new item makes it "assigned".
--   • Notifications: a new submission notifies its assignee (appointments are assigned to their
--     host at booking) or, unassigned, the admins; assigning someone notifies them.
--   • Internal notes (inbox_notes), reply templates with merge fields (inbox_reply_templates) and
--     the replies sent (inbox_replies, queued in outgoing_emails; a reply to an address whose mail
--     bounced is flagged before and after sending).
--   • Search under RLS: a search_text column with a trigram index and search_<table>(term).
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Assignee, notes, statuses ────────────────────────────────────────────────────────────────
alter table public.contact_submissions rename column assigned_to to assignee_id;
alter table public.consultations rename column assigned_to to assignee_id;
alter table public.bookings rename column assigned_to to assignee_id;
alter table public.property_requests rename column assigned_to to assignee_id;
comment on column public.contact_submissions.assignee_id is 'The staff member working the message (record-level access of module inbox).';
comment on column public.consultations.assignee_id is 'The host: the staff member the consultation is booked with.';
comment on column public.bookings.assignee_id is 'The host: the staff member who shows the property.';
comment on column public.property_requests.assignee_id is 'The staff member who owns the request (gets its match notifications).';

alter table public.contact_submissions add column last_reply_at timestamptz;
alter table public.consultations add column last_reply_at timestamptz;
alter table public.bookings add column last_reply_at timestamptz;
alter table public.property_requests add column last_reply_at timestamptz;

-- Status sets (core/inbox/inbox-model.ts). Old values map onto the new workflow.
alter table public.contact_submissions drop constraint contact_submissions_status_check;
update public.contact_submissions set status = case status when 'read' then 'in_progress' when 'replied' then 'in_progress' when 'archived' then 'done' else status end;
alter table public.contact_submissions add constraint contact_submissions_status_check
  check (status in ('new', 'assigned', 'in_progress', 'done', 'spam'));

alter table public.consultations drop constraint consultations_status_check;
update public.consultations set status = 'confirmed' where status = 'rescheduled';
alter table public.consultations add constraint consultations_status_check
  check (status in ('requested', 'confirmed', 'completed', 'cancelled', 'declined', 'no_show', 'spam'));

alter table public.bookings drop constraint bookings_status_check;
update public.bookings set status = 'confirmed' where status = 'rescheduled';
alter table public.bookings add constraint bookings_status_check
  check (status in ('requested', 'confirmed', 'completed', 'cancelled', 'declined', 'no_show', 'spam'));

alter table public.property_requests drop constraint property_requests_status_check;
update public.property_requests set status = case status when 'archived' then 'closed' else status end;
alter table public.property_requests add constraint property_requests_status_check
  check (status in ('new', 'assigned', 'searching', 'matched', 'closed', 'lost', 'spam'));

update public.contact_submissions set status = 'assigned' where status = 'new' and assignee_id is not null;
update public.property_requests set status = 'assigned' where status = 'new' and assignee_id is not null;

-- ── Internal notes (one row per note: author and time; replaces the single internal_notes text) ─
create table public.inbox_notes (
  id uuid primary key default gen_random_uuid(),
  record_table text not null check (record_table in ('consultations', 'bookings', 'contact_submissions', 'property_requests')),
  record_id uuid not null,
  author_id uuid references auth.users (id) on delete set null default auth.uid(),
  body text not null check (char_length(btrim(body)) between 1 and 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.inbox_notes is 'Internal notes on an inbox record (never shown to the visitor). Readable by whoever may read the record.';
create index inbox_notes_record_idx on public.inbox_notes (record_table, record_id, created_at desc);
create index inbox_notes_author_idx on public.inbox_notes (author_id);
create trigger inbox_notes_set_updated_at before update on public.inbox_notes
  for each row execute function private.set_updated_at();

insert into public.inbox_notes (record_table, record_id, author_id, body, created_at)
select 'contact_submissions', id, null::uuid, internal_notes, updated_at from public.contact_submissions where nullif(btrim(internal_notes), '') is not null
union all select 'consultations', id, null, internal_notes, updated_at from public.consultations where nullif(btrim(internal_notes), '') is not null
union all select 'bookings', id, null, internal_notes, updated_at from public.bookings where nullif(btrim(internal_notes), '') is not null
union all select 'property_requests', id, null, internal_notes, updated_at from public.property_requests where nullif(btrim(internal_notes), '') is not null;
alter table public.contact_submissions drop column internal_notes;
alter table public.consultations drop column internal_notes;
alter table public.bookings drop column internal_notes;
alter table public.property_requests drop column internal_notes;

-- ── Record-level access (module 'inbox') ─────────────────────────────────────────────────────
drop policy "Staff read contact submissions" on public.contact_submissions;
drop policy "Staff work contact submissions" on public.contact_submissions;
drop policy "Staff read consultations" on public.consultations;
drop policy "Staff work consultations" on public.consultations;
drop policy "Staff read bookings" on public.bookings;
drop policy "Staff work bookings" on public.bookings;
drop policy "Staff read property requests" on public.property_requests;
drop policy "Staff work property requests" on public.property_requests;

create policy "Staff read contact submissions per access" on public.contact_submissions for select to authenticated using (
  (select private.access_scope('inbox')) = 'all' or ((select private.access_scope('inbox')) = 'own' and assignee_id = (select auth.uid())));
create policy "Staff work contact submissions per access" on public.contact_submissions for update to authenticated
  using ((select private.access_scope('inbox')) = 'all' or ((select private.access_scope('inbox')) = 'own' and assignee_id = (select auth.uid())))
  with check ((select private.is_staff_or_admin()));
create policy "Staff read consultations per access" on public.consultations for select to authenticated using (
  (select private.access_scope('inbox')) = 'all' or ((select private.access_scope('inbox')) = 'own' and assignee_id = (select auth.uid())));
create policy "Staff work consultations per access" on public.consultations for update to authenticated
  using ((select private.access_scope('inbox')) = 'all' or ((select private.access_scope('inbox')) = 'own' and assignee_id = (select auth.uid())))
  with check ((select private.is_staff_or_admin()));
create policy "Staff read bookings per access" on public.bookings for select to authenticated using (
  (select private.access_scope('inbox')) = 'all' or ((select private.access_scope('inbox')) = 'own' and assignee_id = (select auth.uid())));
create policy "Staff work bookings per access" on public.bookings for update to authenticated
  using ((select private.access_scope('inbox')) = 'all' or ((select private.access_scope('inbox')) = 'own' and assignee_id = (select auth.uid())))
  with check ((select private.is_staff_or_admin()));
create policy "Staff read property requests per access" on public.property_requests for select to authenticated using (
  (select private.access_scope('inbox')) = 'all' or ((select private.access_scope('inbox')) = 'own' and assignee_id = (select auth.uid())));
create policy "Staff work property requests per access" on public.property_requests for update to authenticated
  using ((select private.access_scope('inbox')) = 'all' or ((select private.access_scope('inbox')) = 'own' and assignee_id = (select auth.uid())))
  with check ((select private.is_staff_or_admin()));

-- ── Status workflow (core/inbox/inbox-model.ts, the same words) ──────────────────────────────
create table private.inbox_statuses (
  inbox text not null,
  status text not null,
  label text not null,
  position smallint not null,
  primary key (inbox, status)
);
comment on table private.inbox_statuses is 'Status labels per inbox (mirrors core/inbox/inbox-model.ts INBOXES[…].labels).';
create table private.inbox_status_moves (
  inbox text not null,
  from_status text not null,
  to_status text not null,
  primary key (inbox, from_status, to_status)
);
comment on table private.inbox_status_moves is 'Allowed status moves per inbox (mirrors core/inbox/inbox-model.ts INBOXES[…].moves).';

insert into private.inbox_statuses (inbox, status, label, position)
select i.inbox, s.status, s.label, s.position
  from (values ('consultations'), ('bookings')) i(inbox),
       (values ('requested', 'Requested', 1), ('confirmed', 'Confirmed', 2), ('completed', 'Completed', 3), ('cancelled', 'Cancelled', 4),
               ('declined', 'Declined', 5), ('no_show', 'No-show', 6), ('spam', 'Spam', 7)) s(status, label, position);
insert into private.inbox_statuses (inbox, status, label, position) values
  ('contact_submissions', 'new', 'New', 1), ('contact_submissions', 'assigned', 'Assigned', 2), ('contact_submissions', 'in_progress', 'In progress', 3),
  ('contact_submissions', 'done', 'Done', 4), ('contact_submissions', 'spam', 'Spam', 5),
  ('property_requests', 'new', 'New', 1), ('property_requests', 'assigned', 'Assigned', 2), ('property_requests', 'searching', 'Searching', 3),
  ('property_requests', 'matched', 'Matched', 4), ('property_requests', 'closed', 'Closed (won)', 5), ('property_requests', 'lost', 'Lost', 6),
  ('property_requests', 'spam', 'Spam', 7);

insert into private.inbox_status_moves (inbox, from_status, to_status)
select i.inbox, m.f, m.t
  from (values ('consultations'), ('bookings')) i(inbox),
       (values ('requested', 'confirmed'), ('requested', 'declined'), ('requested', 'cancelled'), ('requested', 'spam'),
               ('confirmed', 'completed'), ('confirmed', 'cancelled'), ('confirmed', 'no_show'),
               ('no_show', 'completed'), ('spam', 'requested')) m(f, t);
insert into private.inbox_status_moves (inbox, from_status, to_status) values
  ('contact_submissions', 'new', 'assigned'), ('contact_submissions', 'new', 'in_progress'), ('contact_submissions', 'new', 'done'), ('contact_submissions', 'new', 'spam'),
  ('contact_submissions', 'assigned', 'new'), ('contact_submissions', 'assigned', 'in_progress'), ('contact_submissions', 'assigned', 'done'), ('contact_submissions', 'assigned', 'spam'),
  ('contact_submissions', 'in_progress', 'assigned'), ('contact_submissions', 'in_progress', 'done'), ('contact_submissions', 'in_progress', 'spam'),
  ('contact_submissions', 'done', 'in_progress'), ('contact_submissions', 'spam', 'new'),
  ('property_requests', 'new', 'assigned'), ('property_requests', 'new', 'searching'), ('property_requests', 'new', 'closed'), ('property_requests', 'new', 'lost'), ('property_requests', 'new', 'spam'),
  ('property_requests', 'assigned', 'new'), ('property_requests', 'assigned', 'searching'), ('property_requests', 'assigned', 'matched'), ('property_requests', 'assigned', 'closed'),
  ('property_requests', 'assigned', 'lost'), ('property_requests', 'assigned', 'spam'),
  ('property_requests', 'searching', 'assigned'), ('property_requests', 'searching', 'matched'), ('property_requests', 'searching', 'closed'), ('property_requests', 'searching', 'lost'),
  ('property_requests', 'matched', 'searching'), ('property_requests', 'matched', 'closed'), ('property_requests', 'matched', 'lost'),
  ('property_requests', 'closed', 'searching'), ('property_requests', 'lost', 'searching'), ('property_requests', 'spam', 'new');

create or replace function private.inbox_title(inbox text) returns text
language sql immutable set search_path = '' as $$
  select case inbox when 'consultations' then 'Consultations' when 'bookings' then 'Booking Management'
                    when 'contact_submissions' then 'Contact Submissions' when 'property_requests' then 'Property Requests' end
$$;
create or replace function private.inbox_noun(inbox text) returns text
language sql immutable set search_path = '' as $$
  select case inbox when 'consultations' then 'consultation' when 'bookings' then 'viewing'
                    when 'contact_submissions' then 'message' when 'property_requests' then 'property request' end
$$;
create or replace function private.inbox_path(inbox text) returns text
language sql immutable set search_path = '' as $$
  select case inbox when 'consultations' then '/consultations' when 'bookings' then '/booking-management'
                    when 'contact_submissions' then '/contact-submissions' when 'property_requests' then '/property-requests' end
$$;

-- Security definer: the workflow tables are private (not granted), and the update guard runs as the caller.
create or replace function private.inbox_status_label(inbox text, status text) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select s.label from private.inbox_statuses s where s.inbox = inbox_status_label.inbox and s.status = inbox_status_label.status), status)
$$;

-- The refusal, word for word as core's statusMoveError(); null when the move is allowed.
create or replace function private.inbox_status_move_error(inbox text, move_from text, move_to text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  allowed text;
begin
  if move_from = move_to then return null; end if;
  if not exists (select 1 from private.inbox_statuses s where s.inbox = inbox_status_move_error.inbox and s.status = move_to) then
    return format('"%s" is not a status of %s.', move_to, private.inbox_title(inbox));
  end if;
  if exists (select 1 from private.inbox_status_moves m where m.inbox = inbox_status_move_error.inbox and m.from_status = move_from and m.to_status = move_to) then
    return null;
  end if;
  select string_agg(s.label, ', ' order by s.position) into allowed
    from private.inbox_status_moves m join private.inbox_statuses s on s.inbox = m.inbox and s.status = m.to_status
   where m.inbox = inbox_status_move_error.inbox and m.from_status = move_from;
  if allowed is null then
    return format('A %s that is %s cannot change status.', private.inbox_noun(inbox), private.inbox_status_label(inbox, move_from));
  end if;
  return format('A %s that is %s can move to %s only.', private.inbox_noun(inbox), private.inbox_status_label(inbox, move_from), allowed);
end $$;

-- Before an update: an assignee must be a back-office user; a new item that gets an assignee
-- becomes "assigned" (and back to "new" when unassigned); then the move must be allowed.
create or replace function private.guard_inbox_update() returns trigger
language plpgsql set search_path = '' as $$
declare
  problem text;
begin
  if new.assignee_id is distinct from old.assignee_id and new.assignee_id is not null
     and not private.is_back_office_user(new.assignee_id) then
    raise exception 'Only a staff member or an admin can be assigned.' using errcode = '23514';
  end if;
  if tg_table_name in ('contact_submissions', 'property_requests') and new.status = old.status then
    if old.status = 'new' and old.assignee_id is null and new.assignee_id is not null then new.status := 'assigned';
    elsif old.status = 'assigned' and new.assignee_id is null then new.status := 'new';
    end if;
  end if;
  if new.status is distinct from old.status then
    problem := private.inbox_status_move_error(tg_table_name, old.status, new.status);
    if problem is not null then raise exception '%', problem using errcode = 'P0001'; end if;
  end if;
  return new;
end $$;
comment on function private.guard_inbox_update() is 'Inbox rows: assignee must be back-office, auto "assigned", status moves per the workflow (every caller, the secret key included).';
create trigger contact_submissions_guard before update on public.contact_submissions for each row execute function private.guard_inbox_update();
create trigger consultations_guard before update on public.consultations for each row execute function private.guard_inbox_update();
create trigger bookings_guard before update on public.bookings for each row execute function private.guard_inbox_update();
create trigger property_requests_guard before update on public.property_requests for each row execute function private.guard_inbox_update();

-- ── Notifications: new submissions and assignments ───────────────────────────────────────────
create or replace function private.member_name(uid uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(nullif(btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), p.email, 'A colleague')
    from public.profiles p where p.user_id = uid
$$;

create or replace function private.inbox_summary(inbox text, row_data jsonb) returns text
language sql stable set search_path = '' as $$
  select case inbox
    when 'consultations' then coalesce(initcap(replace(row_data ->> 'service', '-', ' ')), 'Consultation')
         || ' on ' || to_char((row_data ->> 'starts_at')::timestamptz at time zone 'UTC', 'Dy DD Mon HH24:MI')
    when 'bookings' then 'Viewing' || coalesce(' of ' || (row_data ->> 'property_slug'), '')
         || ' on ' || to_char((row_data ->> 'starts_at')::timestamptz at time zone 'UTC', 'Dy DD Mon HH24:MI')
    when 'contact_submissions' then coalesce(nullif(row_data ->> 'subject', ''), left(row_data ->> 'message', 80))
    when 'property_requests' then initcap(row_data ->> 'listing_type') || ' ' || (row_data ->> 'property_type')
         || ' in ' || array_to_string(array(select jsonb_array_elements_text(row_data -> 'locations')), ', ')
  end
$$;

create or replace function private.notify_inbox_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  j jsonb := to_jsonb(new);
  title text := format('New %s: %s', private.inbox_noun(tg_table_name), new.full_name);
  body text := private.inbox_summary(tg_table_name, j);
  link text := private.inbox_path(tg_table_name) || '?open=' || new.id;
  admin_id uuid;
begin
  if new.status = 'spam' then return null; end if;
  if new.assignee_id is not null then
    perform private.notify(new.assignee_id, 'inbox_new', title, body, link, tg_table_name, new.id, null);
  else
    for admin_id in select p.user_id from public.profiles p where p.role = 'admin' loop
      perform private.notify(admin_id, 'inbox_new', title, body, link, tg_table_name, new.id, null);
    end loop;
  end if;
  return null;
end $$;
comment on function private.notify_inbox_insert() is 'A new submission notifies its assignee (an appointment''s host) or, unassigned, every admin.';
create trigger contact_submissions_notify_new after insert on public.contact_submissions for each row execute function private.notify_inbox_insert();
create trigger consultations_notify_new after insert on public.consultations for each row execute function private.notify_inbox_insert();
create trigger bookings_notify_new after insert on public.bookings for each row execute function private.notify_inbox_insert();
create trigger property_requests_notify_new after insert on public.property_requests for each row execute function private.notify_inbox_insert();

create or replace function private.notify_inbox_assignee() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.assignee_id is not null and new.assignee_id is distinct from old.assignee_id
     and new.assignee_id is distinct from (select auth.uid()) then
    perform private.notify(
      new.assignee_id, 'inbox_assigned',
      format('Assigned to you: %s from %s', private.inbox_noun(tg_table_name), new.full_name),
      private.inbox_summary(tg_table_name, to_jsonb(new)),
      private.inbox_path(tg_table_name) || '?open=' || new.id,
      tg_table_name, new.id);
  end if;
  return null;
end $$;
comment on function private.notify_inbox_assignee() is 'Assigning a colleague notifies them (not when people assign themselves).';
create trigger contact_submissions_notify_assignee after update of assignee_id on public.contact_submissions for each row execute function private.notify_inbox_assignee();
create trigger consultations_notify_assignee after update of assignee_id on public.consultations for each row execute function private.notify_inbox_assignee();
create trigger bookings_notify_assignee after update of assignee_id on public.bookings for each row execute function private.notify_inbox_assignee();
create trigger property_requests_notify_assignee after update of assignee_id on public.property_requests for each row execute function private.notify_inbox_assignee();

-- ── Search under RLS ─────────────────────────────────────────────────────────────────────────
create or replace function private.join_words(words text[]) returns text
language sql immutable set search_path = '' as $$
  select coalesce(array_to_string(words, ' '), '')
$$;
comment on function private.join_words(text[]) is 'text[] → one space-separated string (immutable: usable in generated columns).';

alter table public.contact_submissions add column search_text text generated always as (
  lower(full_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(subject, '') || ' ' || left(message, 500))) stored;
alter table public.consultations add column search_text text generated always as (
  lower(full_name || ' ' || email || ' ' || phone || ' ' || service || ' ' || coalesce(left(message, 500), ''))) stored;
alter table public.bookings add column search_text text generated always as (
  lower(full_name || ' ' || email || ' ' || phone || ' ' || coalesce(property_slug, '') || ' ' || coalesce(left(message, 500), ''))) stored;
alter table public.property_requests add column search_text text generated always as (
  lower(full_name || ' ' || email || ' ' || phone || ' ' || private.join_words(locations) || ' ' || coalesce(left(notes, 500), ''))) stored;
create index contact_submissions_search_idx on public.contact_submissions using gin (search_text extensions.gin_trgm_ops);
create index consultations_search_idx on public.consultations using gin (search_text extensions.gin_trgm_ops);
create index bookings_search_idx on public.bookings using gin (search_text extensions.gin_trgm_ops);
create index property_requests_search_idx on public.property_requests using gin (search_text extensions.gin_trgm_ops);
create index contact_submissions_created_idx on public.contact_submissions (created_at desc);
create index consultations_created_idx on public.consultations (created_at desc);
create index bookings_created_idx on public.bookings (created_at desc);
create index property_requests_created_idx on public.property_requests (created_at desc);
create index consultations_starts_idx on public.consultations (starts_at);
create index bookings_starts_idx on public.bookings (starts_at);

create or replace function public.search_contact_submissions(term text) returns setof public.contact_submissions
language sql stable security invoker set search_path = '' as $$
  select r.* from public.contact_submissions r where r.id = any (private.search_ids('contact_submissions', term))
$$;
create or replace function public.search_consultations(term text) returns setof public.consultations
language sql stable security invoker set search_path = '' as $$
  select r.* from public.consultations r where r.id = any (private.search_ids('consultations', term))
$$;
create or replace function public.search_bookings(term text) returns setof public.bookings
language sql stable security invoker set search_path = '' as $$
  select r.* from public.bookings r where r.id = any (private.search_ids('bookings', term))
$$;
create or replace function public.search_property_requests(term text) returns setof public.property_requests
language sql stable security invoker set search_path = '' as $$
  select r.* from public.property_requests r where r.id = any (private.search_ids('property_requests', term))
$$;
comment on function public.search_contact_submissions(text) is 'Messages whose name, e-mail, phone, subject or text contain the term, as the caller may see them (RLS).';
comment on function public.search_consultations(text) is 'Consultations whose name, e-mail, phone, service or message contain the term, as the caller may see them (RLS).';
comment on function public.search_bookings(text) is 'Viewings whose name, e-mail, phone, listing or message contain the term, as the caller may see them (RLS).';
comment on function public.search_property_requests(text) is 'Requests whose name, e-mail, phone, places or notes contain the term, as the caller may see them (RLS).';
revoke all on function public.search_contact_submissions(text) from public, anon;
revoke all on function public.search_consultations(text) from public, anon;
revoke all on function public.search_bookings(text) from public, anon;
revoke all on function public.search_property_requests(text) from public, anon;
grant execute on function public.search_contact_submissions(text) to authenticated;
grant execute on function public.search_consultations(text) to authenticated;
grant execute on function public.search_bookings(text) to authenticated;
grant execute on function public.search_property_requests(text) to authenticated;

-- ── Counts for the status tabs and the dashboard (RLS decides what is counted) ───────────────
create or replace function public.inbox_status_counts(inbox text, assignee uuid default null)
returns table (status text, records bigint)
language plpgsql stable security invoker set search_path = '' as $$
begin
  if inbox not in ('consultations', 'bookings', 'contact_submissions', 'property_requests') then
    raise exception 'Unknown inbox "%"', inbox using errcode = '22023';
  end if;
  return query execute format(
    'select r.status, count(*) from public.%I r where ($1::uuid is null or r.assignee_id = $1) group by r.status', inbox) using assignee;
end $$;
comment on function public.inbox_status_counts(text, uuid) is 'Records per status of one inbox (optionally of one assignee) that the caller may see.';
revoke all on function public.inbox_status_counts(text, uuid) from public, anon;
grant execute on function public.inbox_status_counts(text, uuid) to authenticated;

-- New this week, per inbox (dashboard "new leads and requests").
create or replace function public.inbox_new_counts(since timestamptz default now() - interval '7 days')
returns table (inbox text, records bigint, unassigned bigint)
language sql stable security invoker set search_path = '' as $$
  select 'consultations', count(*), count(*) filter (where assignee_id is null) from public.consultations where created_at >= since and status <> 'spam'
  union all select 'bookings', count(*), count(*) filter (where assignee_id is null) from public.bookings where created_at >= since and status <> 'spam'
  union all select 'contact_submissions', count(*), count(*) filter (where assignee_id is null) from public.contact_submissions where created_at >= since and status <> 'spam'
  union all select 'property_requests', count(*), count(*) filter (where assignee_id is null) from public.property_requests where created_at >= since and status <> 'spam'
$$;
comment on function public.inbox_new_counts(timestamptz) is 'Submissions since a time per inbox (spam left out), as the caller may see them.';
revoke all on function public.inbox_new_counts(timestamptz) from public, anon;
grant execute on function public.inbox_new_counts(timestamptz) to authenticated;

-- ── Notes: whoever may read the record ───────────────────────────────────────────────────────
alter table public.inbox_notes enable row level security;
create policy "Staff read notes of records they may see" on public.inbox_notes for select to authenticated using (
  (select private.access_scope('inbox')) = 'all'
  or ((select private.access_scope('inbox')) = 'own' and private.can_read_record(record_table, record_id)));
create policy "Staff add notes as themselves to records they may see" on public.inbox_notes for insert to authenticated with check (
  (select private.is_staff_or_admin()) and author_id = (select auth.uid())
  and ((select private.access_scope('inbox')) = 'all' or private.can_read_record(record_table, record_id)));
create policy "Authors edit their notes" on public.inbox_notes for update to authenticated
  using (author_id = (select auth.uid()) and (select private.is_staff_or_admin()))
  with check (author_id = (select auth.uid()));
create policy "Authors and admins delete notes" on public.inbox_notes for delete to authenticated
  using ((select private.is_admin()) or (author_id = (select auth.uid()) and (select private.is_staff_or_admin())));
revoke all on public.inbox_notes from anon;
revoke update on public.inbox_notes from authenticated;
grant update (body) on public.inbox_notes to authenticated;

-- ── Reply templates (merge fields: core/inbox/reply-template.ts) ────────────────────────────
create table public.inbox_reply_templates (
  id uuid primary key default gen_random_uuid(),
  -- null: every inbox
  inbox text check (inbox in ('consultations', 'bookings', 'contact_submissions', 'property_requests')),
  channel text not null default 'email' check (channel in ('email', 'whatsapp')),
  name text not null check (char_length(btrim(name)) between 2 and 80),
  subject text check (char_length(subject) <= 200),
  body text not null check (char_length(body) between 1 and 10000),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inbox_reply_templates_email_subject check (channel <> 'email' or nullif(btrim(subject), '') is not null)
);
comment on table public.inbox_reply_templates is 'Reply templates with {{merge_fields}} for e-mail and WhatsApp, per inbox or for all. Staff use them; admins maintain them.';
create index inbox_reply_templates_inbox_idx on public.inbox_reply_templates (inbox, channel, name);
create index inbox_reply_templates_created_by_idx on public.inbox_reply_templates (created_by);
create trigger inbox_reply_templates_set_updated_at before update on public.inbox_reply_templates
  for each row execute function private.set_updated_at();
select private.enable_audit('public.inbox_reply_templates');
alter table public.inbox_reply_templates enable row level security;
create policy "Staff read reply templates" on public.inbox_reply_templates for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add reply templates" on public.inbox_reply_templates for insert to authenticated with check ((select private.is_admin()));
create policy "Admins edit reply templates" on public.inbox_reply_templates for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins delete reply templates" on public.inbox_reply_templates for delete to authenticated using ((select private.is_admin()));
revoke all on public.inbox_reply_templates from anon;

-- ── Replies sent from an inbox ───────────────────────────────────────────────────────────────
create table public.inbox_replies (
  id uuid primary key default gen_random_uuid(),
  record_table text not null check (record_table in ('consultations', 'bookings', 'contact_submissions', 'property_requests')),
  record_id uuid not null,
  kind text not null default 'reply' check (kind in ('reply', 'matches')),
  to_address text not null check (char_length(to_address) <= 254),
  subject text not null check (char_length(subject) between 1 and 300),
  body text not null check (char_length(body) <= 20000),
  sent_by uuid references auth.users (id) on delete set null default auth.uid(),
  email_id uuid references public.outgoing_emails (id) on delete set null,
  -- pending | sent | failed, kept in step with the queued mail (trigger on outgoing_emails).
  delivery_status text not null default 'pending' check (delivery_status in ('pending', 'sent', 'failed')),
  -- The address had bounced before this reply was sent (the sender was warned).
  address_had_bounced boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.inbox_replies is 'E-mails sent to a visitor from an inbox (replies and curated matches), with their delivery status. Written only by send_inbox_reply / send_request_matches.';
create index inbox_replies_record_idx on public.inbox_replies (record_table, record_id, created_at desc);
create index inbox_replies_email_idx on public.inbox_replies (email_id);
create index inbox_replies_sent_by_idx on public.inbox_replies (sent_by);
create trigger inbox_replies_set_updated_at before update on public.inbox_replies
  for each row execute function private.set_updated_at();
alter table public.inbox_replies enable row level security;
create policy "Staff read replies of records they may see" on public.inbox_replies for select to authenticated using (
  (select private.access_scope('inbox')) = 'all'
  or ((select private.access_scope('inbox')) = 'own' and private.can_read_record(record_table, record_id)));
revoke all on public.inbox_replies from anon, authenticated;
grant select on public.inbox_replies to authenticated;

-- Delivery outcome of a reply follows its queued mail.
create or replace function private.sync_reply_delivery() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status in ('sent', 'failed') and new.status is distinct from old.status then
    update public.inbox_replies set delivery_status = new.status where email_id = new.id;
  end if;
  return null;
end $$;
create trigger outgoing_emails_sync_inbox_replies after update of status on public.outgoing_emails
  for each row execute function private.sync_reply_delivery();

-- An address "bounced" when mail to it failed for good (the provider refused it, or every attempt failed).
create index outgoing_emails_failed_address_idx on public.outgoing_emails (lower(to_address)) where status = 'failed';
create or replace function private.address_bounced_at(address text) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select max(e.updated_at) from public.outgoing_emails e where lower(e.to_address) = lower(btrim(address)) and e.status = 'failed'
$$;

-- May the caller work this inbox record? (RLS of the record's table decides: security invoker.)
create or replace function private.inbox_record(inbox text, record_id uuid) returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  found jsonb;
begin
  if inbox not in ('consultations', 'bookings', 'contact_submissions', 'property_requests') then
    raise exception 'Unknown inbox "%"', inbox using errcode = '22023';
  end if;
  execute format('select to_jsonb(r) from public.%I r where r.id = $1', inbox) into found using record_id;
  return found;
end $$;
comment on function private.inbox_record(text, uuid) is 'The record as JSON when the caller''s RLS lets them see it, else null.';

-- The address an inbox record would be replied to, and whether mail to it bounced.
create or replace function public.inbox_reply_address(inbox text, record_id uuid)
returns table (to_address text, bounced_at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
declare
  rec jsonb := private.inbox_record(inbox, record_id);
begin
  if rec is null or not private.is_staff_or_admin() then return; end if;
  return query select rec ->> 'email', private.address_bounced_at(rec ->> 'email');
end $$;
comment on function public.inbox_reply_address(text, uuid) is 'Where a reply to this record goes, and when mail to that address last bounced (null: never).';
revoke all on function public.inbox_reply_address(text, uuid) from public, anon;
grant execute on function public.inbox_reply_address(text, uuid) to authenticated;

create or replace function private.text_to_html(body text) returns text
language sql immutable set search_path = '' as $$
  select string_agg('<p>' || replace(private.html_escape(p), E'\n', '<br>') || '</p>', E'\n' order by n)
    from unnest(regexp_split_to_array(replace(body, E'\r\n', E'\n'), E'\n{2,}')) with ordinality as t(p, n)
   where btrim(p) <> ''
$$;

-- Sends a reply to the visitor of an inbox record: the record's own address (never one the
-- client names), queued in outgoing_emails; the record's last_reply_at moves; a reply to an
-- address that bounced is recorded as such. Returns the reply row.
create or replace function public.send_inbox_reply(inbox text, record_id uuid, subject text, body text)
returns public.inbox_replies
language plpgsql security definer set search_path = '' as $$
declare
  rec jsonb;
  reply public.inbox_replies;
  mail_id uuid;
  address text;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff can reply' using errcode = '42501'; end if;
  if inbox not in ('consultations', 'bookings', 'contact_submissions', 'property_requests') then
    raise exception 'Unknown inbox "%"', inbox using errcode = '22023';
  end if;
  -- The caller must be able to see the record (its RLS, checked as the caller).
  if not private.can_access_owned('inbox', null, (private.inbox_record_assignee(inbox, record_id))) then
    raise exception 'You cannot reply to this record' using errcode = '42501';
  end if;
  execute format('select to_jsonb(r) from public.%I r where r.id = $1', inbox) into rec using record_id;
  if rec is null then raise exception 'No such record' using errcode = 'P0002'; end if;
  if nullif(btrim(subject), '') is null then raise exception 'Write a subject' using errcode = '23514'; end if;
  if nullif(btrim(body), '') is null then raise exception 'Write a message' using errcode = '23514'; end if;
  if char_length(subject) > 300 or char_length(body) > 20000 then raise exception 'The reply is too long' using errcode = '22001'; end if;
  address := lower(btrim(rec ->> 'email'));
  insert into public.outgoing_emails (to_address, subject, html, text_body, kind, headers)
  values (address, btrim(subject), private.text_to_html(body), body, 'inbox_reply',
          jsonb_build_object('Reply-To', coalesce((select u.email from auth.users u where u.id = auth.uid()), '')) - '')
  returning id into mail_id;
  insert into public.inbox_replies (record_table, record_id, kind, to_address, subject, body, sent_by, email_id, address_had_bounced)
  values (inbox, record_id, 'reply', address, btrim(subject), body, auth.uid(), mail_id, private.address_bounced_at(address) is not null)
  returning * into reply;
  execute format('update public.%I set last_reply_at = now() where id = $1', inbox) using record_id;
  return reply;
end $$;
comment on function public.send_inbox_reply(text, uuid, text, text) is 'Queues a reply e-mail to the visitor of an inbox record (staff who may see it) and records it.';
revoke all on function public.send_inbox_reply(text, uuid, text, text) from public, anon;
grant execute on function public.send_inbox_reply(text, uuid, text, text) to authenticated;

create or replace function private.inbox_record_assignee(inbox text, record_id uuid) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  found uuid;
begin
  if inbox not in ('consultations', 'bookings', 'contact_submissions', 'property_requests') then return null; end if;
  execute format('select assignee_id from public.%I where id = $1', inbox) into found using record_id;
  return found;
end $$;

-- ── History for the new tables; the hub relays inbox changes ─────────────────────────────────
select private.enable_audit('public.inbox_notes');

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
