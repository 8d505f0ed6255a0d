-- Team administration: branches, deactivation, "branch" record visibility, the last-admin guard,
-- hand-over of a leaver's open records, and the sessions a user or an admin may end.

-- ── Branches ──────────────────────────────────────────────────────────────────────────────────
create table public.branches (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 80),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index branches_name_key on public.branches (lower(btrim(name)));
comment on table public.branches is 'The agency''s offices (e.g. Accra head office, Kumasi). A member''s branch decides what "branch" visibility shows them.';
alter table public.branches enable row level security;
create trigger branches_set_updated_at before update on public.branches
  for each row execute function private.set_updated_at();
create policy "Staff read branches" on public.branches for select to authenticated
  using ((select private.is_staff_or_admin()));
create policy "Admins add branches" on public.branches for insert to authenticated
  with check ((select private.is_admin()));
create policy "Admins rename branches" on public.branches for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove branches" on public.branches for delete to authenticated
  using ((select private.is_admin()));
revoke all on public.branches from anon;
grant select, insert, update, delete on public.branches to authenticated;
grant all on public.branches to service_role;

-- ── Members: branch and deactivation ──────────────────────────────────────────────────────────
alter table public.profiles
  add column branch_id uuid references public.branches (id) on delete set null,
  add column deactivated_at timestamptz;
create index profiles_branch_idx on public.profiles (branch_id);
comment on column public.profiles.branch_id is 'The member''s branch (public.branches); null for none.';
comment on column public.profiles.deactivated_at is 'When an admin deactivated the member: every role check treats them as having no role. Null when active.';

alter table public.module_access drop constraint module_access_mode_check;
alter table public.module_access add constraint module_access_mode_check check (mode in ('own', 'branch', 'all'));
comment on table public.module_access is 'Per back-office module: whether staff see their own and assigned records (own), those of anyone in their branch (branch), or every record (all). Admins always see all.';

-- Every role check of RLS, the edge and the hub reads the role through here, so a deactivation
-- bites on the next request, whatever tokens the member still holds.
create or replace function private.role_of_current_user() returns text
language sql stable security definer set search_path = '' as $$
  select p.role from public.profiles p where p.user_id = (select auth.uid()) and p.deactivated_at is null
$$;

create or replace function private.is_back_office_user(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p
                  where p.user_id = uid and p.role in ('admin', 'staff') and p.deactivated_at is null)
$$;

create or replace function private.access_scope(module_name text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when private.is_admin() then 'all'
    when private.is_staff_or_admin() then
      coalesce((select m.mode from public.module_access m where m.module = module_name), 'own')
    else 'none'
  end
$$;
comment on function private.access_scope(text) is 'What the caller may see of a module''s owned records: all (admins; staff when the module is company-wide), branch, own, or none.';

create or replace function private.branch_members(member uuid) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select array_agg(o.user_id) from public.profiles me join public.profiles o on o.branch_id = me.branch_id
      where me.user_id = member and me.branch_id is not null),
    array[member])
$$;
comment on function private.branch_members(uuid) is 'The members of a member''s branch, themselves included (only themselves without a branch).';

-- Policies compare owner and assignee with this list, wrapped in (select …): one evaluation per
-- statement, and owner_id = any(list) can use the owner and assignee indexes.
create or replace function private.scope_members(module_name text) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select case private.access_scope(module_name)
    when 'own' then array[(select auth.uid())]
    when 'branch' then private.branch_members((select auth.uid()))
    else '{}'::uuid[]
  end
$$;
comment on function private.scope_members(text) is 'Whose records the caller sees in a module under own or branch visibility (empty under all or none).';

