-- ════════════════════════════════════════════════════════════════════════════════════════════
-- The action plans' step runner (worker/jobs/action-plan-steps.ts, secret key):
--   claim_action_plan_runs   due active runs, leased (skip locked), each with what the rules of
--                            core/action-plans/plan-rules.ts need: the step, the plan's quiet
--                            hours, the contact's consent, opt-in and suppression, the automated
--                            messages it got today, merge values, and the appointment to link.
--   complete_action_plan_step  the runner's decision for one claimed step (run, skip, defer,
--                            complete). A step's effect and the run's move to the next step
--                            commit together, the effect under the key
--                            action-plan/<run>/<pass>/<step> (a queued WhatsApp or e-mail, a task)
--                            — a crash before the commit leaves the run to be claimed again when
--                            its lease ends; a late or second report for the same claim changes
--                            nothing. Message steps count against the contact's daily cap under a
--                            per-contact lock, so two runners cannot both send the third message.
-- Every step is written on the contact's timeline (kind action_plan).
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.whatsapp_messages add column run_id uuid references public.action_plan_runs (id) on delete set null;
comment on column public.whatsapp_messages.run_id is 'The action plan run that queued the message, if any.';
create index whatsapp_messages_run_idx on public.whatsapp_messages (run_id);

alter table public.tasks drop constraint tasks_origin_check;
alter table public.tasks add constraint tasks_origin_check
  check (origin in ('lead_follow_up', 'consultations', 'bookings', 'contact_submissions', 'property_requests', 'action_plan'));
comment on column public.tasks.origin is 'Which automation created the task: lead_follow_up (a new lead assigned), an action plan''s step, or the inbox it was converted from; null when made by hand.';

