-- Saved views of back-office lists, each user's default view per list, and bulk actions on
-- contacts and tasks done on the server in one call (with the previous values for an undo).

-- ── saved_views ──────────────────────────────────────────────────────────────────────────────
create table public.saved_views (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  list_key text not null check (list_key ~ '^[a-z][a-z0-9-]{1,39}$'),
  name text not null check (char_length(btrim(name)) between 1 and 60),
  state jsonb not null check (jsonb_typeof(state) = 'object' and pg_column_size(state) <= 16000),
  shared boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint saved_views_name_unique unique (owner_id, list_key, name)
);
comment on table public.saved_views is
  'A named state of a back-office list (filters, sort, search, columns, layout; core/records/saved-view.ts validates state). Private to its owner, or shared with the team by an admin.';
create index saved_views_shared_idx on public.saved_views (list_key, name) where shared;
create trigger saved_views_set_updated_at before update on public.saved_views
  for each row execute function private.set_updated_at();

alter table public.saved_views enable row level security;
create policy "Staff read their own views and the shared ones" on public.saved_views
  for select to authenticated using (
    (select private.is_staff_or_admin()) and (owner_id = (select auth.uid()) or shared)
  );
create policy "Staff save their own views; only admins share them" on public.saved_views
  for insert to authenticated with check (
    (select private.is_staff_or_admin()) and owner_id = (select auth.uid())
    and (not shared or (select private.is_admin()))
  );
create policy "Owners edit their private views; admins edit and share views" on public.saved_views
  for update to authenticated
  using (
    (select private.is_staff_or_admin())
    and ((owner_id = (select auth.uid()) and not shared) or ((select private.is_admin()) and (owner_id = (select auth.uid()) or shared)))
  )
  with check (
    (select private.is_staff_or_admin())
    and ((owner_id = (select auth.uid()) and not shared) or (select private.is_admin()))
  );
create policy "Owners delete their private views; admins delete shared ones" on public.saved_views
  for delete to authenticated using (
    (select private.is_staff_or_admin())
    and ((owner_id = (select auth.uid()) and not shared) or ((select private.is_admin()) and (owner_id = (select auth.uid()) or shared)))
  );
revoke all on public.saved_views from anon;
revoke update on public.saved_views from authenticated;
grant update (name, state, shared) on public.saved_views to authenticated;

-- ── saved_view_defaults: the view a list opens with, per user ─────────────────────────────────
create table public.saved_view_defaults (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  list_key text not null check (list_key ~ '^[a-z][a-z0-9-]{1,39}$'),
  view_id uuid not null references public.saved_views (id) on delete cascade,
  updated_at timestamptz not null default now(),
  primary key (user_id, list_key)
);
comment on table public.saved_view_defaults is
  'The saved view each user''s list opens with when its URL carries no state of its own.';
create index saved_view_defaults_view_idx on public.saved_view_defaults (view_id);
create trigger saved_view_defaults_set_updated_at before update on public.saved_view_defaults
  for each row execute function private.set_updated_at();

