-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Files (issue 15 item 3): the team's documents in folders, in the PRIVATE bucket `files`.
--
-- file_folders   folders (nested by parent_id), owned like every back-office record.
-- files          one row per stored object (`<owner uid>/<uuid>.<ext>` in bucket `files`), its
--                display name, type, size and folder; deleted_at puts it in the trash (restorable
--                for 30 days: the restore is refused after that).
-- file_attachments  a file attached to a property, contact, deal or invoice — only to a record the
--                caller can see (that record's own RLS decides, security invoker).
-- Record-level access: module 'files' (staff: own files by default; admins switch to 'all');
-- people without a back-office role see and store nothing. Storage follows the rows: an object
-- of `files` is readable (and so can get a signed, expiring link) and removable by whoever may
-- see its row; uploads go only into the caller's own folder and only with the listed types and
-- at most 25 MiB (the bucket's limits, and the exact type again in the policy).
-- ════════════════════════════════════════════════════════════════════════════════════════════

insert into public.module_access (module, label, mode, updated_by) values ('files', 'Files', 'own', null);

-- ── Folders ──────────────────────────────────────────────────────────────────────────────────
create table public.file_folders (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  parent_id uuid references public.file_folders (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.file_folders is 'Folders of the Files module (nested by parent_id); owned records under module_access ''files''.';
create index file_folders_owner_idx on public.file_folders (owner_id);
create index file_folders_parent_idx on public.file_folders (parent_id);
create trigger file_folders_set_updated_at before update on public.file_folders
  for each row execute function private.set_updated_at();

-- ── Files ────────────────────────────────────────────────────────────────────────────────────
create table public.files (
  id uuid primary key default gen_random_uuid(),
  folder_id uuid references public.file_folders (id) on delete set null,
  name text not null check (char_length(btrim(name)) between 1 and 255),
  storage_path text not null unique check (char_length(storage_path) between 1 and 500),
  mime_type text not null check (mime_type in (
    'application/pdf', 'image/jpeg', 'image/png', 'image/webp',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/csv', 'text/plain')),
  size_bytes integer not null check (size_bytes between 1 and 26214400),
  owner_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.files is
  'Stored files of the Files module: objects in the private bucket files at <owner uid>/<uuid>.<ext>; deleted_at = in the trash (30 days).';
create index files_owner_idx on public.files (owner_id, created_at desc);
create index files_folder_idx on public.files (folder_id, created_at desc);
create index files_trash_idx on public.files (deleted_at) where deleted_at is not null;
create trigger files_set_updated_at before update on public.files
  for each row execute function private.set_updated_at();

-- The object and the owner never change; a file leaves the trash only within 30 days.
create or replace function private.files_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.storage_path <> old.storage_path or new.owner_id <> old.owner_id or new.mime_type <> old.mime_type or new.size_bytes <> old.size_bytes then
    raise exception 'A file''s object, owner, type and size cannot change' using errcode = '42501';
  end if;
  if old.deleted_at is not null and new.deleted_at is null and old.deleted_at < now() - interval '30 days' then
    raise exception 'This file was deleted more than 30 days ago and can no longer be restored' using errcode = '22023';
  end if;
  return new;
end
$$;
revoke all on function private.files_guard() from public;
create trigger files_guard before update on public.files for each row execute function private.files_guard();

-- ── Attachments ──────────────────────────────────────────────────────────────────────────────
create table public.file_attachments (
  id uuid primary key default gen_random_uuid(),
  file_id uuid not null references public.files (id) on delete cascade,
  record_type text not null check (record_type in ('property', 'contact', 'deal', 'invoice')),
  record_id uuid not null,
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (file_id, record_type, record_id)
);
comment on table public.file_attachments is 'A file of the Files module attached to a property, contact, deal or invoice the attacher can see.';
create index file_attachments_record_idx on public.file_attachments (record_type, record_id);
create index file_attachments_created_by_idx on public.file_attachments (created_by);
create trigger file_attachments_set_updated_at before update on public.file_attachments
  for each row execute function private.set_updated_at();

-- Security INVOKER: the record's own RLS decides whether the caller can see it.
create or replace function private.can_see_record(record_type text, record_id uuid) returns boolean
language sql stable set search_path = '' as $$
  select case record_type
    when 'property' then exists (select 1 from public.properties p where p.id = record_id)
    when 'contact' then exists (select 1 from public.contacts c where c.id = record_id)
    when 'deal' then exists (select 1 from public.deals d where d.id = record_id)
    when 'invoice' then exists (select 1 from public.invoices i where i.id = record_id)
    else false
  end
$$;
comment on function private.can_see_record(text, uuid) is 'Whether the caller can see the record (its own RLS, security invoker).';

-- Whether the caller may see (and so change) a file row: module 'files' record-level access.
create or replace function private.can_access_file(file uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.files f where f.id = file and private.can_access_owned('files', f.owner_id, null))
$$;
-- For storage.objects: the object's row decides.
create or replace function private.can_access_file_object(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.files f where f.storage_path = object_name and private.can_access_owned('files', f.owner_id, null))
$$;
revoke all on function private.can_see_record(text, uuid), private.can_access_file(uuid), private.can_access_file_object(text) from public;
grant execute on function private.can_see_record(text, uuid), private.can_access_file(uuid), private.can_access_file_object(text) to authenticated, service_role;

-- ── RLS: one permissive policy per role and action ───────────────────────────────────────────
alter table public.file_folders enable row level security;
create policy "Team members read folders they may see" on public.file_folders
  for select to authenticated
  using ((select private.access_scope('files')) = 'all' or ((select private.access_scope('files')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members create their own folders" on public.file_folders
  for insert to authenticated
  with check ((select private.access_scope('files')) <> 'none' and owner_id = (select auth.uid()));
create policy "Team members rename folders they may see" on public.file_folders
  for update to authenticated
  using ((select private.access_scope('files')) = 'all' or ((select private.access_scope('files')) = 'own' and owner_id = (select auth.uid())))
  with check ((select private.access_scope('files')) = 'all' or ((select private.access_scope('files')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members delete folders they may see" on public.file_folders
  for delete to authenticated
  using ((select private.access_scope('files')) = 'all' or ((select private.access_scope('files')) = 'own' and owner_id = (select auth.uid())));
revoke all on public.file_folders from anon;

alter table public.files enable row level security;
create policy "Team members read files they may see" on public.files
  for select to authenticated
  using ((select private.access_scope('files')) = 'all' or ((select private.access_scope('files')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members store their own files" on public.files
  for insert to authenticated
  with check ((select private.access_scope('files')) <> 'none' and owner_id = (select auth.uid()));
create policy "Team members rename, move and trash files they may see" on public.files
  for update to authenticated
  using ((select private.access_scope('files')) = 'all' or ((select private.access_scope('files')) = 'own' and owner_id = (select auth.uid())))
  with check ((select private.access_scope('files')) = 'all' or ((select private.access_scope('files')) = 'own' and owner_id = (select auth.uid())));
create policy "Team members delete files they may see for good" on public.files
  for delete to authenticated
  using ((select private.access_scope('files')) = 'all' or ((select private.access_scope('files')) = 'own' and owner_id = (select auth.uid())));
revoke all on public.files from anon;

alter table public.file_attachments enable row level security;
create policy "Team members read attachments of files they may see" on public.file_attachments
  for select to authenticated
  using (private.can_access_file(file_id));
create policy "Team members attach files they may see to records they may see" on public.file_attachments
  for insert to authenticated
  with check (created_by = (select auth.uid()) and private.can_access_file(file_id) and private.can_see_record(record_type, record_id));
create policy "Team members detach files they may see" on public.file_attachments
  for delete to authenticated
  using (private.can_access_file(file_id));
-- Attachments are added and removed, never edited.
revoke all on public.file_attachments from anon;
revoke update on public.file_attachments from authenticated;

select private.enable_audit('public.file_folders');
select private.enable_audit('public.files');
select private.enable_audit('public.file_attachments');

-- ── Storage ──────────────────────────────────────────────────────────────────────────────────
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('files', 'files', false, 26214400, array[
  'application/pdf', 'image/jpeg', 'image/png', 'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv', 'text/plain'])
on conflict (id) do nothing;

create or replace function private.upload_type_allowed(bucket text, mimetype text) returns boolean
language sql immutable set search_path = '' as $$
  select case bucket
    when 'avatars' then mimetype in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')
    when 'property-images' then mimetype in ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/svg+xml')
    when 'property-documents' then mimetype in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
    when 'files' then mimetype in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'text/plain')
    else false
  end
$$;

-- The authenticated role's storage policies gain the `files` bucket (one policy per action stays).
drop policy "Signed-in users read avatars, the photos and the documents they may see" on storage.objects;
drop policy "Users upload their avatar; staff upload listing photos and documents" on storage.objects;
drop policy "Users remove their avatar; staff remove listing photos and documents" on storage.objects;

create policy "Signed-in users read avatars, the photos, documents and files they may see" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'avatars'
    or (bucket_id = 'property-images' and (
      (select private.is_staff_or_admin())
      or (storage.allow_any_operation(array['object.get_authenticated', 'render.image_authenticated']) and private.is_public_photo(name))
    ))
    or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
    -- The uploader reads their own folder (Storage reads the row back on upload); others follow the file's row.
    or (bucket_id = 'files' and (
      ((storage.foldername(name))[1] = (select auth.uid())::text and (select private.is_staff_or_admin()))
      or private.can_access_file_object(name)
    ))
  );
create policy "Users upload their avatar; staff upload listing photos, documents and files" on storage.objects
  for insert to authenticated
  with check (
    private.upload_type_allowed(bucket_id, metadata ->> 'mimetype')
    and (
      (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
      or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
      or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
      or (bucket_id = 'files' and (select private.is_staff_or_admin()) and (storage.foldername(name))[1] = (select auth.uid())::text)
    )
  );
create policy "Users remove their avatar; staff remove listing photos, documents and files" on storage.objects
  for delete to authenticated
  using (
    (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
    or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
    or (bucket_id = 'files' and (
      ((storage.foldername(name))[1] = (select auth.uid())::text and (select private.is_staff_or_admin()))
      or private.can_access_file_object(name)
    ))
  );
