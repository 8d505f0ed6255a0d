-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Action plans: follow-up automation (core/action-plans/ holds the same rules).
--   • action_plans: a named, ordered list of steps with a trigger. Admins keep shared plans;
--     staff may keep personal ones (scope personal, owned by them). Triggers: a new inbox item
--     of a kind, a contact entering a stage or getting a tag, a deal entering a stage, a lease
--     ending in N days, an invoice overdue by N days — or by hand only.
--   • action_plan_steps: whatsapp (an approved template and its parameters), email, task (for
--     the record's owner, due after an offset), wait (N hours/days, never zero), contact_stage,
--     deal_stage, notify (the owner), repeat (back to an earlier step, a number of times; the
--     loop must wait). A plan is checked whole when a transaction that changed it commits.
--   • action_plan_runs: one plan applied to one contact (and maybe one of their deals): active |
--     paused | completed | stopped, the step it is at and when that step is due. A trigger event
--     starts a plan once (unique trigger_key per plan) and a contact runs a plan once at a time.
--     A run pauses when the contact replies (an inbound e-mail, WhatsApp, call or SMS on the
--     timeline), when its deal is won or lost, or by hand; it may be resumed or stopped by hand.
--   • The steps run in the edge's job runner (worker/jobs/action-plan-steps.ts): claim_action_
--     plan_runs (lease, skip locked) hands out due runs with everything the rules need;
--     complete_action_plan_step records one step's effect and moves the run on in ONE
--     transaction, each effect under a de-duplication key — so a crashed or second runner never
--     does a step twice and never skips one.
-- Record-level access: runs are visible to whoever may read the contact.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Plans ────────────────────────────────────────────────────────────────────────────────────
create table public.action_plans (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 120),
  description text check (char_length(description) <= 1000),
  scope text not null default 'personal' check (scope in ('shared', 'personal')),
  is_active boolean not null default true,
  trigger_kind text not null default 'manual'
    check (trigger_kind in ('manual', 'inbox_item', 'contact_stage', 'contact_tag', 'deal_stage', 'lease_ending', 'invoice_overdue')),
  trigger_inbox text check (trigger_inbox in ('consultations', 'bookings', 'contact_submissions', 'property_requests')),
  trigger_stage text check (trigger_stage in ('lead', 'prospect', 'client', 'past_client', 'lost')),
  trigger_tag text check (char_length(trigger_tag) between 1 and 40),
  trigger_deal_stage_id uuid references public.deal_stages (id) on delete set null,
  trigger_days smallint check (trigger_days between 1 and 365),
  pause_on_reply boolean not null default true,
  quiet_start smallint not null default 20 check (quiet_start between 0 and 23),
  quiet_end smallint not null default 8 check (quiet_end between 0 and 23),
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint action_plans_trigger_set check (case trigger_kind
    when 'inbox_item' then trigger_inbox is not null
    when 'contact_stage' then trigger_stage is not null
    when 'contact_tag' then trigger_tag is not null
    when 'deal_stage' then true  -- the stage may since have been deleted: the plan then waits for a new one
    when 'lease_ending' then trigger_days is not null
    when 'invoice_overdue' then trigger_days is not null
    else true end)
);
comment on table public.action_plans is
  'Follow-up automation: ordered steps applied to a contact when a trigger fires or by hand. Shared plans are the admins''; staff keep personal ones. See the migration header.';
comment on column public.action_plans.scope is 'shared (made by admins, usable by everyone) | personal (its owner''s).';
comment on column public.action_plans.quiet_start is 'Accra hour from which no message goes out (default 20:00)…';
comment on column public.action_plans.quiet_end is '…until this hour (default 08:00): a message due in between waits for it.';
comment on column public.action_plans.pause_on_reply is 'A run pauses when the contact replies (inbound e-mail, WhatsApp, call or SMS on the timeline).';
create index action_plans_owner_idx on public.action_plans (owner_id);
create index action_plans_trigger_idx on public.action_plans (trigger_kind, trigger_inbox) where is_active;
create index action_plans_deal_stage_idx on public.action_plans (trigger_deal_stage_id);
create trigger action_plans_set_updated_at before update on public.action_plans
  for each row execute function private.set_updated_at();
select private.enable_audit('public.action_plans');

alter table public.action_plans enable row level security;
create policy "Staff read shared plans and their own" on public.action_plans
  for select to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and (scope = 'shared' or owner_id = (select auth.uid())))
  );
create policy "Admins create plans, staff their own personal ones" on public.action_plans
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and scope = 'personal' and owner_id = (select auth.uid()))
  );
create policy "Admins edit plans, staff their own personal ones" on public.action_plans
  for update to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and scope = 'personal' and owner_id = (select auth.uid())))
  with check ((select private.is_admin()) or ((select private.is_staff_or_admin()) and scope = 'personal' and owner_id = (select auth.uid())));