alter table public.saved_view_defaults enable row level security;
-- A default may only name a view of the same list the user can read (the subquery runs under
-- saved_views' own RLS).
create policy "Staff keep their own default views" on public.saved_view_defaults
  for all to authenticated
  using ((select private.is_staff_or_admin()) and user_id = (select auth.uid()))
  with check (
    (select private.is_staff_or_admin()) and user_id = (select auth.uid())
    and exists (select 1 from public.saved_views v where v.id = view_id and v.list_key = saved_view_defaults.list_key)
  );
revoke all on public.saved_view_defaults from anon;

-- ── bulk actions ─────────────────────────────────────────────────────────────────────────────
-- Both functions are security invoker: the rows they read and change are those the caller's RLS
-- allows. Rows are named by `ids` (the selected rows) or by `filter` (every row matching the
-- list's filter, the same keys as its URL); one of the two.

/** Contacts matching a list filter (the keys of the contacts list's URL). */
create or replace function private.contact_matches(c public.contacts, f jsonb) returns boolean
language sql stable set search_path = '' as $$
  select (f ->> 'kind' is null or c.kind = f ->> 'kind')
     and (f -> 'type' is null or c.type = any (array(select jsonb_array_elements_text(f -> 'type'))))
     and (f -> 'stage' is null or c.stage = any (array(select jsonb_array_elements_text(f -> 'stage'))))
     and (f -> 'source' is null or c.source = any (array(select jsonb_array_elements_text(f -> 'source'))))
     and (f ->> 'tag' is null or c.tags @> array[lower(btrim(f ->> 'tag'))])
     and (f ->> 'consent' is null or c.consent_status = f ->> 'consent')
     and (f ->> 'city' is null or c.city ilike '%' || replace(replace(replace(btrim(f ->> 'city'), '\', '\\'), '%', '\%'), '_', '\_') || '%')
     and (case f ->> 'owner'
            when 'none' then c.owner_id is null
            when 'me' then c.owner_id = (select auth.uid()) or c.assignee_id = (select auth.uid())
            else f ->> 'owner' is null or c.owner_id = (f ->> 'owner')::uuid
          end)
$$;

create or replace function public.bulk_change_contacts(change jsonb, ids uuid[] default null, filter jsonb default null)
returns jsonb language plpgsql security invoker set search_path = '' as $$
declare
  action text := change ->> 'action';
  term text := nullif(btrim(coalesce(filter ->> 'q', '')), '');
  new_owner uuid;
  new_tag text;
  new_stage text;
  ok_ids uuid[];
  refused jsonb;
  previous jsonb := '[]';
  done_ids uuid[];
  matched integer;
begin
  if (ids is null) = (filter is null) then
    raise exception 'Name the contacts by their ids or by the list''s filter, not both.' using errcode = '22023';
  end if;
  if action not in ('assign', 'tag', 'stage', 'delete') or action is null then
    raise exception 'Unknown bulk action "%".', coalesce(action, '') using errcode = '22023';
  end if;
  if action = 'assign' then
    new_owner := (change ->> 'owner_id')::uuid;
    if new_owner is not null and not exists (
      select 1 from public.profiles p where p.user_id = new_owner and p.role in ('admin', 'staff') and p.deactivated_at is null
    ) then
      raise exception 'Contacts can only be assigned to a team member.' using errcode = '22023';
    end if;
  elsif action = 'tag' then
    new_tag := lower(btrim(coalesce(change ->> 'tag', '')));
    if char_length(new_tag) not between 1 and 40 then
      raise exception 'A tag has 1 to 40 characters.' using errcode = '22023';
    end if;
  elsif action = 'stage' then
    new_stage := change ->> 'stage';
  end if;

  -- The rows named, as the caller's RLS shows them; the refusals decided row by row.
  with target as (
    select c.id, c.display_name, c.owner_id from public.contacts c
     where (ids is null or c.id = any (ids))
       and (filter is null or private.contact_matches(c, filter))
       and (term is null or c.id in (select s.id from public.search_contacts(term) s))
  ), judged as (
    select t.*, case when action in ('assign', 'delete') and not private.may_hand_over(t.owner_id)
                     then 'owned by another agent' end as reason
      from target t
  )
  select count(*), array_agg(id) filter (where reason is null),
         coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', display_name, 'reason', reason)) filter (where reason is not null), '[]')
    into matched, ok_ids, refused
    from judged;
  if matched > 10000 then
    raise exception 'At most 10,000 contacts at once; narrow the filter (% match).', matched using errcode = '54000';
  end if;
  -- Ids the caller cannot see are refused without saying anything about them.
  if ids is not null then
    refused := refused || coalesce((
      select jsonb_agg(jsonb_build_object('id', i, 'name', null, 'reason', 'not found, or not yours to see'))
        from unnest(ids) i
       where not exists (select 1 from public.contacts c where c.id = i)), '[]');
  end if;
  ok_ids := coalesce(ok_ids, '{}');

  if action = 'delete' then
    with gone as (delete from public.contacts c where c.id = any (ok_ids) returning c.id)
    select array_agg(id) into done_ids from gone;
  elsif action = 'assign' then
    select array_agg(c.id), coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'updated_at', now(), 'values', jsonb_build_object('owner_id', c.owner_id))), '[]')
      into done_ids, previous
      from public.contacts c where c.id = any (ok_ids) and c.owner_id is distinct from new_owner;
    begin
      update public.contacts c set owner_id = new_owner where c.id = any (coalesce(done_ids, '{}'));
    exception when insufficient_privilege then
      -- Staff who see only their own contacts cannot hand one to a colleague: it would leave their sight.
      raise exception 'You can only hand these contacts to someone whose contacts you may see; ask an admin.'
        using errcode = '42501';
    end;
  elsif action = 'tag' then
    select array_agg(c.id), coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'updated_at', now(), 'values', jsonb_build_object('tags', to_jsonb(c.tags)))), '[]')
      into done_ids, previous
      from public.contacts c where c.id = any (ok_ids) and not (c.tags @> array[new_tag]);
    update public.contacts c set tags = c.tags || new_tag where c.id = any (coalesce(done_ids, '{}'));
  else
    select array_agg(c.id), coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'updated_at', now(), 'values', jsonb_build_object('stage', c.stage))), '[]')
      into done_ids, previous
      from public.contacts c where c.id = any (ok_ids) and c.stage is distinct from new_stage;
    update public.contacts c set stage = new_stage where c.id = any (coalesce(done_ids, '{}'));
  end if;
  done_ids := coalesce(done_ids, '{}');
  return jsonb_build_object(
    'matched', matched,
    'changed', cardinality(done_ids),
    'unchanged', cardinality(ok_ids) - cardinality(done_ids),
    'refused', refused,
    'previous', previous);
