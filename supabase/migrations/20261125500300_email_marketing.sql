-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Email marketing (issue 15 item 2): lists and segments of contacts, templates with merge
-- fields, campaigns sent through public.outgoing_emails (the edge's deliver-emails job), a
-- suppression list, one-click unsubscribe (RFC 8058) with a signed per-recipient token.
--
-- email_lists              a static list (members chosen) or a segment (a filter over contacts:
--                          stages, types, tags, sources, cities); owned records, module
--                          'email_marketing' (company-wide by default).
-- email_list_members       the members of a static list; only contacts who gave marketing consent
--                          (Act 843) can be added.
-- email_templates          subject and body with merge fields {{first_name}}, {{last_name}},
--                          {{full_name}}, {{city}}, {{email}} (core/email-marketing/merge.ts
--                          renders the same for the preview).
-- email_campaigns          draft → sent (queued); the list, subject and body it goes out with.
-- email_campaign_recipients one row per address a campaign went to: unique per campaign and
--                          address (never twice), the outgoing mail, the unsubscribe time.
-- email_suppressions       addresses that never get marketing again (unsubscribe, bounce,
--                          complaint, or added by hand); honoured by every later send.
--
-- queue_campaign(campaign, site_origin) resolves the audience at once — consented contacts with
-- an e-mail, not anonymised, not suppressed, each address once — writes the recipients and their
-- mails (dedup_key campaign/<id>/<address>, so a retry queues nothing twice) and marks the
-- campaign sent; it refuses a list with no consented members. Every mail carries
-- List-Unsubscribe (the one-click URL on the edge) and List-Unsubscribe-Post: List-Unsubscribe=One-Click
-- and a visible unsubscribe link to a page that asks for one button press.
-- The token is <recipient id>.<HMAC-SHA256 of it with a key only the database holds>;
-- unsubscribe(token) (anon may call it) checks the HMAC, so a tampered token changes nothing.
-- ════════════════════════════════════════════════════════════════════════════════════════════

insert into public.module_access (module, label, mode, updated_by) values ('email_marketing', 'Email marketing', 'all', null);

-- The signing key of unsubscribe tokens: one row, readable by no API role.
create table private.email_marketing_keys (
  id boolean primary key default true check (id),
  unsubscribe_key bytea not null default extensions.gen_random_bytes(32),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table private.email_marketing_keys is 'The HMAC key of unsubscribe tokens (one row); only security-definer functions read it.';
alter table private.email_marketing_keys enable row level security;
revoke all on private.email_marketing_keys from public, anon, authenticated, service_role;
insert into private.email_marketing_keys default values;

-- ── Lists and segments ───────────────────────────────────────────────────────────────────────
create table public.email_lists (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 120),
  description text check (char_length(description) <= 500),
  kind text not null default 'segment' check (kind in ('static', 'segment')),
  -- For a segment: {"stages": [...], "types": [...], "tags": [...], "sources": [...], "cities": [...]}; each empty = any.
  filter jsonb not null default '{}'::jsonb check (jsonb_typeof(filter) = 'object'),
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.email_lists is 'Marketing lists: static (email_list_members) or segments (a filter over contacts). Only consented contacts ever receive mail.';
create index email_lists_owner_idx on public.email_lists (owner_id);
create trigger email_lists_set_updated_at before update on public.email_lists for each row execute function private.set_updated_at();

create table public.email_list_members (
  list_id uuid not null references public.email_lists (id) on delete cascade,
  contact_id uuid not null references public.contacts (id) on delete cascade,
  added_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (list_id, contact_id)
);
comment on table public.email_list_members is 'Members of a static marketing list: contacts who gave marketing consent.';
create index email_list_members_contact_idx on public.email_list_members (contact_id);
create index email_list_members_added_by_idx on public.email_list_members (added_by);
create trigger email_list_members_set_updated_at before update on public.email_list_members for each row execute function private.set_updated_at();

create or replace function private.email_list_member_consent() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.contacts c where c.id = new.contact_id and c.marketing_consent and c.consent_status = 'given' and c.anonymised_at is null) then
    raise exception 'This contact has not given marketing consent: only consenting contacts can be on a marketing list' using errcode = '23514';
  end if;
  return new;
end
$$;
revoke all on function private.email_list_member_consent() from public;
create trigger email_list_members_consent before insert or update on public.email_list_members for each row execute function private.email_list_member_consent();

-- ── Templates and campaigns ──────────────────────────────────────────────────────────────────
create table public.email_templates (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 120),
  subject text not null check (char_length(btrim(subject)) between 1 and 200),
  body text not null check (char_length(body) between 1 and 50000),
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.email_templates is 'Marketing e-mail templates: subject and plain-text body with merge fields ({{first_name}} …).';
create index email_templates_owner_idx on public.email_templates (owner_id);
create trigger email_templates_set_updated_at before update on public.email_templates for each row execute function private.set_updated_at();

create table public.email_campaigns (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 120),
  list_id uuid references public.email_lists (id) on delete set null,
  template_id uuid references public.email_templates (id) on delete set null,
  subject text not null check (char_length(btrim(subject)) between 1 and 200),
  body text not null check (char_length(body) between 1 and 50000),
  status text not null default 'draft' check (status in ('draft', 'sent')),
  queued_at timestamptz,
  recipients_count integer not null default 0,
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.email_campaigns is 'Marketing campaigns: draft, then sent (queued to outgoing_emails by queue_campaign; delivered in the background).';
create index email_campaigns_owner_idx on public.email_campaigns (owner_id);
create index email_campaigns_list_idx on public.email_campaigns (list_id);
create index email_campaigns_template_idx on public.email_campaigns (template_id);
create trigger email_campaigns_set_updated_at before update on public.email_campaigns for each row execute function private.set_updated_at();

-- A sent campaign is history: only its name changes.
create or replace function private.email_campaign_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.status = 'sent' and (new.subject, new.body, new.list_id, new.status) is distinct from (old.subject, old.body, old.list_id, old.status)
     and current_setting('email_marketing.queueing', true) is distinct from 'on' then
    raise exception 'This campaign was sent: it can no longer change' using errcode = '22023';
  end if;
  if old.status = 'draft' and new.status = 'sent' and current_setting('email_marketing.queueing', true) is distinct from 'on' then
    raise exception 'Send a campaign with its Send button' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke all on function private.email_campaign_guard() from public;
create trigger email_campaigns_guard before update on public.email_campaigns for each row execute function private.email_campaign_guard();

create table public.email_campaign_recipients (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.email_campaigns (id) on delete cascade,
  contact_id uuid references public.contacts (id) on delete set null,
  email text not null,
  outgoing_email_id uuid references public.outgoing_emails (id) on delete set null,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (campaign_id, email)
);
comment on table public.email_campaign_recipients is 'Who a campaign went to (one row per address: never twice), its queued mail and the unsubscribe. Written by queue_campaign only.';
create index email_campaign_recipients_contact_idx on public.email_campaign_recipients (contact_id);
create index email_campaign_recipients_outgoing_idx on public.email_campaign_recipients (outgoing_email_id);
create trigger email_campaign_recipients_set_updated_at before update on public.email_campaign_recipients for each row execute function private.set_updated_at();

create table public.email_suppressions (
  email text primary key check (email = lower(email) and char_length(email) <= 254),
  reason text not null check (reason in ('unsubscribed', 'bounced', 'complained', 'manual')),
  campaign_id uuid references public.email_campaigns (id) on delete set null,
  added_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.email_suppressions is 'Addresses that receive no marketing mail again (unsubscribed, bounced, complained, or added by hand).';
create index email_suppressions_campaign_idx on public.email_suppressions (campaign_id);
create index email_suppressions_added_by_idx on public.email_suppressions (added_by);
create trigger email_suppressions_set_updated_at before update on public.email_suppressions for each row execute function private.set_updated_at();

-- ── RLS ──────────────────────────────────────────────────────────────────────────────────────
alter table public.email_lists enable row level security;
create policy "Team members read marketing lists" on public.email_lists for select to authenticated
  using ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members create marketing lists" on public.email_lists for insert to authenticated
  with check ((select private.access_scope('email_marketing')) <> 'none' and owner_id = (select auth.uid()));
create policy "Team members edit marketing lists" on public.email_lists for update to authenticated
  using ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())))
  with check ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members delete marketing lists" on public.email_lists for delete to authenticated
  using ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())));