create or replace function private.can_access_owned(module_name text, owner uuid, assignee uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select case private.access_scope(module_name)
    when 'all' then true
    when 'own' then owner = (select auth.uid()) or assignee = (select auth.uid())
    when 'branch' then owner = any (private.scope_members(module_name)) or assignee = any (private.scope_members(module_name))
    else false
  end
$$;

create or replace function private.can_work_on_post(post_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.blog_posts b
     where b.id = post_id
       and case private.access_scope('blog') when 'all' then true
             when 'own' then b.author_id = (select auth.uid())
             when 'branch' then b.author_id = any (private.scope_members('blog'))
             else false end
  )
$$;

create or replace function private.contact_scope_of(reader uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case (select p.role from public.profiles p where p.user_id = reader and p.deactivated_at is null)
    when 'admin' then 'all'
    when 'staff' then coalesce((select m.mode from public.module_access m where m.module = 'contacts'), 'own')
    else 'none'
  end
$$;
comment on function private.contact_scope_of(uuid) is 'all | branch | own | none: the Business contacts a team member sees (private.access_scope for someone other than the caller; none for nobody).';

-- Only an admin changes a member's role, branch or deactivation; nobody changes user_id.
create or replace function private.guard_profile_role() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Requests through the API carry claims; the secret key and direct SQL (migrations, seeds) do not
  -- need the admin check. current_user is the definer here, so the claims decide.
  if (new.role, new.branch_id, new.deactivated_at) is distinct from (old.role, old.branch_id, old.deactivated_at)
     and coalesce(auth.role(), '') in ('anon', 'authenticated')
     and not private.is_admin() then
    raise exception 'only an admin may change a role, branch or deactivation' using errcode = '42501';
  end if;
  if new.user_id is distinct from old.user_id then
    raise exception 'user_id cannot change' using errcode = '42501';
  end if;
  return new;
end $$;

-- ── The last active admin stays ───────────────────────────────────────────────────────────────
create or replace function private.guard_last_admin() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role = 'admin' and old.deactivated_at is null
     and (tg_op = 'DELETE' or new.role is distinct from 'admin' or new.deactivated_at is not null) then
    -- Two admins demoting each other at once must not both pass.
    perform pg_advisory_xact_lock(hashtext('private.guard_last_admin'));
    if not exists (select 1 from public.profiles p
                    where p.role = 'admin' and p.deactivated_at is null and p.user_id <> old.user_id) then
      raise exception 'The last active admin cannot be demoted, deactivated or removed: make someone else an admin first'
        using errcode = 'PT409';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
comment on function private.guard_last_admin() is 'profiles: refuses to demote, deactivate or delete the last active admin.';
create trigger profiles_guard_last_admin before update of role, deactivated_at or delete on public.profiles
  for each row execute function private.guard_last_admin();

-- ── Contacts a campaign reaches under branch visibility ─────────────────────────────────────
create or replace function private.email_list_audience(list uuid, reader uuid) RETURNS TABLE(contact_id uuid, email text, first_name text, last_name text, city text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with l as (select * from public.email_lists where id = list),
  f as (
    select coalesce((select array_agg(x) from jsonb_array_elements_text(l.filter -> 'stages') x), '{}') as stages,
           coalesce((select array_agg(x) from jsonb_array_elements_text(l.filter -> 'types') x), '{}') as types,
           coalesce((select array_agg(x) from jsonb_array_elements_text(l.filter -> 'tags') x), '{}') as tags,
           coalesce((select array_agg(x) from jsonb_array_elements_text(l.filter -> 'sources') x), '{}') as sources,
           coalesce((select array_agg(lower(x)) from jsonb_array_elements_text(l.filter -> 'cities') x), '{}') as cities,
           l.kind, l.id
    from l
  )
  select distinct on (lower(c.email)) c.id, lower(c.email), c.first_name, c.last_name, c.city
  from public.contacts c, f, (select private.contact_scope_of(reader) as scope, private.branch_members(reader) as circle) r
  where c.email is not null and c.marketing_consent and c.consent_status = 'given' and c.anonymised_at is null
    and (r.scope = 'all'
         or (r.scope = 'own' and (c.owner_id = reader or c.assignee_id = reader))
         or (r.scope = 'branch' and (c.owner_id = any (r.circle) or c.assignee_id = any (r.circle))))
    and case when f.kind = 'static'
          then exists (select 1 from public.email_list_members m where m.list_id = f.id and m.contact_id = c.id)
          else (cardinality(f.stages) = 0 or c.stage = any (f.stages))
           and (cardinality(f.types) = 0 or c.type = any (f.types))
           and (cardinality(f.tags) = 0 or c.tags && f.tags)
           and (cardinality(f.sources) = 0 or c.source = any (f.sources))
           and (cardinality(f.cities) = 0 or lower(c.city) = any (f.cities))
        end
  order by lower(c.email), c.created_at
$$;

-- ── Owned tables' policies: own or branch → the owner or assignee is one of scope_members ──────
alter policy "Admins and staff of the listing read title files" on public.title_files
  using ((( SELECT private.is_admin() AS is_admin) OR ((property_id IS NOT NULL) AND ((( SELECT private.access_scope('listings'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('listings'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND private.can_work_on_listing(property_id))))));

alter policy "Admins and staff of the listing state the facts" on public.title_files
  using ((( SELECT private.is_admin() AS is_admin) OR ((property_id IS NOT NULL) AND ((( SELECT private.access_scope('listings'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('listings'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND private.can_work_on_listing(property_id))))))
  with check ((((hunt_id IS NULL) OR ( SELECT private.is_admin() AS is_admin)) AND ((property_id IS NULL) OR private.can_work_on_listing(property_id))));

alter policy "Signed-in users read published listings, staff per access" on public.properties
  using (((( SELECT private.access_scope('listings'::text) AS access_scope) = 'all'::text) OR (public_since <= now()) OR ((( SELECT private.access_scope('listings'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('listings'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('listings'::text))::uuid[]))))));

alter policy "Signed-in users read published posts, staff per access" on public.blog_posts
  using (((( SELECT private.access_scope('blog'::text) AS access_scope) = 'all'::text) OR ((status = ANY (ARRAY['published'::text, 'scheduled'::text])) AND (published_at IS NOT NULL) AND (published_at <= now())) OR ((( SELECT private.access_scope('blog'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (author_id = ANY ((SELECT private.scope_members('blog'::text))::uuid[])))));

alter policy "Staff edit contacts per access" on public.contacts
  using (((( SELECT private.access_scope('contacts'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('contacts'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('contacts'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('contacts'::text))::uuid[]))))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff edit deals per access" on public.deals
  using (((( SELECT private.access_scope('deals'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('deals'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('deals'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('deals'::text))::uuid[]))))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff edit entries per access" on public.finance_entries
  using (((( SELECT private.access_scope('expenses'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('expenses'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('expenses'::text))::uuid[])))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff edit events per access" on public.events
  using (((( SELECT private.access_scope('events'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('events'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('events'::text))::uuid[])))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff edit invoices per access" on public.invoices
  using (((( SELECT private.access_scope('invoices'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('invoices'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('invoices'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('invoices'::text))::uuid[]))))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff edit listings per access" on public.properties
  using (((( SELECT private.access_scope('listings'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('listings'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('listings'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('listings'::text))::uuid[]))))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff edit posts per access" on public.blog_posts
  using (((( SELECT private.access_scope('blog'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('blog'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (author_id = ANY ((SELECT private.scope_members('blog'::text))::uuid[])))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff edit tasks per access" on public.tasks
  using (((( SELECT private.access_scope('tasks'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('tasks'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('tasks'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('tasks'::text))::uuid[]))))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff edit topics per access" on public.content_plan_items
  using (((( SELECT private.access_scope('blog'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('blog'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('blog'::text))::uuid[])))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff read bookings per access" on public.bookings
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (assignee_id = ANY ((SELECT private.scope_members('inbox'::text))::uuid[])))));

alter policy "Staff read consultations per access" on public.consultations
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (assignee_id = ANY ((SELECT private.scope_members('inbox'::text))::uuid[])))));

alter policy "Staff read contact submissions per access" on public.contact_submissions
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (assignee_id = ANY ((SELECT private.scope_members('inbox'::text))::uuid[])))));

alter policy "Staff read contacts per access" on public.contacts
  using (((( SELECT private.access_scope('contacts'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('contacts'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('contacts'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('contacts'::text))::uuid[]))))));

alter policy "Staff read deals per access" on public.deals
  using (((( SELECT private.access_scope('deals'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('deals'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('deals'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('deals'::text))::uuid[]))))));

alter policy "Staff read entries per access" on public.finance_entries
  using (((( SELECT private.access_scope('expenses'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('expenses'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('expenses'::text))::uuid[])))));

alter policy "Staff read events per access, and events they attend" on public.events
  using (((( SELECT private.access_scope('events'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('events'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('events'::text))::uuid[])) OR private.is_event_attendee(id)))));

alter policy "Staff read invoices per access" on public.invoices
  using (((( SELECT private.access_scope('invoices'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('invoices'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('invoices'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('invoices'::text))::uuid[]))))));

alter policy "Staff read matches of requests they may see" on public.property_request_matches
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (EXISTS ( SELECT 1
   FROM public.property_requests r
  WHERE (r.id = property_request_matches.request_id))))));

alter policy "Staff read notes of records they may see" on public.inbox_notes
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND private.can_read_record(record_table, record_id))));

alter policy "Staff read payments per access" on public.payments
  using (((( SELECT private.access_scope('payments'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('payments'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('payments'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('payments'::text))::uuid[])) OR (recorded_by = ( SELECT auth.uid() AS uid))))));

alter policy "Staff read property requests per access" on public.property_requests
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (assignee_id = ANY ((SELECT private.scope_members('inbox'::text))::uuid[])))));

alter policy "Staff read replies of records they may see" on public.inbox_replies
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND private.can_read_record(record_table, record_id))));

alter policy "Staff read tasks per access" on public.tasks
  using (((( SELECT private.access_scope('tasks'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('tasks'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND ((owner_id = ANY ((SELECT private.scope_members('tasks'::text))::uuid[])) OR (assignee_id = ANY ((SELECT private.scope_members('tasks'::text))::uuid[]))))));

alter policy "Staff read topics per access" on public.content_plan_items
  using (((( SELECT private.access_scope('blog'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('blog'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('blog'::text))::uuid[])))));

alter policy "Staff work bookings per access" on public.bookings
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (assignee_id = ANY ((SELECT private.scope_members('inbox'::text))::uuid[])))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff work consultations per access" on public.consultations
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (assignee_id = ANY ((SELECT private.scope_members('inbox'::text))::uuid[])))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff work contact submissions per access" on public.contact_submissions
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (assignee_id = ANY ((SELECT private.scope_members('inbox'::text))::uuid[])))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Staff work property requests per access" on public.property_requests
  using (((( SELECT private.access_scope('inbox'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('inbox'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (assignee_id = ANY ((SELECT private.scope_members('inbox'::text))::uuid[])))))
  with check (( SELECT private.is_staff_or_admin() AS is_staff_or_admin));

alter policy "Team members delete draft campaigns" on public.email_campaigns
  using (((status = 'draft'::text) AND ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[]))))));

alter policy "Team members delete files they may see for good" on public.files
  using (((( SELECT private.access_scope('files'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('files'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('files'::text))::uuid[])))));

alter policy "Team members delete folders they may see" on public.file_folders
  using (((( SELECT private.access_scope('files'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('files'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('files'::text))::uuid[])))));

alter policy "Team members delete marketing lists" on public.email_lists
  using (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))));

alter policy "Team members delete templates" on public.email_templates
  using (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))));

alter policy "Team members edit campaigns" on public.email_campaigns
  using (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))))
  with check (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))));

