-- seed:scale — the daily work of the 48-person team (10-team.sql) over years: 100,000 tasks
-- spread over owners and assignees, about a third linked to a scale
-- listing, overdue ones among the open; 8,000 company events with 2–4 team attendees each over
-- two years; 240 announcements with read receipts; a few dozen todos per person.
-- The notification triggers are off while loading: a backlog of old assignments and invitations
-- is not what anyone's bell holds (the audit triggers stay on, so history exists at scale).
select setseed(0.32);

alter table public.tasks disable trigger tasks_notify_assignee;
alter table public.event_attendees disable trigger event_attendees_notify;
alter table public.announcements disable trigger announcements_notify;

create temporary table scale_task_listings on commit drop as
  select row_number() over (order by id) as n, id from public.properties where slug like 'scale-%';
create index on scale_task_listings (n);
analyze scale_task_listings;

-- ── Tasks ───────────────────────────────────────────────────────────────────────────────────
insert into public.tasks (title, description, status, priority, due_at, remind_at, recurrence, property_id, owner_id, assignee_id, created_at, updated_at)
select
  (array['Call', 'Send the tenancy agreement to', 'Chase the deposit from', 'Book a viewing with', 'Follow up with',
         'Collect the title documents from', 'Confirm the valuation with', 'WhatsApp the new photos to', 'Prepare the offer letter for',
         'Renew the letting mandate with'])[1 + floor(random() * 10)::int]
    || ' ' || (array['Mr Quaye', 'Mrs Mensah', 'Auntie Esi', 'Dr Boateng', 'Nana Yaw', 'Mr Tetteh', 'Madam Akosua', 'Mr Lartey',
                     'Ms Appiah', 'Mr Danquah', 'Mrs Ofori', 'Mr Agyeman'])[1 + floor(random() * 12)::int]
    || ', ' || (array['East Legon', 'Cantonments', 'Airport Residential', 'Osu', 'Labone', 'Spintex', 'Tema', 'Kumasi', 'Takoradi'])[1 + floor(random() * 9)::int],
  case when random() < 0.4 then 'Agreed on the phone; send the details on WhatsApp and log the call. GHS amounts as quoted.' end,
  status, priority, due_at,
  -- Reminders only on open tasks, a day ahead of a due time still to come.
  case when status in ('todo', 'in_progress') and due_at > now() + interval '1 day' and random() < 0.3 then due_at - interval '1 day' end,
  case when due_at is not null and random() < 0.03 then (array['daily', 'weekly', 'monthly'])[1 + floor(random() * 3)::int] else 'none' end,
  case when random() < 0.33 then (select l.id from scale_task_listings l where l.n = 1 + (g * 7919) % (select count(*) from scale_task_listings)) end,
  owner_id,
  case when random() < 0.7 then ('00000000-0000-4000-c000-' || lpad((4 + floor(random() * 45))::text, 12, '0'))::uuid end,
  created, created + make_interval(days => floor(random() * 20)::int)
from (
  select g,
         case when r < 0.42 then 'todo' when r < 0.57 then 'in_progress' when r < 0.95 then 'done' else 'cancelled' end as status,
         (array['low', 'normal', 'normal', 'normal', 'high', 'high', 'urgent'])[1 + floor(random() * 7)::int] as priority,
         -- Done and cancelled tasks lie mostly in the past; open ones around now (some overdue).
         case when random() < 0.05 then null
              when r < 0.57 then now() + make_interval(hours => floor((random() - 0.3) * 24 * 90)::int)
              else now() - make_interval(hours => floor(random() * 24 * 900)::int) end as due_at,
         ('00000000-0000-4000-c000-' || lpad((1 + floor(random() * 48))::text, 12, '0'))::uuid as owner_id,
         now() - make_interval(days => floor(random() * 900)::int) as created
  from (select g, random() as r from generate_series(1, 100000) g) s
) t;

