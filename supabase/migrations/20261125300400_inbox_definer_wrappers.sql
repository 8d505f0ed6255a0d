-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Inbox RPCs the API roles call that run as definer move to schema `private`, and `public` keeps a
-- SECURITY INVOKER function of the same signature calling them (the advisors' rule, as main's
-- 20261127000100_advisor_findings.sql does with its helper — which runs after this range, so the
-- moves are written out here). REST routes, generated types and callers stay the same.
-- The two job queues have RLS without policies on purpose: the deny policy now says so.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter function public.send_inbox_reply(text, uuid, text, text) set schema private;
create function public.send_inbox_reply(inbox text, record_id uuid, subject text, body text) returns public.inbox_replies
language sql volatile security invoker set search_path = '' as $$
  select private.send_inbox_reply(inbox => inbox, record_id => record_id, subject => subject, body => body)
$$;

alter function public.available_slots(text, text, uuid, date, integer) set schema private;
create function public.available_slots(kind text, service text default null, property uuid default null, from_date date default null, days integer default 14)
returns table (starts_at timestamptz, ends_at timestamptz)
language sql stable security invoker set search_path = '' as $$
  select * from private.available_slots(kind => kind, service => service, property => property, from_date => from_date, days => days)
$$;

alter function public.staff_available_slots(text, uuid, date, integer) set schema private;
create function public.staff_available_slots(inbox text, record_id uuid, from_date date default null, days integer default 14)
returns table (starts_at timestamptz, ends_at timestamptz, host_ids uuid[])
language sql stable security invoker set search_path = '' as $$
  select * from private.staff_available_slots(inbox => inbox, record_id => record_id, from_date => from_date, days => days)
$$;

alter function public.send_request_matches(uuid, uuid[], text, text) set schema private;
create function public.send_request_matches(request_id uuid, property_ids uuid[], site_origin text, note text default null) returns public.inbox_replies
language sql volatile security invoker set search_path = '' as $$
  select private.send_request_matches(request_id => request_id, property_ids => property_ids, site_origin => site_origin, note => note)
$$;

alter function public.convert_inbox_to_contact(text, uuid) set schema private;
create function public.convert_inbox_to_contact(inbox text, record_id uuid) returns jsonb
language sql volatile security invoker set search_path = '' as $$
  select private.convert_inbox_to_contact(inbox => inbox, record_id => record_id)
$$;

alter function public.convert_inbox_to_deal(text, uuid) set schema private;
create function public.convert_inbox_to_deal(inbox text, record_id uuid) returns jsonb
language sql volatile security invoker set search_path = '' as $$
  select private.convert_inbox_to_deal(inbox => inbox, record_id => record_id)
$$;

-- The wrappers' grants mirror the moved functions' (the schema's default privileges are dropped first).
revoke all on function public.send_inbox_reply(text, uuid, text, text), public.staff_available_slots(text, uuid, date, integer),
  public.send_request_matches(uuid, uuid[], text, text), public.convert_inbox_to_contact(text, uuid), public.convert_inbox_to_deal(text, uuid),
  public.available_slots(text, text, uuid, date, integer) from public, anon, authenticated, service_role;
grant execute on function public.send_inbox_reply(text, uuid, text, text), public.staff_available_slots(text, uuid, date, integer),
  public.send_request_matches(uuid, uuid[], text, text), public.convert_inbox_to_contact(text, uuid), public.convert_inbox_to_deal(text, uuid)
  to authenticated, service_role;
grant execute on function public.available_slots(text, text, uuid, date, integer) to anon, authenticated, service_role;
comment on function public.send_inbox_reply(text, uuid, text, text) is 'Queues a reply e-mail to the visitor of an inbox record (staff who may see it) and records it.';
comment on function public.available_slots(text, text, uuid, date, integer) is 'Free times (Accra) a visitor may book: consultation per service or a viewing (of a listing), up to 31 days from from_date.';
comment on function public.staff_available_slots(text, uuid, date, integer) is 'Staff: free times (and free hosts) to move one appointment to.';
comment on function public.send_request_matches(uuid, uuid[], text, text) is 'Staff: e-mails the visitor of a request a curated list of public listings (one click).';
comment on function public.convert_inbox_to_contact(text, uuid) is 'Makes the inbox record a business contact (or links the existing one with its phone/e-mail) and logs it on the timeline: {contact_id, created, visible}.';
comment on function public.convert_inbox_to_deal(text, uuid) is 'Opens a deal (first open stage of the sale or rental pipeline) for the inbox record''s contact: {deal_id, contact_id, created}.';

create policy "appointment_notices: only the service role and definer RPCs" on public.appointment_notices
  as permissive for all to anon, authenticated using (false) with check (false);
create policy "listing_match_queue: only the service role and definer RPCs" on public.listing_match_queue
  as permissive for all to anon, authenticated using (false) with check (false);