alter policy "Team members edit marketing lists" on public.email_lists
  using (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))))
  with check (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))));

alter policy "Team members edit templates" on public.email_templates
  using (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))))
  with check (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))));

alter policy "Team members read campaigns" on public.email_campaigns
  using (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))));

alter policy "Team members read files they may see" on public.files
  using (((( SELECT private.access_scope('files'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('files'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('files'::text))::uuid[])))));

alter policy "Team members read folders they may see" on public.file_folders
  using (((( SELECT private.access_scope('files'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('files'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('files'::text))::uuid[])))));

alter policy "Team members read marketing lists" on public.email_lists
  using (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))));

alter policy "Team members read templates" on public.email_templates
  using (((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('email_marketing'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('email_marketing'::text))::uuid[])))));

alter policy "Team members rename folders they may see" on public.file_folders
  using (((( SELECT private.access_scope('files'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('files'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('files'::text))::uuid[])))))
  with check (((( SELECT private.access_scope('files'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('files'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('files'::text))::uuid[])))));

alter policy "Team members rename, move and trash files they may see" on public.files
  using (((( SELECT private.access_scope('files'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('files'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('files'::text))::uuid[])))))
  with check (((( SELECT private.access_scope('files'::text) AS access_scope) = 'all'::text) OR ((( SELECT private.access_scope('files'::text) AS access_scope) = ANY (ARRAY['own'::text, 'branch'::text])) AND (owner_id = ANY ((SELECT private.scope_members('files'::text))::uuid[])))));