end $$;
comment on function public.bulk_change_contacts(jsonb, uuid[], jsonb) is
  'One bulk action (assign owner, add tag, set stage, delete) on the contacts named by ids or by the list filter, under the caller''s RLS; rows the caller may not change are refused with the reason and left as they were. Returns counts, refusals and the previous values (for bulk_undo).';

/** Tasks matching a list filter (the keys of the tasks list's URL); `due` in Africa/Accra days. */
create or replace function private.task_matches(t public.tasks, f jsonb) returns boolean
language sql stable set search_path = '' as $$
  with today as (select (now() at time zone 'Africa/Accra')::date as d)
  select (f -> 'status' is null or t.status = any (array(select jsonb_array_elements_text(f -> 'status'))))
     and (f -> 'priority' is null or t.priority = any (array(select jsonb_array_elements_text(f -> 'priority'))))
     and (case f ->> 'assignee'
            when 'none' then t.assignee_id is null
            when 'me' then t.assignee_id = (select auth.uid())
            else f ->> 'assignee' is null or t.assignee_id = (f ->> 'assignee')::uuid
          end)
     and (case f ->> 'due'
            when 'none' then t.due_at is null
            when 'overdue' then t.due_at < now() and t.status in ('todo', 'in_progress')
            when 'today' then t.due_at >= ((select d from today)::timestamp at time zone 'Africa/Accra')
                          and t.due_at < (((select d from today) + 1)::timestamp at time zone 'Africa/Accra')
            when 'week' then t.due_at >= ((date_trunc('week', (select d from today)))::timestamp at time zone 'Africa/Accra')
                         and t.due_at < ((date_trunc('week', (select d from today)) + interval '7 days')::timestamp at time zone 'Africa/Accra')
            else true
          end)
     and (f ->> 'property' is null or t.property_id = (f ->> 'property')::uuid)
     and (f ->> 'contact' is null or t.contact_id = (f ->> 'contact')::uuid)
     and (f ->> 'deal' is null or t.deal_id = (f ->> 'deal')::uuid)
$$;

create or replace function public.bulk_change_tasks(change jsonb, ids uuid[] default null, filter jsonb default null)
returns jsonb language plpgsql security invoker set search_path = '' as $$
declare
  action text := change ->> 'action';
  term text := nullif(btrim(coalesce(filter ->> 'q', '')), '');
  new_assignee uuid;
  new_status text;
  new_due timestamptz;
  ok_ids uuid[];
  refused jsonb;
  previous jsonb := '[]';
  done_ids uuid[];
  matched integer;
