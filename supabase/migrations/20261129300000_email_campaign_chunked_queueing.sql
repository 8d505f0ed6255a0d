-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Email marketing: a campaign is queued in chunks, by the sending job (issue 15, performance),
-- and the plain-text part's links are tracked like the HTML's.
--
-- 1. "Send now" wrote every recipient and mail in the signed-in user's request: 20,000 of them
--    can overrun that request's 8 s statement timeout (the whole send is then undone). Now Send
--    now (and a scheduled campaign's time coming) checks the campaign, counts its audience (the
--    figure the user is told), makes it 'sending' and queues only the FIRST chunk (1,000) in the
--    request; the edge's `send-scheduled-campaigns` job queues the rest with
--    queue_campaign_batches(max_rows), one chunk per call (each its own short transaction, the
--    campaign row locked with skip locked), and marks it 'sent' once the audience is exhausted.
--    A small campaign is wholly queued by the request (status 'sent' at once, as before).
--    Chunks go in address order and resume after the last queued address, so a crash between two
--    chunks loses nothing and queues nobody twice (recipients stay unique per campaign and
--    address, mails per dedup_key). A 'sending' campaign is frozen like a sent one.
-- 2. The plain-text part kept its links raw, so clicks from text-only mail readers were never
--    counted. Its links now point at the same click redirect with the same signed per-recipient
--    token as the HTML's (computed once per recipient). The unsubscribe line, test sends and
--    non-marketing mail are untouched.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.email_campaigns drop constraint email_campaigns_status_check;
alter table public.email_campaigns add constraint email_campaigns_status_check check (status in ('draft', 'scheduled', 'sending', 'sent'));
comment on column public.email_campaigns.recipients_count is
  'While sending: the audience counted when it started (the progress target); once sent: the recipients queued.';
create index email_campaigns_sending_idx on public.email_campaigns (queued_at) where status = 'sending';

-- As 20261128300100's guard, with 'sending' frozen like 'sent'.
create or replace function private.email_campaign_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_setting('email_marketing.queueing', true) = 'on' then
    return new;
  end if;
  if old.status in ('sending', 'sent') and (new.subject, new.body, new.list_id, new.status) is distinct from (old.subject, old.body, old.list_id, old.status) then
    raise exception 'This campaign was sent: it can no longer change' using errcode = '22023';
  end if;
  if old.status = 'scheduled' and (new.subject, new.body, new.list_id, new.scheduled_at, new.send_origin) is distinct from (old.subject, old.body, old.list_id, old.scheduled_at, old.send_origin) then
    raise exception 'This campaign is scheduled: cancel the schedule to change it' using errcode = '22023';
  end if;
  if new.status is distinct from old.status then
    if new.status in ('sending', 'sent') then
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