revoke all on public.email_lists from anon;

create or replace function private.can_access_email_list(list uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.email_lists l where l.id = list and private.can_access_owned('email_marketing', l.owner_id, null))
$$;
revoke all on function private.can_access_email_list(uuid) from public;
grant execute on function private.can_access_email_list(uuid) to authenticated, service_role;

alter table public.email_list_members enable row level security;
create policy "Team members read list members" on public.email_list_members for select to authenticated using (private.can_access_email_list(list_id));
create policy "Team members add list members" on public.email_list_members for insert to authenticated with check (private.can_access_email_list(list_id));
create policy "Team members remove list members" on public.email_list_members for delete to authenticated using (private.can_access_email_list(list_id));
revoke all on public.email_list_members from anon;
revoke update on public.email_list_members from authenticated;

alter table public.email_templates enable row level security;
create policy "Team members read templates" on public.email_templates for select to authenticated
  using ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members create templates" on public.email_templates for insert to authenticated
  with check ((select private.access_scope('email_marketing')) <> 'none' and owner_id = (select auth.uid()));
create policy "Team members edit templates" on public.email_templates for update to authenticated
  using ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())))
  with check ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members delete templates" on public.email_templates for delete to authenticated
  using ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())));
revoke all on public.email_templates from anon;

alter table public.email_campaigns enable row level security;
create policy "Team members read campaigns" on public.email_campaigns for select to authenticated
  using ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members create campaigns" on public.email_campaigns for insert to authenticated
  with check ((select private.access_scope('email_marketing')) <> 'none' and owner_id = (select auth.uid()) and status = 'draft');