begin
  if (ids is null) = (filter is null) then
    raise exception 'Name the tasks by their ids or by the list''s filter, not both.' using errcode = '22023';
  end if;
  if action not in ('assign', 'status', 'due', 'delete') or action is null then
    raise exception 'Unknown bulk action "%".', coalesce(action, '') using errcode = '22023';
  end if;
  if action = 'assign' then
    new_assignee := (change ->> 'assignee_id')::uuid;
    if new_assignee is not null and not exists (
      select 1 from public.profiles p where p.user_id = new_assignee and p.role in ('admin', 'staff') and p.deactivated_at is null
    ) then
      raise exception 'Tasks can only be assigned to a team member.' using errcode = '22023';
    end if;
  elsif action = 'status' then
    new_status := change ->> 'status';
  elsif action = 'due' then
    new_due := (change ->> 'due_at')::timestamptz;
  end if;

  with target as (
    select t.id, t.title, t.owner_id from public.tasks t
     where (ids is null or t.id = any (ids))
       and (filter is null or private.task_matches(t, filter))
       and (term is null or t.id in (select s.id from public.search_tasks(term) s))
  ), judged as (
    select t.*, case when action in ('assign', 'delete') and not private.may_hand_over(t.owner_id)
                     then 'owned by another agent' end as reason
      from target t
  )
  select count(*), array_agg(id) filter (where reason is null),
         coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', title, 'reason', reason)) filter (where reason is not null), '[]')
    into matched, ok_ids, refused
    from judged;
  if matched > 10000 then
    raise exception 'At most 10,000 tasks at once; narrow the filter (% match).', matched using errcode = '54000';
  end if;
  if ids is not null then
    refused := refused || coalesce((
      select jsonb_agg(jsonb_build_object('id', i, 'name', null, 'reason', 'not found, or not yours to see'))
        from unnest(ids) i
       where not exists (select 1 from public.tasks t where t.id = i)), '[]');
  end if;
  ok_ids := coalesce(ok_ids, '{}');

  if action = 'delete' then
    with gone as (delete from public.tasks t where t.id = any (ok_ids) returning t.id)
    select array_agg(id) into done_ids from gone;
  elsif action = 'assign' then
    select array_agg(t.id), coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'updated_at', now(), 'values', jsonb_build_object('assignee_id', t.assignee_id))), '[]')
      into done_ids, previous
      from public.tasks t where t.id = any (ok_ids) and t.assignee_id is distinct from new_assignee;
    begin
      update public.tasks t set assignee_id = new_assignee where t.id = any (coalesce(done_ids, '{}'));
    exception when insufficient_privilege then
      raise exception 'You can only assign these tasks to someone whose tasks you may see; ask an admin.'
        using errcode = '42501';
    end;
  elsif action = 'status' then
    select array_agg(t.id), coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'updated_at', now(), 'values', jsonb_build_object('status', t.status))), '[]')
      into done_ids, previous
      from public.tasks t where t.id = any (ok_ids) and t.status is distinct from new_status;
    update public.tasks t set status = new_status where t.id = any (coalesce(done_ids, '{}'));
  else
    select array_agg(t.id), coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'updated_at', now(), 'values', jsonb_build_object('due_at', t.due_at))), '[]')
      into done_ids, previous
      from public.tasks t where t.id = any (ok_ids) and t.due_at is distinct from new_due;
    update public.tasks t set due_at = new_due where t.id = any (coalesce(done_ids, '{}'));
  end if;
  done_ids := coalesce(done_ids, '{}');
  return jsonb_build_object(
    'matched', matched,
    'changed', cardinality(done_ids),
    'unchanged', cardinality(ok_ids) - cardinality(done_ids),
    'refused', refused,
    'previous', previous);
end $$;
comment on function public.bulk_change_tasks(jsonb, uuid[], jsonb) is
  'One bulk action (assign, set status, set due date, delete) on the tasks named by ids or by the list filter, under the caller''s RLS; rows the caller may not change are refused with the reason. Returns counts, refusals and the previous values (for bulk_undo).';

/**
 * Puts back the values a bulk change returned, row by row, only where nobody changed the row since
 * (its updated_at is still the one the bulk change left); the others are refused with the reason.
 */
create or replace function public.bulk_undo(target text, previous jsonb)
returns jsonb language plpgsql security invoker set search_path = '' as $$
declare
  restored uuid[];
  refused jsonb;
