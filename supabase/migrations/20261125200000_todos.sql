-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Todos (issue 12 item 4): a personal quick checklist per back-office user — add, tick, reorder,
-- clear the done ones. Private to its owner: no policy lets anyone else read a row, admins
-- included, and the table is deliberately NOT audited (the audit log is readable by admins, so
-- history would leak what the owner wrote). The secret key (service_role) bypasses RLS as
-- always; no client holds it.
--
-- Positions: a new todo goes to the end of its owner's list (trigger); the owner's new order is
-- saved in one statement by public.reorder_todos, all or nothing. A list holds at most 500 items
-- (core/todos/todo-schema.ts TODO_MAX_ITEMS; the trigger refuses the 501st with the reason).
-- ════════════════════════════════════════════════════════════════════════════════════════════

create table public.todos (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 500 and title = btrim(title)),
  done boolean not null default false,
  done_at timestamptz,
  -- Always set by the insert trigger (the end of the owner's list); the default only types it.
  position integer not null default 0 check (position >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.todos is
  'A back-office user''s personal checklist. Private to user_id: nobody else reads it (admins included); not audited for the same reason.';
comment on column public.todos.position is 'Order in the owner''s list (0 first); reorder_todos rewrites it in one statement.';
create index todos_user_position_idx on public.todos (user_id, position);
create trigger todos_set_updated_at before update on public.todos
  for each row execute function private.set_updated_at();

create or replace function private.prepare_todo() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  items integer;
begin
  if tg_op = 'INSERT' then
    -- One list per user: serialise its inserts so the cap and the positions stay exact.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('todos:' || new.user_id::text, 0));
    select count(*), coalesce(max(t.position) + 1, 0) into items, new.position
      from public.todos t where t.user_id = new.user_id;
    if items >= 500 then
      raise exception 'You have 500 todos: clear the done ones before adding more.' using errcode = 'P0001';
    end if;
  elsif new.user_id is distinct from old.user_id then
    raise exception 'A todo stays with its owner' using errcode = '42501';
  end if;
  if new.done and (tg_op = 'INSERT' or not old.done) then new.done_at := now(); end if;
  if not new.done then new.done_at := null; end if;
  return new;
end $$;
comment on function private.prepare_todo() is 'Todos: end-of-list position and the 500-item cap on insert; done_at follows done; the owner never changes.';
create trigger todos_prepare before insert or update on public.todos
  for each row execute function private.prepare_todo();

alter table public.todos enable row level security;
create policy "Users read their own todos" on public.todos
  for select to authenticated using (user_id = (select auth.uid()) and (select private.is_staff_or_admin()));
create policy "Users add their own todos" on public.todos
  for insert to authenticated with check (user_id = (select auth.uid()) and (select private.is_staff_or_admin()));
create policy "Users change their own todos" on public.todos
  for update to authenticated
  using (user_id = (select auth.uid()) and (select private.is_staff_or_admin()))
  with check (user_id = (select auth.uid()));
create policy "Users remove their own todos" on public.todos
  for delete to authenticated using (user_id = (select auth.uid()) and (select private.is_staff_or_admin()));
revoke all on public.todos from anon;
-- Positions are the reorder RPC's (and the insert trigger's) business.
revoke update on public.todos from authenticated;
grant update (title, done) on public.todos to authenticated;

-- The caller's todos in a new order (ids in display order), all or nothing; a list that changed
-- meanwhile is refused whole. Security definer (position is not a column clients may update),
-- so every statement names the caller's own rows explicitly.
create or replace function public.reorder_todos(todo_ids uuid[]) returns void
language plpgsql security definer set search_path = '' as $$
declare
  current_ids uuid[];
begin
  if not private.is_staff_or_admin() then
    raise exception 'You don''t have permission to reorder todos' using errcode = '42501';
  end if;
  select coalesce(array_agg(t.id order by t.id), '{}') into current_ids from public.todos t where t.user_id = (select auth.uid());
  if current_ids is distinct from (select coalesce(array_agg(x order by x), '{}') from unnest(todo_ids) as x) then
    raise exception 'Your list changed in another tab: it has been reloaded, try again.' using errcode = 'P0001';
  end if;
  update public.todos t
     set position = o.ord - 1
    from unnest(todo_ids) with ordinality as o(id, ord)
   where t.id = o.id and t.user_id = (select auth.uid()) and t.position is distinct from (o.ord - 1)::int;
end $$;
comment on function public.reorder_todos(uuid[]) is 'Saves the order of the caller''s todos in one statement (ids in display order).';
revoke all on function public.reorder_todos(uuid[]) from public, anon;
grant execute on function public.reorder_todos(uuid[]) to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
