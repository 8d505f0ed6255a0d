-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Blog admin and content strategy (issue 15 items 1): what the back-office's blog needs beyond
-- the content model and the platform.
--
--   • posts follow record-level access (module 'blog', company-wide by default): staff in "own"
--     mode see and edit the posts they author; everyone still reads published posts;
--   • the status workflow draft → scheduled → published (and back to draft: unpublish) enforced
--     here as in core/blog/post-workflow.ts: a draft has no publication time, a schedule is in
--     the future, a published post's time is not;
--   • old slugs kept in blog_post_slug_redirects, so a renamed post's old URL answers 301 at the
--     edge (public.post_redirect_slug) — the mechanism of property_slug_redirects;
--   • who has a post open in the editor (blog_post_editors, a heartbeat row per person), so two
--     people editing the same post are warned; saves stay conditional on the loaded version;
--   • inline images of a post (blog_post_images), so they can be found, cleaned up and shown to
--     visitors once the post is public (private.is_public_photo gains them);
--   • scheduled posts go live by the edge's `publish-scheduled-posts` job (publish_due_posts);
--   • the content calendar (content_plan_items): planned topics with target keywords, audiences,
--     status idea → planned → writing → published (published exactly when its linked post is)
--     and an owner, under the same record-level access;
--   • search boxes through the trigram index (search_blog_posts, search_content_plan_items).
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Posts: record-level access (module blog; author_id is the owner) ───────────────────────
create index if not exists blog_posts_updated_idx on public.blog_posts (updated_at desc);
create index if not exists blog_posts_status_idx on public.blog_posts (status, published_at desc);
create index if not exists blog_posts_tags_idx on public.blog_posts using gin (tags);

-- array_to_string() is only stable (it could depend on settings for some element types); for
-- text[] it is not, and generated columns need an immutable expression.
create or replace function private.join_words(words text[]) returns text
language sql immutable set search_path = '' as $$
  select array_to_string(words, ' ')
$$;

alter table public.blog_posts
  add column search_text text generated always as (
    lower(title || ' ' || slug || ' ' || coalesce(excerpt, '') || ' ' || coalesce(author_name, '') || ' ' || private.join_words(tags))
  ) stored;
comment on column public.blog_posts.search_text is 'Lower-cased title, slug, excerpt, byline and tags, for trigram search (search_blog_posts).';
create index blog_posts_search_idx on public.blog_posts using gin (search_text extensions.gin_trgm_ops);

drop policy "Signed-in users read published posts, staff all" on public.blog_posts;
drop policy "Staff write posts" on public.blog_posts;
drop policy "Staff edit posts" on public.blog_posts;
drop policy "Staff delete posts" on public.blog_posts;
create policy "Signed-in users read published posts, staff per access" on public.blog_posts
  for select to authenticated using (
    (select private.access_scope('blog')) = 'all'
    or (status in ('published', 'scheduled') and published_at is not null and published_at <= now())
    or ((select private.access_scope('blog')) = 'own' and author_id = (select auth.uid()))
  );
create policy "Staff write posts they author" on public.blog_posts
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and author_id = (select auth.uid()))
  );
create policy "Staff edit posts per access" on public.blog_posts
  for update to authenticated
  using (
    (select private.access_scope('blog')) = 'all'
    or ((select private.access_scope('blog')) = 'own' and author_id = (select auth.uid()))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins and authors delete posts" on public.blog_posts
  for delete to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and author_id = (select auth.uid()))
  );

create or replace function private.can_work_on_post(post_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.blog_posts b
     where b.id = post_id
       and case private.access_scope('blog') when 'all' then true when 'own' then b.author_id = (select auth.uid()) else false end
  )
$$;
comment on function private.can_work_on_post(uuid) is 'Staff may work on this post under record-level access (module blog); admins always.';

