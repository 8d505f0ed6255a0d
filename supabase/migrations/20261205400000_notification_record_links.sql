-- Notifications about a record open the record's own page (`/tasks/<id>`), as every other
-- screen links it, instead of the list with the record named in the query (`/tasks?id=<id>`).
--
-- private.record_path is the SQL twin of recordPath() in core/records/record-links.ts (a schema
-- test compares the two for every table). private.notify applies it, so every caller, present or
-- future, writes the same link: a notification about a record that has a page links that page,
-- unless the caller's link already points into it (a tab of the page). Links already stored keep
-- working through the edge's redirect of old list links.

create or replace function private.record_path(record_table text, record_id uuid) returns text
language sql immutable set search_path = '' as $$
  select case record_table
    when 'contacts' then '/business-contacts/'
    when 'deals' then '/deals/'
    when 'properties' then '/properties-admin/'
    when 'tasks' then '/tasks/'
    when 'events' then '/events/'
    when 'invoices' then '/invoices-receipts/'
    when 'payments' then '/payments/'
    when 'bookings' then '/booking-management/'
    when 'consultations' then '/consultations/'
    when 'contact_submissions' then '/contact-submissions/'
    when 'property_requests' then '/property-requests/'
    when 'property_hunts' then '/property-hunt/'
    when 'partners' then '/collaboration-management/'
    when 'blog_posts' then '/admin/blog/edit/'
    when 'email_campaigns' then '/email-marketing/campaigns/'
    when 'action_plans' then '/action-plans/'
    -- Files have no page of their own: the file manager opens the file's preview.
    when 'files' then '/files?file='
  end || record_id::text
$$;
comment on function private.record_path(text, uuid) is
  'In-app path of a record''s page (null when its table has none); the twin of recordPath() in core/records/record-links.ts.';

-- Newest definition: 20261124000100_back_office_platform.sql; only the link changes.
create or replace function private.notify(
  recipient uuid, kind text, title text, body text default null, link text default null,
  record_table text default null, record_id uuid default null, actor uuid default auth.uid()
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  nid uuid;
  page text := private.record_path(record_table, record_id);
begin
  if recipient is null or not private.is_back_office_user(recipient) then return null; end if;
  if page is not null and (link is null or position(record_id::text in split_part(link, '?', 1)) = 0) then
    link := page;
  end if;
  insert into public.notifications (user_id, kind, title, body, link, actor_id, record_table, record_id)
  values (recipient, kind, left(title, 200), left(body, 1000), link, actor, record_table, record_id)
  returning id into nid;
  return nid;
end $$;
comment on function private.notify(uuid, text, text, text, text, text, uuid, uuid) is
  'Creates a notification for a back-office user (its e-mail copy follows the recipient''s user_settings); a record with a page is linked by that page.';
