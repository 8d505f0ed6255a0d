-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Announcements (issue 12 item 7): internal notices written by admins for an audience —
-- everyone, admins or staff — optionally pinned, optionally expiring; the body is markdown
-- (rendered by the SPA's sanitising renderer, app/lib/markdown.ts, the one the public blog uses).
--
--   • Who reads: admins every notice (they manage them); staff the live ones (not expired) for
--     everyone or for staff. The audience rule is core/announcements/announcement-schema.ts.
--   • Who writes: admins only; the author is the admin who wrote it and never changes.
--   • A new notice notifies its audience (private.notify, kind 'announcement': in-app, no
--     e-mail copy) except its author; the SPA then tells the audience's open tabs through the hub.
--   • Read receipts: one announcement_reads row per reader, written by the reader (only for a
--     notice they may see), readable by the reader and by the notice's author.
--   • public.unread_announcements(): the caller's unread, live notices of their audience (the
--     dashboard slot "announcements").
-- ════════════════════════════════════════════════════════════════════════════════════════════

create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  body text not null check (char_length(body) between 1 and 20000),
  audience text not null default 'everyone' check (audience in ('everyone', 'admins', 'staff')),
  pinned boolean not null default false,
  expires_at timestamptz,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.announcements is
  'Internal notices by admins: audience everyone | admins | staff, pinning, expiry, a markdown body. Staff read live ones of their audience; admins all.';
comment on column public.announcements.body is 'Markdown; raw HTML in it is shown as text by the renderer, links keep only safe schemes.';
comment on column public.announcements.expires_at is 'From this instant the notice is hidden from staff (admins still see it, marked expired). Null = never.';
create index announcements_list_idx on public.announcements (pinned desc, created_at desc);
create index announcements_expires_idx on public.announcements (expires_at);
create index announcements_author_idx on public.announcements (author_id);
create trigger announcements_set_updated_at before update on public.announcements
  for each row execute function private.set_updated_at();
select private.enable_audit('public.announcements');

-- Through the API an expiry is set in the future (seeds may load history).
create or replace function private.guard_announcement() returns trigger
language plpgsql set search_path = '' as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated')
     and new.expires_at is not null
     and (tg_op = 'INSERT' or new.expires_at is distinct from old.expires_at)
     and new.expires_at <= now() then
    raise exception 'The expiry must be in the future.' using errcode = 'P0001';
  end if;
  return new;
end $$;
create trigger announcements_guard before insert or update on public.announcements
  for each row execute function private.guard_announcement();

alter table public.announcements enable row level security;
create policy "Admins read every notice, staff the live ones of their audience" on public.announcements
  for select to authenticated using (
    (select private.is_admin())
    or ((select private.is_staff_or_admin()) and audience in ('everyone', 'staff') and (expires_at is null or expires_at > now()))
  );
create policy "Admins write notices as themselves" on public.announcements
  for insert to authenticated with check ((select private.is_admin()) and author_id = (select auth.uid()));
create policy "Admins edit notices" on public.announcements
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove notices" on public.announcements
  for delete to authenticated using ((select private.is_admin()));
revoke all on public.announcements from anon;
revoke update on public.announcements from authenticated;
grant update (title, body, audience, pinned, expires_at) on public.announcements to authenticated;

-- ── Notifying the audience ───────────────────────────────────────────────────────────────────
-- Markdown as one plain line for a notification's body (links keep their text).
create or replace function private.markdown_preview(source text, max_length integer default 200) returns text
language sql immutable set search_path = '' as $$
  select left(btrim(regexp_replace(regexp_replace(regexp_replace(coalesce(source, ''),
           '!?\[([^\]]*)\]\([^)]*\)', '\1', 'g'),   -- [text](url) → text
           '[*_`>#~|]+', '', 'g'),                   -- emphasis, headings, quotes, tables
           '\s+', ' ', 'g')), max_length)
$$;

create or replace function private.notify_announcement_audience() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify(
    p.user_id, 'announcement', left('Announcement: ' || new.title, 200), private.markdown_preview(new.body),
    '/announcements?id=' || new.id, 'announcements', new.id, new.author_id)
  from public.profiles p
  where p.role in ('admin', 'staff')
    and (new.audience = 'everyone' or (new.audience = 'admins' and p.role = 'admin') or (new.audience = 'staff' and p.role = 'staff'))
    and p.user_id is distinct from new.author_id;
  return null;
end $$;
comment on function private.notify_announcement_audience() is 'A new notice: one in-app notification per member of its audience except the author.';
create trigger announcements_notify after insert on public.announcements
  for each row execute function private.notify_announcement_audience();

-- ── Read receipts ────────────────────────────────────────────────────────────────────────────
create table public.announcement_reads (
  announcement_id uuid not null references public.announcements (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  read_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (announcement_id, user_id)
);
comment on table public.announcement_reads is
  'Who has read which notice (one row per reader, written once by the reader); the notice''s author sees all of its rows.';
create index announcement_reads_user_idx on public.announcement_reads (user_id);
create trigger announcement_reads_set_updated_at before update on public.announcement_reads
  for each row execute function private.set_updated_at();

alter table public.announcement_reads enable row level security;
-- The exists() runs under announcements' own policies: a reader may only mark what they may see.
create policy "Readers see their receipts, authors their notices' receipts" on public.announcement_reads
  for select to authenticated using (
    ((select private.is_staff_or_admin()) and user_id = (select auth.uid()))
    or exists (select 1 from public.announcements a where a.id = announcement_id and a.author_id = (select auth.uid()))
  );
create policy "Readers mark notices they may see as read" on public.announcement_reads
  for insert to authenticated with check (
    (select private.is_staff_or_admin()) and user_id = (select auth.uid())
    and exists (select 1 from public.announcements a where a.id = announcement_id)
  );
revoke all on public.announcement_reads from anon;
revoke update, delete, truncate on public.announcement_reads from authenticated;

-- The caller's unread live notices of their own audience (admins see every notice, but only
-- those for everyone or for admins are "theirs" to read); their own notices never count.
create or replace function public.unread_announcements()
returns setof public.announcements
language sql stable security invoker set search_path = '' as $$
  select a.*
    from public.announcements a
   where (a.expires_at is null or a.expires_at > now())
     and (a.audience = 'everyone' or a.audience = (select case when private.is_admin() then 'admins' else 'staff' end))
     and a.author_id is distinct from (select auth.uid())
     and not exists (select 1 from public.announcement_reads r where r.announcement_id = a.id and r.user_id = (select auth.uid()))
$$;
comment on function public.unread_announcements() is
  'Live notices of the caller''s audience they have not read (RLS applies); order and page like a table.';
revoke all on function public.unread_announcements() from public, anon;
grant execute on function public.unread_announcements() to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
