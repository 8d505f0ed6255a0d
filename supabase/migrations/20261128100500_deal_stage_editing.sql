-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Editing pipelines' stages (issue 12 item 2), admins only (the existing deal_stages policies:
-- admins insert and update; staff read): add a stage, rename it, set its win probability,
-- reorder the open stages, archive a stage that holds no open deal.
--   • deal_stages.is_archived: an archived stage is no longer a board column nor a stage a deal
--     may move into (refused here, whichever client); deals closed in it keep it.
--   • Refused with a sentence: archiving the won or lost stage, archiving a stage that still has
--     open deals (they move first), archiving the last open stage of a pipeline.
--   • add_deal_stage(pipeline_id, name, probability): a new open stage after the open ones (the
--     won and lost stages move one down), its key made from the name. Security invoker (RLS).
--   • reorder_deal_stages(pipeline_id, stage_ids): the open stages in that order, in the
--     positions they held (one statement: the position uniqueness is deferred). Invoker (RLS).
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.deal_stages add column is_archived boolean not null default false;
comment on column public.deal_stages.is_archived is 'An archived stage is no board column and takes no deal; only a stage without open deals is archived.';

-- Counts every open deal (security definer: RLS would hide a colleague's from a staff caller).
create or replace function private.guard_stage_edit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  open_deals integer;
begin
  if new.is_archived and not old.is_archived then
    if new.outcome <> 'open' then
      raise exception 'The % stage of a pipeline cannot be archived.', new.outcome using errcode = 'P0001';
    end if;
    select count(*) into open_deals from public.deals d where d.stage_id = new.id and d.status = 'open';
    if open_deals > 0 then
      raise exception 'Move its % open % to another stage before archiving "%".', open_deals, case when open_deals = 1 then 'deal' else 'deals' end, new.name
        using errcode = 'P0001';
    end if;
    if not exists (select 1 from public.deal_stages s where s.pipeline_id = new.pipeline_id and s.id <> new.id and s.outcome = 'open' and not s.is_archived) then
      raise exception 'A pipeline keeps at least one open stage.' using errcode = 'P0001';
    end if;
  end if;
  if new.outcome is distinct from old.outcome then
    raise exception 'A stage keeps its outcome (open, won or lost).' using errcode = 'P0001';
  end if;
  return new;
end $$;
comment on function private.guard_stage_edit() is 'Deal stages: only an open stage without open deals is archived; a pipeline keeps an open stage; outcomes stay.';
create trigger deal_stages_guard before update on public.deal_stages
  for each row execute function private.guard_stage_edit();

create or replace function private.guard_deal_archived_stage() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (tg_op = 'INSERT' or new.stage_id is distinct from old.stage_id)
     and exists (select 1 from public.deal_stages s where s.id = new.stage_id and s.is_archived) then
    raise exception 'That stage is archived: choose another.' using errcode = 'P0001';
  end if;
  return new;
end $$;
comment on function private.guard_deal_archived_stage() is 'Deals: no deal moves into an archived stage.';
create trigger deals_guard_archived_stage before insert or update of stage_id on public.deals
  for each row execute function private.guard_deal_archived_stage();

create or replace function public.add_deal_stage(pipeline_id uuid, name text, probability integer) returns public.deal_stages
language plpgsql volatile security invoker set search_path = '' as $$
declare
  clean text := btrim(coalesce(name, ''));
  base text;
  new_key text;
  n integer := 1;
  at_position smallint;
  saved public.deal_stages;
begin
  if not private.is_admin() then
    raise exception 'Only admins edit pipelines.' using errcode = '42501';
  end if;
  if char_length(clean) not between 2 and 60 then
    raise exception 'A stage name has 2 to 60 characters.' using errcode = 'P0001';
  end if;
  if probability is null or probability not between 0 and 100 then
    raise exception 'The win probability is between 0 and 100%%.' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.deal_pipelines p where p.id = add_deal_stage.pipeline_id) then
    raise exception 'No such pipeline.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.deal_stages s where s.pipeline_id = add_deal_stage.pipeline_id and lower(s.name) = lower(clean) and not s.is_archived) then
    raise exception 'The pipeline has a stage called "%" already.', clean using errcode = 'P0001';
  end if;
  base := left(btrim(regexp_replace(lower(clean), '[^a-z]+', '_', 'g'), '_'), 30);
  if base !~ '^[a-z][a-z_]{1,}$' then base := 'stage'; end if;
  new_key := base;
  while exists (select 1 from public.deal_stages s where s.pipeline_id = add_deal_stage.pipeline_id and s.key = new_key) loop
    n := n + 1;
    new_key := base || '_' || repeat('x', n - 1);
  end loop;
  select coalesce(max(s.position) + 1, 0) into at_position
    from public.deal_stages s where s.pipeline_id = add_deal_stage.pipeline_id and s.outcome = 'open';
  update public.deal_stages s set position = s.position + 1
   where s.pipeline_id = add_deal_stage.pipeline_id and s.position >= at_position;
  insert into public.deal_stages (pipeline_id, key, name, position, probability, outcome)
  values (add_deal_stage.pipeline_id, new_key, clean, at_position, probability, 'open')
  returning * into saved;
  return saved;
end $$;
comment on function public.add_deal_stage(uuid, text, integer) is 'Admins: a new open stage at the end of the pipeline''s open stages (before won and lost).';
revoke all on function public.add_deal_stage(uuid, text, integer) from public, anon;
grant execute on function public.add_deal_stage(uuid, text, integer) to authenticated;

create or replace function public.reorder_deal_stages(pipeline_id uuid, stage_ids uuid[]) returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare
  expected uuid[];
begin
  if not private.is_admin() then
    raise exception 'Only admins edit pipelines.' using errcode = '42501';
  end if;
  select array_agg(s.id order by s.id) into expected
    from public.deal_stages s where s.pipeline_id = reorder_deal_stages.pipeline_id and s.outcome = 'open';
  if expected is null or expected <> (select array_agg(x order by x) from unnest(stage_ids) x) then
    raise exception 'Reorder lists every open stage of the pipeline once.' using errcode = 'P0001';
  end if;
  with slots as (
    select s.position, row_number() over (order by s.position) as i
      from public.deal_stages s where s.pipeline_id = reorder_deal_stages.pipeline_id and s.outcome = 'open'
  ), wanted as (
    select u.id, u.i from unnest(stage_ids) with ordinality as u(id, i)
  )
  update public.deal_stages s set position = slots.position
    from wanted join slots on slots.i = wanted.i
   where s.id = wanted.id and s.position <> slots.position;
end $$;
comment on function public.reorder_deal_stages(uuid, uuid[]) is 'Admins: the pipeline''s open stages in the given order (every open stage, archived ones included, once).';
revoke all on function public.reorder_deal_stages(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_deal_stages(uuid, uuid[]) to authenticated;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
