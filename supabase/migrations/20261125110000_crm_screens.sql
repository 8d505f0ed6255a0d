-- ════════════════════════════════════════════════════════════════════════════════════════════
-- CRM screens (issue 12 items 1–2): the calls the business-contacts and deals screens make
-- beyond plain table reads — each one statement or one transaction, under the caller's RLS
-- unless it says why not.
--
--   contact_duplicates_batch(phones, emails)  the import preview's duplicate check, one call for
--                                             the whole file (security invoker)
--   import_contacts(rows)                     a CSV import: every row or none; the refusal lists
--                                             each bad row with its reason (error detail, JSON)
--   contact_timeline(contact_id, before, n)   the contact page's timeline: its activities and the
--                                             e-mails queued to its addresses (the outbox is
--                                             secret-key only, hence a security definer function in
--                                             private, after the caller's access to the contact is
--                                             checked, behind an invoker wrapper in public)
--   contact_linked_records(contact_id)        every record of every module that links the contact
--                                             by foreign key, as the caller may see them
--   deal_forecast(pipeline_id, owner_id)      open value and weighted value in GHS per stage and
--                                             per expected-close month (USD at the dated rate)
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Duplicates of many rows at once ──────────────────────────────────────────────────────────
create or replace function public.contact_duplicates_batch(phones text[], emails text[])
returns table (row_index integer, id uuid, display_name text, phone text, email text, owner_id uuid, matched_on text)
language plpgsql stable security invoker set search_path = '' as $$
begin
  if coalesce(cardinality(phones), 0) > 5000 or coalesce(cardinality(emails), 0) > 5000 then
    raise exception 'At most 5,000 rows are checked at once.' using errcode = '22023';
  end if;
  return query
  with input as (
    select (u.i)::integer as i, private.phone_e164(u.p) as p, private.email_normal(u.e) as e
      from unnest(coalesce(phones, '{}'), coalesce(emails, '{}')) with ordinality as u(p, e, i)
  ), hits as (
    select input.i, c.id, 'phone' as matched_on from input join public.contacts c on c.phone = input.p where input.p is not null
    union all select input.i, c.id, 'phone' from input join public.contacts c on c.alt_phone = input.p where input.p is not null
    union all select input.i, c.id, 'email' from input join public.contacts c on c.email = input.e where input.e is not null
    union all select input.i, c.id, 'email' from input join public.contacts c on c.alt_email = input.e where input.e is not null
  )
  select distinct on (h.i, h.id) h.i, c.id, c.display_name, c.phone, c.email, c.owner_id, h.matched_on
    from hits h join public.contacts c on c.id = h.id
   order by h.i, h.id, h.matched_on desc;
end $$;
comment on function public.contact_duplicates_batch(text[], text[]) is
  'For each row (1-based index) of an import: the contacts the caller may see with the same phone or e-mail.';
revoke all on function public.contact_duplicates_batch(text[], text[]) from public, anon;
grant execute on function public.contact_duplicates_batch(text[], text[]) to authenticated;