create policy "Team members edit campaigns" on public.email_campaigns for update to authenticated
  using ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())))
  with check ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members delete draft campaigns" on public.email_campaigns for delete to authenticated
  using (status = 'draft' and ((select private.access_scope('email_marketing')) = 'all' or ((select private.access_scope('email_marketing')) = 'own' and owner_id = (select auth.uid()))));
revoke all on public.email_campaigns from anon;

alter table public.email_campaign_recipients enable row level security;
create policy "Team members read recipients of campaigns they may see" on public.email_campaign_recipients for select to authenticated
  using (exists (select 1 from public.email_campaigns c where c.id = campaign_id));
-- Written only by queue_campaign and unsubscribe (security definer).
revoke all on public.email_campaign_recipients from anon;
revoke insert, update, delete on public.email_campaign_recipients from authenticated;

alter table public.email_suppressions enable row level security;
create policy "Team members read the suppression list" on public.email_suppressions for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Team members suppress an address" on public.email_suppressions for insert to authenticated
  with check ((select private.is_staff_or_admin()) and reason = 'manual' and added_by = (select auth.uid()));
-- Taking an address off the list re-enables marketing to someone who may have asked to stop: admins only.
create policy "Admins lift a suppression" on public.email_suppressions for delete to authenticated using ((select private.is_admin()));
revoke all on public.email_suppressions from anon;
revoke update on public.email_suppressions from authenticated;

select private.enable_audit('public.email_lists');
select private.enable_audit('public.email_templates');
select private.enable_audit('public.email_campaigns');

-- ── Audience, merge fields, tokens ───────────────────────────────────────────────────────────
-- The contacts a list reaches: consented, with an e-mail, not anonymised (suppression is applied by the callers).
create or replace function private.email_list_audience(list uuid)
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
  from public.contacts c, f
  where c.email is not null and c.marketing_consent and c.consent_status = 'given' and c.anonymised_at is null
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
revoke all on function private.email_list_audience(uuid) from public;

