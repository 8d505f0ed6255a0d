-- Reports on figures defined once: every report is a security-invoker function, so it sums only
-- the rows the caller's RLS lets them read (an admin the agency, a staff member their records).
-- The pure definitions of the same figures, with worked examples, are core/reports/figures.ts.
-- Amounts stay in their currency (one row per currency); nothing is converted here.

alter table public.deals add column transaction_certificate_no text
  check (char_length(btrim(transaction_certificate_no)) between 1 and 60);
comment on column public.deals.transaction_certificate_no is
  'The Real Estate Transaction Certificate number of a completed sale or letting (Act 1047), where recorded.';

-- Won deals are read by their close date in the annual report and the agent figures.
create index if not exists deals_won_closed_idx on public.deals (closed_at) where status = 'won';
create index if not exists contacts_created_idx on public.contacts (created_at);

-- ── The guard every report opens with ─────────────────────────────────────────────────────────

create or replace function private.report_period(period_from date, period_to date)
returns void language plpgsql stable set search_path = '' as $$
begin
  if not private.is_staff_or_admin() then
    raise exception 'Reports are for the team: sign in with a staff or admin account.' using errcode = '42501';
  end if;
  if period_from is null or period_to is null then
    raise exception 'Choose the first and the last day of the period.' using errcode = '22023';
  end if;
  if period_to < period_from then
    raise exception 'The period ends before it starts.' using errcode = '22023';
  end if;
  if period_to >= (period_from + interval '5 years')::date then
    raise exception 'A period is at most five years long.' using errcode = '22023';
  end if;
end $$;
comment on function private.report_period(date, date) is
  'Refuses a report to callers without a back-office role and periods that end before they start or run over five years (core/reports/period.ts says the same).';

-- The first instant of an Africa/Accra day (Accra is UTC all year; written out so it stays right).
create or replace function private.accra_start(day date)
returns timestamptz language sql immutable set search_path = '' as $$
  select (day::timestamp at time zone 'Africa/Accra')
$$;

-- ── Money ─────────────────────────────────────────────────────────────────────────────────────

create or replace function public.report_receivables(as_of date default null)
returns table (currency text, invoices bigint, outstanding numeric, overdue_invoices bigint, overdue numeric,
               age_0_30 numeric, age_31_60 numeric, age_61_90 numeric, age_90_plus numeric)
language plpgsql stable set search_path = '' as $$
declare today date := coalesce(as_of, private.today_accra());
begin
  perform private.report_period(today, today);
  return query
  select i.currency,
         count(*) filter (where private.balance_due(i) > 0),
         coalesce(sum(private.balance_due(i)), 0)::numeric(16, 2),
         count(*) filter (where i.due_date < today and private.balance_due(i) > 0),
         coalesce(sum(private.balance_due(i)) filter (where i.due_date < today), 0)::numeric(16, 2),
         coalesce(sum(private.balance_due(i)) filter (where i.due_date is null or today - i.due_date <= 30), 0)::numeric(16, 2),
         coalesce(sum(private.balance_due(i)) filter (where today - i.due_date between 31 and 60), 0)::numeric(16, 2),
         coalesce(sum(private.balance_due(i)) filter (where today - i.due_date between 61 and 90), 0)::numeric(16, 2),
         coalesce(sum(private.balance_due(i)) filter (where today - i.due_date > 90), 0)::numeric(16, 2)
    from public.invoices i
   where i.kind = 'invoice' and i.status in ('sent', 'partially_paid', 'overdue')
   group by i.currency
   order by i.currency;
end $$;
comment on function public.report_receivables(date) is
  'What issued invoices still owe per currency (drafts, void and converted owe nothing; never below 0), the overdue part and its ageing by days past due (0–30, 31–60, 61–90, 90+) on as_of (today in Africa/Accra by default: an ageing at a month end, or ahead if nothing is paid), over the invoices the caller may see.';