-- ── Hand-over of a member's open records ──────────────────────────────────────────────────────
-- The move is the admin's own: it runs under their RLS, through the hand-over rule
-- (private.guard_record_hand_over) and the audit triggers, so every moved row names the admin.
create or replace function public.hand_over_records(from_member uuid, to_member uuid)
returns table (module text, moved bigint)
language plpgsql volatile security invoker set search_path = '' as $$
declare
  n bigint;
begin
  if not private.is_admin() then
    raise exception 'Only an admin hands records over' using errcode = '42501';
  end if;
  if to_member is null or to_member = from_member or not private.is_back_office_user(to_member) then
    raise exception 'Hand the records to another active member' using errcode = '22023';
  end if;
  with c as (
    update public.contacts set
      owner_id = case when owner_id = from_member then to_member else owner_id end,
      assignee_id = case when assignee_id = from_member then to_member else assignee_id end
    where owner_id = from_member or assignee_id = from_member returning 1)
  select count(*) into n from c;
  module := 'contacts'; moved := n; return next;
  with d as (
    update public.deals set
      owner_id = case when owner_id = from_member then to_member else owner_id end,
      assignee_id = case when assignee_id = from_member then to_member else assignee_id end
    where status = 'open' and (owner_id = from_member or assignee_id = from_member) returning 1)
  select count(*) into n from d;
  module := 'deals'; moved := n; return next;
  with t as (
    update public.tasks set
      owner_id = case when owner_id = from_member then to_member else owner_id end,
      assignee_id = case when assignee_id = from_member then to_member else assignee_id end
    where status in ('todo', 'in_progress') and (owner_id = from_member or assignee_id = from_member) returning 1)
  select count(*) into n from t;
  module := 'tasks'; moved := n; return next;
  with i as (
    update public.consultations set assignee_id = to_member
     where assignee_id = from_member and status in ('requested', 'confirmed') returning 1
  ), b as (
    update public.bookings set assignee_id = to_member
     where assignee_id = from_member and status in ('requested', 'confirmed') returning 1
  ), s as (
    update public.contact_submissions set assignee_id = to_member
     where assignee_id = from_member and status in ('new', 'assigned', 'in_progress') returning 1
  ), r as (
    update public.property_requests set assignee_id = to_member
     where assignee_id = from_member and status in ('new', 'assigned', 'searching', 'matched') returning 1)
  select (select count(*) from i) + (select count(*) from b) + (select count(*) from s) + (select count(*) from r) into n;
  module := 'inbox'; moved := n; return next;
  with l as (
    update public.properties set
      owner_id = case when owner_id = from_member then to_member else owner_id end,
      assignee_id = case when assignee_id = from_member then to_member else assignee_id end,
      agent_id = case when agent_id = from_member then to_member else agent_id end
    where status not in ('sold', 'let', 'withdrawn', 'archived')
      and (owner_id = from_member or assignee_id = from_member or agent_id = from_member) returning 1)
  select count(*) into n from l;
  module := 'listings'; moved := n; return next;
