-- Supabase's database advisors (splinter) on our schema: what they flagged, closed.
--
-- 1. SECURITY DEFINER functions in an exposed schema (anon/authenticated_security_definer_function_
--    executable). Each such function moves to schema `private` (not exposed by the API) keeping its
--    body, grants and comment, and `public` keeps an INVOKER function of the same name, arguments,
--    result and volatility that calls it: the REST route, the generated types and every caller stay
--    the same, and the elevated part is no longer a function the API exposes itself.
-- 2. outgoing_emails has RLS with no policy on purpose (only the service role and the definer
--    RPCs touch the queue): the policy now says so explicitly (rls_enabled_no_policy).
-- 3. The deals → pipeline stage composite foreign key gets its covering index.

-- Moves public.<fn> to private and leaves an invoker wrapper in public (see above). Idempotent for a
-- function already wrapped. Later migrations call it for new RPCs that must run as definer.
create or replace function private.expose_definer_through_invoker(fn regprocedure) returns void
language plpgsql set search_path = '' as $$
declare
  f record;
  call_args text;
  body text;
  grantee text;
begin
  select p.oid, p.proname, n.nspname, p.prosecdef, p.provolatile, p.proretset, p.prorettype,
         pg_get_function_arguments(p.oid) as args, pg_get_function_identity_arguments(p.oid) as ident,
         pg_get_function_result(p.oid) as result, obj_description(p.oid, 'pg_proc') as about,
         p.proargnames, p.proargmodes, p.pronargs
    into f
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where p.oid = fn;
  if f.nspname <> 'public' or not f.prosecdef then
    raise exception '% is not a SECURITY DEFINER function in public', fn;
  end if;
  if exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = 'private' and p.proname = f.proname
                and pg_get_function_identity_arguments(p.oid) = f.ident) then
    raise exception 'private.%(%) exists already', f.proname, f.ident;
  end if;

  -- Arguments passed on by name (input arguments only), so defaults keep working.
  select coalesce(string_agg(format('%1$I => %1$I', a.name), ', ' order by a.ord), '')
    into call_args
    from unnest(f.proargnames[1:f.pronargs]) with ordinality as a(name, ord);

  execute format('alter function public.%I(%s) set schema private', f.proname, f.ident);

  body := case
    when f.prorettype = 'void'::regtype then format('select private.%I(%s);', f.proname, call_args)
    when f.proretset or f.result like 'TABLE(%' then format('select * from private.%I(%s);', f.proname, call_args)
    else format('select private.%I(%s);', f.proname, call_args)
  end;
  execute format(
    'create function public.%I(%s) returns %s language sql %s security invoker set search_path = '''' as $w$ %s $w$',
    f.proname, f.args, f.result,
    case f.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end,
    body);
  -- The schema's default privileges granted the new function to the API roles: start from none.
  execute format('revoke all on function public.%I(%s) from public, anon, authenticated, service_role', f.proname, f.ident);
  for grantee in
    select r.rolname from pg_proc p, aclexplode(p.proacl) a join pg_roles r on r.oid = a.grantee
     where p.oid = fn and a.privilege_type = 'EXECUTE'
  loop
    execute format('grant execute on function public.%I(%s) to %I', f.proname, f.ident, grantee);
  end loop;
  if f.about is not null then
    execute format('comment on function public.%I(%s) is %L', f.proname, f.ident, f.about);
  end if;
end $$;
revoke all on function private.expose_definer_through_invoker(regprocedure) from public, anon, authenticated;
comment on function private.expose_definer_through_invoker(regprocedure) is
  'Migrations: moves a SECURITY DEFINER function out of the exposed schema and leaves a SECURITY INVOKER wrapper of the same signature in public.';

select private.expose_definer_through_invoker('public.get_public_invoice(uuid)');
select private.expose_definer_through_invoker('public.listing_agent(text)');
select private.expose_definer_through_invoker('public.property_redirect_slug(text)');
select private.expose_definer_through_invoker('public.export_contact(uuid)');
select private.expose_definer_through_invoker('public.anonymise_contact(uuid, text)');
select private.expose_definer_through_invoker('public.merge_contacts(uuid, uuid)');

create policy "outgoing_emails: only the service role and definer RPCs" on public.outgoing_emails
  as permissive for all to anon, authenticated using (false) with check (false);

create index if not exists deals_pipeline_id_stage_id_idx on public.deals (pipeline_id, stage_id);

create policy "mfa_verification_attempts: only the auth hook" on private.mfa_verification_attempts
  as permissive for all to anon, authenticated using (false) with check (false);
