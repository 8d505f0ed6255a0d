-- ════════════════════════════════════════════════════════════════════════════════════════════
-- History of personal columns: who changed a client's phone, without the phone.
--
-- The audit log is append-only, so it never holds personal data an Act 843 erasure would have
-- to reach (docs/decisions/0004). Until now a table's personal columns were left out entirely:
-- editing a contact's name or phone left no history at all. Now a table names two lists:
--   • secret_columns: never logged (derived or noisy columns, token hashes);
--   • personal_columns: logged by name only — an update records {"phone": {"redacted": true}},
--     an insert or delete names the personal columns that held a value, the same way.
-- search_text (a lower-cased copy of the personal columns on several tables) is never logged.
-- The inbox tables, partner buyer registrations and members and listing owners carried their
-- visitors' names, phones and messages into the log in full; they now name them only.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table private.audited_tables add column personal_columns text[] not null default '{}';
comment on column private.audited_tables.personal_columns is
  'Columns holding personal data: the audit log records that they changed (and who, when), never their values.';

create or replace function private.audit_row() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cfg private.audited_tables;
  drop_keys text[];
  personal text[];
  old_j jsonb;
  new_j jsonb;
  diff jsonb := '{}'::jsonb;
  k text;
begin
  select * into cfg from private.audited_tables where table_name = tg_table_name;
  -- updated_at changes with every update and search_text with every edit: noise, not history.
  drop_keys := coalesce(cfg.secret_columns, '{}') || array['updated_at', 'search_text'];
  personal := coalesce(cfg.personal_columns, '{}');
  if tg_op <> 'INSERT' then old_j := to_jsonb(old) - drop_keys; end if;
  if tg_op <> 'DELETE' then new_j := to_jsonb(new) - drop_keys; end if;
  if tg_op = 'UPDATE' then
    for k in select jsonb_object_keys(new_j) loop
      if (new_j -> k) is distinct from (old_j -> k) then
        diff := diff || jsonb_build_object(k,
          case when k = any (personal) then '{"redacted": true}'::jsonb
               else jsonb_build_object('old', old_j -> k, 'new', new_j -> k) end);
      end if;
    end loop;
    if diff = '{}'::jsonb then return null; end if;
  else
    diff := coalesce(new_j, old_j);
    foreach k in array personal loop
      if jsonb_typeof(diff -> k) = 'null' then
        diff := diff - k;
      elsif diff ? k then
        diff := jsonb_set(diff, array[k], '{"redacted": true}'::jsonb);
      end if;
    end loop;
  end if;
  insert into public.audit_log (table_name, record_id, action, actor_id, actor_role, changes)
  values (
    tg_table_name,
    (coalesce(new_j, old_j) ->> coalesce(cfg.key_column, 'id'))::uuid,
    lower(tg_op),
    auth.uid(),
    nullif(current_setting('request.jwt.claim.role', true), ''),
    diff
  );
  return null;
end $$;
comment on function private.audit_row() is
  'AFTER row trigger of audited tables: appends the change to public.audit_log; personal columns by name only ({"redacted": true}).';

-- The audit call of a new table names its personal columns too.
drop function private.enable_audit(regclass, text, text[]);
create function private.enable_audit(target regclass, key_column text default 'id', secret_columns text[] default '{}',
                                     personal_columns text[] default '{}')
returns void language plpgsql security definer set search_path = '' as $$
declare
  tbl text := (select c.relname from pg_catalog.pg_class c where c.oid = target);
begin
  insert into private.audited_tables (table_name, key_column, secret_columns, personal_columns)
  values (tbl, key_column, secret_columns, personal_columns)
  on conflict (table_name) do update
    set key_column = excluded.key_column, secret_columns = excluded.secret_columns, personal_columns = excluded.personal_columns;
  execute format('drop trigger if exists %I on %s', tbl || '_audit', target);
  execute format('create trigger %I after insert or update or delete on %s for each row execute function private.audit_row()', tbl || '_audit', target);
end $$;
comment on function private.enable_audit(regclass, text, text[], text[]) is
  'Adds the audit trigger to a table (call it in the migration that creates the table): secret columns are never logged, personal columns by name only.';
revoke all on function private.enable_audit(regclass, text, text[], text[]) from public;

select private.enable_audit('public.contacts', 'id',
  array['display_name', 'search_text', 'last_activity_at'],
  array['first_name', 'last_name', 'company_name', 'job_title', 'phone', 'phone_network', 'alt_phone', 'email', 'alt_email',
        'address', 'ghana_post_gps', 'neighbourhood', 'notes', 'consent_note', 'tin', 'website']);
select private.enable_audit('public.contact_activities', 'id', '{}', array['summary', 'body', 'details']);
select private.enable_audit('public.bookings', 'id', '{}', array['full_name', 'email', 'phone', 'message', 'user_agent']);
select private.enable_audit('public.consultations', 'id', '{}', array['full_name', 'email', 'phone', 'message', 'user_agent']);
select private.enable_audit('public.contact_submissions', 'id', '{}',
  array['full_name', 'email', 'phone', 'subject', 'message', 'user_agent']);
select private.enable_audit('public.property_requests', 'id', '{}', array['full_name', 'email', 'phone', 'notes', 'user_agent']);
select private.enable_audit('public.partner_buyer_registrations', 'id', '{}',
  array['buyer_name', 'buyer_phone', 'buyer_email', 'notes']);
select private.enable_audit('public.partner_members', 'id', '{}', array['full_name', 'email', 'phone']);
select private.enable_audit('public.property_owner_contacts', 'property_id', '{}', array['name', 'phone', 'email', 'notes']);