-- The same rules as core/email-marketing/merge.ts: {{field}} → the value (escaped for HTML when html).
create or replace function private.email_merge(body text, first_name text, last_name text, city text, email text, html boolean) returns text
language sql immutable set search_path = '' as $$
  select replace(replace(replace(replace(replace(
    case when html then private.html_escape(body) else body end,
    '{{first_name}}', case when html then private.html_escape(coalesce(first_name, '')) else coalesce(first_name, '') end),
    '{{last_name}}', case when html then private.html_escape(coalesce(last_name, '')) else coalesce(last_name, '') end),
    '{{full_name}}', case when html then private.html_escape(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) else btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) end),
    '{{city}}', case when html then private.html_escape(coalesce(city, '')) else coalesce(city, '') end),
    '{{email}}', case when html then private.html_escape(coalesce(email, '')) else coalesce(email, '') end)
$$;
revoke all on function private.email_merge(text, text, text, text, text, boolean) from public;

create or replace function private.unsubscribe_token(recipient uuid) returns text
language sql stable security definer set search_path = '' as $$
  select recipient::text || '.' || rtrim(translate(encode(extensions.hmac(convert_to(recipient::text, 'UTF8'), (select k.unsubscribe_key from private.email_marketing_keys k), 'sha256'), 'base64'), '+/', '-_'), '=')
$$;
revoke all on function private.unsubscribe_token(uuid) from public;