-- ── Status workflow ──────────────────────────────────────────────────────────────────────────
create table private.blog_status_moves (
  from_status text not null,
  to_status text not null,
  primary key (from_status, to_status)
);
comment on table private.blog_status_moves is 'Allowed post status moves; mirrors POST_STATUS_MOVES in core/blog/post-workflow.ts.';
insert into private.blog_status_moves (from_status, to_status) values
  ('draft', 'scheduled'), ('draft', 'published'),
  ('scheduled', 'draft'), ('scheduled', 'published'),
  ('published', 'draft');

create or replace function private.blog_status_label(status text) returns text
language sql immutable set search_path = '' as $$
  select case status when 'draft' then 'Draft' when 'scheduled' then 'Scheduled' when 'published' then 'Published' else status end
$$;

-- The same sentences as core's postStatusProblem(). Through the API only: seeds, imports and the
-- scheduling job (secret key or SQL) may load any state the table's constraints accept.
create or replace function private.guard_blog_post() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  through_api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  allowed text[];
begin
  -- A draft is not published at any time; a published post without a time was published now.
  if new.status = 'draft' then new.published_at := null; end if;
  if new.status = 'published' and new.published_at is null then new.published_at := now(); end if;
  if not through_api then return new; end if;

  if tg_op = 'UPDATE' and new.status is distinct from old.status
     and not exists (select 1 from private.blog_status_moves m where m.from_status = old.status and m.to_status = new.status) then
    select array_agg(private.blog_status_label(m.to_status) order by m.to_status) into allowed
      from private.blog_status_moves m where m.from_status = old.status;
    raise exception 'A post cannot go from % to %. From % it can go to %.',
      private.blog_status_label(old.status), private.blog_status_label(new.status),
      private.blog_status_label(old.status), array_to_string(allowed, ' or ') using errcode = 'P0001';
  end if;
  if new.status = 'scheduled' and new.published_at <= now()
     and (tg_op = 'INSERT' or old.status is distinct from 'scheduled' or new.published_at is distinct from old.published_at) then
    raise exception 'Choose a time in the future to schedule the post, or publish it now.' using errcode = 'P0001';
  end if;
  -- A minute's grace for the clocks of browser and database.
  if new.status = 'published' and new.published_at > now() + interval '1 minute' then
    raise exception 'A published post cannot be dated in the future: schedule it instead.' using errcode = 'P0001';
  end if;
  return new;
end $$;
comment on function private.guard_blog_post() is 'Post workflow: allowed status moves, schedules in the future, drafts without a publication time.';
create trigger blog_posts_guard before insert or update on public.blog_posts
  for each row execute function private.guard_blog_post();