begin
  if target not in ('contacts', 'tasks') then
    raise exception 'Nothing to undo on "%".', coalesce(target, '') using errcode = '22023';
  end if;
  if jsonb_typeof(previous) is distinct from 'array' or jsonb_array_length(previous) > 10000 then
    raise exception 'The values to restore must be a list of at most 10,000 rows.' using errcode = '22023';
  end if;
  if target = 'contacts' then
    -- Decided first, then written without RETURNING: a row handed back may leave the caller's sight.
    select array_agg(c.id) into restored
      from jsonb_array_elements(previous) e
      join public.contacts c on c.id = (e ->> 'id')::uuid and c.updated_at = (e ->> 'updated_at')::timestamptz
     where not (e -> 'values' ? 'owner_id') or private.may_hand_over(c.owner_id);
    update public.contacts c set
        owner_id = case when p.v ? 'owner_id' then (p.v ->> 'owner_id')::uuid else c.owner_id end,
        tags = case when p.v ? 'tags' then array(select jsonb_array_elements_text(p.v -> 'tags')) else c.tags end,
        stage = case when p.v ? 'stage' then p.v ->> 'stage' else c.stage end
      from (select (e ->> 'id')::uuid as id, e -> 'values' as v from jsonb_array_elements(previous) e) p
     where c.id = p.id and c.id = any (coalesce(restored, '{}'));
    select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', c.display_name, 'reason',
             case when c.id is null then 'not found, or not yours to see'
                  when c.updated_at <> p.version then 'edited by someone else meanwhile'
                  else 'owned by another agent' end)), '[]')
      into refused
      from (select (e ->> 'id')::uuid as id, (e ->> 'updated_at')::timestamptz as version from jsonb_array_elements(previous) e) p
      left join public.contacts c on c.id = p.id
     where not (p.id = any (coalesce(restored, '{}')));
  else
    -- Decided first, then written without RETURNING: a row handed back may leave the caller's sight.
    select array_agg(t.id) into restored
      from jsonb_array_elements(previous) e
      join public.tasks t on t.id = (e ->> 'id')::uuid and t.updated_at = (e ->> 'updated_at')::timestamptz
     where not (e -> 'values' ? 'assignee_id') or private.may_hand_over(t.owner_id);
    update public.tasks t set
        assignee_id = case when p.v ? 'assignee_id' then (p.v ->> 'assignee_id')::uuid else t.assignee_id end,
        status = case when p.v ? 'status' then p.v ->> 'status' else t.status end,
        due_at = case when p.v ? 'due_at' then (p.v ->> 'due_at')::timestamptz else t.due_at end
      from (select (e ->> 'id')::uuid as id, e -> 'values' as v from jsonb_array_elements(previous) e) p
     where t.id = p.id and t.id = any (coalesce(restored, '{}'));
    select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', t.title, 'reason',
             case when t.id is null then 'not found, or not yours to see'
                  when t.updated_at <> p.version then 'edited by someone else meanwhile'
                  else 'owned by another agent' end)), '[]')
      into refused
      from (select (e ->> 'id')::uuid as id, (e ->> 'updated_at')::timestamptz as version from jsonb_array_elements(previous) e) p
      left join public.tasks t on t.id = p.id
     where not (p.id = any (coalesce(restored, '{}')));
  end if;
  return jsonb_build_object('restored', cardinality(coalesce(restored, '{}')), 'refused', refused);
end $$;
comment on function public.bulk_undo(text, jsonb) is
  'Undoes a bulk change of contacts or tasks from the previous values it returned, only on rows nobody changed since; the rest refused with the reason.';

revoke all on function public.bulk_change_contacts(jsonb, uuid[], jsonb) from public, anon;
revoke all on function public.bulk_change_tasks(jsonb, uuid[], jsonb) from public, anon;
revoke all on function public.bulk_undo(text, jsonb) from public, anon;
revoke all on function private.contact_matches(public.contacts, jsonb) from public, anon;
revoke all on function private.task_matches(public.tasks, jsonb) from public, anon;
grant execute on function public.bulk_change_contacts(jsonb, uuid[], jsonb) to authenticated;
grant execute on function public.bulk_change_tasks(jsonb, uuid[], jsonb) to authenticated;
grant execute on function public.bulk_undo(text, jsonb) to authenticated;
grant execute on function private.contact_matches(public.contacts, jsonb) to authenticated;
grant execute on function private.task_matches(public.tasks, jsonb) to authenticated;

-- Open tasks first: the list's default order puts done and cancelled tasks after the open ones.
alter table public.tasks add column is_closed boolean generated always as (status in ('done', 'cancelled')) stored;
comment on column public.tasks.is_closed is 'Done or cancelled: the list orders open tasks first.';
create index tasks_open_first_due_idx on public.tasks (is_closed, due_at, id);
