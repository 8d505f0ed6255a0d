-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Tasks (issue 12 item 3): owned records of module 'tasks' (staff see tasks they own or are
-- assigned unless an admin makes the module company-wide) with a due time (UTC; entered in
-- Africa/Accra), priority, status, an optional reminder and repetition, and links to a
-- property — contacts and deals join in a later migration, once the contacts module's schema
-- exists.
--
--   • The status workflow is private.task_status_moves (core/tasks/task-workflow.ts is the same
--     table); a new task starts as To do or In progress through the API.
--   • A reminder in the past is refused (new or changed); the `task-reminders` job of the edge
--     worker notifies the assignee (or the owner) when it is due (public.queue_task_reminders).
--   • Assigning a task to someone else notifies them (private.notify: the bell, and an e-mail
--     copy when the kind's category and their settings ask for one).
--   • Completing a repeating task (daily, weekly, monthly) creates the next occurrence at once,
--     exactly once (previous_id is unique): due one step later, rolled forward past now
--     (private.next_task_due mirrors core's nextDueAt), the reminder keeping its lead time.
--   • Overdue: open (to do / in progress) with due_at in the past — the navigation badge asks
--     public.my_overdue_task_count(); partial indexes keep it and "my open tasks" cheap.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create table public.tasks (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  description text check (char_length(description) <= 5000),
  status text not null default 'todo' check (status in ('todo', 'in_progress', 'done', 'cancelled')),
  priority text not null default 'normal' check (priority in ('low', 'normal', 'high', 'urgent')),
  priority_rank smallint generated always as (case priority when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end) stored,
  due_at timestamptz,
  remind_at timestamptz,
  reminded_at timestamptz,
  recurrence text not null default 'none' check (recurrence in ('none', 'daily', 'weekly', 'monthly')),
  previous_id uuid unique references public.tasks (id) on delete set null,
  property_id uuid references public.properties (id) on delete set null,
  owner_id uuid default auth.uid() references auth.users (id) on delete set null,
  assignee_id uuid references auth.users (id) on delete set null,
  completed_at timestamptz,
  search_text text generated always as (lower(title || ' ' || coalesce(description, ''))) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint tasks_recurrence_needs_due check (recurrence = 'none' or due_at is not null)
);
comment on table public.tasks is
  'Tasks: owned records of module tasks (owner, assignee). Due and reminder instants in UTC (entered in Africa/Accra); status to do → in progress → done, or cancelled.';
comment on column public.tasks.previous_id is 'The occurrence of a repeating task this one follows (unique: one next occurrence per completion).';
comment on column public.tasks.reminded_at is 'When the reminder was sent (by the task-reminders job); cleared when the reminder changes.';
comment on column public.tasks.priority_rank is 'Sort key of priority: urgent 4, high 3, normal 2, low 1.';
create index tasks_owner_idx on public.tasks (owner_id);
create index tasks_assignee_idx on public.tasks (assignee_id);
create index tasks_property_idx on public.tasks (property_id);
create index tasks_due_idx on public.tasks (due_at, id);
create index tasks_status_due_idx on public.tasks (status, due_at, id);
create index tasks_updated_idx on public.tasks (updated_at desc);
create index tasks_priority_idx on public.tasks (priority_rank desc, due_at, id);
create index tasks_search_idx on public.tasks using gin (search_text extensions.gin_trgm_ops);
-- "My open tasks" (dashboard, badge, staff lists): by assignee, and the owner's unassigned ones.
create index tasks_open_assignee_due_idx on public.tasks (assignee_id, due_at) where status in ('todo', 'in_progress');
create index tasks_open_owner_due_idx on public.tasks (owner_id, due_at) where status in ('todo', 'in_progress') and assignee_id is null;
create index tasks_reminders_due_idx on public.tasks (remind_at) where reminded_at is null and remind_at is not null and status in ('todo', 'in_progress');
create trigger tasks_set_updated_at before update on public.tasks
  for each row execute function private.set_updated_at();
select private.enable_audit('public.tasks');

-- ── Status workflow ──────────────────────────────────────────────────────────────────────────
create table private.task_status_moves (
  from_status text not null,
  to_status text not null,
  primary key (from_status, to_status)
);
comment on table private.task_status_moves is 'Allowed task status moves; mirrors TASK_STATUS_MOVES in core/tasks/task-workflow.ts.';
insert into private.task_status_moves (from_status, to_status) values
  ('todo', 'in_progress'), ('todo', 'done'), ('todo', 'cancelled'),
  ('in_progress', 'todo'), ('in_progress', 'done'), ('in_progress', 'cancelled'),
  ('done', 'todo'), ('done', 'in_progress'),
  ('cancelled', 'todo');

create or replace function private.task_status_label(status text) returns text
language sql immutable set search_path = '' as $$
  select case status when 'todo' then 'To do' when 'in_progress' then 'In progress' when 'done' then 'Done' when 'cancelled' then 'Cancelled' else status end
$$;

-- The same sentence as core's taskMoveError, or null.
create or replace function private.task_move_error(move_from text, move_to text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  labels text[];
begin
  if move_from = move_to or exists (select 1 from private.task_status_moves m where m.from_status = move_from and m.to_status = move_to) then
    return null;
  end if;
  select array_agg(private.task_status_label(m.to_status) order by array_position(array['todo', 'in_progress', 'done', 'cancelled'], m.to_status))
    into labels from private.task_status_moves m where m.from_status = move_from;
  return format('A task cannot go from %s to %s. From %s it can go to %s.',
    private.task_status_label(move_from), private.task_status_label(move_to), private.task_status_label(move_from),
    case when cardinality(labels) <= 1 then coalesce(labels[1], '')
         else array_to_string(labels[1:cardinality(labels) - 1], ', ') || ' or ' || labels[cardinality(labels)] end);
end $$;

-- One step of a repetition in Africa/Accra wall time, rolled forward past now (core's nextDueAt).
create or replace function private.next_task_due(due timestamptz, rule text, now_at timestamptz default now()) returns timestamptz
language plpgsql stable set search_path = '' as $$
declare
  step interval := case rule when 'daily' then interval '1 day' when 'weekly' then interval '7 days' when 'monthly' then interval '1 month' end;
  wall timestamp := due at time zone 'Africa/Accra';
  n integer := 0;
begin
  if step is null then return null; end if;
  loop
    wall := wall + step;
    n := n + 1;
    exit when (wall at time zone 'Africa/Accra') > now_at or n >= 5000;
  end loop;
  return wall at time zone 'Africa/Accra';
end $$;

create or replace function private.guard_task() returns trigger
language plpgsql set search_path = '' as $$
declare
  through_api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  problem text;
begin
  if tg_op = 'INSERT' then
    if through_api and new.status not in ('todo', 'in_progress') then
      raise exception 'A new task starts as To do or In progress.' using errcode = 'P0001';
    end if;
  else
    problem := private.task_move_error(old.status, new.status);
    if problem is not null then raise exception '%', problem using errcode = 'P0001'; end if;
  end if;
  if through_api and new.remind_at is not null and (tg_op = 'INSERT' or new.remind_at is distinct from old.remind_at) and new.remind_at <= now() then
    raise exception 'The reminder must be in the future.' using errcode = 'P0001';
  end if;
  if tg_op = 'UPDATE' and new.remind_at is distinct from old.remind_at then new.reminded_at := null; end if;
  if new.status = 'done' and (tg_op = 'INSERT' or old.status <> 'done') then new.completed_at := now(); end if;
  if new.status <> 'done' then new.completed_at := null; end if;
  return new;
end $$;
comment on function private.guard_task() is 'Tasks: the status workflow, no reminder in the past (API), completed_at, a changed reminder fires again.';
create trigger tasks_guard before insert or update on public.tasks
  for each row execute function private.guard_task();

-- ── Notifying the assignee ───────────────────────────────────────────────────────────────────
-- The kind decides which user_settings govern the e-mail copy (core/notifications.ts): a task
-- about a deal is deal work, about a contact client work; other tasks are in-app only.
create or replace function private.task_notification_kind(t public.tasks) returns text
language sql stable set search_path = '' as $$
  select 'task_assigned'
$$;

create or replace function private.notify_task_assignee() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.assignee_id is null or new.assignee_id = (select auth.uid()) or new.previous_id is not null and tg_op = 'INSERT' then
    return null;
  end if;
  if tg_op = 'UPDATE' and new.assignee_id is not distinct from old.assignee_id then return null; end if;
  perform private.notify(
    new.assignee_id, private.task_notification_kind(new), left('Task for you: ' || new.title, 200),
    case when new.due_at is null then 'No due date'
         else 'Due ' || to_char(new.due_at at time zone 'Africa/Accra', 'Dy DD Mon YYYY, HH24:MI') end,
    '/tasks?id=' || new.id, 'tasks', new.id);
  return null;
end $$;
comment on function private.notify_task_assignee() is 'A task given to someone else (new, or reassigned) notifies them.';
create trigger tasks_notify_assignee after insert or update of assignee_id on public.tasks
  for each row execute function private.notify_task_assignee();

-- ── Repeating tasks ──────────────────────────────────────────────────────────────────────────
create or replace function private.create_next_occurrence() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  next_due timestamptz;
  next_remind timestamptz;
begin
  if new.recurrence = 'none' or new.status <> 'done' or old.status = 'done' or new.due_at is null then return null; end if;
  next_due := private.next_task_due(new.due_at, new.recurrence);
  next_remind := case when new.remind_at is null then null else next_due - (new.due_at - new.remind_at) end;
  if next_remind <= now() then next_remind := null; end if;
  insert into public.tasks (title, description, priority, due_at, remind_at, recurrence, previous_id, property_id, owner_id, assignee_id)
  values (new.title, new.description, new.priority, next_due, next_remind, new.recurrence, new.id, new.property_id, new.owner_id, new.assignee_id)
  on conflict (previous_id) do nothing;
  return null;
end $$;
comment on function private.create_next_occurrence() is 'Completing a repeating task creates its next occurrence, once.';
create trigger tasks_next_occurrence after update of status on public.tasks
  for each row execute function private.create_next_occurrence();

-- ── Access ───────────────────────────────────────────────────────────────────────────────────
alter table public.tasks enable row level security;
create policy "Staff read tasks per access" on public.tasks
  for select to authenticated using (
    (select private.access_scope('tasks')) = 'all'
    or ((select private.access_scope('tasks')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  );
create policy "Staff create tasks they own" on public.tasks
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
create policy "Staff edit tasks per access" on public.tasks
  for update to authenticated
  using (
    (select private.access_scope('tasks')) = 'all'
    or ((select private.access_scope('tasks')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid())))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins and owners delete tasks" on public.tasks
  for delete to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
revoke all on public.tasks from anon;
-- Bookkeeping columns are the triggers' and the reminder job's.
revoke update on public.tasks from authenticated;
grant update (title, description, status, priority, due_at, remind_at, recurrence, property_id, owner_id, assignee_id) on public.tasks to authenticated;

-- ── Reads for the screens ────────────────────────────────────────────────────────────────────
create or replace function public.search_tasks(term text)
returns setof public.tasks
language sql stable security invoker set search_path = '' as $$
  select t.* from public.tasks t where t.id = any (private.search_ids('tasks', term))
$$;
comment on function public.search_tasks(text) is 'Tasks whose title or description contain the term, as the caller may see them (RLS); filter, order and page like the table.';
revoke all on function public.search_tasks(text) from public, anon;
grant execute on function public.search_tasks(text) to authenticated;

-- The navigation badge: the caller's open tasks past due (assigned to them, or theirs and unassigned).
create or replace function public.my_overdue_task_count() returns integer
language sql stable security invoker set search_path = '' as $$
  select (
    (select count(*) from public.tasks t
      where t.assignee_id = (select auth.uid()) and t.status in ('todo', 'in_progress') and t.due_at < now())
    + (select count(*) from public.tasks t
      where t.owner_id = (select auth.uid()) and t.assignee_id is null and t.status in ('todo', 'in_progress') and t.due_at < now())
  )::int
$$;
comment on function public.my_overdue_task_count() is 'How many of the caller''s open tasks are past due (the sidebar badge).';
revoke all on function public.my_overdue_task_count() from public, anon;
grant execute on function public.my_overdue_task_count() to authenticated;

-- ── Reminders (the edge worker's task-reminders job, secret key) ─────────────────────────────
create or replace function public.queue_task_reminders(max_rows integer default 200) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  t record;
  sent integer := 0;
begin
  for t in
    select * from public.tasks
     where remind_at <= now() and reminded_at is null and status in ('todo', 'in_progress')
     order by remind_at
     limit least(greatest(max_rows, 1), 1000)
     for update skip locked
  loop
    perform private.notify(
      coalesce(t.assignee_id, t.owner_id), 'task_reminder', left('Reminder: ' || t.title, 200),
      case when t.due_at is null then null
           else 'Due ' || to_char(t.due_at at time zone 'Africa/Accra', 'Dy DD Mon YYYY, HH24:MI') end,
      '/tasks?id=' || t.id, 'tasks', t.id, null);
    update public.tasks set reminded_at = now() where id = t.id;
    sent := sent + 1;
  end loop;
  return sent;
end $$;
comment on function public.queue_task_reminders(integer) is 'Job task-reminders: notifies the assignee (or owner) of each due reminder once; returns how many.';
revoke all on function public.queue_task_reminders(integer) from public, anon, authenticated;
grant execute on function public.queue_task_reminders(integer) to service_role;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