-- ── Slug redirects ───────────────────────────────────────────────────────────────────────────
create table public.blog_post_slug_redirects (
  old_slug text primary key check (old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(old_slug) <= 160),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.blog_post_slug_redirects is
  'Slugs a post had before: /blog/<old_slug> answers 301 to the current slug. Written only by the trigger on blog_posts.';
create index blog_post_slug_redirects_post_idx on public.blog_post_slug_redirects (post_id);
create trigger blog_post_slug_redirects_set_updated_at before update on public.blog_post_slug_redirects
  for each row execute function private.set_updated_at();

create or replace function private.remember_post_slug() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new.slug is distinct from old.slug then
    insert into public.blog_post_slug_redirects (old_slug, post_id) values (old.slug, new.id)
    on conflict (old_slug) do update set post_id = excluded.post_id;
  end if;
  -- A live slug is never a redirect.
  delete from public.blog_post_slug_redirects where old_slug = new.slug;
  return null;
end $$;
comment on function private.remember_post_slug() is 'Keeps the old slug of a renamed post as a redirect.';
create trigger blog_posts_remember_slug after insert or update of slug on public.blog_posts
  for each row execute function private.remember_post_slug();

alter table public.blog_post_slug_redirects enable row level security;
create policy "Staff read redirects of posts they may work on" on public.blog_post_slug_redirects
  for select to authenticated using (private.can_work_on_post(post_id));
revoke all on public.blog_post_slug_redirects from anon;
revoke insert, update, delete, truncate on public.blog_post_slug_redirects from authenticated;

-- For the edge: where an old slug of a PUBLISHED post points now (null otherwise).
create or replace function public.post_redirect_slug(old_slug text) returns text
language sql stable security definer set search_path = '' as $$
  select b.slug
    from public.blog_post_slug_redirects r
    join public.blog_posts b on b.id = r.post_id
   where r.old_slug = post_redirect_slug.old_slug
     and b.status in ('published', 'scheduled') and b.published_at is not null and b.published_at <= now()
$$;
comment on function public.post_redirect_slug(text) is 'The current slug of a published post that used to have old_slug (for the edge''s 301).';
revoke all on function public.post_redirect_slug(text) from public;
grant execute on function public.post_redirect_slug(text) to anon, authenticated, service_role;

-- ── Who is editing a post ────────────────────────────────────────────────────────────────────
create table public.blog_post_editors (
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  seen_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
comment on table public.blog_post_editors is
  'Who has a post open in the editor: each editor renews its row every few seconds (touch_post_editing); rows older than a minute are stale.';
create index blog_post_editors_user_idx on public.blog_post_editors (user_id);
create trigger blog_post_editors_set_updated_at before update on public.blog_post_editors
  for each row execute function private.set_updated_at();
alter table public.blog_post_editors enable row level security;
create policy "Staff see who edits posts they may work on" on public.blog_post_editors
  for select to authenticated using (private.can_work_on_post(post_id));
create policy "Staff mark themselves editing a post" on public.blog_post_editors
  for insert to authenticated with check (user_id = (select auth.uid()) and private.can_work_on_post(post_id));
create policy "Staff renew their own editing mark" on public.blog_post_editors
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()) and private.can_work_on_post(post_id));
create policy "Staff clear their own editing mark" on public.blog_post_editors
  for delete to authenticated using (user_id = (select auth.uid()));
revoke all on public.blog_post_editors from anon;

-- The heartbeat of an open editor: renews the caller's mark and answers who else is editing.
create or replace function public.touch_post_editing(post uuid, fresh_seconds integer default 45)
returns table (user_id uuid, seen_at timestamptz)
language plpgsql security invoker set search_path = '' as $$
begin
  insert into public.blog_post_editors (post_id, user_id, seen_at) values (post, (select auth.uid()), now())
  on conflict on constraint blog_post_editors_pkey do update set seen_at = now();
  return query
    select e.user_id, e.seen_at from public.blog_post_editors e
     where e.post_id = post and e.user_id <> (select auth.uid())
       and e.seen_at > now() - make_interval(secs => least(greatest(fresh_seconds, 5), 600))
     order by e.seen_at desc;
end $$;
comment on function public.touch_post_editing(uuid, integer) is 'Editor heartbeat: marks the caller as editing the post; returns the others seen within fresh_seconds.';
revoke all on function public.touch_post_editing(uuid, integer) from public, anon;
grant execute on function public.touch_post_editing(uuid, integer) to authenticated;

