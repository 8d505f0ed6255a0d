-- ════════════════════════════════════════════════════════════════════════════════════════════
-- The advisors' rule (20261127000100_advisor_findings.sql, exposed_security_definer) for the
-- todos and events RPCs that must run as definer: each moves to schema private with its body,
-- grants and comment, and public keeps a SECURITY INVOKER function of the same name, arguments,
-- result and volatility that calls it — the REST route, the generated types and the app stay
-- the same. (Written out here: the helper main uses for this is created by a later migration.)
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter function public.reorder_todos(uuid[]) set schema private;
create function public.reorder_todos(todo_ids uuid[]) returns void
language sql volatile security invoker set search_path = '' as $$
  select private.reorder_todos(todo_ids => todo_ids);
$$;
comment on function public.reorder_todos(uuid[]) is 'Saves the order of the caller''s todos in one statement (ids in display order).';

alter function public.event_conflicts(timestamptz, timestamptz, uuid[], uuid) set schema private;
create function public.event_conflicts(
  window_start timestamptz, window_end timestamptz, attendee_user_ids uuid[], exclude_event uuid default null
) returns table (user_id uuid, event_id uuid, title text, starts_at timestamptz, ends_at timestamptz)
language sql stable security invoker set search_path = '' as $$
  select * from private.event_conflicts(window_start => window_start, window_end => window_end, attendee_user_ids => attendee_user_ids, exclude_event => exclude_event);
$$;
comment on function public.event_conflicts(timestamptz, timestamptz, uuid[], uuid) is
  'Scheduled, not-declined events of these attendees overlapping [window_start, window_end) (half-open), except exclude_event. A warning, never a refusal.';

alter function public.create_calendar_feed() set schema private;
create function public.create_calendar_feed() returns text
language sql volatile security invoker set search_path = '' as $$
  select private.create_calendar_feed();
$$;
comment on function public.create_calendar_feed() is 'Creates (or replaces) the caller''s feed token and returns it once; only its hash is kept.';

alter function public.revoke_calendar_feed() set schema private;
create function public.revoke_calendar_feed() returns boolean
language sql volatile security invoker set search_path = '' as $$
  select private.revoke_calendar_feed();
$$;
comment on function public.revoke_calendar_feed() is 'Deletes the caller''s feed: its URL answers 404 from then on.';

-- The wrappers: signed-in callers only (the moved functions kept their own grants).
revoke all on function public.reorder_todos(uuid[]), public.event_conflicts(timestamptz, timestamptz, uuid[], uuid),
  public.create_calendar_feed(), public.revoke_calendar_feed() from public, anon;
grant execute on function public.reorder_todos(uuid[]), public.event_conflicts(timestamptz, timestamptz, uuid[], uuid),
  public.create_calendar_feed(), public.revoke_calendar_feed() to authenticated;
