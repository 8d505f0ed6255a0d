-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Back-office platform (issue 11): record-level access, the audit log, notifications and the
-- outgoing-email queue that every back-office module builds on.
--
-- Record-level access. Owned records carry `owner_id` and an optional `assignee_id`. Admins see
-- everything; staff see what they own or are assigned, plus everything of a module whose mode
-- is 'all' (company-wide). Modes live in `module_access`; admins switch them in Settings →
-- Organisation. A module's policies ask `private.access_scope('<module>')` once per statement:
--     'all'  → every row;  'own' → rows where owner_id or assignee_id is the caller;  'none'.
-- The policy pattern (copy it; see app/features/README.md):
--   using ((select private.access_scope('deals')) = 'all'
--          or ((select private.access_scope('deals')) = 'own'
--              and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid()))))
--
-- Audit log. `private.enable_audit('public.<table>')` adds an AFTER trigger that appends one row
-- per insert/update/delete: actor, time, table, record id and the changed fields old → new
-- (secret columns named in the call are never logged). Nobody updates or deletes audit rows:
-- not admins, not the secret key through the API (privileges revoked), not even the owner
-- (a statement trigger refuses it). A row is readable by admins and by whoever may read the
-- record itself (the record's own RLS decides, through a security-invoker check).
--
-- Notifications. One row per recipient; a user reads and marks only their own. Rows are written
-- by `private.notify(...)` (triggers of the modules, security definer) or by staff for another
-- back-office user (with themselves as the actor). Live delivery is a hub "poke" carrying ids
-- only; the receiver refetches through RLS. An e-mail copy is queued in `outgoing_emails` when
-- the recipient's user_settings ask for it; the edge worker's job runner delivers the queue.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Record-level access modes ────────────────────────────────────────────────────────────────
create table public.module_access (
  module text primary key check (module ~ '^[a-z][a-z_]{1,39}$'),
  label text not null check (char_length(label) between 2 and 60),
  mode text not null check (mode in ('own', 'all')),
  updated_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.module_access is
  'Per back-office module: whether staff see only their own and assigned records (own) or every record (all). Admins always see all.';
create index module_access_updated_by_idx on public.module_access (updated_by);
create trigger module_access_set_updated_at before update on public.module_access
  for each row execute function private.set_updated_at();

insert into public.module_access (module, label, mode, updated_by) values
  ('listings', 'Listings', 'all', null),
  ('blog', 'Blog', 'all', null),
  ('events', 'Events', 'all', null),
  ('announcements', 'Announcements', 'all', null),
  ('contacts', 'Business contacts', 'own', null),
  ('deals', 'Deals', 'own', null),
  ('tasks', 'Tasks', 'own', null),
  ('invoices', 'Invoices & receipts', 'own', null),
  ('payments', 'Payments', 'own', null),
  ('expenses', 'Expense entries', 'own', null),
  ('inbox', 'Inboxes (consultations, bookings, contact, requests)', 'all', null);

alter table public.module_access enable row level security;
create policy "Staff read access modes" on public.module_access
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins switch access modes" on public.module_access
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
-- Rows come with the migrations that introduce a module; only the mode changes afterwards.
revoke insert, delete, truncate on public.module_access from anon, authenticated;
revoke update on public.module_access from authenticated;
grant update (mode) on public.module_access to authenticated;

create or replace function private.access_scope(module_name text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when private.is_admin() then 'all'
    when private.is_staff_or_admin() then
      coalesce((select m.mode from public.module_access m where m.module = module_name), 'own')
    else 'none'
  end
$$;
comment on function private.access_scope(text) is
  'What the caller may see of a module''s owned records: all (admins; staff when the module is company-wide), own, or none.';

-- One place for "may the caller read/change this owned row", for triggers and RPCs (policies
-- inline the same test so the planner evaluates access_scope once per statement).
create or replace function private.can_access_owned(module_name text, owner uuid, assignee uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select case private.access_scope(module_name)
    when 'all' then true
    when 'own' then owner = (select auth.uid()) or assignee = (select auth.uid())
    else false
  end
$$;

-- ── Audit log ────────────────────────────────────────────────────────────────────────────────
create table public.audit_log (
  id bigint generated always as identity primary key,
  table_name text not null,
  record_id uuid not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  actor_id uuid,
  -- authenticated | service_role | anon through the API; null for direct SQL (migrations, seeds).
  actor_role text,
  created_at timestamptz not null default now(),
  changes jsonb not null default '{}'::jsonb
);
comment on table public.audit_log is
  'Append-only history of back-office records: who changed what and when. update: {field: {old, new}}; insert/delete: the row''s fields.';
comment on column public.audit_log.actor_id is 'auth.uid() of the change; null for the secret key or direct SQL. Not a foreign key: history outlives users.';
create index audit_log_record_idx on public.audit_log (table_name, record_id, id desc);
create index audit_log_actor_idx on public.audit_log (actor_id, id desc);
create index audit_log_created_idx on public.audit_log (created_at desc);

-- Which tables are audited, by which key column (read by the visibility check).
create table private.audited_tables (
  table_name text primary key,
  key_column text not null default 'id',
  secret_columns text[] not null default '{}'
);
comment on table private.audited_tables is 'Tables with the audit trigger; filled by private.enable_audit().';

create or replace function private.audit_row() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cfg private.audited_tables;
  drop_keys text[];
  old_j jsonb;
  new_j jsonb;
  diff jsonb := '{}'::jsonb;
  k text;
begin
  select * into cfg from private.audited_tables where table_name = tg_table_name;
  -- updated_at changes with every update: noise, not history.
  drop_keys := coalesce(cfg.secret_columns, '{}') || array['updated_at'];
  if tg_op <> 'INSERT' then old_j := to_jsonb(old) - drop_keys; end if;
  if tg_op <> 'DELETE' then new_j := to_jsonb(new) - drop_keys; end if;
  if tg_op = 'UPDATE' then
    for k in select jsonb_object_keys(new_j) loop
      if (new_j -> k) is distinct from (old_j -> k) then
        diff := diff || jsonb_build_object(k, jsonb_build_object('old', old_j -> k, 'new', new_j -> k));
      end if;
    end loop;
    if diff = '{}'::jsonb then return null; end if;
  else
    diff := coalesce(new_j, old_j);
  end if;
  insert into public.audit_log (table_name, record_id, action, actor_id, actor_role, changes)
  values (
    tg_table_name,
    (coalesce(new_j, old_j) ->> coalesce(cfg.key_column, 'id'))::uuid,
    lower(tg_op),
    auth.uid(),
    nullif(current_setting('request.jwt.claim.role', true), ''),
    diff
  );
  return null;
end $$;
comment on function private.audit_row() is 'AFTER row trigger of audited tables: appends the change to public.audit_log.';

create or replace function private.enable_audit(target regclass, key_column text default 'id', secret_columns text[] default '{}')
returns void language plpgsql security definer set search_path = '' as $$
declare
  tbl text := (select c.relname from pg_catalog.pg_class c where c.oid = target);
begin
  insert into private.audited_tables (table_name, key_column, secret_columns)
  values (tbl, key_column, secret_columns)
  on conflict (table_name) do update set key_column = excluded.key_column, secret_columns = excluded.secret_columns;
  execute format('drop trigger if exists %I on %s', tbl || '_audit', target);
  execute format('create trigger %I after insert or update or delete on %s for each row execute function private.audit_row()', tbl || '_audit', target);
end $$;
comment on function private.enable_audit(regclass, text, text[]) is 'Adds the audit trigger to a table (call it in the migration that creates the table).';

create or replace function private.refuse_audit_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'audit_log is append-only' using errcode = '42501';
end $$;
create trigger audit_log_append_only before update or delete on public.audit_log
  for each statement execute function private.refuse_audit_change();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

-- May the caller read the audited record? Security INVOKER: the record's own RLS answers.
create or replace function private.can_read_record(table_name text, record_id uuid) returns boolean
language plpgsql stable security invoker set search_path = '' as $$
declare
  key text;
  found boolean;
begin
  select a.key_column into key from private.audited_tables a where a.table_name = can_read_record.table_name;
  if key is null then return false; end if;
  execute format('select exists (select 1 from public.%I where %I = $1)', can_read_record.table_name, key)
    into found using record_id;
  return found;
exception when insufficient_privilege then
  return false;
end $$;
comment on function private.can_read_record(text, uuid) is 'True when the caller''s own RLS lets them see the record (audit history visibility).';
grant select on private.audited_tables to authenticated;

alter table public.audit_log enable row level security;
create policy "Admins and readers of a record read its history" on public.audit_log
  for select to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and private.can_read_record(table_name, record_id)));
revoke all on public.audit_log from anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;

-- ── Notifications ────────────────────────────────────────────────────────────────────────────
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind ~ '^[a-z][a-z_]{1,39}$'),
  title text not null check (char_length(title) between 1 and 200),
  body text check (char_length(body) <= 1000),
  -- In-app paths only: a notification never sends anyone off-site.
  link text check (link ~ '^/([A-Za-z0-9._~!$&''()*+,;=:@%-]+(/[A-Za-z0-9._~!$&''()*+,;=:@%-]*)*)?(\?[^\s\\#]*)?(#[^\s\\]*)?$' and char_length(link) <= 500),
  actor_id uuid references auth.users (id) on delete set null default auth.uid(),
  record_table text check (record_table ~ '^[a-z][a-z_]{1,62}$'),
  record_id uuid,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.notifications is
  'In-app notifications, one row per recipient (user_id). The bell in the top bar lists them; the hub only pokes the recipient to refetch.';
comment on column public.notifications.kind is 'What happened, e.g. task_assigned, deal_won; its category (core/notifications.ts) decides which user_settings apply.';
create index notifications_inbox_idx on public.notifications (user_id, created_at desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_actor_idx on public.notifications (actor_id);
create trigger notifications_set_updated_at before update on public.notifications
  for each row execute function private.set_updated_at();

-- Which user_settings pair governs a kind: deals, clients, marketing, team; anything else is
-- operational and always delivered in-app. Mirrors core/notifications.ts.
create or replace function private.notification_category(kind text) returns text
language sql immutable set search_path = '' as $$
  select case
    when kind like 'deal%' or kind like 'invoice%' or kind like 'payment%' then 'deals'
    when kind like 'contact%' or kind like 'lead%' or kind like 'inbox%' or kind like 'booking%'
      or kind like 'consultation%' or kind like 'request%' or kind like 'match%' then 'clients'
    when kind like 'campaign%' or kind like 'marketing%' then 'marketing'
    when kind like 'team%' then 'team'
    else 'general'
  end
$$;

create or replace function private.is_back_office_user(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p where p.user_id = uid and p.role in ('admin', 'staff'))
$$;

alter table public.notifications enable row level security;
create policy "Users read their own notifications" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()) and (select private.aal_ok()));
create policy "Staff notify back-office colleagues as themselves" on public.notifications
  for insert to authenticated
  with check ((select private.is_staff_or_admin()) and actor_id = (select auth.uid()) and private.is_back_office_user(user_id));
