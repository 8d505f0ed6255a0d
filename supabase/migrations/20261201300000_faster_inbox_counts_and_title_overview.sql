-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Two reads that slowed with the data:
--   • inbox_status_counts: a staff member who sees only the records assigned to them (module
--     "inbox" in "own" mode) had every row of the inbox read to test the policy's OR. The same
--     test repeated as a filter lets the planner use the assignee index; RLS still decides.
--   • title_file_overview: the required checks of a file were worked out three times per row and
--     its checks counted by two subqueries. Now once per file, and its checks read in one pass.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function public.inbox_status_counts(inbox text, assignee uuid default null)
returns table (status text, records bigint)
language plpgsql stable security invoker set search_path = '' as $$
declare
  -- Only narrows what RLS already limits to the caller's own records (see core/records/own-records.ts).
  own uuid := case when private.access_scope('inbox') = 'own' then auth.uid() end;
begin
  if inbox not in ('consultations', 'bookings', 'contact_submissions', 'property_requests') then
    raise exception 'Unknown inbox "%"', inbox using errcode = '22023';
  end if;
  return query execute format(
    'select r.status, count(*) from public.%I r
      where ($1::uuid is null or r.assignee_id = $1) and ($2::uuid is null or r.assignee_id = $2)
      group by r.status', inbox) using assignee, own;
end $$;
comment on function public.inbox_status_counts(text, uuid) is 'Records per status of one inbox (optionally of one assignee) that the caller may see.';
revoke all on function public.inbox_status_counts(text, uuid) from public, anon;
grant execute on function public.inbox_status_counts(text, uuid) to authenticated;

create or replace function public.title_file_overview()
returns table (
  id uuid, hunt_id uuid, property_id uuid, subject text, city text, listing_status text, hunt_stage text,
  tenure text, title_type text, land_source text, for_non_citizen boolean,
  required_checks integer, verified_checks integer, problems integer, verified_at timestamptz, updated_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  select f.id, f.hunt_id, f.property_id, coalesce(p.title, h.title, 'Title file'), coalesce(p.city, h.city), p.status, h.stage,
         f.tenure, f.title_type, f.land_source, f.for_non_citizen,
         cardinality(r.items),
         c.verified, c.problems,
         f.verified_at, f.updated_at
    from public.title_files f
    cross join lateral (select private.title_required_items(f.tenure, f.title_type, f.land_source, f.for_non_citizen) as items) r
    -- Per visible file (the checks' policy is then tested only for its own checks), in one pass.
    cross join lateral (
      select count(*) filter (where c.status = 'verified' and c.item = any (r.items))::int as verified,
             count(*) filter (where c.status = 'problem')::int as problems
        from public.title_checks c
       where c.file_id = f.id
    ) c
    left join public.properties p on p.id = f.property_id
    left join public.property_hunts h on h.id = f.hunt_id
$$;
comment on function public.title_file_overview() is 'Title files the caller may see, with their subject and progress (required vs verified checks, problems).';
revoke all on function public.title_file_overview() from public, anon;
grant execute on function public.title_file_overview() to authenticated;