-- ── Inline images of posts ───────────────────────────────────────────────────────────────────
create table public.blog_post_images (
  storage_path text primary key check (storage_path ~ '^blog/[A-Za-z0-9._/-]+$' and char_length(storage_path) <= 300),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  alt_text text check (char_length(alt_text) <= 300),
  width integer check (width between 1 and 20000),
  height integer check (height between 1 and 20000),
  uploaded_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.blog_post_images is
  'Images uploaded into a post''s text (objects blog/<post id>/<random>.<ext> of the property-images bucket); visitors may read them once the post is public.';
create index blog_post_images_post_idx on public.blog_post_images (post_id);
create index blog_post_images_uploaded_by_idx on public.blog_post_images (uploaded_by);
create trigger blog_post_images_set_updated_at before update on public.blog_post_images
  for each row execute function private.set_updated_at();
alter table public.blog_post_images enable row level security;
create policy "Staff read images of posts they may work on" on public.blog_post_images
  for select to authenticated using (private.can_work_on_post(post_id));
create policy "Staff add images to posts they may work on" on public.blog_post_images
  for insert to authenticated with check (private.can_work_on_post(post_id));
create policy "Staff describe images of posts they may work on" on public.blog_post_images
  for update to authenticated using (private.can_work_on_post(post_id)) with check (private.can_work_on_post(post_id));
create policy "Staff remove images of posts they may work on" on public.blog_post_images
  for delete to authenticated using (private.can_work_on_post(post_id));
revoke all on public.blog_post_images from anon;

-- Visitors read a post's inline images once the post is public (the security hardening's rule
-- for listing photos and covers, one case more); the edge serves them under /images/….
create or replace function private.is_public_photo(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
           select 1
           from public.property_images i
           join public.properties p on p.id = i.property_id
           where i.storage_path = object_name and private.property_is_public(p.status, p.published_at)
         )
      or exists (
           select 1 from public.blog_posts b
           where b.cover_image_url = object_name and private.blog_post_is_public(b.status, b.published_at)
         )
      or exists (
           select 1 from public.blog_post_images bi
           join public.blog_posts b on b.id = bi.post_id
           where bi.storage_path = object_name and private.blog_post_is_public(b.status, b.published_at)
         )
$$;
comment on function private.is_public_photo(text) is
  'An object of the property-images bucket a visitor may read: a photo of a public listing, the cover or an inline image of a published post.';

-- ── Scheduled posts go live (the edge's publish-scheduled-posts job, secret key) ────────────
create or replace function public.publish_due_posts(max_rows integer default 200)
returns table (id uuid, slug text)
language sql security definer set search_path = '' as $$
  update public.blog_posts b set status = 'published'
   where b.id in (
     select d.id from public.blog_posts d
      where d.status = 'scheduled' and d.published_at <= now()
      order by d.published_at
      limit least(greatest(max_rows, 1), 1000)
      for update skip locked
   )
  returning b.id, b.slug
$$;
comment on function public.publish_due_posts(integer) is
  'Scheduling job (secret key): scheduled posts whose time has come become published; returns them (the job then refreshes sitemaps and feed).';
revoke all on function public.publish_due_posts(integer) from public, anon, authenticated;
grant execute on function public.publish_due_posts(integer) to service_role;

-- ── Search ───────────────────────────────────────────────────────────────────────────────────
create or replace function public.search_blog_posts(term text)
returns setof public.blog_posts
language sql stable security invoker set search_path = '' as $$
  select b.* from public.blog_posts b where b.id = any (private.search_ids('blog_posts', term))
$$;
comment on function public.search_blog_posts(text) is 'Posts whose title, slug, excerpt, byline or tags contain the term, as the caller may see them (RLS).';
revoke all on function public.search_blog_posts(text) from public, anon;
grant execute on function public.search_blog_posts(text) to authenticated;

-- ── Content calendar ─────────────────────────────────────────────────────────────────────────
create table public.content_plan_items (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 3 and 200),
  planned_for date not null,
  keywords text[] not null default '{}' check (cardinality(keywords) <= 20 and char_length(private.join_words(keywords)) <= 1200),
  audiences text[] not null default '{}' check (audiences <@ array['buyers', 'sellers', 'landlords', 'diaspora_investors']),
  status text not null default 'idea' check (status in ('idea', 'planned', 'writing', 'published')),
  post_id uuid references public.blog_posts (id) on delete set null,
  notes text check (char_length(notes) <= 4000),
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_text text generated always as (lower(title || ' ' || private.join_words(keywords) || ' ' || coalesce(notes, ''))) stored
);
comment on table public.content_plan_items is
  'The blog''s content calendar: a planned topic per day with target keywords, intended audiences, a status (idea → planned → writing → published, published exactly when the linked post is) and an owner.';
