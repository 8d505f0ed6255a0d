-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Tasks search under record-level access. public.search_tasks took the newest 500 matches of the
-- whole table (private.search_ids) and only then let RLS filter them: a staff member whose
-- module is "own records" (tasks are, by default) lost every match of theirs older than the
-- company's 500 newest — at scale (100,000 tasks), most of them. The search now filters the
-- table itself, so RLS and the term apply together (the trigram index on search_text still
-- finds the candidates) and paging and the total count are over the caller's own matches.
-- Same contract: search_tasks(term) returns setof tasks; fewer than 2 or more than 100
-- characters match nothing.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function public.search_tasks(term text)
returns setof public.tasks
language sql stable security invoker set search_path = '' as $$
  select t.* from public.tasks t
   where char_length(btrim(coalesce(term, ''))) between 2 and 100
     and t.search_text like '%' || replace(replace(replace(lower(btrim(term)), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
comment on function public.search_tasks(text) is
  'Tasks whose title or description contain the term (2–100 characters), as the caller may see them (RLS applies with the term, not after a cap); filter, order and page like the table.';
revoke all on function public.search_tasks(text) from public, anon;
grant execute on function public.search_tasks(text) to authenticated;
