-- The finance report at scale (issue 14 Performance: a monthly report over two years ≤ 200 ms).
--   • EXPLAIN of finance_report on the seed:scale folder: ~88,000 entries and ~125,000 tax lines
--     were read, sorted and summed on every call, and each tax line re-ran the invoices policy
--     (invoice_taxes' policy is an EXISTS on invoices): ~1.1 s.
--   • Now the database keeps the month totals in private.finance_months: statement triggers on
--     finance_entries and invoices add each statement's net change per month (transition tables;
--     months locked in date order); a change of an account's kind (bank ↔ client trust) rebuilds
--     them. VAT collected is taken from invoices.tax_total (Σ invoice_taxes.amount, kept by the
--     database) at the invoice's rate, summed exactly and rounded per period as before.
--   • finance_report reads them only for a caller who sees every entry and every invoice
--     (access_scope 'all' for expenses and invoices: RLS would count every row), and only for the
--     whole months inside the period; partial first/last months and every other caller are
--     computed from the rows under RLS as before (VAT from invoices.tax_total, without the join
--     to invoice_taxes). The figures are exact either way.

create table private.finance_months (
  month date primary key check (month = date_trunc('month', month)::date),
  income numeric(18, 2) not null default 0,
  expenses numeric(18, 2) not null default 0,
  vat_paid numeric(18, 2) not null default 0,
  client_money_in numeric(18, 2) not null default 0,
  client_money_out numeric(18, 2) not null default 0,
  pending_entries bigint not null default 0,
  -- Σ ± tax_total × rate, unrounded (rounded per report period, as the report always did).
  vat_collected numeric not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table private.finance_months is
  'Per month, what finance_report shows for the whole company (approved income/expenses outside client trust, VAT, client money, pending count), kept by triggers on finance_entries, invoices and finance_accounts.';
revoke all on private.finance_months from public, anon, authenticated;

-- Adds entry rows (`news`) and takes rows away (`olds`, their former state), per month, with the
-- kind of their account now.
create or replace function private.add_finance_entry_months(news public.finance_entries[], olds public.finance_entries[]) returns void
language sql security definer set search_path = '' as $$
  insert into private.finance_months as m (month, income, expenses, vat_paid, client_money_in, client_money_out, pending_entries)
  select date_trunc('month', e.entry_date)::date,
         coalesce(sum(e.sign * e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'income' and a.kind is distinct from 'client_trust'), 0),
         coalesce(sum(e.sign * e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind is distinct from 'client_trust'), 0),
         coalesce(sum(e.sign * e.vat_amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind is distinct from 'client_trust'), 0),
         coalesce(sum(e.sign * e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'income' and a.kind = 'client_trust'), 0),
         coalesce(sum(e.sign * e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind = 'client_trust'), 0),
         coalesce(sum(e.sign) filter (where e.status = 'pending'), 0)
    from (select 1 as sign, n.* from unnest(news) n
          union all
          select -1, o.* from unnest(olds) o) e
    left join public.finance_accounts a on a.id = e.account_id
   group by 1
   order by 1
  on conflict (month) do update set
    income = m.income + excluded.income,
    expenses = m.expenses + excluded.expenses,
    vat_paid = m.vat_paid + excluded.vat_paid,
    client_money_in = m.client_money_in + excluded.client_money_in,
    client_money_out = m.client_money_out + excluded.client_money_out,
    pending_entries = m.pending_entries + excluded.pending_entries,
    updated_at = now()
$$;

create or replace function private.total_finance_entries() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  news public.finance_entries[] := '{}';
  olds public.finance_entries[] := '{}';
begin
  if tg_op <> 'DELETE' then select coalesce(array_agg(r), '{}') into news from new_rows r; end if;
  if tg_op <> 'INSERT' then select coalesce(array_agg(r), '{}') into olds from old_rows r; end if;
  perform private.add_finance_entry_months(news, olds);
  return null;
end $$;
comment on function private.total_finance_entries() is 'Adds a statement''s net change of finance entries to private.finance_months.';

create or replace function private.total_invoice_vat() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Only issued invoices and credit notes count; most updates (payments) change no VAT: no row.
  if tg_op = 'INSERT' then
    insert into private.finance_months as m (month, vat_collected)
    select date_trunc('month', i.issue_date)::date, sum(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
      from new_rows i
     where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
     group by 1 order by 1
    on conflict (month) do update set vat_collected = m.vat_collected + excluded.vat_collected, updated_at = now();
  elsif tg_op = 'DELETE' then
    insert into private.finance_months as m (month, vat_collected)
    select date_trunc('month', i.issue_date)::date, -sum(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
      from old_rows i
     where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
     group by 1 order by 1
    on conflict (month) do update set vat_collected = m.vat_collected + excluded.vat_collected, updated_at = now();
  else
    insert into private.finance_months as m (month, vat_collected)
    select month, sum(v) from (
      select date_trunc('month', i.issue_date)::date as month, case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1) as v
        from new_rows i
       where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
      union all
      select date_trunc('month', i.issue_date)::date, -(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
        from old_rows i
       where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
    ) d group by 1 having sum(v) <> 0 order by 1
    on conflict (month) do update set vat_collected = m.vat_collected + excluded.vat_collected, updated_at = now();
  end if;
  return null;
end $$;
comment on function private.total_invoice_vat() is 'Adds a statement''s net change of VAT collected (issued invoices less credit notes) to private.finance_months.';

-- Every month again from the rows (the backfill, and after an account changes kind).
create or replace function private.rebuild_finance_months() returns void
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.finance_months;
  perform private.add_finance_entry_months(array(select e from public.finance_entries e), '{}');
  insert into private.finance_months as m (month, vat_collected)
  select date_trunc('month', i.issue_date)::date, sum(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
    from public.invoices i
   where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
   group by 1 order by 1
  on conflict (month) do update set vat_collected = m.vat_collected + excluded.vat_collected, updated_at = now();
end $$;
comment on function private.rebuild_finance_months() is 'Recomputes private.finance_months from finance_entries and invoices.';

create or replace function private.account_kind_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.rebuild_finance_months();
  return null;
end $$;
comment on function private.account_kind_changed() is 'An account moved in or out of client trust: its entries count elsewhere, so the month totals are rebuilt.';

revoke execute on function private.add_finance_entry_months(public.finance_entries[], public.finance_entries[]) from public, anon, authenticated;
revoke execute on function private.total_finance_entries() from public, anon, authenticated;
revoke execute on function private.total_invoice_vat() from public, anon, authenticated;
revoke execute on function private.rebuild_finance_months() from public, anon, authenticated;
revoke execute on function private.account_kind_changed() from public, anon, authenticated;

create trigger finance_entries_total_insert after insert on public.finance_entries
  referencing new table as new_rows for each statement execute function private.total_finance_entries();
create trigger finance_entries_total_update after update on public.finance_entries
  referencing old table as old_rows new table as new_rows for each statement execute function private.total_finance_entries();
create trigger finance_entries_total_delete after delete on public.finance_entries
  referencing old table as old_rows for each statement execute function private.total_finance_entries();
create trigger invoices_vat_total_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function private.total_invoice_vat();
create trigger invoices_vat_total_update after update on public.invoices
  referencing old table as old_rows new table as new_rows for each statement execute function private.total_invoice_vat();
create trigger invoices_vat_total_delete after delete on public.invoices
  referencing old table as old_rows for each statement execute function private.total_invoice_vat();
create trigger finance_accounts_kind_changed after update of kind on public.finance_accounts
  for each row when (old.kind is distinct from new.kind) execute function private.account_kind_changed();

select private.rebuild_finance_months();

-- The kept months of [from_month, to_month) for a caller who sees every entry and invoice; no
-- rows for anyone else (they are computed from the rows they may see).
create or replace function private.finance_month_totals(from_month date, to_month date)
returns setof private.finance_months
language sql stable security definer set search_path = '' as $$
  select m.* from private.finance_months m
   where m.month >= from_month and m.month < to_month
     and private.access_scope('expenses') = 'all' and private.access_scope('invoices') = 'all'
$$;
comment on function private.finance_month_totals(date, date) is 'The company''s month totals in [from_month, to_month), only for a caller who sees all entries and invoices.';
revoke execute on function private.finance_month_totals(date, date) from public, anon;
grant execute on function private.finance_month_totals(date, date) to authenticated;

create or replace function public.finance_report(from_date date, to_date date, grain text default 'month')
returns table (
  period_start date,
  income numeric,
  expenses numeric,
  profit numeric,
  vat_collected numeric,
  vat_paid numeric,
  client_money_in numeric,
  client_money_out numeric,
  pending_entries bigint
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  kept boolean := private.access_scope('expenses') = 'all' and private.access_scope('invoices') = 'all';
  -- The whole months inside the period: [kept_from, kept_to). Outside them, rows under RLS.
  kept_from date := case when from_date = date_trunc('month', from_date)::date then from_date else (date_trunc('month', from_date) + interval '1 month')::date end;
  kept_to date := date_trunc('month', to_date + 1)::date;
begin
  if grain not in ('month', 'year') then
    raise exception 'A report is by month or by year.' using errcode = '22023';
  end if;
  if to_date < from_date or to_date - from_date > 3700 then
    raise exception 'Choose a period of at most ten years that ends after it starts.' using errcode = '22023';
  end if;
  if not kept or kept_from >= kept_to then
    kept_from := to_date + 1;
    kept_to := to_date + 1;
  end if;
  return query
  with periods as (
    select gs::date as p from generate_series(date_trunc(grain, from_date::timestamp), date_trunc(grain, to_date::timestamp), ('1 ' || grain)::interval) gs
  ),
  months as (
    select k.month, k.income, k.expenses, k.vat_paid, k.client_money_in as trust_in, k.client_money_out as trust_out, k.pending_entries as pending, k.vat_collected as collected
      from private.finance_month_totals(kept_from, kept_to) k
    union all
    select date_trunc('month', e.entry_date::timestamp)::date,
           sum(e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'income' and a.kind is distinct from 'client_trust'),
           sum(e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind is distinct from 'client_trust'),
           sum(e.vat_amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind is distinct from 'client_trust'),
           sum(e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'income' and a.kind = 'client_trust'),
           sum(e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind = 'client_trust'),
           count(*) filter (where e.status = 'pending'),
           null
      from public.finance_entries e
      left join public.finance_accounts a on a.id = e.account_id
     where e.entry_date between from_date and kept_from - 1 or e.entry_date between kept_to and to_date
     group by 1
    union all
    -- tax_total is Σ invoice_taxes.amount (kept by the database): no join, and no invoice_taxes
    -- policy re-running the invoices policy per tax line.
    select date_trunc('month', i.issue_date::timestamp)::date, null, null, null, null, null, null,
           sum(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
      from public.invoices i
     where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void')
       and (i.issue_date between from_date and kept_from - 1 or i.issue_date between kept_to and to_date)
     group by 1
  ),
  totals as (
    select date_trunc(grain, m.month::timestamp)::date as p,
           sum(m.income) as income, sum(m.expenses) as expenses, sum(m.vat_paid) as vat_paid, sum(m.trust_in) as trust_in,
           sum(m.trust_out) as trust_out, sum(m.pending) as pending, sum(m.collected) as collected
      from months m
     group by 1
  )
  select periods.p,
         coalesce(t.income, 0)::numeric(16, 2),
         coalesce(t.expenses, 0)::numeric(16, 2),
         (coalesce(t.income, 0) - coalesce(t.expenses, 0))::numeric(16, 2),
         round(coalesce(t.collected, 0), 2)::numeric(16, 2),
         coalesce(t.vat_paid, 0)::numeric(16, 2),
         coalesce(t.trust_in, 0)::numeric(16, 2),
         coalesce(t.trust_out, 0)::numeric(16, 2),
         coalesce(t.pending, 0)::bigint
    from periods
    left join totals t on t.p = periods.p
   order by periods.p;
end $$;
comment on function public.finance_report(date, date, text) is
  'Per month or year, in GHS, of what the caller may see: approved income and expenses of the agency (client trust money apart), profit, VAT collected on invoices issued (less credit notes) and VAT paid on expenses, pending entries. Whole months come from private.finance_months for callers who see everything.';
