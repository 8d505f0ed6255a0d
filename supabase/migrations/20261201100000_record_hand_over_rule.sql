-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Who may hand a record over: one rule for every owned record.
--
-- Staff may edit the records they own, the records assigned to them and, in a company-wide
-- module, everyone's. Editing is not owning: until now an assignee could set owner_id to
-- themselves and assignee_id to null (the owner then saw nothing) and then delete the record as
-- its new owner. From here on, on every table with an owner_id:
--
--   • changing owner_id or assignee_id, and deleting the row, is for the row's (current) owner
--     or an admin — private.may_hand_over(owner_id);
--   • the secret key and direct SQL (seeds, imports, the job runner) act for the company;
--   • the database's own rules that move a record as a consequence (a trigger inside a trigger:
--     a lead's open follow-up task follows the lead's new assignee, foreign-key cascades) pass.
--
-- The rule is one trigger function, private.guard_record_hand_over(), attached to each owned
-- table by private.guard_hand_over(table); a table added later calls it in its migration.
-- A hand-over made by the team administration (moving an agent's records to another agent)
-- goes through the same rule: it runs as an admin, or with the secret key.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function private.may_hand_over(owner uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.role(), '') not in ('anon', 'authenticated')
      or private.is_admin()
      or (owner is not null and owner = (select auth.uid()) and private.is_staff_or_admin())
$$;
comment on function private.may_hand_over(uuid) is
  'May the caller change who owns or is assigned a record owned by `owner`, or delete it: its owner (staff) or an admin; the secret key and direct SQL act for the company.';

create or replace function private.guard_record_hand_over() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  before_row jsonb := to_jsonb(old);
  after_row jsonb;
begin
  -- Nested: a rule of the database itself (a trigger, a foreign-key cascade) moved the row.
  if pg_trigger_depth() > 1 or private.may_hand_over((before_row ->> 'owner_id')::uuid) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'DELETE' then
    raise exception 'Only the owner of this record or an admin may delete it.' using errcode = '42501';
  end if;
  after_row := to_jsonb(new);
  if (after_row -> 'owner_id') is distinct from (before_row -> 'owner_id')
     or (after_row -> 'assignee_id') is distinct from (before_row -> 'assignee_id') then
    raise exception 'Only the owner of this record or an admin may hand it over or change who it is assigned to.'
      using errcode = '42501';
  end if;
  return new;
end $$;
comment on function private.guard_record_hand_over() is
  'Owned records: only the owner or an admin (private.may_hand_over) changes owner_id / assignee_id or deletes the row.';

-- Attaches the rule to an owned table (owner_id, and assignee_id when it has one).
create or replace function private.guard_hand_over(target regclass) returns void
language plpgsql set search_path = '' as $$
declare
  cols text;
begin
  select string_agg(quote_ident(a.attname), ', ' order by a.attname desc)
    into cols
    from pg_attribute a
   where a.attrelid = target and a.attname in ('owner_id', 'assignee_id') and a.attnum > 0 and not a.attisdropped;
  if cols is null or cols not like '%owner_id%' then
    raise exception '% has no owner_id column', target;
  end if;
  execute format('drop trigger if exists guard_hand_over on %s', target);
  execute format('create trigger guard_hand_over before update of %s or delete on %s for each row execute function private.guard_record_hand_over()',
                 cols, target);
end $$;
revoke all on function private.guard_hand_over(regclass) from public, anon, authenticated;
comment on function private.guard_hand_over(regclass) is
  'Migrations: puts an owned table under the hand-over rule (private.guard_record_hand_over).';

-- Every owned table of today.
do $$
declare
  t regclass;
begin
  for t in
    select c.oid::regclass
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'owner_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind = 'r'
     order by c.relname
  loop
    perform private.guard_hand_over(t);
  end loop;
end $$;

revoke all on function private.may_hand_over(uuid) from public;
grant execute on function private.may_hand_over(uuid) to anon, authenticated, service_role;
revoke all on function private.guard_record_hand_over() from public;
