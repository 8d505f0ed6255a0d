-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Files: the 30-day trash is emptied for good (issue 15 item 3). The edge's job
-- `purge-trashed-files` asks trashed_files_due_for_purge(max_rows) for files trashed more than
-- 30 days ago, removes their objects from the bucket `files` (Storage API, secret key), then
-- purge_trashed_files(ids) deletes the rows (attachments go with them) — only rows that are
-- still in the trash and past 30 days, so a file restored meanwhile stays. Objects go first: a
-- run cut off between the two leaves rows whose objects are gone, and the next run finishes them
-- (removing a missing object is not an error); the other order could leave objects nobody lists.
-- Both functions are for the secret key only.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function public.trashed_files_due_for_purge(max_rows integer) returns table (id uuid, storage_path text)
language sql stable security invoker set search_path = '' as $$
  select f.id, f.storage_path from public.files f
  where f.deleted_at is not null and f.deleted_at < now() - interval '30 days'
  order by f.deleted_at
  limit greatest(1, least(coalesce(max_rows, 100), 1000))
$$;
comment on function public.trashed_files_due_for_purge(integer) is 'Files trashed more than 30 days ago, oldest first (the purge-trashed-files job; secret key only).';
revoke all on function public.trashed_files_due_for_purge(integer) from public, anon, authenticated;
grant execute on function public.trashed_files_due_for_purge(integer) to service_role;

create or replace function public.purge_trashed_files(file_ids uuid[]) returns integer
language sql volatile security invoker set search_path = '' as $$
  with gone as (
    delete from public.files f
    where f.id = any (file_ids) and f.deleted_at is not null and f.deleted_at < now() - interval '30 days'
    returning 1
  )
  select count(*)::integer from gone
$$;
comment on function public.purge_trashed_files(uuid[]) is 'Deletes the rows of files still trashed more than 30 days ago among file_ids (after their objects were removed; secret key only).';
revoke all on function public.purge_trashed_files(uuid[]) from public, anon, authenticated;
grant execute on function public.purge_trashed_files(uuid[]) to service_role;
