-- merge_contacts in the one lock order (20261201200000_kept_totals_at_commit.sql lists it whole).
-- A deal's stage move locks the deal and then, writing "Deal moved to …" on its contact's
-- timeline, the contact; the merge locked the two contacts (in argument order) and then the
-- deals it re-points. On a real PostgreSQL with 30 connections, merges deadlocked with stage
-- moves, and merge_contacts(a, b) with merge_contacts(b, a). A row's update always locks the row
-- before any trigger runs, so the merge follows the stage move's order:
--   1. every record that points at the merged contact (each foreign key to contacts, table by
--      table as they are re-pointed below), locked FOR NO KEY UPDATE as the re-pointing would;
--   2. the two contacts, lowest id first, whatever the argument order;
--   3. then the re-pointing, the merged fields, the delete — as before.
-- Everything else is unchanged (copied from 20261125100000_crm_contacts_deals.sql; the function
-- lives in `private` behind the invoker wrapper public.merge_contacts since 20261127000100).

create or replace function private.merge_contacts(keep_id uuid, merge_id uuid) returns public.contacts
language plpgsql security definer set search_path = '' as $$
declare
  k public.contacts;
  m public.contacts;
  phones text[];
  emails text[];
  fk record;
  moved bigint;
  moves jsonb := '{}'::jsonb;
  result public.contacts;
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to merge contacts.' using errcode = '42501';
  end if;
  if keep_id is null or merge_id is null or keep_id = merge_id then
    raise exception 'Choose two different contacts to merge.' using errcode = 'P0001';
  end if;
  -- Before any lock: a caller who may not edit both contacts holds nothing up (checked again below).
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and exists (
       select 1 from public.contacts c where c.id in (keep_id, merge_id)
          and not coalesce(private.can_access_owned('contacts', c.owner_id, c.assignee_id), false)) then
    raise exception 'You may only merge contacts you can edit.' using errcode = '42501';
  end if;
  -- The lock order (see the header): every record that points at the merged contact, then the
  -- two contacts, lowest id first.
  for fk in
    select c.conrelid::regclass as tbl, a.attname as col
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_class cl on cl.oid = c.conrelid
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'public.contacts'::regclass and cardinality(c.conkey) = 1
     order by cl.relname, a.attname
  loop
    execute format('select count(*) from (select 1 from %s where %I = $1 order by ctid for no key update) x', fk.tbl, fk.col)
      using merge_id;
  end loop;
  perform 1 from public.contacts c where c.id in (keep_id, merge_id) order by c.id for update;
  select * into k from public.contacts where id = keep_id;
  select * into m from public.contacts where id = merge_id;
  if k.id is null or m.id is null then
    raise exception 'One of the contacts no longer exists.' using errcode = 'P0001';
  end if;
  if coalesce(auth.role(), '') in ('anon', 'authenticated')
     -- coalesce: can_access_owned() is null (not false) for someone else's row without an assignee.
     and not coalesce(private.can_access_owned('contacts', k.owner_id, k.assignee_id) and private.can_access_owned('contacts', m.owner_id, m.assignee_id), false) then
    raise exception 'You may only merge contacts you can edit.' using errcode = '42501';
  end if;
  if k.anonymised_at is not null or m.anonymised_at is not null then
    raise exception 'An anonymised contact cannot be merged.' using errcode = 'P0001';
  end if;
  if k.kind <> m.kind then
    raise exception 'A person cannot be merged with a company.' using errcode = 'P0001';
  end if;
  phones := private.merge_values(k.phone, k.alt_phone, m.phone, m.alt_phone);
  if cardinality(phones) > 2 then
    raise exception 'These contacts have three different phone numbers (%) and a contact keeps two: remove one first, so no number is lost.', array_to_string(phones, ', ') using errcode = 'P0001';
  end if;
  emails := private.merge_values(k.email, k.alt_email, m.email, m.alt_email);
  if cardinality(emails) > 2 then
    raise exception 'These contacts have three different e-mail addresses (%) and a contact keeps two: remove one first, so no address is lost.', array_to_string(emails, ', ') using errcode = 'P0001';
  end if;

  -- Links first (while both rows exist): a duplicate deal link keeps the keeper's role.
  delete from public.deal_contacts dm
   where dm.contact_id = merge_id and exists (select 1 from public.deal_contacts dk where dk.deal_id = dm.deal_id and dk.contact_id = keep_id);
  for fk in
    select c.conrelid::regclass as tbl, cl.relname as table_name, a.attname as col
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_class cl on cl.oid = c.conrelid
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'public.contacts'::regclass and cardinality(c.conkey) = 1
     order by cl.relname, a.attname
  loop
    begin
      execute format('update %s set %I = $1 where %I = $2', fk.tbl, fk.col, fk.col) using keep_id, merge_id;
      get diagnostics moved = row_count;
    exception when unique_violation then
      raise exception 'These contacts cannot be merged: both have a record in % (%) that may exist only once per contact. Remove one of them first, so nothing is lost.', fk.table_name, fk.col using errcode = 'P0001';
    end;
    if moved > 0 then moves := moves || jsonb_build_object(fk.table_name || '.' || fk.col, moved); end if;
  end loop;

  update public.contacts x set
    first_name = coalesce(k.first_name, m.first_name),
    last_name = coalesce(k.last_name, m.last_name),
    company_name = coalesce(k.company_name, m.company_name),
    company_id = coalesce(k.company_id, nullif(m.company_id, keep_id)),
    job_title = coalesce(k.job_title, m.job_title),
    source = coalesce(k.source, m.source),
    tags = k.tags || m.tags,  -- the trigger drops repeats, keeping the first
    phone = phones[1],
    alt_phone = phones[2],
    email = emails[1],
    alt_email = emails[2],
    city = coalesce(k.city, m.city),
    neighbourhood = coalesce(k.neighbourhood, m.neighbourhood),
    address = coalesce(k.address, m.address),
    ghana_post_gps = coalesce(k.ghana_post_gps, m.ghana_post_gps),
    website = coalesce(k.website, m.website),
    industry = coalesce(k.industry, m.industry),
    tin = coalesce(k.tin, m.tin),
    notes = left(case when k.notes is not null and m.notes is not null and k.notes <> m.notes then k.notes || E'\n\n' || m.notes else coalesce(k.notes, m.notes) end, 10000),
    consent_status = case when coalesce(m.consent_at, '-infinity') > coalesce(k.consent_at, '-infinity') then m.consent_status else k.consent_status end,
    consent_source = case when coalesce(m.consent_at, '-infinity') > coalesce(k.consent_at, '-infinity') then m.consent_source else k.consent_source end,
    consent_note = case when coalesce(m.consent_at, '-infinity') > coalesce(k.consent_at, '-infinity') then m.consent_note else k.consent_note end,
    consent_at = greatest(k.consent_at, m.consent_at),
    marketing_consent = case when coalesce(m.marketing_consent_at, '-infinity') > coalesce(k.marketing_consent_at, '-infinity') then m.marketing_consent else k.marketing_consent end,
    marketing_consent_at = greatest(k.marketing_consent_at, m.marketing_consent_at),
    assignee_id = coalesce(k.assignee_id, m.assignee_id),
    last_activity_at = greatest(k.last_activity_at, m.last_activity_at)
   where x.id = keep_id;
  delete from public.contacts where id = merge_id;
  perform private.log_contact_activity(keep_id, 'merge', 'Merged with ' || coalesce(nullif(m.display_name, ''), 'a contact'), null, null, now(), null,
    jsonb_build_object('merged_contact', to_jsonb(m) - 'search_text', 'moved', moves));
  select * into result from public.contacts where id = keep_id;
  return result;
end $$;
