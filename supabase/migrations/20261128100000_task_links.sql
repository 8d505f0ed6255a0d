-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Tasks linked to CRM records (issue 12 item 3): a task may be about a business contact and/or
-- a deal (nullable foreign keys, on delete set null — merge_contacts re-points contact_id like
-- every other foreign key to contacts). Access to the task itself is unchanged (module 'tasks':
-- own and assigned). What changes:
--   • a client links only a contact / deal it may read itself (the picker searches under RLS;
--     the database refuses an id typed past it) — checked when the link is set or changed;
--   • origin / origin_id say which automation made a task (a lead's follow-up, an inbox record
--     converted into a task), unique together, so each automation creates its task once;
--   • a task linked to a contact writes on the contact's timeline (contact_activities, kind
--     'task'): when it is linked, and when it is done — once each (dedup keys);
--   • the next occurrence of a repeating task keeps the links.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.tasks
  add column contact_id uuid references public.contacts (id) on delete set null,
  add column deal_id uuid references public.deals (id) on delete set null,
  add column origin text check (origin in ('lead_follow_up', 'consultations', 'bookings', 'contact_submissions', 'property_requests')),
  add column origin_id uuid,
  add constraint tasks_origin_pair check ((origin is null) = (origin_id is null));
comment on column public.tasks.contact_id is 'The business contact the task is about (the contact page lists it; its timeline shows it).';
comment on column public.tasks.deal_id is 'The deal the task is about (the deal page lists it).';
comment on column public.tasks.origin is 'Which automation created the task: lead_follow_up (a new lead assigned) or the inbox it was converted from; null when made by hand.';
comment on column public.tasks.origin_id is 'The record of origin (the contact of a lead follow-up, the inbox record); unique with origin: each automation makes its task once.';
create index tasks_contact_idx on public.tasks (contact_id, due_at) where contact_id is not null;
create index tasks_deal_idx on public.tasks (deal_id, due_at) where deal_id is not null;
create unique index tasks_origin_once on public.tasks (origin, origin_id) where origin is not null;

grant update (contact_id, deal_id) on public.tasks to authenticated;

-- A link typed by a client must be to a record that client may read (security invoker: the
-- selects below run under the caller's RLS). Definer functions (automations) link as they must.
create or replace function private.guard_task_links() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user not in ('authenticated', 'anon') then return new; end if;
  if new.contact_id is not null and (tg_op = 'INSERT' or new.contact_id is distinct from old.contact_id)
     and not exists (select 1 from public.contacts c where c.id = new.contact_id) then
    raise exception 'Choose a contact you can see.' using errcode = '42501';
  end if;
  if new.deal_id is not null and (tg_op = 'INSERT' or new.deal_id is distinct from old.deal_id)
     and not exists (select 1 from public.deals d where d.id = new.deal_id) then
    raise exception 'Choose a deal you can see.' using errcode = '42501';
  end if;
  return new;
end $$;
comment on function private.guard_task_links() is 'Tasks: a client links only a contact or deal it may read.';
create trigger tasks_guard_links before insert or update of contact_id, deal_id on public.tasks
  for each row execute function private.guard_task_links();

-- The contact's timeline: the task when it is linked to them, and when it is done.
create or replace function private.log_task_on_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.contact_id is null then return null; end if;
  if tg_op = 'INSERT' or new.contact_id is distinct from old.contact_id then
    perform private.log_contact_activity(
      new.contact_id, 'task', left('Task: ' || new.title, 300), 'tasks', new.id, now(), null,
      jsonb_build_object('status', new.status, 'due_at', new.due_at, 'assignee_id', new.assignee_id, 'origin', new.origin),
      'tasks/' || new.id || '/contact/' || new.contact_id, null);
  end if;
  if new.status = 'done' and (tg_op = 'INSERT' or old.status <> 'done') then
    perform private.log_contact_activity(
      new.contact_id, 'task', left('Task done: ' || new.title, 300), 'tasks', new.id, coalesce(new.completed_at, now()), null,
      jsonb_build_object('status', new.status), 'tasks/' || new.id || '/done/' || extract(epoch from coalesce(new.completed_at, now()))::bigint, null);
  end if;
  return null;
end $$;
comment on function private.log_task_on_contact() is 'A task linked to a contact is written on the contact''s timeline when linked and when done (once each).';
create trigger tasks_log_on_contact after insert or update of contact_id, status on public.tasks
  for each row execute function private.log_task_on_contact();

-- The next occurrence of a repeating task keeps its contact and deal (as 20261125200300, plus links).
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
  insert into public.tasks (title, description, priority, due_at, remind_at, recurrence, previous_id, property_id, contact_id, deal_id, owner_id, assignee_id)
  values (new.title, new.description, new.priority, next_due, next_remind, new.recurrence, new.id, new.property_id, new.contact_id, new.deal_id, new.owner_id, new.assignee_id)
  on conflict (previous_id) do nothing;
  return null;
end $$;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
