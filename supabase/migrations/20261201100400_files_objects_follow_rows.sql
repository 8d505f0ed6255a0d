-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Files: the object follows its row.
--
--   • A row's object lies in its owner's folder (`<owner uid>/<name>`, one level): a member of
--     staff can no longer register a row pointing at another agent's object (an orphan, or an
--     upload whose row is not written yet) and then download or delete it through that row.
--   • Deleting a row — "Delete for good", the 30-day purge, a departing user's cascade — queues
--     its object (private.file_object_purges, in the same transaction, so it cannot be missed);
--     the edge's job `sweep-file-objects` removes queued objects through the Storage API and also
--     sweeps objects no row lists (an upload whose row was never written) once they are a day
--     old. The SPA still removes the object right after the row, so it is gone at once.
--   • Through the API, an object of `files` is removed only when no row lists it (its folder's
--     owner, or an admin): a removal can no longer leave a row without its object.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.files add constraint files_storage_path_in_owner_folder
  check (storage_path ~ ('^' || owner_id::text || '/[^/]+$'));
comment on constraint files_storage_path_in_owner_folder on public.files is
  'The object lies in its owner''s folder of the bucket files: <owner uid>/<name>.';

create table private.file_object_purges (
  storage_path text primary key check (char_length(storage_path) between 1 and 500),
  queued_at timestamptz not null default now()
);
comment on table private.file_object_purges is
  'Objects of the bucket files whose row was deleted: removed from Storage by the sweep-file-objects job, then forgotten.';
revoke all on private.file_object_purges from public, anon, authenticated;

create or replace function private.queue_file_object_purge() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.file_object_purges (storage_path)
  select o.storage_path from old_rows o
  on conflict (storage_path) do nothing;
  return null;
end $$;
comment on function private.queue_file_object_purge() is 'Queues the objects of deleted file rows for removal from Storage.';
create trigger files_queue_object_purge after delete on public.files
  referencing old table as old_rows for each statement execute function private.queue_file_object_purge();

create or replace function private.file_object_registered(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.files f where f.storage_path = object_name)
$$;
comment on function private.file_object_registered(text) is 'Whether a row of public.files lists this object of the bucket files.';

-- The objects to remove: queued ones, and objects no row lists that are older than a day (an
-- upload's row is written right after the upload). An object listed by a row again is skipped.
create or replace function public.file_objects_to_remove(max_rows integer) returns table (storage_path text, since timestamptz)
language sql stable security definer set search_path = '' as $$
  select x.storage_path, x.since from (
    select p.storage_path, p.queued_at as since from private.file_object_purges p
    union all
    select o.name, o.created_at from storage.objects o
     where o.bucket_id = 'files' and o.created_at < now() - interval '1 day'
       and not exists (select 1 from private.file_object_purges p where p.storage_path = o.name)
  ) x
  where not exists (select 1 from public.files f where f.storage_path = x.storage_path)
  order by x.since
  limit greatest(1, least(coalesce(max_rows, 200), 1000))
$$;
comment on function public.file_objects_to_remove(integer) is
  'Objects of the bucket files that no row lists (queued when their row was deleted, or orphaned for a day): the sweep-file-objects job; secret key only.';
revoke all on function public.file_objects_to_remove(integer) from public, anon, authenticated;
grant execute on function public.file_objects_to_remove(integer) to service_role;

create or replace function public.file_objects_removed(paths text[]) returns integer
language sql volatile security definer set search_path = '' as $$
  with gone as (
    delete from private.file_object_purges p where p.storage_path = any (paths) returning 1
  )
  select count(*)::integer from gone
$$;
comment on function public.file_objects_removed(text[]) is
  'Forgets the queued objects the sweep removed from Storage (secret key only).';
revoke all on function public.file_objects_removed(text[]) from public, anon, authenticated;
grant execute on function public.file_objects_removed(text[]) to service_role;

-- ── Storage: an object of `files` is removed only once no row lists it ──────────────────────
drop policy "Users remove their avatar; the team removes what their work allows" on storage.objects;
create policy "Users remove their avatar; the team removes what their work allows" on storage.objects
  for delete to authenticated
  using (
    (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
    or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
    or (bucket_id = 'files' and not private.file_object_registered(name) and (
      ((storage.foldername(name))[1] = (select auth.uid())::text and (select private.is_staff_or_admin()))
      or (select private.is_admin())
    ))
    or (bucket_id = 'finance-receipts' and (select private.is_staff_or_admin())
      and private.can_see_finance_entry(private.uuid_or_null((storage.foldername(name))[1])))
    or (bucket_id = 'hunt-photos' and (select private.is_admin()))
    or (bucket_id = 'title-documents' and private.can_work_on_title_file(private.uuid_or_null((storage.foldername(name))[1])))
    or (bucket_id = 'partner-documents' and (select private.is_admin()))
  );

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