-- ── Import ───────────────────────────────────────────────────────────────────────────────────
-- Tags as a JSON list, or as one text with commas or semicolons ("buyer; east legon").
create or replace function private.jsonb_tags(j jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select case jsonb_typeof(j)
    when 'array' then coalesce((select array_agg(t) from jsonb_array_elements_text(j) t), '{}')
    when 'string' then coalesce((select array_agg(btrim(t)) from regexp_split_to_table(j #>> '{}', '[,;]') t where btrim(t) <> ''), '{}')
    else '{}'
  end
$$;

-- rows: [{first_name, last_name, company_name, kind, type, stage, source, tags[], phone,
-- alt_phone, email, alt_email, city, neighbourhood, address, job_title, notes, consent_status,
-- consent_source, marketing_consent, merge_into?}]. A row with merge_into fills the empty fields
-- of that existing contact (tags are added; a phone or e-mail goes to the free second slot; a
-- contact with no free slot refuses the row — nothing is overwritten). Every row is tried, the
-- bad ones are collected, and if there is any the whole import is refused (nothing written) with
-- their list as JSON in the error's detail: [{"row": 3, "message": "…"}].
create or replace function public.import_contacts(rows jsonb) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  r jsonb;
  i integer := 0;
  problems jsonb := '[]'::jsonb;
  created integer := 0;
  merged integer := 0;
  target public.contacts;
  p text;
  e text;
  msg text;
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to import contacts.' using errcode = '42501';
  end if;
  if jsonb_typeof(rows) <> 'array' then
    raise exception 'rows must be a list.' using errcode = '22023';
  end if;
  if jsonb_array_length(rows) = 0 then
    raise exception 'The file has no rows to import.' using errcode = 'P0001';
  end if;
  if jsonb_array_length(rows) > 5000 then
    raise exception 'Import at most 5,000 contacts at a time (this file has %).', jsonb_array_length(rows) using errcode = 'P0001';
  end if;
  for r in select value from jsonb_array_elements(rows) loop
    i := i + 1;
    begin
      if nullif(r ->> 'merge_into', '') is null then
        insert into public.contacts (
          kind, first_name, last_name, company_name, job_title, type, stage, source, tags, phone, alt_phone, email, alt_email,
          city, neighbourhood, address, notes, consent_status, consent_source, marketing_consent
        ) values (
          coalesce(nullif(r ->> 'kind', ''), 'person'), r ->> 'first_name', r ->> 'last_name', r ->> 'company_name', r ->> 'job_title',
          coalesce(nullif(r ->> 'type', ''), 'lead'), coalesce(nullif(r ->> 'stage', ''), 'lead'), coalesce(nullif(r ->> 'source', ''), 'import'),
          private.jsonb_tags(r -> 'tags'),
          r ->> 'phone', r ->> 'alt_phone', r ->> 'email', r ->> 'alt_email', r ->> 'city', r ->> 'neighbourhood', r ->> 'address', r ->> 'notes',
          coalesce(nullif(r ->> 'consent_status', ''), 'unknown'),
          case when coalesce(nullif(r ->> 'consent_status', ''), 'unknown') <> 'unknown' then coalesce(nullif(r ->> 'consent_source', ''), 'import') end,
          coalesce((r ->> 'marketing_consent')::boolean, false)
        );
        created := created + 1;
      else
        select * into target from public.contacts c where c.id = (r ->> 'merge_into')::uuid for update;
        if target.id is null then
          raise exception 'the contact to merge into does not exist or you may not see it' using errcode = 'P0001';
        end if;
        p := private.phone_e164(r ->> 'phone');
        if nullif(btrim(coalesce(r ->> 'phone', '')), '') is not null and p is null then
          raise exception 'The phone number "%" is not valid', left(r ->> 'phone', 40) using errcode = '22023';
        end if;
        e := private.email_normal(r ->> 'email');
        if p is not null and p is distinct from target.phone and p is distinct from target.alt_phone and target.phone is not null and target.alt_phone is not null then
          raise exception '% already has two phone numbers; % would be lost', target.display_name, p using errcode = 'P0001';
        end if;
        if e is not null and e is distinct from target.email and e is distinct from target.alt_email and target.email is not null and target.alt_email is not null then
          raise exception '% already has two e-mail addresses; % would be lost', target.display_name, e using errcode = 'P0001';
        end if;
        update public.contacts c set
          first_name = coalesce(c.first_name, r ->> 'first_name'),
          last_name = coalesce(c.last_name, r ->> 'last_name'),
          company_name = coalesce(c.company_name, r ->> 'company_name'),
          job_title = coalesce(c.job_title, r ->> 'job_title'),
          source = coalesce(c.source, nullif(r ->> 'source', '')),
          tags = c.tags || private.jsonb_tags(r -> 'tags'),
          phone = coalesce(c.phone, p),
          alt_phone = case when c.phone is not null and p is distinct from c.phone and c.alt_phone is null then p else c.alt_phone end,
          email = coalesce(c.email, e),
          alt_email = case when c.email is not null and e is distinct from c.email and c.alt_email is null then e else c.alt_email end,
          city = coalesce(c.city, r ->> 'city'),
          neighbourhood = coalesce(c.neighbourhood, r ->> 'neighbourhood'),
          address = coalesce(c.address, r ->> 'address'),
          notes = case when nullif(r ->> 'notes', '') is null then c.notes when c.notes is null then r ->> 'notes' else left(c.notes || E'\n\n' || (r ->> 'notes'), 10000) end
         where c.id = target.id;
        merged := merged + 1;
      end if;
    exception when others then
      get stacked diagnostics msg = message_text;
      problems := problems || jsonb_build_object('row', i, 'message', msg);
      if jsonb_array_length(problems) >= 200 then exit; end if;
    end;
  end loop;
  if jsonb_array_length(problems) > 0 then
    raise exception '% % cannot be imported, so nothing was imported. Fix them and import the file again.',
      jsonb_array_length(problems), case when jsonb_array_length(problems) = 1 then 'row' else 'rows' end
      using errcode = 'P0001', detail = problems::text;
  end if;
  return jsonb_build_object('created', created, 'merged', merged);
end $$;
comment on function public.import_contacts(jsonb) is
  'A CSV import in one transaction: creates the rows (or fills the contacts they merge into); any bad row refuses the whole import, its reasons in the error detail.';
revoke all on function public.import_contacts(jsonb) from public, anon;
grant execute on function public.import_contacts(jsonb) to authenticated, service_role;

-- ── The timeline ─────────────────────────────────────────────────────────────────────────────
create or replace function private.contact_timeline(contact_id uuid, before timestamptz default null, max_rows integer default 50)
returns table (
  id uuid, source text, kind text, direction text, summary text, body text, record_table text, record_id uuid,
  occurred_at timestamptz, actor_id uuid, details jsonb
)
language plpgsql stable security definer set search_path = '' as $$
declare
  c public.contacts;
  n integer := least(greatest(coalesce(max_rows, 50), 1), 200);
begin
  select * into c from public.contacts x where x.id = contact_timeline.contact_id;
  if c.id is null or (coalesce(auth.role(), '') in ('anon', 'authenticated')
                      and not coalesce(private.can_access_owned('contacts', c.owner_id, c.assignee_id), false)) then
    raise exception 'That contact does not exist or you may not see it.' using errcode = '42501';
  end if;
  return query
  select * from (
    select a.id, 'activity'::text, a.kind, a.direction, a.summary, a.body, a.record_table, a.record_id, a.occurred_at, a.actor_id, a.details
      from public.contact_activities a
     where a.contact_id = c.id and (before is null or a.occurred_at < before)
     order by a.occurred_at desc, a.id
     limit n
  ) acts
  union all
  select * from (
    select e.id, 'email'::text, 'email'::text, 'outbound'::text, e.subject, null::text, 'outgoing_emails'::text, e.id,
           coalesce(e.sent_at, e.created_at), null::uuid, jsonb_build_object('status', e.status, 'to', e.to_address)
      from public.outgoing_emails e
     where (c.email is not null or c.alt_email is not null)
       and lower(e.to_address) in (c.email, c.alt_email)
       and (before is null or coalesce(e.sent_at, e.created_at) < before)
     order by coalesce(e.sent_at, e.created_at) desc
     limit n
  ) mails
  order by 9 desc
  limit n;
end $$;
revoke all on function private.contact_timeline(uuid, timestamptz, integer) from public, anon;

-- The API's entry: an invoker function (the definer part is not exposed itself; splinter's
-- authenticated_security_definer_function_executable).
create or replace function public.contact_timeline(contact_id uuid, before timestamptz default null, max_rows integer default 50)
returns table (
  id uuid, source text, kind text, direction text, summary text, body text, record_table text, record_id uuid,
  occurred_at timestamptz, actor_id uuid, details jsonb
)
language sql stable security invoker set search_path = '' as $$
  select * from private.contact_timeline(contact_id => contact_id, before => before, max_rows => max_rows)
$$;
comment on function public.contact_timeline(uuid, timestamptz, integer) is
  'The contact page''s timeline, newest first: contact_activities and the e-mails queued to the contact''s addresses (subject and status only). Page with before = the last row''s occurred_at.';
revoke all on function public.contact_timeline(uuid, timestamptz, integer) from public, anon;
grant execute on function public.contact_timeline(uuid, timestamptz, integer) to authenticated;

-- ── Records that link a contact ──────────────────────────────────────────────────────────────
-- Every table with a foreign key to contacts (today's and every later module's) — its rows that
-- point at the contact, as the caller's RLS lets them see them (security invoker), 50 per table;
-- a label from the first of title / name / number / subject / display_name the row has. Deals
-- reached through deal_contacts come as deals.
create or replace function public.contact_linked_records(contact_id uuid)
returns table (table_name text, column_name text, record_id uuid, label text, status text, created_at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
declare
  fk record;
begin
  for fk in
    select c.conrelid::regclass as tbl, cl.relname::text as tname, a.attname::text as col
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_class cl on cl.oid = c.conrelid
      join pg_catalog.pg_namespace ns on ns.oid = cl.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'public.contacts'::regclass and cardinality(c.conkey) = 1
       and ns.nspname = 'public' and cl.relname not in ('contact_activities', 'contacts', 'deal_contacts')
       and exists (select 1 from pg_catalog.pg_attribute x where x.attrelid = c.conrelid and x.attname = 'id' and not x.attisdropped)
     order by cl.relname, a.attname
  loop
    begin
      return query execute format(
        'select %L::text, %L::text, (j ->> ''id'')::uuid,
                coalesce(j ->> ''title'', j ->> ''name'', j ->> ''number'', j ->> ''subject'', j ->> ''display_name'', %L),
                j ->> ''status'', (j ->> ''created_at'')::timestamptz
           from (select to_jsonb(t) as j from %s t where %I = $1 order by t.id limit 50) s',
        fk.tname, fk.col, fk.tname, fk.tbl, fk.col) using contact_id;
    exception when insufficient_privilege then
      null; -- a table the caller may not read at all links nothing they may see
    end;
  end loop;
  return query
  select 'deals'::text, 'deal_contacts'::text, d.id, d.title, d.status, d.created_at
    from public.deal_contacts dc join public.deals d on d.id = dc.deal_id
   where dc.contact_id = contact_linked_records.contact_id
   limit 50;
end $$;
comment on function public.contact_linked_records(uuid) is
  'Records of every module that link the contact by foreign key (and deals through deal_contacts), as the caller may see them.';
revoke all on function public.contact_linked_records(uuid) from public, anon;
grant execute on function public.contact_linked_records(uuid) to authenticated;

-- ── Forecast ─────────────────────────────────────────────────────────────────────────────────
-- Open deals the caller may see (one pipeline, or all with null), optionally of one owner:
-- value and weighted value (value × the stage's probability) in GHS, per stage and per month of
-- the expected close ('none' when not set). USD deals convert at the newest rate in effect today
-- (exchange_rates); amounts round to pesewas per deal, as core/deals/forecast.ts does.
create or replace function public.deal_forecast(pipeline_id uuid default null, owner_id uuid default null)
returns table (bucket text, key text, label text, sort_order integer, deals bigint, value_ghs numeric, weighted_ghs numeric)
language sql stable security invoker set search_path = '' as $$
  with rate as (select private.usd_ghs_rate_on((now() at time zone 'Africa/Accra')::date) as usd),
  open_deals as (
    select d.stage_id, s.name as stage_name, s.position as stage_position, p.position as pipeline_position, p.name as pipeline_name,
           d.expected_close_date,
           round(case when d.currency = 'USD' then d.value * coalesce(rate.usd, 0) else d.value end, 2) as ghs,
           s.probability
      from public.deals d
      join public.deal_stages s on s.id = d.stage_id
      join public.deal_pipelines p on p.id = d.pipeline_id
      cross join rate
     where d.status = 'open'
       and (deal_forecast.pipeline_id is null or d.pipeline_id = deal_forecast.pipeline_id)
       and (deal_forecast.owner_id is null or d.owner_id = deal_forecast.owner_id)
  )
  select 'stage', o.stage_id::text,
         case when deal_forecast.pipeline_id is null then min(o.pipeline_name) || ' · ' || min(o.stage_name) else min(o.stage_name) end,
         (min(o.pipeline_position) * 100 + min(o.stage_position))::integer,
         count(*), sum(o.ghs), sum(round(o.ghs * o.probability / 100, 2))
    from open_deals o group by o.stage_id
  union all
  select 'month', coalesce(to_char(o.expected_close_date, 'YYYY-MM'), 'none'), coalesce(to_char(o.expected_close_date, 'YYYY-MM'), 'No date'),
         0, count(*), sum(o.ghs), sum(round(o.ghs * o.probability / 100, 2))
    from open_deals o group by 2, 3
  order by 1 desc, 4, 2
$$;
comment on function public.deal_forecast(uuid, uuid) is
  'Open pipeline in GHS per stage and per expected-close month: count, value and weighted value (probability of the stage), as the caller may see the deals.';
revoke all on function public.deal_forecast(uuid, uuid) from public, anon;
grant execute on function public.deal_forecast(uuid, uuid) to authenticated;

-- The board reads open deals per pipeline and stage, and recently closed ones per closing time.
create index if not exists deals_pipeline_closed_idx on public.deals (pipeline_id, closed_at desc) where closed_at is not null;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
