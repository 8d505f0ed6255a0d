-- ════════════════════════════════════════════════════════════════════════════════════════════
-- E-mail campaigns under record-level access.
--
-- Decision: a campaign reaches only the contacts its owner may see — all of them for an admin's
-- campaign (or while Business contacts is company-wide), the contacts a member of staff owns or
-- is assigned otherwise. A staff member's tag segment counted and queued other agents' and
-- admins' contacts; it no longer does. The audience is resolved for the campaign's owner (the
-- job that queues the later chunks runs with the secret key, long after the click), so sending
-- or scheduling a campaign is for its owner or an admin (private.may_hand_over), and the preview
-- count of a list is what a campaign of the caller would reach. The recipients of a campaign
-- show only to whom may read the recipient's contact (admins: every row).
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- What part of Business contacts a team member sees, for work done on their behalf later.
create or replace function private.contact_scope_of(reader uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case (select p.role from public.profiles p where p.user_id = reader)
    when 'admin' then 'all'
    when 'staff' then coalesce((select m.mode from public.module_access m where m.module = 'contacts'), 'own')
    else 'none'
  end
$$;
comment on function private.contact_scope_of(uuid) is
  'all | own | none: the Business contacts a team member sees (private.access_scope for someone other than the caller; none for nobody).';

drop function private.email_list_audience(uuid);

create function private.email_list_audience(list uuid, reader uuid)
returns table (contact_id uuid, email text, first_name text, last_name text, city text)
language sql stable security definer set search_path = '' as $$
  with l as (select * from public.email_lists where id = list),
  f as (
    select coalesce((select array_agg(x) from jsonb_array_elements_text(l.filter -> 'stages') x), '{}') as stages,
           coalesce((select array_agg(x) from jsonb_array_elements_text(l.filter -> 'types') x), '{}') as types,
           coalesce((select array_agg(x) from jsonb_array_elements_text(l.filter -> 'tags') x), '{}') as tags,
           coalesce((select array_agg(x) from jsonb_array_elements_text(l.filter -> 'sources') x), '{}') as sources,
           coalesce((select array_agg(lower(x)) from jsonb_array_elements_text(l.filter -> 'cities') x), '{}') as cities,
           l.kind, l.id
    from l
  )
  select distinct on (lower(c.email)) c.id, lower(c.email), c.first_name, c.last_name, c.city
  from public.contacts c, f, (select private.contact_scope_of(reader) as scope) r
  where c.email is not null and c.marketing_consent and c.consent_status = 'given' and c.anonymised_at is null
    and (r.scope = 'all' or (r.scope = 'own' and (c.owner_id = reader or c.assignee_id = reader)))
    and case when f.kind = 'static'
          then exists (select 1 from public.email_list_members m where m.list_id = f.id and m.contact_id = c.id)
          else (cardinality(f.stages) = 0 or c.stage = any (f.stages))
           and (cardinality(f.types) = 0 or c.type = any (f.types))
           and (cardinality(f.tags) = 0 or c.tags && f.tags)
           and (cardinality(f.sources) = 0 or c.source = any (f.sources))
           and (cardinality(f.cities) = 0 or lower(c.city) = any (f.cities))
        end
  order by lower(c.email), c.created_at
$$;
revoke all on function private.email_list_audience(uuid, uuid) from public, anon, authenticated;
comment on function private.email_list_audience(uuid, uuid) is
  'The contacts a list reaches for `reader` (a campaign''s owner): consented, with an e-mail, not anonymised, among the contacts the reader may see.';

-- ── Recipients: only those whose contact the caller may read ────────────────────────────────
drop policy "Team members read recipients of campaigns they may see" on public.email_campaign_recipients;
create policy "Team members read recipients of campaigns and contacts they may see" on public.email_campaign_recipients
  for select to authenticated using (
    exists (select 1 from public.email_campaigns c where c.id = campaign_id)
    and ((select private.is_admin()) or exists (select 1 from public.contacts ct where ct.id = contact_id))
  );

-- ── Preview, schedule, send: for the owner's reach ──────────────────────────────────────────
create or replace function private.email_list_audience_counts(list uuid)
returns table (reachable integer, suppressed integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.can_access_email_list(list) then
    raise exception 'No such list' using errcode = '42501';
  end if;
  return query
    select count(*) filter (where s.email is null)::integer, count(*) filter (where s.email is not null)::integer
    from private.email_list_audience(list, auth.uid()) a left join public.email_suppressions s on s.email = a.email;
end
$$;

create or replace function private.schedule_campaign(campaign uuid, send_at timestamptz, site_origin text) returns timestamptz
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
begin
  select * into c from public.email_campaigns where id = campaign for update;
  if c.id is null or not private.can_access_owned('email_marketing', c.owner_id, null) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if not private.may_hand_over(c.owner_id) then
    raise exception 'Only the campaign''s owner or an admin may schedule it: it goes to the contacts its owner may see.' using errcode = '42501';
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
  if not exists (select 1 from private.email_list_audience(c.list_id, c.owner_id) a where not exists (select 1 from public.email_suppressions s where s.email = a.email)) then
    raise exception 'Nobody to send to: the list has no consented members who are not suppressed' using errcode = '22023';
  end if;
  perform set_config('email_marketing.queueing', 'on', true);
  update public.email_campaigns set status = 'scheduled', scheduled_at = send_at, send_origin = site_origin, schedule_error = null where id = campaign;
  perform set_config('email_marketing.queueing', 'off', true);
  return send_at;
end
$$;

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
  from private.email_list_audience(c.list_id, c.owner_id) a
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
      from private.email_list_audience(c.list_id, c.owner_id) a
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

create or replace function private.queue_campaign(campaign uuid, site_origin text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
begin
  select * into c from public.email_campaigns where id = campaign for update;
  if c.id is null or not private.can_access_owned('email_marketing', c.owner_id, null) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if not private.may_hand_over(c.owner_id) then
    raise exception 'Only the campaign''s owner or an admin may send it: it goes to the contacts its owner may see.' using errcode = '42501';
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

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
revoke all on function private.email_list_audience(uuid, uuid) from anon, authenticated;