end $$;
comment on function public.hand_over_records(uuid, uuid) is
  'Admins: moves a member''s open records (contacts, open deals and tasks, open inbox items, listings as owner, assignee or agent) to another active member, under the caller''s RLS and the hand-over rule.';
revoke all on function public.hand_over_records(uuid, uuid) from public, anon;
grant execute on function public.hand_over_records(uuid, uuid) to authenticated, service_role;


-- Deactivation and hand-over in one transaction, as the admin (their RLS, the hand-over rule, the
-- audit log naming them). A member changed since the admin loaded them is refused, not overwritten.
create or replace function public.deactivate_member(member uuid, hand_to uuid, seen_updated_at timestamptz)
returns table (module text, moved bigint)
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Only an admin deactivates members' using errcode = '42501';
  end if;
  update public.profiles p set deactivated_at = now()
   where p.user_id = member and p.deactivated_at is null and p.role in ('admin', 'staff')
     and (seen_updated_at is null or p.updated_at = seen_updated_at);
  if not found then
    if exists (select 1 from public.profiles p where p.user_id = member and p.role in ('admin', 'staff')) then
      raise exception 'This member was changed meanwhile or is deactivated already: reload and try again'
        using errcode = 'PT409';
    end if;
    raise exception 'No such team member' using errcode = 'PT404';
  end if;
  if hand_to is not null then
    return query select h.module, h.moved from public.hand_over_records(member, hand_to) h;
  end if;