-- Placeholders → the plain-text part's links, once per campaign: the edge's click redirect with a
-- {{click_token}} slot (the same URL as the HTML anchors', unescaped), or with no origin the URL.
create or replace function private.email_link_text(body text, links jsonb, site_origin text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  l record;
begin
  for l in select * from jsonb_to_recordset(links) as x(link_no integer, id uuid, url text) loop
    body := replace(body, '{{link:' || l.link_no || '}}',
      case when site_origin is null then l.url else site_origin || '/api/email/click?l=' || l.id::text || '&t={{click_token}}' end);
  end loop;
  return body;
end
$$;
revoke all on function private.email_link_text(text, jsonb, text) from public;

-- The audience still to queue: after the last address queued (address order), unsuppressed.
-- Queues at most max_rows of them (mails and recipients, as 20261128300100 did for the whole
-- list) and returns how many. The caller holds the campaign row locked and has set its
-- send_origin; nothing here checks access.
create or replace function private.queue_campaign_chunk(c public.email_campaigns, max_rows integer) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  signing_key bytea := (select k.unsubscribe_key from private.email_marketing_keys k);
  site_origin text := c.send_origin;
  after_address text := (select max(r.email) from public.email_campaign_recipients r where r.campaign_id = c.id);
  queued integer;
  links jsonb;
  html_template text;
  text_template text;
  tracked boolean;
begin
  if site_origin is null or site_origin !~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' then
    raise exception 'Not a site address: %', site_origin using errcode = '22023';
  end if;

  -- Set-based, without per-row calls of SQL helpers (never inlined with their own search_path):
  -- each recipient's values (plain and HTML-escaped) and tokens are computed once here.
  create temporary table campaign_audience on commit drop as
    select r.*,
           btrim(r.fn || ' ' || r.ln) as full_name,
           replace(replace(replace(replace(replace(btrim(r.fn || ' ' || r.ln), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as full_name_h,
           replace(replace(replace(replace(replace(r.fn, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as fn_h,
           replace(replace(replace(replace(replace(r.ln, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as ln_h,
           replace(replace(replace(replace(replace(r.city, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as city_h,
           replace(replace(replace(replace(replace(r.email, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') as email_h,
           -- Origin (checked above) and base64url tokens: nothing in them needs escaping in HTML or JSON.
           site_origin || '/unsubscribe?token=' || r.recipient_id::text || '.'
             || rtrim(translate(encode(extensions.hmac(convert_to(r.recipient_id::text, 'UTF8'), signing_key, 'sha256'), 'base64'), '+/', '-_'), '=') as unsubscribe_url,
           -- private.email_click_token, written out.
           r.recipient_id::text || '.'
             || rtrim(translate(encode(extensions.hmac(convert_to('click:' || r.recipient_id::text, 'UTF8'), signing_key, 'sha256'), 'base64'), '+/', '-_'), '=') as click_token
    from (
      select gen_random_uuid() as recipient_id, gen_random_uuid() as mail_id, a.contact_id, a.email,
             coalesce(a.first_name, '') as fn, coalesce(a.last_name, '') as ln, coalesce(a.city, '') as city
      from private.email_list_audience(c.list_id) a
      where (after_address is null or a.email > after_address)
        and not exists (select 1 from public.email_suppressions s where s.email = a.email)
      order by a.email
      limit greatest(1, least(max_rows, 5000))
    ) r;
  select count(*) into queued from campaign_audience;
  if queued = 0 then
    drop table campaign_audience;
    return 0;
  end if;

  insert into public.email_campaign_links (campaign_id, link_no, url)
  select c.id, l.link_no, l.url from private.email_message_links(c.body) l
  on conflict (campaign_id, url) do nothing;
  select coalesce(jsonb_agg(jsonb_build_object('link_no', l.link_no, 'id', l.id, 'url', l.url)), '[]'::jsonb) into links
  from public.email_campaign_links l where l.campaign_id = c.id;
  -- The campaign's two parts once: links through the click redirect with a {{click_token}} slot.
  tracked := links <> '[]'::jsonb;
  html_template := private.email_link_anchors(private.html_escape(private.email_link_placeholders(c.body, links)), links, site_origin);
  text_template := private.email_link_text(private.email_link_placeholders(c.body, links), links, site_origin);

  -- The same substitutions as private.email_merge / core's renderMerge, written out.
  insert into public.outgoing_emails (id, to_address, subject, html, text_body, kind, headers, dedup_key)
  select a.mail_id, a.email,
         left(replace(replace(replace(replace(replace(c.subject, '{{first_name}}', a.fn), '{{last_name}}', a.ln), '{{full_name}}', a.full_name), '{{city}}', a.city), '{{email}}', a.email), 300),
         '<div style="font-family:sans-serif;line-height:1.5">'
           || replace(replace(replace(replace(replace(replace(
                case when tracked then replace(html_template, '{{click_token}}', a.click_token) else html_template end,
                '{{first_name}}', a.fn_h), '{{last_name}}', a.ln_h), '{{full_name}}', a.full_name_h), '{{city}}', a.city_h), '{{email}}', a.email_h), E'\n', '<br>')
           || '</div><hr><p style="font-family:sans-serif;font-size:12px;color:#555">You receive this because you agreed to hear from Ghana Realty. '
           || '<a href="' || a.unsubscribe_url || '">Unsubscribe</a></p>',
         replace(replace(replace(replace(replace(
           case when tracked then replace(text_template, '{{click_token}}', a.click_token) else text_template end,
           '{{first_name}}', a.fn), '{{last_name}}', a.ln), '{{full_name}}', a.full_name), '{{city}}', a.city), '{{email}}', a.email)
           || E'\n\n--\nUnsubscribe: ' || a.unsubscribe_url,
         'marketing',
         ('{"List-Unsubscribe": "<' || a.unsubscribe_url || '>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}')::jsonb,
         'campaign/' || c.id::text || '/' || a.email
  from campaign_audience a;

  -- No "on conflict": the campaign row is locked and these addresses come after every queued one,
  -- so none of them has a mail or recipient yet (the unique keys still guard: a clash undoes the chunk).
  insert into public.email_campaign_recipients (id, campaign_id, contact_id, email, outgoing_email_id)
  select a.recipient_id, c.id, a.contact_id, a.email, a.mail_id from campaign_audience a;

  drop table campaign_audience;
  return queued;
end
$$;
revoke all on function private.queue_campaign_chunk(public.email_campaigns, integer) from public;

-- Marks a campaign whose audience is exhausted as sent, with the recipients it got.
create or replace function private.finish_campaign_queueing(campaign uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform set_config('email_marketing.queueing', 'on', true);
  update public.email_campaigns
     set status = 'sent', scheduled_at = null, schedule_error = null,
         recipients_count = (select count(*) from public.email_campaign_recipients r where r.campaign_id = campaign)
   where id = campaign;
  perform set_config('email_marketing.queueing', 'off', true);
end
$$;
revoke all on function private.finish_campaign_queueing(uuid) from public;

-- Starts sending a locked campaign row (Send now and the scheduled job; the callers check access
-- and state): refuses a campaign with nobody to send to, makes it 'sending' with the audience
-- count as its target, queues the first chunk. Returns the audience count.
create or replace function private.queue_campaign_rows(c public.email_campaigns, site_origin text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  -- Queued by the request itself: a small campaign is sent here; a large one is handed to the job
  -- with its first mails already leaving. Well inside a request's 8 s on a loaded machine.
  first_rows constant integer := 1000;
  audience integer;
begin
  if c.list_id is null then
    raise exception 'Choose the list this campaign goes to' using errcode = '22023';
  end if;
  if site_origin is null or site_origin !~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' then
    raise exception 'Not a site address: %', site_origin using errcode = '22023';
  end if;
  select count(*) into audience
  from private.email_list_audience(c.list_id) a
  where not exists (select 1 from public.email_suppressions s where s.email = a.email);
  if audience = 0 then
    raise exception 'Nobody to send to: the list has no consented members who are not suppressed' using errcode = '22023';
  end if;

  perform set_config('email_marketing.queueing', 'on', true);
  update public.email_campaigns
     set status = 'sending', send_origin = site_origin, queued_at = now(), recipients_count = audience, scheduled_at = null, schedule_error = null
   where id = c.id;
  perform set_config('email_marketing.queueing', 'off', true);
  c.send_origin := site_origin;

  if private.queue_campaign_chunk(c, first_rows) < first_rows then
    perform private.finish_campaign_queueing(c.id);
  end if;
  return audience;
end
$$;
revoke all on function private.queue_campaign_rows(public.email_campaigns, text) from public;

-- Send now (public.queue_campaign is its invoker wrapper, 20261125500400): as 20261128300100's,
-- with a campaign being sent named as such.
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
  if c.status = 'sending' then
    raise exception 'This campaign is being sent' using errcode = '22023';
  end if;
  if c.status <> 'draft' then
    raise exception 'This campaign was already sent' using errcode = '22023';
  end if;
  return private.queue_campaign_rows(c, site_origin);
end
$$;
comment on function public.queue_campaign(uuid, text) is
  'Send now: starts a draft campaign (consented, unsuppressed members, each address once, one-click unsubscribe headers); queues its first chunk at once and leaves the rest to the send-scheduled-campaigns job. Returns the audience count.';

-- As 20261128300100's (moved to private behind its invoker wrapper), with a campaign being sent
-- counted as started.
create or replace function private.cancel_campaign_schedule(campaign uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
begin
  select * into c from public.email_campaigns where id = campaign for update;
  if c.id is null or not private.can_access_owned('email_marketing', c.owner_id, null) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if c.status in ('sending', 'sent') then
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

-- The job: the next chunk of the longest-waiting campaign being sent (one a call, so each chunk
-- is its own transaction; a campaign another run holds is skipped).
create or replace function public.queue_campaign_batches(max_rows integer) returns table (campaign_id uuid, queued integer, done boolean)
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
  chunk integer := greatest(1, least(coalesce(max_rows, 2000), 5000));
begin
  select * into c from public.email_campaigns
  where status = 'sending'
  order by queued_at
  limit 1
  for update skip locked;
  if c.id is null then
    return;
  end if;
  -- A list deleted meanwhile has nobody left: the campaign ends with what it reached.
  queued := private.queue_campaign_chunk(c, chunk);
  done := queued < chunk;
  if done then
    perform private.finish_campaign_queueing(c.id);
  end if;
  campaign_id := c.id;
  return next;
end
$$;
comment on function public.queue_campaign_batches(integer) is
  'The send-scheduled-campaigns job (secret key): queues the next max_rows (1–5000) recipients of the longest-waiting campaign being sent; done when its audience is exhausted (it is then sent).';
revoke all on function public.queue_campaign_batches(integer) from public, anon, authenticated;
grant execute on function public.queue_campaign_batches(integer) to service_role;
select private.expose_definer_through_invoker('public.queue_campaign_batches(integer)');