create policy "Admins delete plans, staff their own personal ones" on public.action_plans
  for delete to authenticated
  using ((select private.is_admin()) or ((select private.is_staff_or_admin()) and scope = 'personal' and owner_id = (select auth.uid())));
revoke all on public.action_plans from anon;

-- ── Steps ────────────────────────────────────────────────────────────────────────────────────
create table public.action_plan_steps (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.action_plans (id) on delete cascade,
  position smallint not null check (position between 0 and 29),
  kind text not null check (kind in ('whatsapp', 'email', 'task', 'wait', 'contact_stage', 'deal_stage', 'notify', 'repeat')),
  config jsonb not null default '{}'::jsonb check (jsonb_typeof(config) = 'object' and octet_length(config::text) <= 40000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint action_plan_steps_position unique (plan_id, position) deferrable initially deferred
);
comment on table public.action_plan_steps is
  'The ordered steps of a plan: kind + config (core/action-plans/plan-schema.ts stepConfigSchemas). Edited with the plan; checked whole at commit.';
create trigger action_plan_steps_set_updated_at before update on public.action_plan_steps
  for each row execute function private.set_updated_at();
select private.enable_audit('public.action_plan_steps');

alter table public.action_plan_steps enable row level security;
create policy "Staff read the steps of plans they may see" on public.action_plan_steps
  for select to authenticated using ((select private.is_staff_or_admin()) and exists (select 1 from public.action_plans p where p.id = plan_id));
create policy "Plan editors add steps" on public.action_plan_steps
  for insert to authenticated with check (
    (select private.is_staff_or_admin()) and exists (select 1 from public.action_plans p where p.id = plan_id
      and ((select private.is_admin()) or (p.scope = 'personal' and p.owner_id = (select auth.uid())))));
create policy "Plan editors change steps" on public.action_plan_steps
  for update to authenticated
  using ((select private.is_staff_or_admin()) and exists (select 1 from public.action_plans p where p.id = plan_id
      and ((select private.is_admin()) or (p.scope = 'personal' and p.owner_id = (select auth.uid())))))
  with check ((select private.is_staff_or_admin()) and exists (select 1 from public.action_plans p where p.id = plan_id
      and ((select private.is_admin()) or (p.scope = 'personal' and p.owner_id = (select auth.uid())))));
create policy "Plan editors remove steps" on public.action_plan_steps
  for delete to authenticated
  using ((select private.is_staff_or_admin()) and exists (select 1 from public.action_plans p where p.id = plan_id
      and ((select private.is_admin()) or (p.scope = 'personal' and p.owner_id = (select auth.uid())))));
revoke all on public.action_plan_steps from anon;

-- Why a plan is not valid, in core's words (planProblems; the first problem), or null.
create or replace function private.action_plan_problem(plan uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  s record;
  n int;
  t public.whatsapp_templates;
  params text[];
  target int;
  waited_hours numeric;
  c jsonb;
begin
  if not exists (select 1 from public.action_plans p where p.id = plan) then return null; end if;
  select count(*), coalesce(max(x.position), -1) into n, target from public.action_plan_steps x where x.plan_id = plan;
  if n = 0 then return 'A plan needs at least one step.'; end if;
  if n > 30 then return 'A plan has at most 30 steps.'; end if;
  if target <> n - 1 then return 'The steps of a plan are numbered 1, 2, 3… without gaps.'; end if;
  for s in select x.position, x.kind, x.config from public.action_plan_steps x where x.plan_id = plan order by x.position loop
    c := s.config;
    case s.kind
    when 'wait' then
      if coalesce(c ->> 'amount', '') !~ '^[0-9]+$' or (c ->> 'amount')::int < 1 then
        return format('Step %s: a wait lasts at least 1 hour or day (a wait of zero would not wait)', s.position + 1);
      end if;
      if (c ->> 'amount')::int > 365 or coalesce(c ->> 'unit', '') not in ('hours', 'days') then
        return format('Step %s: a wait is 1 to 365 hours or days', s.position + 1);
      end if;
    when 'whatsapp' then
      select * into t from public.whatsapp_templates x where x.name = c ->> 'template' and x.language = coalesce(c ->> 'language', 'en');
      if t.id is null or not t.is_active then
        return format('Step %s: "%s" (%s) is not an approved template.', s.position + 1, c ->> 'template', coalesce(c ->> 'language', 'en'));
      end if;
      if jsonb_typeof(c -> 'params') is distinct from 'array' then return format('Step %s: the template''s parameters are missing', s.position + 1); end if;
      select coalesce(array_agg(p), '{}') into params from jsonb_array_elements_text(c -> 'params') p;
      if cardinality(params) <> t.param_count then
        return format('Step %s: The template "%s" takes %s parameter%s; %s %s given.', s.position + 1, t.name, t.param_count,
          case when t.param_count = 1 then '' else 's' end, cardinality(params), case when cardinality(params) = 1 then 'was' else 'were' end);
      end if;
    when 'email' then
      if coalesce(btrim(c ->> 'subject'), '') = '' or coalesce(btrim(c ->> 'body'), '') = '' then
        return format('Step %s: an e-mail needs a subject and a message', s.position + 1);
      end if;
      if coalesce(c ->> 'purpose', '') not in ('transactional', 'marketing') then
        return format('Step %s: say whether the e-mail is transactional or marketing', s.position + 1);
      end if;
    when 'task' then
      if coalesce(btrim(c ->> 'title'), '') = '' then return format('Step %s: a task needs a title', s.position + 1); end if;
      if coalesce(c #>> '{due_in,amount}', '') !~ '^[0-9]+$' or coalesce(c #>> '{due_in,unit}', '') not in ('hours', 'days') then
        return format('Step %s: say when the task is due', s.position + 1);
      end if;
    when 'contact_stage' then
      if coalesce(c ->> 'stage', '') not in ('lead', 'prospect', 'client', 'past_client', 'lost') then
        return format('Step %s: choose a contact stage', s.position + 1);
      end if;
    when 'deal_stage' then
      if coalesce(c ->> 'stage_id', '') !~ '^[0-9a-f-]{36}$' or not exists (select 1 from public.deal_stages d where d.id = (c ->> 'stage_id')::uuid) then
        return format('Step %s: choose a deal stage', s.position + 1);
      end if;
    when 'notify' then
      if coalesce(btrim(c ->> 'title'), '') = '' then return format('Step %s: a notification needs a title', s.position + 1); end if;
    when 'repeat' then
      if coalesce(c ->> 'to_step', '') !~ '^[0-9]+$' or coalesce(c ->> 'times', '') !~ '^[0-9]+$'
         or (c ->> 'times')::int not between 1 and 12 then
        return format('Step %s: a repeat goes back to a step, 1 to 12 times', s.position + 1);
      end if;
      target := (c ->> 'to_step')::int - 1;
      if target < 0 or target >= s.position then return format('Step %s: A repeat goes back to an earlier step.', s.position + 1); end if;
      select coalesce(sum((x.config ->> 'amount')::numeric * case x.config ->> 'unit' when 'days' then 24 else 1 end), 0) into waited_hours
        from public.action_plan_steps x
       where x.plan_id = plan and x.kind = 'wait' and x.position >= target and x.position < s.position
         and x.config ->> 'amount' ~ '^[0-9]+$';
      if waited_hours <= 0 then
        return format('Steps %s–%s would repeat without waiting: add a wait of at least 1 hour to the loop.', target + 1, s.position);
      end if;
    end case;
  end loop;
  return null;
end $$;
comment on function private.action_plan_problem(uuid) is 'The first reason a plan is not valid (core planProblems in the same words), or null.';

-- Checked when the transaction commits, so a plan is replaced step by step and judged whole.
create or replace function private.check_action_plan() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  plan uuid;
  problem text;
begin
  if tg_table_name = 'action_plans' then plan := new.id;
  elsif tg_op = 'DELETE' then plan := old.plan_id;
  else plan := new.plan_id;
  end if;
  problem := private.action_plan_problem(plan);
  if problem is not null then raise exception '%', problem using errcode = '23514'; end if;
  return null;
end $$;
create constraint trigger action_plans_valid after insert on public.action_plans
  deferrable initially deferred for each row execute function private.check_action_plan();
create constraint trigger action_plan_steps_valid after insert or update or delete on public.action_plan_steps
  deferrable initially deferred for each row execute function private.check_action_plan();

-- Saves a plan and all its steps in one call (security invoker: the caller's RLS decides).
-- plan_id null creates one. fields: the plan's columns (core planFieldsSchema); steps: [{kind, config}].
create or replace function public.save_action_plan(plan_id uuid, fields jsonb, steps jsonb) returns uuid
language plpgsql security invoker set search_path = '' as $$
declare
  saved uuid;
begin
  if jsonb_typeof(steps) is distinct from 'array' then raise exception 'steps must be a list' using errcode = '22023'; end if;
  if plan_id is null then
    insert into public.action_plans (name, description, scope, is_active, trigger_kind, trigger_inbox, trigger_stage, trigger_tag,
                                     trigger_deal_stage_id, trigger_days, pause_on_reply, quiet_start, quiet_end, owner_id)
    select btrim(f.name), nullif(btrim(f.description), ''), coalesce(f.scope, 'personal'), coalesce(f.is_active, true), coalesce(f.trigger_kind, 'manual'),
           f.trigger_inbox, f.trigger_stage, nullif(lower(btrim(f.trigger_tag)), ''), f.trigger_deal_stage_id, f.trigger_days,
           coalesce(f.pause_on_reply, true), coalesce(f.quiet_start, 20), coalesce(f.quiet_end, 8), (select auth.uid())
      from jsonb_to_record(fields) as f(name text, description text, scope text, is_active boolean, trigger_kind text, trigger_inbox text,
                                        trigger_stage text, trigger_tag text, trigger_deal_stage_id uuid, trigger_days smallint,
                                        pause_on_reply boolean, quiet_start smallint, quiet_end smallint)
    returning id into saved;
  else
    update public.action_plans p set
      name = btrim(f.name), description = nullif(btrim(f.description), ''), scope = coalesce(f.scope, p.scope),
      is_active = coalesce(f.is_active, p.is_active), trigger_kind = coalesce(f.trigger_kind, p.trigger_kind),
      trigger_inbox = f.trigger_inbox, trigger_stage = f.trigger_stage, trigger_tag = nullif(lower(btrim(f.trigger_tag)), ''),
      trigger_deal_stage_id = f.trigger_deal_stage_id, trigger_days = f.trigger_days,
      pause_on_reply = coalesce(f.pause_on_reply, p.pause_on_reply), quiet_start = coalesce(f.quiet_start, p.quiet_start),
      quiet_end = coalesce(f.quiet_end, p.quiet_end)
      from jsonb_to_record(fields) as f(name text, description text, scope text, is_active boolean, trigger_kind text, trigger_inbox text,
                                        trigger_stage text, trigger_tag text, trigger_deal_stage_id uuid, trigger_days smallint,
                                        pause_on_reply boolean, quiet_start smallint, quiet_end smallint)
     where p.id = save_action_plan.plan_id
    returning p.id into saved;
    if saved is null then raise exception 'That plan does not exist or you may not edit it.' using errcode = '42501'; end if;
    delete from public.action_plan_steps s where s.plan_id = saved;
  end if;
  insert into public.action_plan_steps (plan_id, position, kind, config)
  select saved, (o - 1)::smallint, e ->> 'kind', coalesce(e -> 'config', '{}'::jsonb)
    from jsonb_array_elements(steps) with ordinality as x(e, o);
  -- Judged now rather than at commit, so the caller gets the sentence as the call's error.
  set constraints public.action_plans_valid, public.action_plan_steps_valid immediate;
  return saved;
end $$;
comment on function public.save_action_plan(uuid, jsonb, jsonb) is
  'Creates or updates a plan with its whole list of steps in one transaction (caller''s RLS); refused with the reason when the plan is not valid.';
revoke all on function public.save_action_plan(uuid, jsonb, jsonb) from public, anon;
grant execute on function public.save_action_plan(uuid, jsonb, jsonb) to authenticated;

-- ── Runs ─────────────────────────────────────────────────────────────────────────────────────
create table public.action_plan_runs (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.action_plans (id) on delete cascade,
  contact_id uuid not null references public.contacts (id) on delete cascade,
  deal_id uuid references public.deals (id) on delete set null,
  status text not null default 'active' check (status in ('active', 'paused', 'completed', 'stopped')),
  position smallint not null default 0 check (position >= 0),
  -- Passes through loops (repeat steps): part of every effect's de-duplication key.
  iteration smallint not null default 0 check (iteration >= 0),
  repeats jsonb not null default '{}'::jsonb check (jsonb_typeof(repeats) = 'object'),
  next_step_at timestamptz,
  trigger_key text not null check (char_length(trigger_key) between 1 and 200),
  trigger_table text check (trigger_table ~ '^[a-z][a-z_]{1,62}$'),
  trigger_record_id uuid,
  started_by uuid references auth.users (id) on delete set null default auth.uid(),
  paused_reason text check (paused_reason in ('replied', 'deal_won', 'deal_lost', 'by_hand')),
  paused_at timestamptz,
  replied_at timestamptz,
  completed_at timestamptz,
  stopped_at timestamptz,
  last_event text check (char_length(last_event) <= 300),
  last_event_at timestamptz,
  lease_until timestamptz,
  claim_token uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint action_plan_runs_once_per_event unique (plan_id, trigger_key),
  constraint action_plan_runs_paused_why check ((status = 'paused') = (paused_reason is not null))
);
comment on table public.action_plan_runs is
  'One plan applied to one contact (and maybe one deal): the step it is at and when that step is due. Readable by whoever may read the contact; started by triggers, by hand (apply_action_plan) and moved on only by the edge''s step runner.';
comment on column public.action_plan_runs.trigger_key is 'The event that started the run (e.g. consultations/<id>): unique per plan, so one event never starts a plan twice.';
comment on column public.action_plan_runs.next_step_at is 'When the step at `position` is due (quiet hours and the daily cap may move it later).';
comment on column public.action_plan_runs.replied_at is 'When the contact first replied while the run was live (the plan''s reply rate).';
-- One live run of a plan per contact (and deal): a second trigger while it runs starts nothing.
create unique index action_plan_runs_live_idx on public.action_plan_runs
  (plan_id, contact_id, coalesce(deal_id, '00000000-0000-0000-0000-000000000000'::uuid)) where status in ('active', 'paused');
create index action_plan_runs_due_idx on public.action_plan_runs (next_step_at) where status = 'active';
create index action_plan_runs_contact_idx on public.action_plan_runs (contact_id, created_at desc);
create index action_plan_runs_deal_idx on public.action_plan_runs (deal_id, created_at desc);
create index action_plan_runs_plan_idx on public.action_plan_runs (plan_id, status);
create index action_plan_runs_started_by_idx on public.action_plan_runs (started_by);
create trigger action_plan_runs_set_updated_at before update on public.action_plan_runs
  for each row execute function private.set_updated_at();
select private.enable_audit('public.action_plan_runs', 'id', array['lease_until', 'claim_token', 'last_event', 'last_event_at']);

-- Clients start runs (apply_action_plan) and change their status; the rest is the runner's.
-- Security invoker: `current_user` tells a client's own statement (authenticated) from the
-- runner's and the triggers' (the secret key, definer functions), which move runs as they must.
create or replace function private.guard_action_plan_run() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user not in ('authenticated', 'anon') then return new; end if;
  if tg_op = 'INSERT' then
    if not exists (select 1 from public.action_plans p where p.id = new.plan_id and p.is_active) then
      raise exception 'That plan is switched off: switch it on before applying it.' using errcode = 'P0001';
    end if;
    if new.deal_id is not null and not exists (
         select 1 from public.deals d where d.id = new.deal_id
            and (d.contact_id = new.contact_id or exists (select 1 from public.deal_contacts dc where dc.deal_id = d.id and dc.contact_id = new.contact_id))) then
      raise exception 'That deal is not one of this contact''s.' using errcode = 'P0001';
    end if;
    new.status := 'active';
    new.position := 0;
    new.iteration := 0;
    new.repeats := '{}'::jsonb;
    new.next_step_at := now();
    new.trigger_key := 'manual/' || gen_random_uuid();
    new.trigger_table := null;
    new.trigger_record_id := null;
    new.started_by := auth.uid();
    new.paused_reason := null;
    new.last_event := 'Applied by ' || private.member_name(auth.uid());
    new.last_event_at := now();
    return new;
  end if;
  if new.status = old.status then return new; end if;
  if old.status in ('completed', 'stopped') then
    raise exception 'A % run cannot change: apply the plan again.', old.status using errcode = 'P0001';
  end if;
  if new.status = 'paused' then
    new.paused_reason := 'by_hand';
    new.paused_at := now();
    new.last_event := 'Paused by ' || private.member_name(auth.uid());
  elsif new.status = 'active' then
    new.paused_reason := null;
    new.paused_at := null;
    new.next_step_at := greatest(coalesce(old.next_step_at, now()), now());
    new.last_event := 'Resumed by ' || private.member_name(auth.uid());
  elsif new.status = 'stopped' then
    new.paused_reason := null;
    new.stopped_at := now();
    new.next_step_at := null;
    new.last_event := 'Stopped by ' || private.member_name(auth.uid());
  else
    raise exception 'Only the runner completes a run.' using errcode = 'P0001';
  end if;
  new.last_event_at := now();
  new.lease_until := null;
  new.claim_token := null;
  return new;
end $$;
comment on function private.guard_action_plan_run() is 'Runs started by hand begin at the first step now; clients may pause, resume or stop a live run, nothing else.';
create trigger action_plan_runs_guard before insert or update on public.action_plan_runs
  for each row execute function private.guard_action_plan_run();

alter table public.action_plan_runs enable row level security;
create policy "Staff read runs on contacts they may see" on public.action_plan_runs
  for select to authenticated using ((select private.is_staff_or_admin()) and exists (select 1 from public.contacts c where c.id = contact_id));
create policy "Staff apply plans they may see to contacts they may see" on public.action_plan_runs
  for insert to authenticated with check (
    (select private.is_staff_or_admin()) and started_by = (select auth.uid())
    and exists (select 1 from public.contacts c where c.id = contact_id)
    and exists (select 1 from public.action_plans p where p.id = plan_id)
    and (deal_id is null or exists (select 1 from public.deals d where d.id = deal_id))
  );
create policy "Staff pause, resume and stop runs on contacts they may see" on public.action_plan_runs
  for update to authenticated
  using ((select private.is_staff_or_admin()) and exists (select 1 from public.contacts c where c.id = contact_id))
  with check ((select private.is_staff_or_admin()));
create policy "Admins delete runs" on public.action_plan_runs
  for delete to authenticated using ((select private.is_admin()));
revoke all on public.action_plan_runs from anon;
revoke update on public.action_plan_runs from authenticated;
grant update (status) on public.action_plan_runs to authenticated;

-- Applies a plan by hand to contacts (a record page, or a bulk action on the contacts list).
-- Security invoker: only plans and contacts the caller may see. Returns {started, running, not_visible}.
create or replace function public.apply_action_plan(plan_id uuid, contact_ids uuid[], deal_id uuid default null) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  visible uuid[];
  started int := 0;
  cid uuid;
begin
  if not exists (select 1 from public.action_plans p where p.id = apply_action_plan.plan_id) then
    raise exception 'That plan does not exist or you may not use it.' using errcode = '42501';
  end if;
  if cardinality(coalesce(contact_ids, '{}')) = 0 then raise exception 'Choose at least one contact.' using errcode = '22023'; end if;
  if cardinality(contact_ids) > 500 then raise exception 'Apply a plan to at most 500 contacts at once.' using errcode = '22023'; end if;
  select coalesce(array_agg(c.id), '{}') into visible from public.contacts c where c.id = any (contact_ids);
  foreach cid in array visible loop
    insert into public.action_plan_runs (plan_id, contact_id, deal_id, trigger_key)
    values (apply_action_plan.plan_id, cid, apply_action_plan.deal_id, 'manual')
    on conflict do nothing;
    if found then started := started + 1; end if;
  end loop;
  return jsonb_build_object('started', started, 'running', cardinality(visible) - started,
                            'not_visible', cardinality(array(select distinct u from unnest(contact_ids) u)) - cardinality(visible));
end $$;
comment on function public.apply_action_plan(uuid, uuid[], uuid) is
  'Starts a plan by hand for contacts the caller may see ({started, running: already had it live, not_visible}).';
revoke all on function public.apply_action_plan(uuid, uuid[], uuid) from public, anon;
grant execute on function public.apply_action_plan(uuid, uuid[], uuid) to authenticated;

-- The plan's page: runs by status and how many contacts replied (the caller's visible runs).
create or replace function public.action_plan_figures(plan_id uuid)
returns table (active integer, paused integer, completed integer, stopped integer, replied integer, total integer)
language sql stable security invoker set search_path = '' as $$
  select count(*) filter (where r.status = 'active')::integer,
         count(*) filter (where r.status = 'paused')::integer,
         count(*) filter (where r.status = 'completed')::integer,
         count(*) filter (where r.status = 'stopped')::integer,
         count(*) filter (where r.replied_at is not null)::integer,
         count(*)::integer
    from public.action_plan_runs r where r.plan_id = action_plan_figures.plan_id
$$;
revoke all on function public.action_plan_figures(uuid) from public, anon;
grant execute on function public.action_plan_figures(uuid) to authenticated;

-- ── Starting runs from triggers ──────────────────────────────────────────────────────────────
create or replace function private.start_action_plan_run(
  plan uuid, contact uuid, deal uuid, trigger_key text, trigger_table text default null, trigger_record uuid default null
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  new_id uuid;
begin
  if contact is null then return null; end if;
  insert into public.action_plan_runs (plan_id, contact_id, deal_id, trigger_key, trigger_table, trigger_record_id, next_step_at, started_by, last_event, last_event_at)
  values (plan, contact, deal, left(trigger_key, 200), trigger_table, trigger_record, now(), null, 'Started', now())
  on conflict do nothing  -- the same event again, or the plan already live for this contact
  returning id into new_id;
  return new_id;
end $$;

-- The contact of an inbox record: the linked one, else the one with its e-mail or phone, else a
-- new lead (owned by the record's assignee — an appointment's host). The record is linked to it,
-- its submission goes on the timeline, and a WhatsApp opt-in given with it is kept.
create or replace function private.inbox_record_contact(inbox text, rec jsonb) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  who uuid := private.contact_matching((rec ->> 'contact_id')::uuid, rec ->> 'email', rec ->> 'phone');
  name text := btrim(rec ->> 'full_name');
  host uuid := (rec ->> 'assignee_id')::uuid;
begin
  if who is null then
    insert into public.contacts (kind, first_name, last_name, type, stage, source, phone, email, consent_status, consent_source, consent_at,
                                 owner_id, assignee_id, whatsapp_opt_in, whatsapp_opt_in_source, whatsapp_opt_in_at)
    values ('person', left(coalesce(nullif(split_part(name, ' ', 1), ''), 'Visitor'), 100),
            left(nullif(btrim(substr(name, char_length(split_part(name, ' ', 1)) + 1)), ''), 100),
            'lead', 'lead', case when rec ->> 'source_host' = 'whatsapp' then 'whatsapp' else 'website_form' end,
            private.phone_e164(rec ->> 'phone'), private.email_normal(rec ->> 'email'),
            'given', case when rec ->> 'source_host' = 'whatsapp' then 'whatsapp' else 'website_form' end,
            coalesce((rec ->> 'consent_at')::timestamptz, now()),
            host, host, coalesce((rec ->> 'whatsapp_opt_in')::boolean, false),
            case when coalesce((rec ->> 'whatsapp_opt_in')::boolean, false) then 'website_form' end,
            case when coalesce((rec ->> 'whatsapp_opt_in')::boolean, false) then (rec ->> 'created_at')::timestamptz end)
    returning id into who;
  elsif coalesce((rec ->> 'whatsapp_opt_in')::boolean, false) then
    update public.contacts c set whatsapp_opt_in = true, whatsapp_opt_in_source = 'website_form'
     where c.id = who and not c.whatsapp_opt_in and c.anonymised_at is null;
  end if;
  if rec ->> 'contact_id' is null then
    execute format('update public.%I set contact_id = $1 where id = $2 and contact_id is null', inbox) using who, (rec ->> 'id')::uuid;
    perform private.log_inbox_record_on_contact(inbox, rec || jsonb_build_object('contact_id', who));
  end if;
  return who;
end $$;

create or replace function private.start_plans_for_inbox_item() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  plan uuid;
  who uuid;
  rec jsonb := to_jsonb(new);
begin
  if new.status = 'spam' then return null; end if;
  for plan in select p.id from public.action_plans p where p.is_active and p.trigger_kind = 'inbox_item' and p.trigger_inbox = tg_table_name order by p.created_at loop
    who := coalesce(who, private.inbox_record_contact(tg_table_name, rec));
    perform private.start_action_plan_run(plan, who, (rec ->> 'deal_id')::uuid, tg_table_name || '/' || new.id, tg_table_name, new.id);
  end loop;
  return null;
end $$;
comment on function private.start_plans_for_inbox_item() is 'A new inbox item starts the active plans of its inbox (once per item and plan), on its contact (found or created).';
create trigger consultations_start_action_plans after insert on public.consultations for each row execute function private.start_plans_for_inbox_item();
create trigger bookings_start_action_plans after insert on public.bookings for each row execute function private.start_plans_for_inbox_item();
create trigger contact_submissions_start_action_plans after insert on public.contact_submissions for each row execute function private.start_plans_for_inbox_item();
create trigger property_requests_start_action_plans after insert on public.property_requests for each row execute function private.start_plans_for_inbox_item();

create or replace function private.start_plans_for_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p record;
  tag text;
begin
  if new.anonymised_at is not null then return null; end if;
  if tg_op = 'INSERT' or new.stage is distinct from old.stage then
    for p in select x.id from public.action_plans x where x.is_active and x.trigger_kind = 'contact_stage' and x.trigger_stage = new.stage loop
      perform private.start_action_plan_run(p.id, new.id, null, 'contacts/' || new.id || '/stage/' || new.stage || '/' || txid_current(), 'contacts', new.id);
    end loop;
  end if;
  for tag in select t from unnest(new.tags) t where tg_op = 'INSERT' or not (t = any (old.tags)) loop
    for p in select x.id from public.action_plans x where x.is_active and x.trigger_kind = 'contact_tag' and x.trigger_tag = tag loop
      perform private.start_action_plan_run(p.id, new.id, null, 'contacts/' || new.id || '/tag/' || tag, 'contacts', new.id);
    end loop;
  end loop;
  return null;
end $$;
comment on function private.start_plans_for_contact() is 'A contact entering a stage or getting a tag starts the matching active plans (a tag once per contact and plan).';
create trigger contacts_start_action_plans after insert or update of stage, tags on public.contacts
  for each row execute function private.start_plans_for_contact();

create or replace function private.deal_stage_plans() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p record;
begin
  if tg_op = 'INSERT' or new.stage_id is distinct from old.stage_id then
    for p in select x.id from public.action_plans x where x.is_active and x.trigger_kind = 'deal_stage' and x.trigger_deal_stage_id = new.stage_id loop
      perform private.start_action_plan_run(p.id, new.contact_id, new.id,
        'deals/' || new.id || '/stage/' || new.stage_id || '/' || extract(epoch from new.stage_entered_at)::bigint, 'deals', new.id);
    end loop;
  end if;
  -- Won or lost: the deal's runs (and its contact's runs about no deal) pause.
  if tg_op = 'UPDATE' and new.status in ('won', 'lost') and old.status = 'open' then
    update public.action_plan_runs r
       set status = 'paused', paused_reason = case new.status when 'won' then 'deal_won' else 'deal_lost' end, paused_at = now(),
           last_event = 'Paused: the deal was ' || new.status, last_event_at = now(), lease_until = null, claim_token = null
     where r.status = 'active' and (r.deal_id = new.id or (r.deal_id is null and r.contact_id = new.contact_id));
  end if;
  return null;
end $$;
comment on function private.deal_stage_plans() is 'A deal entering a stage starts the matching plans; a deal won or lost pauses its runs.';
create trigger deals_action_plans after insert or update of stage_id on public.deals
  for each row execute function private.deal_stage_plans();

-- A reply pauses the contact's live runs (plans that pause on reply) and counts for the reply rate.
create or replace function private.pause_plans_on_reply() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.direction is distinct from 'inbound' or new.kind not in ('email', 'whatsapp', 'sms', 'call') then return null; end if;
  update public.action_plan_runs r
     set replied_at = coalesce(r.replied_at, new.occurred_at),
         status = case when r.status = 'active' and p.pause_on_reply then 'paused' else r.status end,
         paused_reason = case when r.status = 'active' and p.pause_on_reply then 'replied' else r.paused_reason end,
         paused_at = case when r.status = 'active' and p.pause_on_reply then now() else r.paused_at end,
         last_event = case when r.status = 'active' and p.pause_on_reply then 'Paused: the contact replied' else r.last_event end,
         last_event_at = case when r.status = 'active' and p.pause_on_reply then now() else r.last_event_at end,
         lease_until = case when r.status = 'active' and p.pause_on_reply then null else r.lease_until end,
         claim_token = case when r.status = 'active' and p.pause_on_reply then null else r.claim_token end
    from public.action_plans p
   where p.id = r.plan_id and r.contact_id = new.contact_id and r.status in ('active', 'paused') and r.created_at <= new.occurred_at;
  return null;
end $$;
comment on function private.pause_plans_on_reply() is 'An inbound e-mail, WhatsApp, call or SMS on the timeline pauses the contact''s live runs (when their plan says so) and records the reply.';
create trigger contact_activities_pause_action_plans after insert on public.contact_activities
  for each row execute function private.pause_plans_on_reply();

-- Time triggers (the step runner calls this each turn; idempotent by trigger_key): leases of let
-- rentals ending within N days, invoices overdue by N days. At most max_runs a call.
create or replace function public.start_due_action_plan_runs(max_runs integer default 200) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  today date := private.today_accra();
  p record;
  x record;
  started int := 0;
begin
  for p in select * from public.action_plans a where a.is_active and a.trigger_kind in ('lease_ending', 'invoice_overdue') loop
    if p.trigger_kind = 'lease_ending' then
      for x in select d.id, d.contact_id, d.lease_end_date from public.deals d
                where d.lease_end_date between today and today + p.trigger_days and d.status = 'won' and d.contact_id is not null
                  and not exists (select 1 from public.action_plan_runs r where r.plan_id = p.id
                                   and r.trigger_key = 'deals/' || d.id || '/lease-end/' || d.lease_end_date)
                limit max_runs loop
        if private.start_action_plan_run(p.id, x.contact_id, x.id, 'deals/' || x.id || '/lease-end/' || x.lease_end_date, 'deals', x.id) is not null then
          started := started + 1;
        end if;
      end loop;
    else
      for x in select i.id, i.due_date, private.contact_matching(null, i.bill_to_email, i.bill_to_phone) as contact_id from public.invoices i
                where i.kind = 'invoice' and i.status in ('sent', 'partially_paid') and i.due_date <= today - p.trigger_days
                  and private.contact_matching(null, i.bill_to_email, i.bill_to_phone) is not null
                  and not exists (select 1 from public.action_plan_runs r where r.plan_id = p.id
                                   and r.trigger_key = 'invoices/' || i.id || '/overdue/' || i.due_date)
                limit max_runs loop
        if private.start_action_plan_run(p.id, x.contact_id, null, 'invoices/' || x.id || '/overdue/' || x.due_date, 'invoices', x.id) is not null then
          started := started + 1;
        end if;
      end loop;
    end if;
    exit when started >= max_runs;
  end loop;
  return started;
end $$;
comment on function public.start_due_action_plan_runs(integer) is 'Step runner (secret key): starts the plans of leases ending within N days and invoices overdue by N days, once per lease end / due date.';
revoke all on function public.start_due_action_plan_runs(integer) from public, anon, authenticated;
grant execute on function public.start_due_action_plan_runs(integer) to service_role;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