create policy "Users mark their own notifications" on public.notifications
  for update to authenticated
  using (user_id = (select auth.uid()) and (select private.aal_ok()))
  with check (user_id = (select auth.uid()));
create policy "Users clear their own notifications" on public.notifications
  for delete to authenticated using (user_id = (select auth.uid()) and (select private.aal_ok()));
revoke all on public.notifications from anon;
revoke update on public.notifications from authenticated;
grant update (read_at) on public.notifications to authenticated;

-- ── Outgoing e-mail queue ────────────────────────────────────────────────────────────────────
create table public.outgoing_emails (
  id uuid primary key default gen_random_uuid(),
  to_address text not null check (to_address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(to_address) <= 254),
  subject text not null check (char_length(subject) between 1 and 300),
  html text not null check (char_length(html) <= 500000),
  text_body text check (char_length(text_body) <= 200000),
  -- notification | transactional | marketing … (marketing sends carry List-Unsubscribe headers)
  kind text not null default 'notification' check (kind ~ '^[a-z][a-z_]{1,39}$'),
  headers jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts smallint not null default 0,
  -- A claimed row belongs to one delivery run until this instant (a crashed run's rows return).
  lease_until timestamptz,
  not_before timestamptz not null default now(),
  last_error text check (char_length(last_error) <= 2000),
  notification_id uuid references public.notifications (id) on delete set null,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.outgoing_emails is
  'Mail waiting for the edge worker''s delivery job (provider: the emulator outbox locally, an HTTP e-mail API in production). Secret key only.';
create index outgoing_emails_due_idx on public.outgoing_emails (not_before) where status in ('pending', 'sending');
create index outgoing_emails_notification_idx on public.outgoing_emails (notification_id);
create trigger outgoing_emails_set_updated_at before update on public.outgoing_emails
  for each row execute function private.set_updated_at();
alter table public.outgoing_emails enable row level security;
-- No policy: only the secret key (service_role bypasses RLS) reads or writes the queue.
revoke all on public.outgoing_emails from anon, authenticated;

create or replace function private.html_escape(s text) returns text
language sql immutable set search_path = '' as $$
  select replace(replace(replace(replace(replace(coalesce(s, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;

-- The one way modules notify someone (from their triggers and RPCs): stores the notification;
-- the insert trigger below queues the e-mail copy. Returns the notification id (null when the
-- recipient has no back-office role).
create or replace function private.notify(
  recipient uuid, kind text, title text, body text default null, link text default null,
  record_table text default null, record_id uuid default null, actor uuid default auth.uid()
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  nid uuid;
begin
  if recipient is null or not private.is_back_office_user(recipient) then return null; end if;
  insert into public.notifications (user_id, kind, title, body, link, actor_id, record_table, record_id)
  values (recipient, kind, left(title, 200), left(body, 1000), link, actor, record_table, record_id)
  returning id into nid;
  return nid;
end $$;
comment on function private.notify(uuid, text, text, text, text, text, uuid, uuid) is
  'Creates a notification for a back-office user (its e-mail copy follows the recipient''s user_settings).';

-- Every notification, however created, gets its e-mail copy when the recipient's settings ask
-- for one (email_deals / email_clients / email_marketing; general and team kinds stay in-app).
-- Links in mails point at the CRM host: `alter database postgres set app.site_url = 'https://crm.example.com'`.
create or replace function private.queue_notification_email() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  wants_email boolean;
  address text;
  site text := coalesce(nullif(current_setting('app.site_url', true), ''), 'http://crm.localhost:8787');
begin
  select case private.notification_category(new.kind)
           when 'deals' then coalesce(s.email_deals, true)
           when 'clients' then coalesce(s.email_clients, true)
           when 'marketing' then coalesce(s.email_marketing, false)
           else false
         end, u.email
    into wants_email, address
    from auth.users u left join public.user_settings s on s.user_id = u.id
   where u.id = new.user_id;
  if wants_email and address is not null then
    insert into public.outgoing_emails (to_address, subject, html, text_body, kind, notification_id)
    values (
      address, new.title,
      '<p>' || private.html_escape(new.title) || '</p>'
        || coalesce('<p>' || private.html_escape(new.body) || '</p>', '')
        || coalesce('<p><a href="' || private.html_escape(site || new.link) || '">Open in the back-office</a></p>', ''),
      new.title || coalesce(E'\n\n' || new.body, '') || coalesce(E'\n\n' || site || new.link, ''),
      'notification', new.id
    );
  end if;
  return null;
end $$;
create trigger notifications_queue_email after insert on public.notifications
  for each row execute function private.queue_notification_email();

-- Delivery RPCs for the edge worker (secret key only): claim a batch with a lease, then report.
create or replace function public.claim_outgoing_emails(batch_size integer default 50, lease_seconds integer default 120)
returns setof public.outgoing_emails
language sql security definer set search_path = '' as $$
  update public.outgoing_emails e
     set status = 'sending', attempts = e.attempts + 1, lease_until = now() + make_interval(secs => lease_seconds)
   where e.id in (
     select q.id from public.outgoing_emails q
      where q.not_before <= now()
        and (q.status = 'pending' or (q.status = 'sending' and q.lease_until < now()))
        and q.attempts < 5
      order by q.not_before
      limit least(greatest(batch_size, 1), 500)
      for update skip locked
   )
  returning e.*
$$;
create or replace function public.complete_outgoing_email(email_id uuid, delivered boolean, error text default null)
returns void language sql security definer set search_path = '' as $$
  update public.outgoing_emails
     set status = case when delivered then 'sent' when attempts >= 5 then 'failed' else 'pending' end,
         sent_at = case when delivered then now() end,
         lease_until = null,
         -- Back off before a retry: 1, 2, 4, 8 minutes.
         not_before = case when delivered then not_before else now() + make_interval(mins => power(2, attempts - 1)::int) end,
         last_error = left(error, 2000)
   where id = email_id
$$;
revoke all on function public.claim_outgoing_emails(integer, integer) from public, anon, authenticated;
revoke all on function public.complete_outgoing_email(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.claim_outgoing_emails(integer, integer) to service_role;
grant execute on function public.complete_outgoing_email(uuid, boolean, text) to service_role;

-- ── Unread count for the bell (cheap, partial index) ─────────────────────────────────────────
create or replace function public.unread_notification_count() returns integer
language sql stable security invoker set search_path = '' as $$
  select count(*)::int from public.notifications where user_id = (select auth.uid()) and read_at is null
$$;
revoke all on function public.unread_notification_count() from public, anon;
grant execute on function public.unread_notification_count() to authenticated;

create or replace function public.mark_all_notifications_read() returns integer
language sql security invoker set search_path = '' as $$
  with done as (
    update public.notifications set read_at = now()
     where user_id = (select auth.uid()) and read_at is null
    returning 1
  ) select count(*)::int from done
$$;
revoke all on function public.mark_all_notifications_read() from public, anon;
grant execute on function public.mark_all_notifications_read() to authenticated;

-- ── Existing back-office tables join the platform ────────────────────────────────────────────
-- Listings: owned (owner and optional assignee), company-wide by default (module 'listings').
alter table public.properties
  add column owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  add column assignee_id uuid references auth.users (id) on delete set null;
update public.properties set owner_id = coalesce(agent_id, created_by) where owner_id is null;
comment on column public.properties.owner_id is 'Who owns the listing record (record-level access); defaults to its creator.';
comment on column public.properties.assignee_id is 'A colleague who works the listing with the owner.';
create index properties_owner_idx on public.properties (owner_id);
create index properties_assignee_idx on public.properties (assignee_id);
create index properties_created_by_idx on public.properties (created_by);

drop policy "Everyone reads published listings" on public.properties;
drop policy "Staff read all listings" on public.properties;
drop policy "Staff create listings" on public.properties;
drop policy "Staff edit listings" on public.properties;
drop policy "Staff delete listings" on public.properties;
create policy "Visitors read published listings" on public.properties
  for select to anon using (private.property_is_public(status, published_at));
create policy "Signed-in users read published listings, staff per access" on public.properties
  for select to authenticated using (
    private.property_is_public(status, published_at)
    or (select private.access_scope('listings')) = 'all'
    or ((select private.access_scope('listings')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  );
create policy "Staff create listings they own" on public.properties
  for insert to authenticated with check (
    (select private.is_admin())
    or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
create policy "Staff edit listings per access" on public.properties
  for update to authenticated
  using (
    (select private.access_scope('listings')) = 'all'
    or ((select private.access_scope('listings')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins and owners delete listings" on public.properties
  for delete to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );

-- One permissive policy per role and action on the other content tables (splinter's
-- multiple_permissive_policies): anon and authenticated get separate policies.
drop policy "Everyone reads images of published listings" on public.property_images;
drop policy "Staff read all images" on public.property_images;
create policy "Visitors read images of published listings" on public.property_images
  for select to anon using (
    exists (select 1 from public.properties p where p.id = property_id and private.property_is_public(p.status, p.published_at))
  );
create policy "Signed-in users read images of listings they may see" on public.property_images
  for select to authenticated using (
    (select private.is_staff_or_admin())
    or exists (select 1 from public.properties p where p.id = property_id and private.property_is_public(p.status, p.published_at))
  );

drop policy "Everyone reads published posts" on public.blog_posts;
drop policy "Staff read all posts" on public.blog_posts;
create policy "Visitors read published posts" on public.blog_posts
  for select to anon
  using (status in ('published', 'scheduled') and published_at is not null and published_at <= now());
create policy "Signed-in users read published posts, staff all" on public.blog_posts
  for select to authenticated
  using ((select private.is_staff_or_admin()) or (status in ('published', 'scheduled') and published_at is not null and published_at <= now()));

drop policy "Users read their own profile" on public.profiles;
drop policy "Staff and admins read all profiles" on public.profiles;
drop policy "Users update their own profile" on public.profiles;
drop policy "Admins update any profile" on public.profiles;
create policy "Users read their own profile, staff read all" on public.profiles
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_staff_or_admin()));
create policy "Users update their own profile, admins any" on public.profiles
  for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));

drop policy "Staff and admins can read tax rates" on public.tax_rates;
drop policy "Staff and admins can manage tax rates" on public.tax_rates;
create policy "Staff read tax rates" on public.tax_rates
  for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add tax rates" on public.tax_rates
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins correct tax rates" on public.tax_rates
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove tax rates" on public.tax_rates
  for delete to authenticated using ((select private.is_admin()));

-- Invoices: owned records (module 'invoices', own-and-assigned by default).
alter table public.invoices
  add column owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  add column assignee_id uuid references auth.users (id) on delete set null;
update public.invoices set owner_id = created_by where owner_id is null;
create index invoices_owner_idx on public.invoices (owner_id);
create index invoices_assignee_idx on public.invoices (assignee_id);
create index invoices_created_by_idx on public.invoices (created_by);
drop policy "Staff and admins can manage invoices" on public.invoices;
create policy "Staff read invoices per access" on public.invoices
  for select to authenticated using (
    (select private.access_scope('invoices')) = 'all'
    or ((select private.access_scope('invoices')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  );
create policy "Staff create invoices they own" on public.invoices
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
create policy "Staff edit invoices per access" on public.invoices
  for update to authenticated
  using (
    (select private.access_scope('invoices')) = 'all'
    or ((select private.access_scope('invoices')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins delete invoices" on public.invoices
  for delete to authenticated using ((select private.is_admin()));

drop policy "Staff and admins can manage invoice items" on public.invoice_items;
create policy "Staff read items of invoices they may see" on public.invoice_items
  for select to authenticated using (exists (select 1 from public.invoices i where i.id = invoice_id));
create policy "Staff add items to invoices they may edit" on public.invoice_items
  for insert to authenticated with check ((select private.is_staff_or_admin()) and exists (select 1 from public.invoices i where i.id = invoice_id));
create policy "Staff edit items of invoices they may edit" on public.invoice_items
  for update to authenticated
  using (exists (select 1 from public.invoices i where i.id = invoice_id))
  with check ((select private.is_staff_or_admin()) and exists (select 1 from public.invoices i where i.id = invoice_id));
create policy "Staff remove items of invoices they may edit" on public.invoice_items
  for delete to authenticated using ((select private.is_staff_or_admin()) and exists (select 1 from public.invoices i where i.id = invoice_id));

-- Indexes for foreign keys the advisors found unindexed.
create index if not exists team_channels_created_by_idx on public.team_channels (created_by);
create index if not exists team_messages_reply_to_idx on public.team_messages (reply_to_id);
create index if not exists team_message_reads_channel_idx on public.team_message_reads (channel_id);
create index if not exists contact_submissions_property_idx on public.contact_submissions (property_id);
create index if not exists exchange_rates_created_by_idx on public.exchange_rates (created_by);

-- ── History for every back-office table that exists today ───────────────────────────────────
select private.enable_audit('public.properties');
select private.enable_audit('public.property_images');
select private.enable_audit('public.blog_posts');
select private.enable_audit('public.invoices');
select private.enable_audit('public.invoice_items');
select private.enable_audit('public.tax_rates');
select private.enable_audit('public.exchange_rates');
select private.enable_audit('public.contact_submissions');
select private.enable_audit('public.consultations');
select private.enable_audit('public.bookings');
select private.enable_audit('public.property_requests');
select private.enable_audit('public.profiles', 'user_id');

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
