-- Test fixtures of the security regression suite (tests/security). Applied by local stacks only
-- (scripts/stack.ts passes it to the emulator with the conformance fixtures); never a migration.

-- Which functions of the exposed schemas a role may execute (item 12's privilege audit).
create or replace function public.sec_executable_functions(role_name text)
returns table (schema_name text, function_name text, arguments text)
language sql stable set search_path = '' as $$
  select n.nspname::text, p.proname::text, pg_catalog.pg_get_function_identity_arguments(p.oid)
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'storage', 'graphql_public')
    and pg_catalog.has_function_privilege(role_name, p.oid, 'execute')
  order by 1, 2, 3
$$;
revoke all on function public.sec_executable_functions(text) from public, anon, authenticated;
grant execute on function public.sec_executable_functions(text) to service_role;

-- A deliberately slow statement an anonymous caller may start (item 5's statement timeout).
create or replace function public.sec_slow_count(n integer)
returns bigint
language sql stable set search_path = '' as $$
  select count(*) from pg_catalog.generate_series(1, n) a cross join pg_catalog.generate_series(1, n) b
$$;
grant execute on function public.sec_slow_count(integer) to anon, authenticated;

-- The crash test's writes: single rows, and pairs written in one transaction (both or neither).
create table if not exists public.sec_crash_rows (
  id uuid primary key default gen_random_uuid(),
  writer integer not null,
  seq integer not null,
  pair_id uuid,
  payload text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.sec_crash_rows is 'Security suite crash test: rows written while the emulator is killed.';
alter table public.sec_crash_rows enable row level security;
revoke all on public.sec_crash_rows from anon, authenticated;

create or replace function public.sec_crash_pair(writer_no integer, seq_no integer, body text)
returns uuid
language plpgsql set search_path = '' as $$
declare pair uuid := gen_random_uuid();
begin
  insert into public.sec_crash_rows (writer, seq, pair_id, payload) values (writer_no, seq_no, pair, body);
  perform pg_catalog.pg_sleep(0);
  insert into public.sec_crash_rows (writer, seq, pair_id, payload) values (writer_no, -seq_no, pair, body);
  return pair;
end $$;
revoke all on function public.sec_crash_pair(integer, integer, text) from public, anon, authenticated;
grant execute on function public.sec_crash_pair(integer, integer, text) to service_role;

-- Sets an issued invoice's dates (item 13's overdue check needs one issued in the past;
-- issue_invoice dates an invoice today and issued documents are never edited through the API).
create or replace function public.sec_date_invoice(invoice_id uuid, issued date, due date)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_catalog.set_config('money.internal', 'on', true);
  update public.invoices i set issue_date = issued, due_date = due where i.id = invoice_id;
end $$;
revoke all on function public.sec_date_invoice(uuid, date, date) from public, anon, authenticated;
grant execute on function public.sec_date_invoice(uuid, date, date) to service_role;

-- Ages an object of the bucket `files` (the sweep of objects no row lists waits a day).
create or replace function public.sec_age_file_object(object_name text, age interval)
returns integer
language sql volatile security definer set search_path = '' as $$
  with aged as (
    update storage.objects o set created_at = now() - age where o.bucket_id = 'files' and o.name = object_name returning 1
  )
  select count(*)::integer from aged
$$;
revoke all on function public.sec_age_file_object(text, interval) from public, anon, authenticated;
grant execute on function public.sec_age_file_object(text, interval) to service_role;
