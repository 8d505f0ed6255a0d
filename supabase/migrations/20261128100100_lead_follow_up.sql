-- ════════════════════════════════════════════════════════════════════════════════════════════
-- A follow-up task when a new lead is assigned (issue 12 item 3), made by the database so every
-- client (the SPA, an import, an inbox conversion, the secret key) gets it: a contact at stage
-- `lead` assigned to a member of staff (or an admin) gets "Follow up with <name>", high
-- priority, assigned to that person, due at 09:00 Africa/Accra on the next working day (not a
-- Saturday, Sunday or Ghana public holiday — public.public_holidays; core/tasks/follow-up.ts is
-- the same rule). Once per contact (tasks.origin = 'lead_follow_up', origin_id = the contact):
-- reassigning the lead hands the still-open follow-up to the new assignee instead of making a
-- second one (the task trigger notifies them).
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- 09:00 Africa/Accra on the first working day after the given instant's Accra date.
create or replace function private.next_working_day_at(from_at timestamptz default now()) returns timestamptz
language plpgsql stable security definer set search_path = '' as $$
declare
  d date := (from_at at time zone 'Africa/Accra')::date + 1;
begin
  while extract(isodow from d) in (6, 7) or exists (select 1 from public.public_holidays h where h.holiday_date = d) loop
    d := d + 1;
  end loop;
  return (d + time '09:00') at time zone 'Africa/Accra';
end $$;
comment on function private.next_working_day_at(timestamptz) is
  '09:00 Africa/Accra on the next working day (Mon–Fri, not a Ghana public holiday) after the instant''s date; core/tasks/follow-up.ts nextWorkingDayAt.';

create or replace function private.lead_follow_up() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.stage <> 'lead' or new.assignee_id is null or new.anonymised_at is not null then return null; end if;
  if tg_op = 'UPDATE' and new.assignee_id is not distinct from old.assignee_id and old.stage = 'lead' then return null; end if;
  if not private.is_back_office_user(new.assignee_id) then return null; end if;
  insert into public.tasks (title, description, priority, due_at, contact_id, owner_id, assignee_id, origin, origin_id)
  values (left('Follow up with ' || coalesce(nullif(btrim(new.display_name), ''), 'the new lead'), 200),
          'A new lead was assigned to you: call or WhatsApp them, then log it on their timeline.',
          'high', private.next_working_day_at(now()), new.id,
          coalesce(auth.uid(), new.owner_id, new.assignee_id), new.assignee_id, 'lead_follow_up', new.id)
  on conflict (origin, origin_id) where origin is not null do update
    set assignee_id = excluded.assignee_id
    where public.tasks.status in ('todo', 'in_progress') and public.tasks.assignee_id is distinct from excluded.assignee_id;
  return null;
end $$;
comment on function private.lead_follow_up() is
  'A lead assigned to staff gets one "Follow up with <name>" task due the next working day; a reassignment moves the open one.';
create trigger contacts_lead_follow_up after insert or update of assignee_id, stage on public.contacts
  for each row execute function private.lead_follow_up();

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
