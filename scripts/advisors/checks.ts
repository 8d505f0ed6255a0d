/**
 * Our own schema advisors: the rules of Supabase's database linter (supabase/splinter) that we
 * hold our schema to, written as catalog queries so `npm test` enforces them on every migration
 * without a copy of splinter. `npm run advisors` runs these and, given SPLINTER_SQL, splinter itself.
 */
import type { Database } from "#emulator/src/db.ts";

export interface Finding {
  check: string;
  detail: string;
}

/** Schemas the API exposes (PostgREST's db_schemas here) and the ones we own. */
const OURS = "('public', 'private', 'storage')";

const CHECKS: Record<string, string> = {
  // A definer function the API exposes runs with its owner's rights for anyone who may call it.
  exposed_security_definer: `
    select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as detail
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosecdef and p.prorettype <> 'trigger'::regtype
       and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`,
  // Every permissive policy of a role and action runs for every row: one each keeps lists fast.
  multiple_permissive_policies: `
    with expanded as (
      select pol.schemaname, pol.tablename, pol.policyname, r.role,
             unnest(case pol.cmd when 'ALL' then array['SELECT','INSERT','UPDATE','DELETE'] else array[pol.cmd] end) as action
        from pg_policies pol
        cross join lateral unnest(case when 'public' = any(pol.roles) then array['anon','authenticated'] else pol.roles end) as r(role)
       where pol.permissive = 'PERMISSIVE' and pol.schemaname in ${OURS})
    select format('%s.%s: %s for %s — %s', schemaname, tablename, action, role, string_agg(policyname, ', ' order by policyname)) as detail
      from expanded where role in ('anon', 'authenticated')
     group by schemaname, tablename, action, role having count(*) > 1`,
  // A foreign key without an index on its columns makes deletes of the parent scan the child.
  unindexed_foreign_keys: `
    select format('%s: %s', c.conrelid::regclass, c.conname) as detail
      from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
     where c.contype = 'f' and n.nspname in ${OURS} and n.nspname <> 'storage'
       and not exists (select 1 from pg_index i
                        where i.indrelid = c.conrelid
                          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
                          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)`,
  // A table the API exposes without RLS is readable and writable by anyone with the anon key.
  rls_disabled: `
    select format('public.%s', c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  // RLS with no policy at all: say so explicitly, so intent and accident look different.
  rls_enabled_no_policy: `
    select format('%s.%s', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'private') and c.relkind in ('r', 'p') and c.relrowsecurity
       and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
  // A function without a fixed search_path resolves names through whatever the caller set.
  function_search_path_mutable: `
    select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as detail
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private') and p.prokind = 'f'
       and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  // A public bucket serves its files by URL already; a SELECT policy for anon also lets anyone list them.
  public_bucket_allows_listing: `
    select format('%s: %s', b.id, pol.policyname) as detail
      from storage.buckets b join pg_policies pol on pol.schemaname = 'storage' and pol.tablename = 'objects'
     where b.public and pol.cmd in ('SELECT', 'ALL')
       and (pol.roles && array['public', 'anon']::name[])
       and position(quote_literal(b.id) in coalesce(pol.qual, '')) > 0`,
};

export async function runChecks(db: Database): Promise<Finding[]> {
  const findings: Finding[] = [];
  await db.admin(async (tx) => {
    for (const [check, sql] of Object.entries(CHECKS)) {
      const { rows } = await tx.query<{ detail: string }>(sql);
      for (const r of rows) findings.push({ check, detail: r.detail });
    }
  });
  return findings;
}