-- Automated messages a contact got since the start of today in Accra (every plan together).
create or replace function private.plan_messages_today(contact uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.contact_activities a
   where a.contact_id = contact and a.kind = 'action_plan' and a.details ? 'channel'
     and a.occurred_at >= (private.today_accra()::timestamp at time zone 'Africa/Accra')
$$;

-- What the rules and the step's texts need to know about a claimed run.
create or replace function private.action_plan_run_context(r public.action_plan_runs) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.action_plans;
  s public.action_plan_steps;
  c public.contacts;
  appt jsonb;
  appt_table text;
  inv public.invoices;
  d public.deals;
  nonce uuid;
  merge_values jsonb;
begin
  select * into p from public.action_plans x where x.id = r.plan_id;
  select * into s from public.action_plan_steps x where x.plan_id = r.plan_id and x.position = r.position;
  select * into c from public.contacts x where x.id = r.contact_id;
  if r.trigger_table in ('consultations', 'bookings') then
    appt_table := r.trigger_table;
    execute format('select to_jsonb(x) from public.%I x where x.id = $1', appt_table) into appt using r.trigger_record_id;
  else
    select 'consultations', to_jsonb(x) into appt_table, appt from public.consultations x
     where x.contact_id = c.id and x.starts_at > now() and x.status in ('requested', 'confirmed') order by x.starts_at limit 1;
  end if;
  if appt is not null then
    select n.nonce into nonce from private.appointment_nonces n where n.record_table = appt_table and n.record_id = (appt ->> 'id')::uuid;
  end if;
  if r.trigger_table = 'invoices' then select * into inv from public.invoices x where x.id = r.trigger_record_id; end if;
  if r.deal_id is not null then select * into d from public.deals x where x.id = r.deal_id; end if;
  merge_values := jsonb_build_object(
    'first_name', c.first_name, 'last_name', c.last_name, 'full_name', c.display_name,
    'owner_name', private.member_name(coalesce(c.assignee_id, c.owner_id, p.owner_id)),
    'service', case appt_table when 'bookings' then 'viewing' when 'consultations' then replace(appt ->> 'service', '-', ' ') end,
    'appointment_date', to_char((appt ->> 'starts_at')::timestamptz at time zone 'Africa/Accra', 'FMDay FMDD FMMonth YYYY'),
    'appointment_time', to_char((appt ->> 'starts_at')::timestamptz at time zone 'Africa/Accra', 'HH24:MI'),
    'invoice_number', inv.number,
    'invoice_link', case when inv.id is not null then private.public_site_url() || '/invoice/' || inv.id end,
    'amount_due', case when inv.id is not null then inv.currency || ' ' || to_char(greatest(inv.total - inv.amount_paid - inv.amount_credited, 0), 'FM999,999,999,990.00') end,
    'deal_title', d.title,
    'lease_end_date', to_char(d.lease_end_date, 'FMDD FMMonth YYYY'));
  return jsonb_build_object(
    'run_id', r.id, 'claim_token', r.claim_token, 'plan_id', p.id, 'plan_name', p.name,
    'quiet_start', p.quiet_start, 'quiet_end', p.quiet_end, 'position', r.position, 'iteration', r.iteration,
    'step', case when s.id is null then null else jsonb_build_object('kind', s.kind, 'config', s.config) end,
    'template_category', case when s.kind = 'whatsapp' then (select t.category from public.whatsapp_templates t
                                where t.name = s.config ->> 'template' and t.language = coalesce(s.config ->> 'language', 'en') and t.is_active) end,
    'recipient', jsonb_build_object(
      'anonymised', c.anonymised_at is not null, 'consent_status', coalesce(c.consent_status, 'unknown'),
      'marketing_consent', coalesce(c.marketing_consent, false), 'whatsapp_opt_in', coalesce(c.whatsapp_opt_in, false),
      'phone', c.phone, 'email', c.email,
      'has_transaction', coalesce(r.trigger_table in ('consultations', 'bookings', 'invoices', 'deals'), false)
        or exists (select 1 from public.deals x where x.contact_id = c.id)
        or exists (select 1 from public.consultations x where x.contact_id = c.id)
        or exists (select 1 from public.bookings x where x.contact_id = c.id)
        or (c.email is not null and exists (select 1 from public.invoices x where lower(x.bill_to_email) = c.email and x.number is not null)),
      'suppression', (select e.reason from public.email_suppressions e where e.email = c.email)),
    'messages_today', private.plan_messages_today(c.id),
    'merge', merge_values,
    'appointment', case when appt is not null then jsonb_build_object('table', appt_table, 'id', appt ->> 'id', 'nonce', nonce, 'starts_at', appt ->> 'starts_at') end);
end $$;

create or replace function public.claim_action_plan_runs(batch_size integer default 20, lease_seconds integer default 120) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  claimed jsonb;
begin
  with due as (
    select r.id from public.action_plan_runs r
     where r.status = 'active' and r.next_step_at <= now() and (r.lease_until is null or r.lease_until < now())
     order by r.next_step_at
     limit least(greatest(batch_size, 1), 200)
     for update skip locked
  ), claimed_runs as (
    update public.action_plan_runs r
       set lease_until = now() + make_interval(secs => least(greatest(lease_seconds, 5), 3600)), claim_token = gen_random_uuid()
      from due where r.id = due.id
    returning r.*
  )
  select coalesce(jsonb_agg(private.action_plan_run_context(x) order by x.next_step_at), '[]'::jsonb) into claimed from claimed_runs x;
  return claimed;
end $$;
comment on function public.claim_action_plan_runs(integer, integer) is
  'Step runner (secret key): leases up to batch_size due active runs for lease_seconds and returns each with its step and the facts the rules need.';
revoke all on function public.claim_action_plan_runs(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_action_plan_runs(integer, integer) to service_role;

-- One line naming a step (the timeline and the run's last event).
create or replace function private.action_plan_step_label(kind text, config jsonb) returns text
language sql immutable set search_path = '' as $$
  select case kind
    when 'whatsapp' then 'WhatsApp template ' || (config ->> 'template')
    when 'email' then 'e-mail "' || (config ->> 'subject') || '"'
    when 'task' then 'task "' || (config ->> 'title') || '"'
    when 'wait' then 'wait ' || (config ->> 'amount') || ' ' || (config ->> 'unit')
    when 'contact_stage' then 'move the contact to ' || replace(config ->> 'stage', '_', ' ')
    when 'deal_stage' then 'move the deal''s stage'
    when 'notify' then 'notify the owner'
    when 'repeat' then 'repeat from step ' || (config ->> 'to_step')
    else kind
  end
$$;

-- outcome: {action: run | skip | defer | complete, next_at, until, reason, cap, cap_until,
--           params: [...] (whatsapp), subject, html, text (email), title, body (task, notify), due_at (task)}
-- Returns the run's status afterwards, 'deferred', or 'stale' when the claim no longer holds.
create or replace function public.complete_action_plan_step(run_id uuid, claim_token uuid, outcome jsonb) returns text
language plpgsql security definer set search_path = '' as $$
declare
  r public.action_plan_runs;
  p public.action_plans;
  s public.action_plan_steps;
  c public.contacts;
  n_steps int;
  action text := outcome ->> 'action';
  key text;
  effect text;
  channel text;
  owner uuid;
  next_pos int;
  next_at timestamptz;
  done int;
  next_repeats jsonb;
  next_iteration int;
begin
  select * into r from public.action_plan_runs x where x.id = complete_action_plan_step.run_id for update;
  if r.id is null or r.status <> 'active' or r.claim_token is distinct from complete_action_plan_step.claim_token then
    return 'stale';
  end if;
  select * into p from public.action_plans x where x.id = r.plan_id;
  select count(*) into n_steps from public.action_plan_steps x where x.plan_id = r.plan_id;
  select * into s from public.action_plan_steps x where x.plan_id = r.plan_id and x.position = r.position;
  select * into c from public.contacts x where x.id = r.contact_id;
  owner := coalesce(c.assignee_id, c.owner_id, p.owner_id);
  key := 'action-plan/' || r.id || '/' || r.iteration || '/' || r.position;

  if action = 'complete' or s.id is null then
    update public.action_plan_runs x set status = 'completed', completed_at = now(), next_step_at = null, lease_until = null,
           claim_token = null, last_event = 'Completed', last_event_at = now()
     where x.id = r.id;
    return 'completed';
  end if;

  if action = 'defer' then
    update public.action_plan_runs x set next_step_at = greatest((outcome ->> 'until')::timestamptz, now()), lease_until = null, claim_token = null,
           last_event = left('Waiting (' || coalesce(outcome ->> 'reason', 'later') || ') to ' || private.action_plan_step_label(s.kind, s.config), 300),
           last_event_at = now()
     where x.id = r.id;
    return 'deferred';
  end if;

  next_pos := r.position + 1;
  next_iteration := r.iteration;
  next_repeats := r.repeats;
  next_at := coalesce((outcome ->> 'next_at')::timestamptz, now());
  if action = 'skip' then
    effect := 'Skipped ' || private.action_plan_step_label(s.kind, s.config) || ': ' || coalesce(outcome ->> 'reason', 'not allowed');
  elsif action = 'run' then
    if s.kind in ('whatsapp', 'email') then
      -- The daily cap, under a per-contact lock: a second runner waits here and then counts this one.
      perform pg_advisory_xact_lock(hashtextextended('action-plan-contact:' || r.contact_id, 0));
      if private.plan_messages_today(r.contact_id) >= coalesce((outcome ->> 'cap')::int, 2)
         and not exists (select 1 from public.contact_activities a where a.dedup_key = key) then
        update public.action_plan_runs x set next_step_at = coalesce((outcome ->> 'cap_until')::timestamptz, now() + interval '1 day'),
               lease_until = null, claim_token = null, last_event = left('Waiting (daily limit of messages) to ' || private.action_plan_step_label(s.kind, s.config), 300),
               last_event_at = now()
         where x.id = r.id;
        return 'deferred';
      end if;
    end if;
    begin
      case s.kind
      when 'whatsapp' then
        insert into public.whatsapp_messages (contact_id, direction, template, language, parameters, body, purpose, run_id, dedup_key, created_by)
        values (c.id, 'outbound', s.config ->> 'template', coalesce(s.config ->> 'language', 'en'), coalesce(outcome -> 'params', '[]'::jsonb),
                '(rendered from the template)', null, r.id, key, null)
        on conflict (dedup_key) do nothing;
        effect := 'WhatsApp ' || (s.config ->> 'template') || ' queued';
        channel := 'whatsapp';
      when 'email' then
        if c.email is null then raise exception 'the contact has no e-mail address'; end if;
        insert into public.outgoing_emails (to_address, subject, html, text_body, kind, dedup_key)
        values (c.email, left(outcome ->> 'subject', 300), outcome ->> 'html', outcome ->> 'text',
                case s.config ->> 'purpose' when 'marketing' then 'marketing' else 'action_plan' end, key)
        on conflict (dedup_key) do nothing;
        effect := 'E-mail "' || left(outcome ->> 'subject', 120) || '" queued';
        channel := 'email';
      when 'task' then
        insert into public.tasks (title, description, priority, due_at, contact_id, deal_id, owner_id, assignee_id, origin, origin_id)
        values (left(outcome ->> 'title', 200), left('From the action plan "' || p.name || '".', 5000), coalesce(s.config ->> 'priority', 'normal'),
                (outcome ->> 'due_at')::timestamptz, c.id, r.deal_id, owner, owner, 'action_plan', md5(key)::uuid)
        on conflict (origin, origin_id) where origin is not null do nothing;
        effect := 'Task "' || left(outcome ->> 'title', 120) || '" for ' || private.member_name(owner);
      when 'wait' then
        effect := 'Waiting ' || (s.config ->> 'amount') || ' ' || (s.config ->> 'unit');
      when 'contact_stage' then
        update public.contacts x set stage = s.config ->> 'stage' where x.id = c.id and x.stage is distinct from s.config ->> 'stage';
        effect := 'Contact moved to ' || replace(s.config ->> 'stage', '_', ' ');
      when 'deal_stage' then
        if r.deal_id is null then raise exception 'the run has no deal'; end if;
        update public.deals x set stage_id = (s.config ->> 'stage_id')::uuid where x.id = r.deal_id and x.stage_id is distinct from (s.config ->> 'stage_id')::uuid;
        effect := 'Deal moved to ' || coalesce((select st.name from public.deal_stages st where st.id = (s.config ->> 'stage_id')::uuid), 'another stage');
      when 'notify' then
        perform private.notify(owner, 'action_plan', left(outcome ->> 'title', 200), nullif(outcome ->> 'body', ''),
                               '/business-contacts/' || c.id, 'contacts', c.id, null);
        effect := 'Owner notified: ' || left(outcome ->> 'title', 120);
      when 'repeat' then
        done := coalesce((next_repeats ->> r.position::text)::int, 0);
        if done < (s.config ->> 'times')::int then
          next_pos := (s.config ->> 'to_step')::int - 1;
          next_iteration := next_iteration + 1;
          next_repeats := next_repeats || jsonb_build_object(r.position::text, done + 1);
          effect := 'Repeating from step ' || (s.config ->> 'to_step') || ' (' || (done + 1) || ' of ' || (s.config ->> 'times') || ')';
        else
          effect := 'Repeats done';
        end if;
      end case;
    exception when others then
      -- The database refused the effect (no opt-in, a stage rule …): recorded, and the run goes on.
      effect := 'Skipped ' || private.action_plan_step_label(s.kind, s.config) || ': ' || regexp_replace(sqlerrm, '^Not sent on WhatsApp: ', '');
      channel := null;
    end;
  else
    raise exception 'Unknown outcome "%"', action using errcode = '22023';
  end if;

  perform private.log_contact_activity(c.id, 'action_plan', left('Action plan "' || p.name || '": ' || effect, 300), 'action_plan_runs', r.id, now(), null,
    jsonb_build_object('plan_id', p.id, 'run_id', r.id, 'step', r.position + 1, 'kind', s.kind)
      || case when channel is not null then jsonb_build_object('channel', channel) else '{}'::jsonb end,
    key, case when channel is not null then 'outbound' end);
  update public.action_plan_runs x set
    position = next_pos, iteration = next_iteration, repeats = next_repeats,
    status = case when next_pos >= n_steps then 'completed' else 'active' end,
    completed_at = case when next_pos >= n_steps then now() end,
    next_step_at = case when next_pos >= n_steps then null else next_at end,
    lease_until = null, claim_token = null, last_event = left(effect, 300), last_event_at = now()
   where x.id = r.id;
  return case when next_pos >= n_steps then 'completed' else 'active' end;
end $$;
comment on function public.complete_action_plan_step(uuid, uuid, jsonb) is
  'Step runner (secret key): records one claimed step (its effect once, under a de-duplication key) and moves the run on, in one transaction; stale claims change nothing.';
revoke all on function public.complete_action_plan_step(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.complete_action_plan_step(uuid, uuid, jsonb) to service_role;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
