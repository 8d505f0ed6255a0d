-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Inboxes: "convert into a task" (issue 13 item 1), now that tasks can link a contact
-- (20261128100000). convert_inbox_to_task(inbox, record_id) first converts the record into a
-- contact (de-duplicated on phone/e-mail: convert_inbox_to_contact), then opens a task about it:
-- the submission's summary as its title, the message as its description, due the next working
-- day at 09:00 Africa/Accra, assigned to the inbox record's assignee (else the caller), owned
-- by the caller. Once per record (tasks.origin = the inbox, origin_id = the record): a second
-- call returns the first task. What it leaves behind: the task's audit row (tasks are audited),
-- the task on the contact's timeline (the task trigger), and an internal note on the inbox
-- record saying so (its history). Only staff who may work the record call it
-- (private.inbox_record_for_work). Returns {task_id, contact_id, created}.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function public.convert_inbox_to_task(inbox text, record_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  rec jsonb := private.inbox_record_for_work(inbox, record_id);
  contact jsonb;
  task uuid;
  title text;
begin
  select t.id into task from public.tasks t where t.origin = inbox and t.origin_id = convert_inbox_to_task.record_id;
  if task is not null then
    return jsonb_build_object('task_id', task, 'contact_id', (select t.contact_id from public.tasks t where t.id = task), 'created', false);
  end if;
  contact := private.convert_inbox_to_contact(inbox => inbox, record_id => record_id);
  title := left(initcap(private.inbox_noun(inbox)) || ' from ' || btrim(rec ->> 'full_name') || ': '
                || coalesce(private.inbox_summary(inbox, rec), private.inbox_noun(inbox)), 200);
  insert into public.tasks (title, description, priority, due_at, contact_id, deal_id, owner_id, assignee_id, origin, origin_id)
  values (title, left(nullif(btrim(coalesce(rec ->> 'message', rec ->> 'notes', '')), ''), 5000), 'normal',
          private.next_working_day_at(now()), (contact ->> 'contact_id')::uuid, (rec ->> 'deal_id')::uuid,
          auth.uid(), coalesce((rec ->> 'assignee_id')::uuid, auth.uid()), inbox, record_id)
  returning id into task;
  insert into public.inbox_notes (record_table, record_id, author_id, body)
  values (inbox, record_id, auth.uid(), left('Converted into a task: ' || title, 5000));
  return jsonb_build_object('task_id', task, 'contact_id', contact ->> 'contact_id', 'created', true);
end $$;
comment on function public.convert_inbox_to_task(text, uuid) is
  'Opens a task (once per record) about the inbox record''s contact, assigned to the record''s assignee, due the next working day: {task_id, contact_id, created}.';
revoke all on function public.convert_inbox_to_task(text, uuid) from public, anon;
grant execute on function public.convert_inbox_to_task(text, uuid) to authenticated;
select private.expose_definer_through_invoker('public.convert_inbox_to_task(text, uuid)');

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
