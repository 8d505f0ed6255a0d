-- Issue 16's private buckets (hunt-photos, title-documents, partner-documents) join main's
-- storage hardening (20261124100000_security_hardening.sql): ONE permissive policy per role and
-- action on storage.objects (the per-bucket policies of 20261125600100/600200/600300 move into
-- them unchanged), the exact upload types per bucket, and no bucket listing — the files are found
-- through their rows (RLS) and read through short-lived signed URLs; `list` returns nothing.
-- The same policies take in the buckets of the modules that landed before this one: `files`
-- (20261125500200_files.sql) and `finance-receipts` (20261125400100_finances.sql), whose own
-- per-bucket policies move into them unchanged.

drop policy "Admins read hunt photo files" on storage.objects;
drop policy "Admins upload hunt photo files" on storage.objects;
drop policy "Admins delete hunt photo files" on storage.objects;
drop policy "Title file readers read its documents" on storage.objects;
drop policy "Title file readers upload its documents" on storage.objects;
drop policy "Title file readers delete its documents" on storage.objects;
drop policy "Admins and the partner read agreement documents" on storage.objects;
drop policy "Admins upload agreement documents" on storage.objects;
drop policy "Admins delete agreement documents" on storage.objects;
drop policy "Staff read receipts of finance entries they may see" on storage.objects;
drop policy "Staff upload receipts to finance entries they may see" on storage.objects;
drop policy "Staff delete receipts of finance entries they may see" on storage.objects;

create or replace function private.upload_type_allowed(bucket text, mimetype text) returns boolean
language sql immutable set search_path = '' as $$
  select case bucket
    when 'avatars' then mimetype in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')
    when 'property-images' then mimetype in ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/svg+xml')
    when 'property-documents' then mimetype in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
    when 'files' then mimetype in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'text/plain')
    when 'finance-receipts' then mimetype in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
    when 'hunt-photos' then mimetype in ('image/jpeg', 'image/png', 'image/webp')
    when 'title-documents' then mimetype in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
    when 'partner-documents' then mimetype in ('application/pdf', 'image/jpeg', 'image/png')
    else false
  end
$$;
comment on function private.upload_type_allowed(text, text) is 'Exact content types a bucket accepts (Storage itself compares only type/subtype prefixes).';

-- The select policy also answers signed-URL creation, downloads, copies (the acquire copies hunt
-- photos into the listing) and the RETURNING of uploads and removals; only listing is refused.
drop policy "Signed-in users read avatars, the photos, documents and files they may see" on storage.objects;
create policy "Signed-in users read the avatars, photos, documents and files they may see" on storage.objects
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
    or (bucket_id = 'finance-receipts' and private.can_see_finance_entry(private.uuid_or_null((storage.foldername(name))[1])))
    or (bucket_id in ('hunt-photos', 'title-documents', 'partner-documents')
      and not storage.allow_any_operation(array['object.list', 'object.list_v2'])
      and (
        (bucket_id = 'hunt-photos' and (select private.is_admin()))
        or (bucket_id = 'title-documents' and private.can_work_on_title_file(private.uuid_or_null((storage.foldername(name))[1])))
        or (bucket_id = 'partner-documents' and ((select private.is_admin()) or private.uuid_or_null((storage.foldername(name))[1]) = (select private.current_partner_id())))
      ))
  );

drop policy "Users upload their avatar; staff upload listing photos, documents and files" on storage.objects;
create policy "Users upload their avatar; the team uploads what their work needs" on storage.objects
  for insert to authenticated
  with check (
    private.upload_type_allowed(bucket_id, metadata ->> 'mimetype')
    and (
      (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
      or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
      or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
      or (bucket_id = 'files' and (select private.is_staff_or_admin()) and (storage.foldername(name))[1] = (select auth.uid())::text)
      or (bucket_id = 'finance-receipts' and (select private.is_staff_or_admin())
        and private.can_see_finance_entry(private.uuid_or_null((storage.foldername(name))[1])))
      or (bucket_id = 'hunt-photos' and (select private.is_admin()))
      or (bucket_id = 'title-documents' and private.can_work_on_title_file(private.uuid_or_null((storage.foldername(name))[1])))
      or (bucket_id = 'partner-documents' and (select private.is_admin()))
    )
  );

drop policy "Users remove their avatar; staff remove listing photos, documents and files" on storage.objects;
create policy "Users remove their avatar; the team removes what their work allows" on storage.objects
  for delete to authenticated
  using (
    (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'property-images' and (select private.is_staff_or_admin()))
    or (bucket_id = 'property-documents' and private.can_work_on_listing(private.uuid_or_null((storage.foldername(name))[1])))
    or (bucket_id = 'files' and (
      ((storage.foldername(name))[1] = (select auth.uid())::text and (select private.is_staff_or_admin()))
      or private.can_access_file_object(name)
    ))
    or (bucket_id = 'finance-receipts' and (select private.is_staff_or_admin())
      and private.can_see_finance_entry(private.uuid_or_null((storage.foldername(name))[1])))
    or (bucket_id = 'hunt-photos' and (select private.is_admin()))
    or (bucket_id = 'title-documents' and private.can_work_on_title_file(private.uuid_or_null((storage.foldername(name))[1])))
    or (bucket_id = 'partner-documents' and (select private.is_admin()))
  );
