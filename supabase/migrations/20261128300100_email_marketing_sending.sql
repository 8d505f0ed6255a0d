-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Email marketing, sending (issue 15 item 2, the gaps after 20261125500300):
--  - a test send to oneself: send_campaign_test(campaign, site_origin) queues ONE mail to the
--    caller's own address through outgoing_emails, subject prefixed "[Test] ", merged with the
--    caller's own name; no recipient row, so figures and "never twice" stay untouched;
--  - scheduling: schedule_campaign(campaign, send_at, site_origin) makes a draft 'scheduled'
--    (the time is an instant; the screen enters it in Africa/Accra); the edge's job
--    `send-scheduled-campaigns` calls queue_due_campaigns(max_rows), which queues every due one
--    as queue_campaign does (rows locked, skip locked: two runs never queue one twice); a
--    campaign that cannot go (nobody left to send to) returns to draft with the reason.
--    cancel_campaign_schedule(campaign) returns it to draft while it has not started;
--  - click tracking: the links (http/https URLs) of a campaign's message are stored once per
--    campaign (email_campaign_links) and, in each mail's HTML, point at the edge's
--    /api/email/click?l=<link>&t=<signed recipient token>; record_email_click(link, token)
--    (anon may call it) checks the HMAC and that the link belongs to the recipient's campaign,
--    records the click and returns the link's own URL — the edge redirects only there, so the
--    endpoint is never an open redirect. No tracking pixel;
--  - bounces and complaints: the edge's provider webhook (signature checked there) calls
--    record_email_delivery_event(event, address) with the secret key: the address is suppressed
--    (reason bounced/complained), the latest recipient row of that address is marked, and a
--    complaint also withdraws the contact's marketing consent;
--  - figures gain clicked and bounced.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Campaign states ──────────────────────────────────────────────────────────────────────────
alter table public.email_campaigns drop constraint email_campaigns_status_check;
alter table public.email_campaigns add constraint email_campaigns_status_check check (status in ('draft', 'scheduled', 'sent'));
alter table public.email_campaigns
  add column scheduled_at timestamptz,
  add column send_origin text check (send_origin ~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$'),
  add column schedule_error text check (char_length(schedule_error) <= 500);
comment on column public.email_campaigns.scheduled_at is 'When a scheduled campaign goes out (status scheduled); set by schedule_campaign only.';
comment on column public.email_campaigns.schedule_error is 'Why a scheduled campaign could not go out at its time (it went back to draft).';
create index email_campaigns_due_idx on public.email_campaigns (scheduled_at) where status = 'scheduled';

-- Status changes go through the RPCs; a scheduled campaign is frozen until its schedule is cancelled.
create or replace function private.email_campaign_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_setting('email_marketing.queueing', true) = 'on' then
    return new;
  end if;
  if old.status = 'sent' and (new.subject, new.body, new.list_id, new.status) is distinct from (old.subject, old.body, old.list_id, old.status) then
    raise exception 'This campaign was sent: it can no longer change' using errcode = '22023';
  end if;
  if old.status = 'scheduled' and (new.subject, new.body, new.list_id, new.scheduled_at, new.send_origin) is distinct from (old.subject, old.body, old.list_id, old.scheduled_at, old.send_origin) then
    raise exception 'This campaign is scheduled: cancel the schedule to change it' using errcode = '22023';
  end if;
  if new.status is distinct from old.status then
    if new.status = 'sent' then
      raise exception 'Send a campaign with its Send button' using errcode = '42501';
    end if;
    raise exception 'Schedule a campaign, or cancel its schedule, with its buttons' using errcode = '42501';
  end if;
  if (new.scheduled_at, new.send_origin) is distinct from (old.scheduled_at, old.send_origin) then
    raise exception 'Schedule a campaign with its Schedule button' using errcode = '42501';
  end if;
  return new;
end
$$;

-- ── Links, clicks, delivery events ───────────────────────────────────────────────────────────
create table public.email_campaign_links (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.email_campaigns (id) on delete cascade,
  link_no integer not null check (link_no between 1 and 50),
  url text not null check (url ~ '^https?://[^\s<>"]+$' and char_length(url) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (campaign_id, link_no),
  unique (campaign_id, url)
);
comment on table public.email_campaign_links is 'The links of a sent campaign''s message; its mails point at the edge''s click redirect, which sends people only to these URLs.';
create trigger email_campaign_links_set_updated_at before update on public.email_campaign_links for each row execute function private.set_updated_at();

create table public.email_campaign_clicks (
  recipient_id uuid not null references public.email_campaign_recipients (id) on delete cascade,
  link_id uuid not null references public.email_campaign_links (id) on delete cascade,
  clicks integer not null default 1 check (clicks >= 1),
  first_clicked_at timestamptz not null default now(),
  last_clicked_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (recipient_id, link_id)
);
comment on table public.email_campaign_clicks is 'Clicks on a campaign''s links, per recipient and link (written by record_email_click only).';
create index email_campaign_clicks_link_idx on public.email_campaign_clicks (link_id);
create trigger email_campaign_clicks_set_updated_at before update on public.email_campaign_clicks for each row execute function private.set_updated_at();

alter table public.email_campaign_recipients
  add column bounced_at timestamptz,
  add column complained_at timestamptz;

alter table public.email_campaign_links enable row level security;
create policy "Team members read links of campaigns they may see" on public.email_campaign_links for select to authenticated
  using (exists (select 1 from public.email_campaigns c where c.id = campaign_id));
revoke all on public.email_campaign_links from anon;
revoke insert, update, delete on public.email_campaign_links from authenticated;

alter table public.email_campaign_clicks enable row level security;
create policy "Team members read clicks of campaigns they may see" on public.email_campaign_clicks for select to authenticated
  using (exists (select 1 from public.email_campaign_recipients r where r.id = recipient_id));
revoke all on public.email_campaign_clicks from anon;
revoke insert, update, delete on public.email_campaign_clicks from authenticated;

-- ── Tokens and link rewriting ────────────────────────────────────────────────────────────────
-- A click token is <recipient id>.<HMAC of "click:<id>">: distinct from the unsubscribe token, so
-- neither can be made from the other.
create or replace function private.email_click_token(recipient uuid, signing_key bytea) returns text
language sql immutable set search_path = '' as $$
  select recipient::text || '.' || rtrim(translate(encode(extensions.hmac(convert_to('click:' || recipient::text, 'UTF8'), signing_key, 'sha256'), 'base64'), '+/', '-_'), '=')
$$;
revoke all on function private.email_click_token(uuid, bytea) from public;

-- The http(s) URLs of a message, each once, in order of first appearance (trailing punctuation is
-- the sentence's, not the link's). At most 50.
create or replace function private.email_message_links(body text) returns table (link_no integer, url text)
language sql immutable set search_path = '' as $$
  select (row_number() over (order by min(m.ord)))::integer, m.url
  from (
    select regexp_replace(x[1], '[.,;:!?)\]]+$', '') as url, ord
    from regexp_matches(body, '(https?://[^\s<>"'']+)', 'g') with ordinality as r(x, ord)
  ) m
  where m.url ~ '^https?://[^\s<>"]+$' and char_length(m.url) <= 2000
  group by m.url
  order by min(m.ord)
  limit 50
$$;
revoke all on function private.email_message_links(text) from public;

-- The message with each link's URL replaced by a {{link:N}} placeholder (longest first, so a URL
-- that starts another is not cut out of it); the HTML escaping leaves placeholders alone.
create or replace function private.email_link_placeholders(body text, links jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
  l record;
begin
  for l in select * from jsonb_to_recordset(links) as x(link_no integer, url text) order by char_length(x.url) desc loop
    body := replace(body, l.url, '{{link:' || l.link_no || '}}');
  end loop;
  return body;
end
$$;
revoke all on function private.email_link_placeholders(text, jsonb) from public;

-- Placeholders → anchors, once per campaign: through the edge's click redirect with a
-- {{click_token}} placeholder that each mail fills with its recipient's token, or, with no origin
-- (a test send, which records nothing), straight to the URL. Expects already-escaped text.
create or replace function private.email_link_anchors(html text, links jsonb, site_origin text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  l record;
begin
  for l in select * from jsonb_to_recordset(links) as x(link_no integer, id uuid, url text) loop
    html := replace(html, '{{link:' || l.link_no || '}}',
      '<a href="' || case when site_origin is null then private.html_escape(l.url)
                          else private.html_escape(site_origin || '/api/email/click?l=' || l.id::text || '&t=') || '{{click_token}}' end
      || '">' || private.html_escape(l.url) || '</a>');
  end loop;
  return html;
end
$$;
revoke all on function private.email_link_anchors(text, jsonb, text) from public;

-- Merge fields into text that is already HTML (escaped once per campaign): only the values are
-- escaped here. Plain SQL, so the planner inlines it into the per-recipient insert.
create or replace function private.email_merge_html_values(html text, first_name text, last_name text, city text, email text) returns text
language sql immutable set search_path = '' as $$
  select replace(replace(replace(replace(replace(html,
    '{{first_name}}', private.html_escape(coalesce(first_name, ''))),
    '{{last_name}}', private.html_escape(coalesce(last_name, ''))),
    '{{full_name}}', private.html_escape(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')))),
    '{{city}}', private.html_escape(coalesce(city, ''))),
    '{{email}}', private.html_escape(coalesce(email, '')))
$$;
revoke all on function private.email_merge_html_values(text, text, text, text, text) from public;

-- ── Queueing (shared by Send now and the scheduled job) ──────────────────────────────────────
-- Queues a locked campaign row to its audience; the callers check access and state.
create or replace function private.queue_campaign_rows(c public.email_campaigns, site_origin text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  signing_key bytea := (select k.unsubscribe_key from private.email_marketing_keys k);
  queued integer;
  links jsonb;
  html_template text;
  tracked boolean;
begin
  if c.list_id is null then
    raise exception 'Choose the list this campaign goes to' using errcode = '22023';
  end if;
  if site_origin !~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' then
    raise exception 'Not a site address: %', site_origin using errcode = '22023';
  end if;

  -- Set-based, and without per-row calls of SQL helpers (a function with its own search_path is
  -- never inlined: ten calls a mail cost more than the rest of the work). Each recipient's values
  -- (plain and HTML-escaped) and tokens are computed once here; the mails below only substitute.
  create temporary table campaign_audience on commit drop as
    select r.*,
           btrim(r.fn || ' ' || r.ln) as full_name,
           replace(replace(replace(replace(replace(btrim(r.fn || ' ' || r.ln), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as full_name_h,
           replace(replace(replace(replace(replace(r.fn, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as fn_h,
           replace(replace(replace(replace(replace(r.ln, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as ln_h,
           replace(replace(replace(replace(replace(r.city, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as city_h,
           replace(replace(replace(replace(replace(r.email, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as email_h,
           -- Origin (checked above) and base64url token: nothing in it needs escaping in HTML or JSON.
           site_origin || '/unsubscribe?token=' || r.recipient_id::text || '.'
             || rtrim(translate(encode(extensions.hmac(convert_to(r.recipient_id::text, 'UTF8'), signing_key, 'sha256'), 'base64'), '+/', '-_'), '=') as unsubscribe_url
    from (
      select gen_random_uuid() as recipient_id, gen_random_uuid() as mail_id, a.contact_id, a.email,
             coalesce(a.first_name, '') as fn, coalesce(a.last_name, '') as ln, coalesce(a.city, '') as city
      from private.email_list_audience(c.list_id) a
      where not exists (select 1 from public.email_suppressions s where s.email = a.email)
    ) r;
  select count(*) into queued from campaign_audience;
  if queued = 0 then
    drop table campaign_audience;
    raise exception 'Nobody to send to: the list has no consented members who are not suppressed' using errcode = '22023';
  end if;

  insert into public.email_campaign_links (campaign_id, link_no, url)
  select c.id, l.link_no, l.url from private.email_message_links(c.body) l
  on conflict (campaign_id, url) do nothing;
  select coalesce(jsonb_agg(jsonb_build_object('link_no', l.link_no, 'id', l.id, 'url', l.url)), '[]'::jsonb) into links
  from public.email_campaign_links l where l.campaign_id = c.id;
  -- The campaign's HTML once: escaped, links as anchors with a {{click_token}} slot.
  tracked := links <> '[]'::jsonb;
  html_template := private.email_link_anchors(private.html_escape(private.email_link_placeholders(c.body, links)), links, site_origin);

  -- The same substitutions as private.email_merge / core's renderMerge, written out.
  insert into public.outgoing_emails (id, to_address, subject, html, text_body, kind, headers, dedup_key)
  select a.mail_id, a.email,
         left(replace(replace(replace(replace(replace(c.subject, '{{first_name}}', a.fn), '{{last_name}}', a.ln), '{{full_name}}', a.full_name), '{{city}}', a.city), '{{email}}', a.email), 300),
         '<div style="font-family:sans-serif;line-height:1.5">'
           || replace(replace(replace(replace(replace(replace(
                case when tracked
                  then replace(html_template, '{{click_token}}', a.recipient_id::text || '.'
                         || rtrim(translate(encode(extensions.hmac(convert_to('click:' || a.recipient_id::text, 'UTF8'), signing_key, 'sha256'), 'base64'), '+/', '-_'), '='))
                  else html_template end,
                '{{first_name}}', a.fn_h), '{{last_name}}', a.ln_h), '{{full_name}}', a.full_name_h), '{{city}}', a.city_h), '{{email}}', a.email_h), E'\n', '<br>')
           || '</div><hr><p style="font-family:sans-serif;font-size:12px;color:#555">You receive this because you agreed to hear from Ghana Realty. '
           || '<a href="' || a.unsubscribe_url || '">Unsubscribe</a></p>',
         replace(replace(replace(replace(replace(c.body, '{{first_name}}', a.fn), '{{last_name}}', a.ln), '{{full_name}}', a.full_name), '{{city}}', a.city), '{{email}}', a.email)
           || E'\n\n--\nUnsubscribe: ' || a.unsubscribe_url,
         'marketing',
         ('{"List-Unsubscribe": "<' || a.unsubscribe_url || '>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}')::jsonb,
         'campaign/' || c.id::text || '/' || a.email
  from campaign_audience a;

  -- No "on conflict" on either insert: the campaign row is locked and still a draft, so no mail or
  -- recipient of it exists (the unique keys still guard; a clash would undo the whole send).
  insert into public.email_campaign_recipients (id, campaign_id, contact_id, email, outgoing_email_id)
  select a.recipient_id, c.id, a.contact_id, a.email, a.mail_id from campaign_audience a;

  perform set_config('email_marketing.queueing', 'on', true);
  update public.email_campaigns set status = 'sent', queued_at = now(), recipients_count = queued, scheduled_at = null, schedule_error = null where id = c.id;
  perform set_config('email_marketing.queueing', 'off', true);
  drop table campaign_audience;
  return queued;
end
$$;
revoke all on function private.queue_campaign_rows(public.email_campaigns, text) from public;

-- Send now (public.queue_campaign is its invoker wrapper, 20261125500400).
create or replace function private.queue_campaign(campaign uuid, site_origin text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
begin
  select * into c from public.email_campaigns where id = campaign for update;
  if c.id is null or not private.can_access_owned('email_marketing', c.owner_id, null) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if c.status = 'scheduled' then
    raise exception 'This campaign is scheduled: cancel the schedule to send it now' using errcode = '22023';
  end if;
  if c.status <> 'draft' then
    raise exception 'This campaign was already sent' using errcode = '22023';
  end if;
  return private.queue_campaign_rows(c, site_origin);
end
$$;

-- ── Test send ────────────────────────────────────────────────────────────────────────────────
create or replace function public.send_campaign_test(campaign uuid, site_origin text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
  me record;
  links jsonb;
begin
  select * into c from public.email_campaigns where id = campaign;
  if c.id is null or not private.can_access_owned('email_marketing', c.owner_id, null) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if site_origin !~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' then
    raise exception 'Not a site address: %', site_origin using errcode = '22023';
  end if;
  select lower(u.email) as email, p.first_name, p.last_name into me
  from auth.users u left join public.profiles p on p.user_id = u.id where u.id = (select auth.uid());
  if me.email is null then
    raise exception 'Your account has no e-mail address to send the test to' using errcode = '22023';
  end if;
  -- A test is for checking the look, not for mailing oneself in bulk.
  if (select count(*) from public.outgoing_emails o where o.dedup_key like 'campaign-test/' || campaign::text || '/%' and o.created_at > now() - interval '1 minute') >= 5 then
    raise exception 'Five tests of this campaign in a minute: wait a moment before sending another' using errcode = '54000';
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('link_no', l.link_no, 'id', null, 'url', l.url)), '[]'::jsonb) into links
  from private.email_message_links(c.body) l;
  insert into public.outgoing_emails (to_address, subject, html, text_body, kind, dedup_key)
  values (
    me.email,
    left('[Test] ' || private.email_merge(c.subject, me.first_name, me.last_name, null, me.email, false), 300),
    '<div style="font-family:sans-serif;line-height:1.5">'
      || replace(private.email_merge_html_values(private.email_link_anchors(private.html_escape(private.email_link_placeholders(c.body, links)), links, null),
                                                 me.first_name, me.last_name, null, me.email), E'\n', '<br>')
      || '</div><hr><p style="font-family:sans-serif;font-size:12px;color:#555">A test of “' || private.html_escape(c.name)
      || '”: each recipient''s copy carries their own unsubscribe link here, and its links are counted when clicked.</p>',
    private.email_merge(c.body, me.first_name, me.last_name, null, me.email, false),
    'marketing_test',
    'campaign-test/' || campaign::text || '/' || gen_random_uuid()::text
  );
  return me.email;
end
$$;
comment on function public.send_campaign_test(uuid, text) is 'Queues one copy of a campaign, subject prefixed [Test], to the caller''s own address; records no recipient.';
revoke all on function public.send_campaign_test(uuid, text) from public, anon;
grant execute on function public.send_campaign_test(uuid, text) to authenticated, service_role;
select private.expose_definer_through_invoker('public.send_campaign_test(uuid, text)');

-- ── Scheduling ───────────────────────────────────────────────────────────────────────────────
create or replace function public.schedule_campaign(campaign uuid, send_at timestamptz, site_origin text) returns timestamptz
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
begin
  select * into c from public.email_campaigns where id = campaign for update;
  if c.id is null or not private.can_access_owned('email_marketing', c.owner_id, null) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if c.status <> 'draft' then
    raise exception 'Only a draft can be scheduled' using errcode = '22023';
  end if;
  if c.list_id is null then
    raise exception 'Choose the list this campaign goes to' using errcode = '22023';
  end if;
  if send_at is null or send_at < now() + interval '1 minute' then
    raise exception 'Choose a time at least a minute from now' using errcode = '22023';
  end if;
  if send_at > now() + interval '1 year' then
    raise exception 'Choose a time within a year' using errcode = '22023';
  end if;
  if site_origin !~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' then
    raise exception 'Not a site address: %', site_origin using errcode = '22023';
  end if;
  if not exists (select 1 from private.email_list_audience(c.list_id) a where not exists (select 1 from public.email_suppressions s where s.email = a.email)) then
    raise exception 'Nobody to send to: the list has no consented members who are not suppressed' using errcode = '22023';
  end if;
  perform set_config('email_marketing.queueing', 'on', true);
  update public.email_campaigns set status = 'scheduled', scheduled_at = send_at, send_origin = site_origin, schedule_error = null where id = campaign;
  perform set_config('email_marketing.queueing', 'off', true);
  return send_at;
end
$$;
comment on function public.schedule_campaign(uuid, timestamptz, text) is 'Schedules a draft campaign to go out at send_at (the send-scheduled-campaigns job queues it).';
revoke all on function public.schedule_campaign(uuid, timestamptz, text) from public, anon;
grant execute on function public.schedule_campaign(uuid, timestamptz, text) to authenticated, service_role;
select private.expose_definer_through_invoker('public.schedule_campaign(uuid, timestamptz, text)');

-- Waits for a run that is queueing it right now, then refuses: it has started.
create or replace function public.cancel_campaign_schedule(campaign uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
begin
  select * into c from public.email_campaigns where id = campaign for update;
  if c.id is null or not private.can_access_owned('email_marketing', c.owner_id, null) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if c.status = 'sent' then
    raise exception 'This campaign has already started sending' using errcode = '22023';
  end if;
  if c.status <> 'scheduled' then
    raise exception 'This campaign is not scheduled' using errcode = '22023';
  end if;
  perform set_config('email_marketing.queueing', 'on', true);
  update public.email_campaigns set status = 'draft', scheduled_at = null, send_origin = null where id = campaign;
  perform set_config('email_marketing.queueing', 'off', true);
end
$$;
comment on function public.cancel_campaign_schedule(uuid) is 'Returns a scheduled campaign to draft, unless it has started sending.';
revoke all on function public.cancel_campaign_schedule(uuid) from public, anon;
grant execute on function public.cancel_campaign_schedule(uuid) to authenticated, service_role;
select private.expose_definer_through_invoker('public.cancel_campaign_schedule(uuid)');

-- The job: due campaigns, each queued in its own subtransaction (one that cannot go returns to
-- draft with the reason; the others still go). Locked rows are another run's: skipped.
create or replace function public.queue_due_campaigns(max_rows integer) returns table (campaign_id uuid, queued integer, reason text)
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
  n integer;
begin
  for c in
    select * from public.email_campaigns
    where status = 'scheduled' and scheduled_at <= now()
    order by scheduled_at
    limit greatest(1, least(coalesce(max_rows, 10), 50))
    for update skip locked
  loop
    begin
      n := private.queue_campaign_rows(c, c.send_origin);
      campaign_id := c.id; queued := n; reason := null;
    exception when others then
      perform set_config('email_marketing.queueing', 'on', true);
      update public.email_campaigns set status = 'draft', scheduled_at = null, schedule_error = left(sqlerrm, 500) where id = c.id;
      perform set_config('email_marketing.queueing', 'off', true);
      campaign_id := c.id; queued := 0; reason := left(sqlerrm, 500);
    end;
    return next;
  end loop;
end
$$;
comment on function public.queue_due_campaigns(integer) is 'The send-scheduled-campaigns job: queues scheduled campaigns whose time has come (secret key only).';
revoke all on function public.queue_due_campaigns(integer) from public, anon, authenticated;
grant execute on function public.queue_due_campaigns(integer) to service_role;
select private.expose_definer_through_invoker('public.queue_due_campaigns(integer)');

-- ── Clicks ───────────────────────────────────────────────────────────────────────────────────
create or replace function public.record_email_click(link uuid, token text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  id_part text := split_part(coalesce(token, ''), '.', 1);
  r public.email_campaign_recipients;
  target text;
begin
  if link is null or id_part !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  if private.email_click_token(id_part::uuid, (select k.unsubscribe_key from private.email_marketing_keys k)) <> token then
    return null;
  end if;
  select * into r from public.email_campaign_recipients where id = id_part::uuid;
  select l.url into target from public.email_campaign_links l where l.id = link and l.campaign_id = r.campaign_id;
  if target is null then
    return null;
  end if;
  insert into public.email_campaign_clicks (recipient_id, link_id) values (r.id, link)
  on conflict (recipient_id, link_id) do update set clicks = public.email_campaign_clicks.clicks + 1, last_clicked_at = now();
  return target;
end
$$;
comment on function public.record_email_click(uuid, text) is 'Records a click on a campaign link (signed recipient token) and returns the link''s URL, or null for a bad token or a link of another campaign.';
revoke all on function public.record_email_click(uuid, text) from public;
grant execute on function public.record_email_click(uuid, text) to anon, authenticated, service_role;
select private.expose_definer_through_invoker('public.record_email_click(uuid, text)');

-- ── Bounces and complaints (the edge's provider webhook, secret key) ─────────────────────────
create or replace function public.record_email_delivery_event(event text, address text) returns boolean
language plpgsql security invoker set search_path = '' as $$
declare
  addr text := lower(btrim(address));
  recipient uuid;
begin
  if event not in ('bounced', 'complained') then
    raise exception 'Unknown delivery event: %', event using errcode = '22023';
  end if;
  if addr !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(addr) > 254 then
    raise exception 'Not an e-mail address' using errcode = '22023';
  end if;
  select r.id into recipient from public.email_campaign_recipients r where r.email = addr order by r.created_at desc limit 1;
  -- A complaint outranks anything else on record; otherwise the first reason stays.
  insert into public.email_suppressions (email, reason, campaign_id, added_by)
  values (addr, event, (select r.campaign_id from public.email_campaign_recipients r where r.id = recipient), null)
  on conflict (email) do update set reason = excluded.reason where event = 'complained' and public.email_suppressions.reason <> 'complained';
  if event = 'bounced' then
    update public.email_campaign_recipients set bounced_at = coalesce(bounced_at, now()) where id = recipient;
  else
    update public.email_campaign_recipients set complained_at = coalesce(complained_at, now()) where id = recipient;
    update public.contacts set marketing_consent = false, marketing_consent_at = now() where lower(email) = addr and marketing_consent;
  end if;
  return recipient is not null;
end
$$;
comment on function public.record_email_delivery_event(text, text) is 'A provider''s bounce or complaint: suppresses the address for marketing and marks its latest campaign recipient (secret key only).';
revoke all on function public.record_email_delivery_event(text, text) from public, anon, authenticated;
grant execute on function public.record_email_delivery_event(text, text) to service_role;

-- ── Figures (now with clicks and bounces) ────────────────────────────────────────────────────
drop function public.email_campaign_figures(uuid);
drop function private.email_campaign_figures(uuid);
create function public.email_campaign_figures(campaign uuid)
returns table (recipients integer, sent integer, pending integer, failed integer, unsubscribed integer, clicked integer, bounced integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.email_campaigns c where c.id = campaign and private.can_access_owned('email_marketing', c.owner_id, null)) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  return query
    select count(*)::integer,
           count(*) filter (where o.status = 'sent')::integer,
           count(*) filter (where o.status in ('pending', 'sending'))::integer,
           count(*) filter (where o.status = 'failed')::integer,
           count(*) filter (where r.unsubscribed_at is not null)::integer,
           count(*) filter (where exists (select 1 from public.email_campaign_clicks k where k.recipient_id = r.id))::integer,
           count(*) filter (where r.bounced_at is not null)::integer
    from public.email_campaign_recipients r left join public.outgoing_emails o on o.id = r.outgoing_email_id
    where r.campaign_id = campaign;
end
$$;
comment on function public.email_campaign_figures(uuid) is 'Per-campaign figures: recipients, sent, waiting, failed, unsubscribed, clicked, bounced.';
revoke all on function public.email_campaign_figures(uuid) from public, anon;
grant execute on function public.email_campaign_figures(uuid) to authenticated, service_role;
select private.expose_definer_through_invoker('public.email_campaign_figures(uuid)');