comment on column public.content_plan_items.audiences is 'buyers, sellers, landlords, diaspora_investors (core/blog/content-plan.ts).';
create index content_plan_items_day_idx on public.content_plan_items (planned_for);
create index content_plan_items_owner_idx on public.content_plan_items (owner_id);
create index content_plan_items_post_idx on public.content_plan_items (post_id);
create index content_plan_items_search_idx on public.content_plan_items using gin (search_text extensions.gin_trgm_ops);
create trigger content_plan_items_set_updated_at before update on public.content_plan_items
  for each row execute function private.set_updated_at();
select private.enable_audit('public.content_plan_items');

-- A topic is published exactly when its post is: linking a published post publishes the topic;
-- "published" by hand without one is refused. (The post's own changes follow below.)
create or replace function private.guard_content_plan_item() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  post_published boolean;
begin
  select b.status = 'published' into post_published from public.blog_posts b where b.id = new.post_id;
  if coalesce(post_published, false) then
    new.status := 'published';
  elsif new.status = 'published' then
    raise exception 'A topic is published when its post is: link a published post, or choose another status.' using errcode = 'P0001';
  end if;
  return new;
end $$;
create trigger content_plan_items_guard before insert or update on public.content_plan_items
  for each row execute function private.guard_content_plan_item();

create or replace function private.follow_post_status() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status is distinct from old.status then
    update public.content_plan_items
       set status = case when new.status = 'published' then 'published' else 'writing' end
     where post_id = new.id
       and status is distinct from case when new.status = 'published' then 'published' else 'writing' end
       and (new.status = 'published' or status = 'published');
  end if;
  return null;
end $$;
comment on function private.follow_post_status() is 'A post published or unpublished moves its content-calendar topics to published or back to writing.';
create trigger blog_posts_follow_plan after update of status on public.blog_posts
  for each row execute function private.follow_post_status();

-- A topic given to a colleague tells them (in-app; general kinds send no e-mail).
create or replace function private.notify_content_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.owner_id is not null and new.owner_id is distinct from auth.uid()
     and (tg_op = 'INSERT' or new.owner_id is distinct from old.owner_id) then
    perform private.notify(new.owner_id, 'content_topic_assigned', 'Blog topic for you: ' || left(new.title, 150),
      'Planned for ' || to_char(new.planned_for, 'DD Mon YYYY'), '/admin/blog/strategy?month=' || to_char(new.planned_for, 'YYYY-MM'),
      'content_plan_items', new.id);
  end if;
  return null;
end $$;
create trigger content_plan_items_notify_owner after insert or update of owner_id on public.content_plan_items
  for each row execute function private.notify_content_owner();

alter table public.content_plan_items enable row level security;
create policy "Staff read topics per access" on public.content_plan_items
  for select to authenticated using (
    (select private.access_scope('blog')) = 'all'
    or ((select private.access_scope('blog')) = 'own' and owner_id = (select auth.uid()))
  );
-- An editor plans topics for the team: the owner is any back-office colleague.
create policy "Staff plan topics for the team" on public.content_plan_items
  for insert to authenticated with check (
    (select private.is_staff_or_admin()) and (owner_id is null or private.is_back_office_user(owner_id))
  );
create policy "Staff edit topics per access" on public.content_plan_items
  for update to authenticated
  using (
    (select private.access_scope('blog')) = 'all'
    or ((select private.access_scope('blog')) = 'own' and owner_id = (select auth.uid()))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins and owners remove topics" on public.content_plan_items
  for delete to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
revoke all on public.content_plan_items from anon;

create or replace function public.search_content_plan_items(term text)
returns setof public.content_plan_items
language sql stable security invoker set search_path = '' as $$
  select c.* from public.content_plan_items c where c.id = any (private.search_ids('content_plan_items', term))
$$;
revoke all on function public.search_content_plan_items(text) from public, anon;
grant execute on function public.search_content_plan_items(text) to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
