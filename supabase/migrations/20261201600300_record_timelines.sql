-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Deals and listings get the timeline contacts have, in the same row shape as
-- public.contact_timeline so one component draws all three.
--
--   deal:    what was logged about the deal (won, lost, moved), the calls, WhatsApps, mails,
--            meetings and notes logged on its clients, its tasks, viewings and consultations;
--   listing: what was logged about the listing, its viewings (bookings and calendar events),
--            tasks, deals and the messages that asked about it.
--
-- Security invoker: each source is read under the caller's RLS, so a row shows only when the
-- caller may read it; the record itself must be readable, else the same refusal whether it is
-- missing or hidden.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function public.record_timeline(target_table text, target_id uuid, before timestamptz default null,
                                                  max_rows integer default 50)
returns table (
  id uuid, source text, kind text, direction text, summary text, body text, record_table text, record_id uuid,
  occurred_at timestamptz, actor_id uuid, details jsonb
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  n integer := least(greatest(coalesce(max_rows, 50), 1), 200);
  rid uuid := target_id;
  clients uuid[];
begin
  if target_table = 'deals' then
    if not exists (select 1 from public.deals d where d.id = rid) then
      raise exception 'That deal does not exist or you may not see it.' using errcode = '42501';
    end if;
    clients := array(select d.contact_id from public.deals d where d.id = rid and d.contact_id is not null
                     union select dc.contact_id from public.deal_contacts dc where dc.deal_id = rid);
    return query
    select * from (
      select a.id, 'activity'::text, a.kind, a.direction, a.summary, a.body, a.record_table, a.record_id, a.occurred_at, a.actor_id, a.details
        from public.contact_activities a
       where ((a.record_table = 'deals' and a.record_id = rid)
              or (a.contact_id = any (clients) and a.record_table is null and private.is_hand_logged_activity(a.kind)))
         and (before is null or a.occurred_at < before)
       order by a.occurred_at desc, a.id limit n
    ) acts
    union all
    select * from (
      select t.id, 'record'::text, 'task'::text, null::text, t.title, null::text, 'tasks'::text, t.id, t.created_at, t.owner_id,
             jsonb_build_object('status', t.status, 'due_at', t.due_at)
        from public.tasks t
       where t.deal_id = rid and (before is null or t.created_at < before)
       order by t.created_at desc limit n
    ) tasks
    union all
    select * from (
      select b.id, 'record'::text, 'viewing'::text, null::text,
             'Viewing: ' || coalesce(p.title, b.property_slug, 'a listing'), null::text, 'bookings'::text, b.id, b.starts_at, b.assignee_id,
             jsonb_build_object('status', b.status, 'person', b.full_name)
        from public.bookings b left join public.properties p on p.id = b.property_id
       where b.deal_id = rid and (before is null or b.starts_at < before)
       order by b.starts_at desc limit n
    ) viewings
    union all
    select * from (
      select c.id, 'record'::text, 'consultation'::text, null::text, 'Consultation: ' || c.service, null::text, 'consultations'::text, c.id,
             c.starts_at, c.assignee_id, jsonb_build_object('status', c.status, 'person', c.full_name)
        from public.consultations c
       where c.deal_id = rid and (before is null or c.starts_at < before)
       order by c.starts_at desc limit n
    ) consultations
    order by 9 desc, 1
    limit n;
  elsif target_table = 'properties' then
    if not exists (select 1 from public.properties p where p.id = rid) then
      raise exception 'That listing does not exist or you may not see it.' using errcode = '42501';
    end if;
    return query
    select * from (
      select a.id, 'activity'::text, a.kind, a.direction, a.summary, a.body, a.record_table, a.record_id, a.occurred_at, a.actor_id, a.details
        from public.contact_activities a
       where a.record_table = 'properties' and a.record_id = rid and (before is null or a.occurred_at < before)
       order by a.occurred_at desc, a.id limit n
    ) acts
    union all
    select * from (
      select b.id, 'record'::text, 'viewing'::text, null::text, 'Viewing with ' || b.full_name, b.message, 'bookings'::text, b.id,
             b.starts_at, b.assignee_id, jsonb_build_object('status', b.status, 'person', b.full_name)
        from public.bookings b
       where b.property_id = rid and (before is null or b.starts_at < before)
       order by b.starts_at desc limit n
    ) viewings
    union all
    select * from (
      select e.id, 'record'::text, 'event'::text, null::text, e.title, null::text, 'events'::text, e.id, e.starts_at, e.owner_id,
             jsonb_build_object('status', e.status, 'event_kind', e.kind)
        from public.events e
       where e.property_id = rid and (before is null or e.starts_at < before)
       order by e.starts_at desc limit n
    ) events
    union all
    select * from (
      select t.id, 'record'::text, 'task'::text, null::text, t.title, null::text, 'tasks'::text, t.id, t.created_at, t.owner_id,
             jsonb_build_object('status', t.status, 'due_at', t.due_at)
        from public.tasks t
       where t.property_id = rid and (before is null or t.created_at < before)
       order by t.created_at desc limit n
    ) tasks
    union all
    select * from (
      select d.id, 'record'::text, 'deal'::text, null::text, d.title, null::text, 'deals'::text, d.id, d.created_at, d.owner_id,
             jsonb_build_object('status', d.status)
        from public.deals d
       where d.property_id = rid and (before is null or d.created_at < before)
       order by d.created_at desc limit n
    ) deals
    union all
    select * from (
      select s.id, 'record'::text, 'form_submission'::text, 'inbound'::text, coalesce(s.subject, 'Message from ' || s.full_name),
             null::text, 'contact_submissions'::text, s.id, s.created_at, null::uuid, jsonb_build_object('status', s.status, 'person', s.full_name)
        from public.contact_submissions s
       where s.property_id = rid and (before is null or s.created_at < before)
       order by s.created_at desc limit n
    ) messages
    order by 9 desc, 1
    limit n;
  else
    raise exception 'No timeline for records of "%"', target_table using errcode = '22023';
  end if;
end $$;
comment on function public.record_timeline(text, uuid, timestamptz, integer) is
  'The timeline of a deal (target_table = ''deals'') or a listing (''properties''), newest first, in contact_timeline''s row shape; source ''activity'' (contact_activities) or ''record'' (a task, viewing, consultation, event, deal or message linked to it), each as the caller''s RLS shows it. Page with before = the last row''s occurred_at.';
revoke all on function public.record_timeline(text, uuid, timestamptz, integer) from public, anon;
grant execute on function public.record_timeline(text, uuid, timestamptz, integer) to authenticated;