end $$;
comment on function public.deactivate_member(uuid, uuid, timestamptz) is
  'Admins: deactivates a member and, when hand_to is given, hands their open records to that member, in one transaction.';
revoke all on function public.deactivate_member(uuid, uuid, timestamptz) from public, anon;
grant execute on function public.deactivate_member(uuid, uuid, timestamptz) to authenticated, service_role;

-- ── Invitations ───────────────────────────────────────────────────────────────────────────────
-- GoTrue's own mailed links live an hour at most (a day on hosted projects), so the mail carries
-- our link, valid 7 days: opening it asks GoTrue for a fresh link to set the password.
create table public.team_invitations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null check (private.is_email(email)),
  role text not null check (role in ('admin', 'staff')),
  branch_id uuid references public.branches (id) on delete set null,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by uuid references public.profiles (user_id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.team_invitations is 'Invitations to the team: the mailed link (hashed) is valid until expires_at (7 days), once; written by the edge with the secret key.';
create index team_invitations_user_idx on public.team_invitations (user_id);
create index team_invitations_branch_idx on public.team_invitations (branch_id);
create index team_invitations_invited_by_idx on public.team_invitations (invited_by);
create unique index team_invitations_one_pending on public.team_invitations (lower(email))
  where accepted_at is null and revoked_at is null;
alter table public.team_invitations enable row level security;
create trigger team_invitations_set_updated_at before update on public.team_invitations
  for each row execute function private.set_updated_at();
create policy "Admins read invitations" on public.team_invitations for select to authenticated
  using ((select private.is_admin()));
revoke all on public.team_invitations from anon, authenticated;
grant select on public.team_invitations to authenticated;
grant all on public.team_invitations to service_role;

-- ── The team screen ───────────────────────────────────────────────────────────────────────────
create or replace function public.team_members()
returns table (user_id uuid, first_name text, last_name text, email text, phone text, role text,
               branch_id uuid, deactivated_at timestamptz, updated_at timestamptz,
               last_sign_in_at timestamptz, invited_at timestamptz, confirmed boolean,
               two_factor boolean, open_records bigint)
language sql stable security definer set search_path = '' as $$
  select p.user_id, p.first_name, p.last_name, coalesce(p.email, u.email::text), p.phone, p.role,
         p.branch_id, p.deactivated_at, p.updated_at, u.last_sign_in_at, u.invited_at,
         u.email_confirmed_at is not null or u.last_sign_in_at is not null,
         exists (select 1 from auth.mfa_factors f where f.user_id = p.user_id and f.status = 'verified'),
         (select count(*) from public.contacts c where c.owner_id = p.user_id or c.assignee_id = p.user_id)
         + (select count(*) from public.deals d where d.status = 'open' and (d.owner_id = p.user_id or d.assignee_id = p.user_id))
         + (select count(*) from public.tasks t where t.status in ('todo', 'in_progress') and (t.owner_id = p.user_id or t.assignee_id = p.user_id))
         + (select count(*) from public.consultations x where x.assignee_id = p.user_id and x.status in ('requested', 'confirmed'))
         + (select count(*) from public.bookings x where x.assignee_id = p.user_id and x.status in ('requested', 'confirmed'))
         + (select count(*) from public.contact_submissions x where x.assignee_id = p.user_id and x.status in ('new', 'assigned', 'in_progress'))
         + (select count(*) from public.property_requests x where x.assignee_id = p.user_id and x.status in ('new', 'assigned', 'searching', 'matched'))
         + (select count(*) from public.properties l where l.status not in ('sold', 'let', 'withdrawn', 'archived')
              and (l.owner_id = p.user_id or l.assignee_id = p.user_id or l.agent_id = p.user_id))
    from public.profiles p
    left join auth.users u on u.id = p.user_id
   where private.is_admin() and p.role in ('admin', 'staff')
   order by p.deactivated_at nulls first, p.first_name, p.last_name
$$;
comment on function public.team_members() is
  'Admins: every admin and staff member with status, two-factor, last sign-in and the number of open records they own or are assigned; nothing for anyone else.';
select private.expose_definer_through_invoker('public.team_members()'::regprocedure);

-- ── Sessions ──────────────────────────────────────────────────────────────────────────────────
create or replace function public.my_sessions()
returns table (id uuid, user_agent text, ip text, created_at timestamptz, last_active_at timestamptz, current boolean)
language sql stable security definer set search_path = '' as $$
  select s.id, s.user_agent, split_part(s.ip::text, '/', 1), s.created_at, coalesce(s.refreshed_at::timestamptz, s.updated_at, s.created_at),
         s.id::text = (select auth.jwt() ->> 'session_id')
    from auth.sessions s
   where s.user_id = (select auth.uid()) and (s.not_after is null or s.not_after > now())
   order by coalesce(s.refreshed_at::timestamptz, s.updated_at, s.created_at) desc
$$;
comment on function public.my_sessions() is 'The caller''s own active sessions (device, last activity); the current one marked.';
select private.expose_definer_through_invoker('public.my_sessions()'::regprocedure);

-- Forced sign-out of a member on every device (GoTrue's Logout deletes the sessions the same way;
-- hosted Supabase keeps them in auth.sessions too). Secret key only: the edge's team routes.
create or replace function public.end_member_sessions(member uuid) returns integer
language sql volatile security definer set search_path = '' as $$
  with gone as (delete from auth.sessions s where s.user_id = member returning 1)
  select count(*)::integer from gone
$$;
comment on function public.end_member_sessions(uuid) is 'Ends every session of a member (force sign-out, deactivation); secret key only.';
revoke all on function public.end_member_sessions(uuid) from public, anon, authenticated;
grant execute on function public.end_member_sessions(uuid) to service_role;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