-- What an audience looks like before sending: reachable (consented, not suppressed) and held back.
create or replace function public.email_list_audience_counts(list uuid)
returns table (reachable integer, suppressed integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.can_access_email_list(list) then
    raise exception 'No such list' using errcode = '42501';
  end if;
  return query
    select count(*) filter (where s.email is null)::integer, count(*) filter (where s.email is not null)::integer
    from private.email_list_audience(list) a left join public.email_suppressions s on s.email = a.email;
end
$$;
revoke all on function public.email_list_audience_counts(uuid) from public;
grant execute on function public.email_list_audience_counts(uuid) to authenticated, service_role;

-- ── Sending ──────────────────────────────────────────────────────────────────────────────────
create or replace function public.queue_campaign(campaign uuid, site_origin text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  c public.email_campaigns;
  signing_key bytea := (select k.unsubscribe_key from private.email_marketing_keys k);
  queued integer;
begin
  select * into c from public.email_campaigns where id = campaign for update;
  if c.id is null or not private.can_access_owned('email_marketing', c.owner_id, null) then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if c.status <> 'draft' then
    raise exception 'This campaign was already sent' using errcode = '22023';
  end if;
  if c.list_id is null then
    raise exception 'Choose the list this campaign goes to' using errcode = '22023';
  end if;
  if site_origin !~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' then
    raise exception 'Not a site address: %', site_origin using errcode = '22023';
  end if;

  -- One set-based pass (20,000 recipients in a few seconds): ids are made up front so the mail and
  -- its recipient row are written together; the token is private.unsubscribe_token inlined.
  create temporary table campaign_audience on commit drop as
    select gen_random_uuid() as recipient_id, gen_random_uuid() as mail_id, a.*
    from private.email_list_audience(c.list_id) a
    where not exists (select 1 from public.email_suppressions s where s.email = a.email);
  select count(*) into queued from campaign_audience;
  if queued = 0 then
    raise exception 'Nobody to send to: the list has no consented members who are not suppressed' using errcode = '22023';
  end if;

  insert into public.outgoing_emails (id, to_address, subject, html, text_body, kind, headers, dedup_key)
  select a.mail_id, a.email,
         left(private.email_merge(c.subject, a.first_name, a.last_name, a.city, a.email, false), 300),
         '<div style="font-family:sans-serif;line-height:1.5">'
           || replace(private.email_merge(c.body, a.first_name, a.last_name, a.city, a.email, true), E'\n', '<br>')
           || '</div><hr><p style="font-family:sans-serif;font-size:12px;color:#555">You receive this because you agreed to hear from Ghana Realty. '
           || '<a href="' || private.html_escape(u.url) || '">Unsubscribe</a></p>',
         private.email_merge(c.body, a.first_name, a.last_name, a.city, a.email, false) || E'\n\n--\nUnsubscribe: ' || u.url,
         'marketing',
         jsonb_build_object('List-Unsubscribe', '<' || u.url || '>', 'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
         'campaign/' || campaign::text || '/' || a.email
  from campaign_audience a
  cross join lateral (
    select site_origin || '/unsubscribe?token=' || a.recipient_id::text || '.'
           || rtrim(translate(encode(extensions.hmac(convert_to(a.recipient_id::text, 'UTF8'), signing_key, 'sha256'), 'base64'), '+/', '-_'), '=') as url
  ) u
  on conflict (dedup_key) do nothing;

  insert into public.email_campaign_recipients (id, campaign_id, contact_id, email, outgoing_email_id)
  select a.recipient_id, campaign, a.contact_id, a.email, a.mail_id from campaign_audience a
  on conflict (campaign_id, email) do nothing;

  perform set_config('email_marketing.queueing', 'on', true);
  update public.email_campaigns set status = 'sent', queued_at = now(), recipients_count = queued where id = campaign;
  perform set_config('email_marketing.queueing', 'off', true);
  drop table campaign_audience;
  return queued;
end
$$;
comment on function public.queue_campaign(uuid, text) is
  'Queues a draft campaign to its list''s consented, unsuppressed members (each address once) with one-click unsubscribe headers; returns how many.';
revoke all on function public.queue_campaign(uuid, text) from public;
grant execute on function public.queue_campaign(uuid, text) to authenticated, service_role;

-- Per-campaign figures (the mails themselves are the secret key's only).
create or replace function public.email_campaign_figures(campaign uuid)
returns table (recipients integer, sent integer, pending integer, failed integer, unsubscribed integer)
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
           count(*) filter (where r.unsubscribed_at is not null)::integer
    from public.email_campaign_recipients r left join public.outgoing_emails o on o.id = r.outgoing_email_id
    where r.campaign_id = campaign;
end
$$;
revoke all on function public.email_campaign_figures(uuid) from public;
grant execute on function public.email_campaign_figures(uuid) to authenticated, service_role;

-- ── Unsubscribe (anyone holding a valid token) ───────────────────────────────────────────────
-- The recipient of a valid token, or null (a tampered or unknown token).
create or replace function private.recipient_of_token(token text) returns public.email_campaign_recipients
language plpgsql stable security definer set search_path = '' as $$
declare
  id_part text := split_part(coalesce(token, ''), '.', 1);
  r public.email_campaign_recipients;
begin
  if id_part !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  if private.unsubscribe_token(id_part::uuid) <> token then
    return null;
  end if;
  select * into r from public.email_campaign_recipients where id = id_part::uuid;
  return r;
end
$$;
revoke all on function private.recipient_of_token(text) from public;

-- For the unsubscribe page: the address a token is for, half hidden (j•••@example.com), or null.
create or replace function public.unsubscribe_address(token text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.email_campaign_recipients := private.recipient_of_token(token);
begin
  if r.id is null then return null; end if;
  return left(r.email, 1) || '•••' || substr(r.email, position('@' in r.email));
end
$$;
revoke all on function public.unsubscribe_address(text) from public;
grant execute on function public.unsubscribe_address(text) to anon, authenticated, service_role;

-- Suppresses the token's address for all later marketing and withdraws the contact's marketing
-- consent. True when the token was valid (again true when already unsubscribed).
create or replace function public.unsubscribe(token text) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  r public.email_campaign_recipients := private.recipient_of_token(token);
begin
  if r.id is null then return false; end if;
  insert into public.email_suppressions (email, reason, campaign_id, added_by) values (r.email, 'unsubscribed', r.campaign_id, null)
  on conflict (email) do nothing;
  update public.email_campaign_recipients set unsubscribed_at = coalesce(unsubscribed_at, now()) where id = r.id;
  update public.contacts set marketing_consent = false, marketing_consent_at = now() where id = r.contact_id and marketing_consent;
  return true;
end
$$;
comment on function public.unsubscribe(text) is 'One-click unsubscribe (RFC 8058) with a signed per-recipient token; a tampered token changes nothing.';
revoke all on function public.unsubscribe(text) from public;
grant execute on function public.unsubscribe(text) to anon, authenticated, service_role;