-- ── Events and their attendees ──────────────────────────────────────────────────────────────
create temporary table scale_events on commit drop as
select g,
       (array['viewing', 'viewing', 'meeting', 'meeting', 'open_house', 'deadline', 'other'])[1 + floor(random() * 7)::int] as kind,
       date_trunc('hour', now() - interval '365 days' + make_interval(hours => floor(random() * 24 * 730)::int)) as starts_at,
       (1 + floor(random() * 3)::int) as hours,
       ('00000000-0000-4000-c000-' || lpad((1 + floor(random() * 48))::text, 12, '0'))::uuid as owner_id,
       (select l.id from scale_task_listings l where l.n = 1 + (g * 104729) % (select count(*) from scale_task_listings)) as listing
from generate_series(1, 8000) g;

insert into public.events (title, kind, status, starts_at, ends_at, location, property_id, owner_id, created_at, updated_at)
select case kind when 'viewing' then 'Viewing with a client' when 'open_house' then 'Open house' when 'deadline' then 'Offer deadline'
                 when 'meeting' then 'Landlord meeting' else 'Team lunch' end || ' #' || g,
       kind, case when random() < 0.05 then 'cancelled' else 'scheduled' end,
       starts_at, starts_at + make_interval(hours => hours),
       (array['East Legon', 'Cantonments', 'Airport Residential', 'Osu', 'Labone', 'Spintex', 'Tema', 'Kumasi'])[1 + g % 8] || ', Accra office',
       case when kind in ('viewing', 'open_house') then listing end,
       owner_id, starts_at - interval '7 days', starts_at - interval '7 days'
from scale_events;

insert into public.event_attendees (event_id, user_id, response)
select e.id, a.user_id, (array['pending', 'accepted', 'accepted', 'tentative', 'declined'])[1 + floor(random() * 5)::int]
from public.events e
cross join lateral (
  select distinct ('00000000-0000-4000-c000-' || lpad((1 + (abs(hashtext(e.id::text || k)) % 48))::text, 12, '0'))::uuid as user_id
  from generate_series(1, 3) k
) a
where e.title ~ '#[0-9]+$';

-- ── Announcements and who read them ─────────────────────────────────────────────────────────
insert into public.announcements (title, body, audience, pinned, expires_at, author_id, created_at, updated_at)
select (array['Office closed for the public holiday', 'New commission splits from next month', 'Team meeting on Monday, 9:00',
              'ECG maintenance: work from home', 'Welcome our new agents', 'Listing photo standards'])[1 + g % 6] || ' (' || g || ')',
       'Please read: **' || (array['East Legon', 'Osu', 'Tema', 'Kumasi'])[1 + g % 4] || ' branch** details.' || chr(10) || chr(10) || '- Ask Kwame for questions',
       (array['everyone', 'everyone', 'staff', 'admins'])[1 + g % 4], g % 40 = 0,
       case when g % 5 = 0 then now() - make_interval(days => g) end,
       ('00000000-0000-4000-c000-' || lpad((1 + g % 3)::text, 12, '0'))::uuid,
       now() - make_interval(days => 2 * g), now() - make_interval(days => 2 * g)
from generate_series(1, 240) g;

insert into public.announcement_reads (announcement_id, user_id, read_at)
select a.id, p.user_id, a.created_at + interval '3 hours'
from public.announcements a
join public.profiles p on p.user_id::text like '00000000-0000-4000-c000-%'
where a.title ~ '\([0-9]+\)$' and random() < 0.8 and p.user_id is distinct from a.author_id;

-- ── Todos: 30 per person, a third done ──────────────────────────────────────────────────────
insert into public.todos (user_id, title, done)
select ('00000000-0000-4000-c000-' || lpad(u::text, 12, '0'))::uuid,
       (array['Print brochures', 'Top up MoMo for transport', 'Update the Spintex listing price', 'Call the Tema landlord',
              'Renew the car registration', 'Book the photographer'])[1 + (u + k) % 6] || ' ' || k,
       k % 3 = 0
from generate_series(1, 48) u, generate_series(1, 30) k;

alter table public.tasks enable trigger tasks_notify_assignee;
alter table public.event_attendees enable trigger event_attendees_notify;
alter table public.announcements enable trigger announcements_notify;
analyze public.tasks;
analyze public.events;
analyze public.event_attendees;
analyze public.announcements;
analyze public.announcement_reads;
analyze public.todos;