create or replace function public.report_money_months(period_from date, period_to date)
returns table (month date, currency text, invoiced numeric, collected numeric, vat numeric, nhil numeric, getfund numeric, vat_flat numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with docs as (
    select date_trunc('month', i.issue_date)::date as m, i.currency as cur,
           case when i.kind = 'credit_note' then -1 else 1 end as sign, i.id, i.subtotal
      from public.invoices i
     where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void', 'converted')
       and i.issue_date between period_from and period_to
  ), taxes as (
    select d.m, d.cur,
           sum(d.sign * t.amount) filter (where t.code = 'vat') as vat,
           sum(d.sign * t.amount) filter (where t.code = 'nhil') as nhil,
           sum(d.sign * t.amount) filter (where t.code = 'getfund') as getfund,
           sum(d.sign * t.amount) filter (where t.code = 'vat_flat') as vat_flat
      from docs d join public.invoice_taxes t on t.invoice_id = d.id
     group by d.m, d.cur
  ), inv as (
    select d.m, d.cur, sum(d.sign * d.subtotal) as invoiced from docs d group by d.m, d.cur
  ), pay as (
    select date_trunc('month', p.paid_on)::date as m, p.currency as cur, sum(p.amount) as collected
      from public.payments p
     where p.paid_on between period_from and period_to
     group by 1, 2
  ), keys as (
    select inv.m, inv.cur from inv union select pay.m, pay.cur from pay
  )
  select k.m, k.cur,
         coalesce(inv.invoiced, 0)::numeric(16, 2), coalesce(pay.collected, 0)::numeric(16, 2),
         coalesce(taxes.vat, 0)::numeric(16, 2), coalesce(taxes.nhil, 0)::numeric(16, 2),
         coalesce(taxes.getfund, 0)::numeric(16, 2), coalesce(taxes.vat_flat, 0)::numeric(16, 2)
    from keys k
    left join inv on inv.m = k.m and inv.cur = k.cur
    left join pay on pay.m = k.m and pay.cur = k.cur
    left join taxes on taxes.m = k.m and taxes.cur = k.cur
   order by k.m, k.cur;
end $$;
comment on function public.report_money_months(date, date) is
  'Per month and currency of the period: revenue invoiced (net of taxes: issued invoices less credit notes; drafts, void and converted count nothing), money collected (payments less refunds, by the day paid) and the VAT, NHIL, GETFund and VAT flat rate charged — the lines of a GRA return.';

-- ── Sales ─────────────────────────────────────────────────────────────────────────────────────

-- What a won deal earned its agent: their shares of the commission split, else the whole
-- commission to the deal's assignee (or owner) when no split is recorded.
create or replace function public.report_agents(period_from date, period_to date)
returns table (agent_id uuid, currency text, deals_won bigint, won_value numeric, commission numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with won as (
    select d.id, coalesce(d.assignee_id, d.owner_id) as agent, d.currency as cur, d.value,
           private.commission_minor(d.value, d.commission_type, d.commission_rate, d.commission_amount) as cm
      from public.deals d
     where d.status = 'won'
       and d.closed_at >= private.accra_start(period_from) and d.closed_at < private.accra_start(period_to + 1)
  ), splits as (
    select w.id, s.user_id, s.share_type, s.share_percent, s.share_amount, w.cm
      from won w join public.deal_commission_splits s on s.deal_id = w.id
  ), fixed as (
    select s.id, coalesce(sum(round(s.share_amount * 100)), 0) as fixed_minor
      from splits s where s.share_type = 'fixed' group by s.id
  ), earned as (
    select s.user_id as agent, s.id,
           sum(case when s.share_type = 'fixed' then round(s.share_amount * 100)
                    else round((s.cm - coalesce(f.fixed_minor, 0)) * s.share_percent / 100) end) as minor
      from splits s left join fixed f on f.id = s.id
     where s.user_id is not null
     group by s.user_id, s.id
  ), unsplit as (
    select w.agent, w.id, w.cm as minor from won w
     where not exists (select 1 from public.deal_commission_splits s where s.deal_id = w.id)
  ), per_agent as (
    select e.agent, e.id, e.minor from earned e union all select u.agent, u.id, u.minor from unsplit u
  ), by_agent as (
    select w.agent, w.cur, count(*) as n, sum(w.value) as v from won w where w.agent is not null group by 1, 2
  ), comm as (
    select p.agent, w.cur, sum(p.minor) as minor
      from per_agent p join won w on w.id = p.id where p.agent is not null group by 1, 2
  )
  select coalesce(b.agent, c.agent), coalesce(b.cur, c.cur), coalesce(b.n, 0), coalesce(b.v, 0)::numeric(16, 2),
         (coalesce(c.minor, 0) / 100.0)::numeric(16, 2)
    from by_agent b full join comm c on c.agent = b.agent and c.cur = b.cur
   order by 4 desc;
end $$;
comment on function public.report_agents(date, date) is
  'Per agent and currency: deals won in the period (by close date, Africa/Accra), their value and the commission the agent earned (their split shares, co-broke splits taken off; the whole commission when no split is recorded).';

create or replace function public.report_pipeline()
returns table (pipeline text, stage text, stage_position smallint, probability smallint, currency text,
               deals bigint, value numeric, weighted numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(private.today_accra(), private.today_accra());
  return query
  select p.name, s.name, s.position, s.probability, d.currency, count(*),
         sum(d.value)::numeric(16, 2), sum(round(d.value * s.probability / 100, 2))::numeric(16, 2)
    from public.deals d
    join public.deal_stages s on s.id = d.stage_id
    join public.deal_pipelines p on p.id = d.pipeline_id
   where d.status = 'open'
   group by p.name, p.position, s.name, s.position, s.probability, d.currency
   order by p.position, s.position, d.currency;
end $$;
comment on function public.report_pipeline() is
  'Open deals per pipeline stage and currency: how many, their value and the weighted value (value × the stage''s win probability, rounded per deal).';

-- ── Leads ─────────────────────────────────────────────────────────────────────────────────────

create or replace function public.report_leads(period_from date, period_to date)
returns table (week date, source text, leads bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  select date_trunc('week', c.created_at at time zone 'Africa/Accra')::date, coalesce(nullif(btrim(c.source), ''), 'unknown'), count(*)
    from public.contacts c
   where c.created_at >= private.accra_start(period_from) and c.created_at < private.accra_start(period_to + 1)
   group by 1, 2
   order by 1, 2;
end $$;
comment on function public.report_leads(date, date) is
  'New contacts per week (Monday, Africa/Accra) and source in the period.';

create or replace function public.report_funnel(period_from date, period_to date)
returns table (leads bigint, viewings bigint, offers bigint, won bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with d as (
    select d.status, s.position, s.key
      from public.deals d join public.deal_stages s on s.id = d.stage_id
     where d.created_at >= private.accra_start(period_from) and d.created_at < private.accra_start(period_to + 1)
  )
  select count(*),
         count(*) filter (where d.status = 'won' or (d.status = 'open' and d.position >= 1)),
         count(*) filter (where d.status = 'won' or (d.status = 'open' and d.position >= 2)),
         count(*) filter (where d.status = 'won')
    from d;
end $$;
comment on function public.report_funnel(date, date) is
  'The deals opened in the period at each step of the funnel they reached: lead, viewing (the second stage or later), offer (the third or later), won.';

create or replace function public.report_response_times(period_from date, period_to date)
returns table (agent_id uuid, items bigint, answered bigint, median_minutes numeric, unassigned bigint)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(period_from, period_to);
  return query
  with items as (
    select s.id, s.assignee_id, s.created_at,
           (select min(r.created_at) from public.inbox_replies r
             where r.record_table = 'contact_submissions' and r.record_id = s.id) as first_reply
      from public.contact_submissions s
     where s.created_at >= private.accra_start(period_from) and s.created_at < private.accra_start(period_to + 1)
  )
  select i.assignee_id, count(*), count(i.first_reply),
         round((percentile_cont(0.5) within group (order by extract(epoch from i.first_reply - i.created_at) / 60))::numeric, 1),
         count(*) filter (where i.assignee_id is null)
    from items i
   group by i.assignee_id
   order by 2 desc;
end $$;
comment on function public.report_response_times(date, date) is
  'Inbox items that arrived in the period per assignee: how many, how many were answered and the median minutes from arrival to the first reply.';

-- ── Stock ─────────────────────────────────────────────────────────────────────────────────────

create or replace function public.report_stock()
returns table (city text, property_type text, status text, listings bigint, median_days_on_market numeric)
language plpgsql stable set search_path = '' as $$
begin
  perform private.report_period(private.today_accra(), private.today_accra());
  return query
  select p.city, p.property_type, p.status, count(*),
         round((percentile_cont(0.5) within group (order by extract(epoch from now() - p.published_at) / 86400))::numeric, 0)
    from public.properties p
   group by p.city, p.property_type, p.status
   order by p.city, p.property_type, p.status;
end $$;
comment on function public.report_stock() is
  'Listings per city, type and status with the median days since publication (days on market).';

-- ── Compliance ────────────────────────────────────────────────────────────────────────────────

create or replace function public.report_annual_transactions(report_year integer)
returns table (deal_id uuid, completed_on date, transaction_type text, property text, property_city text,
               client text, agent_id uuid, agent_name text, value numeric, currency text, commission numeric,
               certificate_no text)
language plpgsql stable set search_path = '' as $$
begin
  if report_year is null or report_year < 2000 or report_year > 2100 then
    raise exception 'Choose a year between 2000 and 2100.' using errcode = '22023';
  end if;
  perform private.report_period(make_date(report_year, 1, 1), make_date(report_year, 12, 31));
  return query
  select d.id, (d.closed_at at time zone 'Africa/Accra')::date,
         case when pl.key = 'rental' or d.lease_start_date is not null or pr.listing_type = 'rent'
              then 'letting' else 'sale' end,
         coalesce(pr.title, d.title), pr.city, c.display_name, coalesce(d.assignee_id, d.owner_id),
         nullif(btrim(concat_ws(' ', pf.first_name, pf.last_name)), ''), d.value, d.currency,
         (private.commission_minor(d.value, d.commission_type, d.commission_rate, d.commission_amount) / 100.0)::numeric(16, 2),
         d.transaction_certificate_no
    from public.deals d
    join public.deal_pipelines pl on pl.id = d.pipeline_id
    left join public.properties pr on pr.id = d.property_id
    left join public.contacts c on c.id = d.contact_id
    left join public.profiles pf on pf.user_id = coalesce(d.assignee_id, d.owner_id)
   where d.status = 'won'
     and d.closed_at >= private.accra_start(make_date(report_year, 1, 1))
     and d.closed_at < private.accra_start(make_date(report_year + 1, 1, 1))
   order by d.closed_at, d.id;
end $$;
comment on function public.report_annual_transactions(integer) is
  'Act 1047 annual transaction report: every sale and letting completed (won) in the year, with the parties, property, value, commission and the transaction certificate number where recorded — over the deals the caller may see.';

revoke execute on function public.report_receivables(date), public.report_money_months(date, date),
  public.report_agents(date, date), public.report_pipeline(), public.report_leads(date, date),
  public.report_funnel(date, date), public.report_response_times(date, date), public.report_stock(),
  public.report_annual_transactions(integer) from public, anon;
grant execute on function public.report_receivables(date), public.report_money_months(date, date),
  public.report_agents(date, date), public.report_pipeline(), public.report_leads(date, date),
  public.report_funnel(date, date), public.report_response_times(date, date), public.report_stock(),
  public.report_annual_transactions(integer) to authenticated;

-- ── Data-subject export: adds the timeline as shown and the invoices and payments in the person's name ──
create or replace function public.export_contact(contact_id uuid) returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  c public.contacts;
  fk record;
  rows jsonb;
  linked jsonb := '{}'::jsonb;
  emails jsonb;
  history jsonb;
  keys text[];
begin
  select * into c from public.contacts x where x.id = export_contact.contact_id;
  if c.id is null or (coalesce(auth.role(), '') in ('anon', 'authenticated') and not private.is_staff_or_admin()) then
    raise exception 'That contact does not exist or you may not see it.' using errcode = '42501';
  end if;
  for fk in
    select c2.conrelid::regclass as tbl, cl.relname as table_name, a.attname as col
      from pg_catalog.pg_constraint c2
      join pg_catalog.pg_class cl on cl.oid = c2.conrelid
      join pg_catalog.pg_namespace ns on ns.oid = cl.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c2.conrelid and a.attnum = c2.conkey[1]
     where c2.contype = 'f' and c2.confrelid = 'public.contacts'::regclass and cardinality(c2.conkey) = 1
       and ns.nspname = 'public'
     order by cl.relname, a.attname
  loop
    begin
      execute format('select coalesce(jsonb_agg(to_jsonb(t) - ''search_text''), ''[]'') from %s t where %I = $1%s',
                     fk.tbl, fk.col,
                     case when fk.table_name = 'contact_activities'
                          then ' and (t.record_table is null or private.can_read_record(t.record_table, t.record_id))' else '' end)
        into rows using c.id;
    exception when insufficient_privilege then
      rows := '[]'::jsonb; -- a table the caller may not read at all holds nothing they may export
    end;
    if jsonb_array_length(rows) > 0 then
      linked := linked || jsonb_build_object(fk.table_name || '.' || fk.col, rows);
    end if;
  end loop;
  select coalesce(jsonb_agg(jsonb_build_object('to', m.to_address, 'subject', m.subject, 'status', m.status, 'queued_at', m.at) order by m.at), '[]')
    into emails from private.contact_mails(c.id, null, 10000) m;
  select coalesce(jsonb_agg(jsonb_build_object('action', h.action, 'at', h.created_at, 'actor_id', h.actor_id, 'changes', h.changes) order by h.id), '[]')
    into history from public.audit_log h where h.table_name = 'contacts' and h.record_id = c.id;
  -- Invoices and payments name their client by e-mail, or by name when there is none (client_key);
  -- a name is matched only for a contact without an e-mail, so a namesake's invoices stay out.
  keys := array_remove(array[lower(btrim(c.email)), lower(btrim(c.alt_email))], null);
  if cardinality(keys) = 0 then keys := array[lower(btrim(c.display_name))]; end if;
  perform private.log_contact_activity(c.id, 'data_export', 'Everything held about this contact was exported (Act 843)');
  return jsonb_build_object(
    'exported_at', now(),
    'contact', to_jsonb(c) - 'search_text',
    'deals', (select coalesce(jsonb_agg(to_jsonb(d) - 'search_text' order by d.created_at), '[]') from public.deals d
               where d.contact_id = c.id or exists (select 1 from public.deal_contacts dc where dc.deal_id = d.id and dc.contact_id = c.id)),
    'timeline', (select coalesce(jsonb_agg(to_jsonb(t)), '[]') from public.contact_timeline(c.id, null, 10000) t),
    'invoices', (select coalesce(jsonb_agg(to_jsonb(i) - 'search_text' order by i.created_at), '[]') from public.invoices i
                  where i.client_key = any (keys)),
    'payments', (select coalesce(jsonb_agg(to_jsonb(p) - 'search_text' order by p.created_at), '[]') from public.payments p
                  where p.client_key = any (keys)),
    'linked_records', linked,
    'emails', emails,
    'history', history
  );
end $$;
comment on function public.export_contact(uuid) is
  'Act 843 subject access: everything held about a contact that the caller may read — the contact, timeline, deals, invoices and payments in their name, inbox items, bookings and every other linked record, mails sent, consent history — as one JSON document (logged on its timeline).';

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;

-- The dashboard's overdue figure converted USD invoices into cedis at each invoice's rate and
-- counted over-settled invoices below zero; it now reads report_receivables, per currency.
drop function public.overdue_invoice_summary();
