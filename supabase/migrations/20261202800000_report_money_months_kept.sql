-- The money report at scale (report_money_months: invoiced, collected, VAT / NHIL / GETFund / VAT
-- flat rate per month and currency; p95 ≤ 300 ms at seed:scale's size).
--   • EXPLAIN on the seed:scale folder as an admin: a year read ~25,000 issued documents, their
--     ~60,000 tax lines (each re-running the invoices policy: invoice_taxes' policy is an EXISTS
--     on invoices) and ~40,000 payments on every call.
--   • Now the database keeps the figures per month and currency in private.money_months, the way
--     it keeps finance_months: statement triggers on invoices, invoice_taxes and payments note each
--     statement's net change in a pending table of the transaction, added to the kept rows at
--     commit in the one lock order (20261201200000_kept_totals_at_commit.sql; money_months comes
--     after finance_month_categories). A deleted counted invoice takes its tax lines off before
--     its cascade removes them (a row trigger before the delete).
--   • report_money_months reads them only for a caller who sees every invoice and every payment
--     (access_scope 'all': RLS would count every row), and only for the whole months inside the
--     period; a partial first or last month, and every other caller (staff see their own
--     records), are computed from the rows under RLS by private.money_month_rows — the same
--     definition (core/reports/figures.ts revenue, taxesCollected, collected).

-- ── The one row definition ──────────────────────────────────────────────────────────────────────
-- What counts: issued invoices (+) and credit notes (−) with an issue date, not draft, void or
-- converted; every payment (refunds are negative) by the day paid.
create or replace function private.money_document_counts(kind text, status text, issue_date date)
returns boolean language sql immutable set search_path = '' as $$
  select kind in ('invoice', 'credit_note') and status not in ('draft', 'void', 'converted') and issue_date is not null
$$;

-- Under the caller's RLS (security invoker): the figures of the rows they may read.
create or replace function private.money_month_rows(period_from date, period_to date)
returns table (month date, currency text, invoiced numeric, collected numeric, vat numeric, nhil numeric,
               getfund numeric, vat_flat numeric)
language sql stable set search_path = '' as $$
  with docs as (
    select date_trunc('month', i.issue_date)::date as m, i.currency as cur,
           case when i.kind = 'credit_note' then -1 else 1 end as sign, i.id, i.subtotal
      from public.invoices i
     where private.money_document_counts(i.kind, i.status, i.issue_date)
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
         coalesce(inv.invoiced, 0), coalesce(pay.collected, 0), coalesce(taxes.vat, 0), coalesce(taxes.nhil, 0),
         coalesce(taxes.getfund, 0), coalesce(taxes.vat_flat, 0)
    from keys k
    left join inv on inv.m = k.m and inv.cur = k.cur
    left join pay on pay.m = k.m and pay.cur = k.cur
    left join taxes on taxes.m = k.m and taxes.cur = k.cur
$$;
comment on function private.money_month_rows(date, date) is
  'Per month and currency of the period, from the rows the caller may read: revenue invoiced (issued invoices less credit notes, net of taxes), money collected (payments less refunds, by the day paid) and each tax code charged.';

-- ── The kept totals ─────────────────────────────────────────────────────────────────────────────
create table private.money_months (
  month date not null check (month = date_trunc('month', month)::date),
  currency text not null,
  invoiced numeric(18, 2) not null default 0,
  collected numeric(18, 2) not null default 0,
  vat numeric(18, 2) not null default 0,
  nhil numeric(18, 2) not null default 0,
  getfund numeric(18, 2) not null default 0,
  vat_flat numeric(18, 2) not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (month, currency)
);
comment on table private.money_months is
  'Per month and currency, report_money_months'' figures for the whole company (private.money_month_rows over every row), kept by triggers on invoices, invoice_taxes and payments.';
revoke all on private.money_months from public, anon, authenticated;

create unlogged table private.money_months_pending (
  month date not null,
  currency text not null,
  invoiced numeric(18, 2) not null default 0,
  collected numeric(18, 2) not null default 0,
  vat numeric(18, 2) not null default 0,
  nhil numeric(18, 2) not null default 0,
  getfund numeric(18, 2) not null default 0,
  vat_flat numeric(18, 2) not null default 0
);
comment on table private.money_months_pending is 'Net changes to private.money_months noted by the running transaction; added at its commit.';
revoke all on private.money_months_pending from public, anon, authenticated;

-- Documents added (`news`) and taken away (`olds`), with their tax lines as they stand now.
create or replace function private.note_money_month_documents(news public.invoices[], olds public.invoices[]) returns bigint
language sql security definer set search_path = '' as $$
  with d as (
    select date_trunc('month', e.issue_date)::date as m, e.currency as cur,
           e.w * case when e.kind = 'credit_note' then -1 else 1 end as sign, e.id, e.subtotal
      from (select 1 as w, n.* from unnest(news) n union all select -1, o.* from unnest(olds) o) e
     where private.money_document_counts(e.kind, e.status, e.issue_date)
  ), t as (
    select t.invoice_id, sum(t.amount) filter (where t.code = 'vat') as vat,
           sum(t.amount) filter (where t.code = 'nhil') as nhil,
           sum(t.amount) filter (where t.code = 'getfund') as getfund,
           sum(t.amount) filter (where t.code = 'vat_flat') as vat_flat
      from public.invoice_taxes t where t.invoice_id in (select d.id from d) group by t.invoice_id
  ), noted as (
    insert into private.money_months_pending (month, currency, invoiced, vat, nhil, getfund, vat_flat)
  select d.m, d.cur, sum(d.sign * d.subtotal), coalesce(sum(d.sign * t.vat), 0), coalesce(sum(d.sign * t.nhil), 0),
         coalesce(sum(d.sign * t.getfund), 0), coalesce(sum(d.sign * t.vat_flat), 0)
    from d left join t on t.invoice_id = d.id
   group by 1, 2
  having (sum(d.sign * d.subtotal), coalesce(sum(d.sign * t.vat), 0), coalesce(sum(d.sign * t.nhil), 0),
          coalesce(sum(d.sign * t.getfund), 0), coalesce(sum(d.sign * t.vat_flat), 0)) is distinct from (0, 0, 0, 0, 0)
  returning 1)
  select count(*) from noted
$$;

create or replace function private.total_money_month_documents() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  news public.invoices[] := '{}';
  olds public.invoices[] := '{}';
begin
  -- A delete took its rows off before the delete (private.untotal_money_month_document).
  if tg_op = 'DELETE' then return null; end if;
  select coalesce(array_agg(r), '{}') into news from new_rows r
   where private.money_document_counts(r.kind, r.status, r.issue_date);
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(r), '{}') into olds from old_rows r
     where private.money_document_counts(r.kind, r.status, r.issue_date);
  end if;
  if cardinality(news) + cardinality(olds) > 0 and private.note_money_month_documents(news, olds) > 0 then
    perform private.note_totals_pending();
  end if;
  return null;
end $$;
comment on function private.total_money_month_documents() is 'Notes a statement''s net change of counted documents (subtotal and tax lines) per month and currency; added to private.money_months at commit.';

-- Before its cascade deletes the tax lines: a counted document leaves with them.
create or replace function private.untotal_money_month_document() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if private.money_document_counts(old.kind, old.status, old.issue_date) then
    if private.note_money_month_documents('{}', array[old]) > 0 then perform private.note_totals_pending(); end if;
  end if;
  return old;
end $$;

-- Tax lines added (`news`) and taken away (`olds`) of documents that count as they stand now.
create or replace function private.note_money_month_taxes(news public.invoice_taxes[], olds public.invoice_taxes[]) returns bigint
language sql security definer set search_path = '' as $$
  with noted as (
  insert into private.money_months_pending (month, currency, vat, nhil, getfund, vat_flat)
  select date_trunc('month', i.issue_date)::date, i.currency,
         coalesce(sum(x.s * x.amount) filter (where x.code = 'vat'), 0),
         coalesce(sum(x.s * x.amount) filter (where x.code = 'nhil'), 0),
         coalesce(sum(x.s * x.amount) filter (where x.code = 'getfund'), 0),
         coalesce(sum(x.s * x.amount) filter (where x.code = 'vat_flat'), 0)
    from (select 1 as w, n.invoice_id, n.code, n.amount from unnest(news) n
          union all
          select -1, o.invoice_id, o.code, o.amount from unnest(olds) o) t
    -- A document being deleted is gone here: it took its lines off before the delete.
    join public.invoices i on i.id = t.invoice_id
    cross join lateral (select t.w * case when i.kind = 'credit_note' then -1 else 1 end as s, t.code, t.amount) x
   where private.money_document_counts(i.kind, i.status, i.issue_date)
   group by 1, 2
  having (coalesce(sum(x.s * x.amount) filter (where x.code = 'vat'), 0),
          coalesce(sum(x.s * x.amount) filter (where x.code = 'nhil'), 0),
          coalesce(sum(x.s * x.amount) filter (where x.code = 'getfund'), 0),
          coalesce(sum(x.s * x.amount) filter (where x.code = 'vat_flat'), 0)) is distinct from (0, 0, 0, 0)
  returning 1)
  select count(*) from noted
$$;

create or replace function private.total_money_month_taxes() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  news public.invoice_taxes[] := '{}';
  olds public.invoice_taxes[] := '{}';
begin
  if tg_op <> 'DELETE' then select coalesce(array_agg(r), '{}') into news from new_rows r; end if;
  if tg_op <> 'INSERT' then select coalesce(array_agg(r), '{}') into olds from old_rows r; end if;
  if private.note_money_month_taxes(news, olds) > 0 then perform private.note_totals_pending(); end if;
  return null;
end $$;
comment on function private.total_money_month_taxes() is 'Notes a statement''s net change of the tax lines of counted documents per month and currency; added to private.money_months at commit.';

create or replace function private.note_money_month_payments(news public.payments[], olds public.payments[]) returns bigint
language sql security definer set search_path = '' as $$
  with noted as (
  insert into private.money_months_pending (month, currency, collected)
  select date_trunc('month', p.paid_on)::date, p.currency, sum(p.w * p.amount)
    from (select 1 as w, n.paid_on, n.currency, n.amount from unnest(news) n
          union all
          select -1, o.paid_on, o.currency, o.amount from unnest(olds) o) p
   where p.paid_on is not null
   group by 1, 2
  having sum(p.w * p.amount) <> 0
  returning 1)
  select count(*) from noted
$$;

create or replace function private.total_money_month_payments() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  news public.payments[] := '{}';
  olds public.payments[] := '{}';
begin
  if tg_op <> 'DELETE' then select coalesce(array_agg(r), '{}') into news from new_rows r; end if;
  if tg_op <> 'INSERT' then select coalesce(array_agg(r), '{}') into olds from old_rows r; end if;
  if private.note_money_month_payments(news, olds) > 0 then perform private.note_totals_pending(); end if;
  return null;
end $$;
comment on function private.total_money_month_payments() is 'Notes a statement''s net change of money collected per month and currency; added to private.money_months at commit.';

create trigger invoices_money_months_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function private.total_money_month_documents();
create trigger invoices_money_months_update after update on public.invoices
  referencing old table as old_rows new table as new_rows for each statement execute function private.total_money_month_documents();
create trigger invoices_money_months_delete before delete on public.invoices
  for each row execute function private.untotal_money_month_document();
create trigger invoice_taxes_money_months_insert after insert on public.invoice_taxes
  referencing new table as new_rows for each statement execute function private.total_money_month_taxes();
create trigger invoice_taxes_money_months_update after update on public.invoice_taxes
  referencing old table as old_rows new table as new_rows for each statement execute function private.total_money_month_taxes();
create trigger invoice_taxes_money_months_delete after delete on public.invoice_taxes
  referencing old table as old_rows for each statement execute function private.total_money_month_taxes();
create trigger payments_money_months_insert after insert on public.payments
  referencing new table as new_rows for each statement execute function private.total_money_month_payments();
create trigger payments_money_months_update after update on public.payments
  referencing old table as old_rows new table as new_rows for each statement execute function private.total_money_month_payments();
create trigger payments_money_months_delete after delete on public.payments
  referencing old table as old_rows for each statement execute function private.total_money_month_payments();

-- ── Applying them at commit, after the finance totals (the lock order) ──────────────────────────
create or replace function private.apply_money_months_pending() returns void
language sql security definer set search_path = '' as $$
  with d as (delete from private.money_months_pending returning *)
  insert into private.money_months as m (month, currency, invoiced, collected, vat, nhil, getfund, vat_flat)
  select month, currency, sum(invoiced), sum(collected), sum(vat), sum(nhil), sum(getfund), sum(vat_flat)
    from d group by 1, 2
  having (sum(invoiced), sum(collected), sum(vat), sum(nhil), sum(getfund), sum(vat_flat)) is distinct from (0, 0, 0, 0, 0, 0)
   order by 1, 2
  on conflict (month, currency) do update set
    invoiced = m.invoiced + excluded.invoiced,
    collected = m.collected + excluded.collected,
    vat = m.vat + excluded.vat,
    nhil = m.nhil + excluded.nhil,
    getfund = m.getfund + excluded.getfund,
    vat_flat = m.vat_flat + excluded.vat_flat,
    updated_at = now()
$$;

-- Every month again from the rows (the recount the concurrency suite compares the kept rows with).
create or replace function private.rebuild_money_months() returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from private.money_months order by month, currency for update;
  delete from private.money_months_pending;
  delete from private.money_months;
  insert into private.money_months (month, currency, invoiced, collected, vat, nhil, getfund, vat_flat)
  select r.month, r.currency, r.invoiced, r.collected, r.vat, r.nhil, r.getfund, r.vat_flat
    from private.money_month_rows('0001-01-01', '9999-12-31') r
   where (r.invoiced, r.collected, r.vat, r.nhil, r.getfund, r.vat_flat) is distinct from (0, 0, 0, 0, 0, 0)
   order by 1, 2;
end $$;
comment on function private.rebuild_money_months() is 'Recomputes private.money_months from every invoice, tax line and payment (private.money_month_rows as the table owner).';

-- At commit: what the transaction noted, table by table in the lock order (money months last).
create or replace function private.apply_totals() returns void
language plpgsql security definer set search_path = '' as $$
declare
  rebuild boolean;
begin
  delete from private.totals_pending where txid = pg_current_xact_id() returning rebuild_finance into rebuild;
  with d as (delete from private.invoice_counts_pending returning *)
  insert into private.invoice_counts as c (kind, status, currency, invoices)
  select kind, status, currency, sum(invoices) from d group by 1, 2, 3 having sum(invoices) <> 0 order by 1, 2, 3
  on conflict (kind, status, currency) do update set invoices = c.invoices + excluded.invoices, updated_at = now();
  with d as (delete from private.payment_counts_pending returning *)
  insert into private.payment_counts as c (kind, method, online, payments)
  select kind, method, online, sum(payments) from d group by 1, 2, 3 having sum(payments) <> 0 order by 1, 2, 3
  on conflict (kind, method, online) do update set payments = c.payments + excluded.payments, updated_at = now();
  if coalesce(rebuild, false) then
    perform private.rebuild_finance_months();
  else
    perform private.apply_finance_pending();
  end if;
  perform private.apply_money_months_pending();
end $$;
comment on function private.apply_totals() is
  'Adds the running transaction''s noted changes to the kept totals in the one lock order (invoice counts, payment counts, finance months, categories, money months; keys ascending), or rebuilds the finance totals when an account changed kind.';

select private.rebuild_money_months();

-- ── The report ──────────────────────────────────────────────────────────────────────────────────
-- The kept months from `first_month` to `last_month`, for a caller whose RLS shows every invoice and
-- every payment (to anyone else: nothing, and the report counts their rows instead).
create or replace function private.kept_money_months(first_month date, last_month date)
returns setof private.money_months
language sql stable security definer set search_path = '' as $$
  select m.* from private.money_months m
   where m.month between first_month and last_month
     and private.access_scope('invoices') = 'all' and private.access_scope('payments') = 'all'
$$;

create or replace function public.report_money_months(period_from date, period_to date)
returns table (month date, currency text, invoiced numeric, collected numeric, vat numeric, nhil numeric, getfund numeric, vat_flat numeric)
language plpgsql stable set search_path = '' as $$
declare
  -- The whole months inside the period: [first_whole, after_whole).
  first_whole date := case when extract(day from period_from) = 1 then period_from
                           else (date_trunc('month', period_from) + interval '1 month')::date end;
  after_whole date := date_trunc('month', period_to + 1)::date;
begin
  perform private.report_period(period_from, period_to);
  if first_whole >= after_whole
     or private.access_scope('invoices') <> 'all' or private.access_scope('payments') <> 'all' then
    return query
    select r.month, r.currency, r.invoiced::numeric(16, 2), r.collected::numeric(16, 2), r.vat::numeric(16, 2),
           r.nhil::numeric(16, 2), r.getfund::numeric(16, 2), r.vat_flat::numeric(16, 2)
      from private.money_month_rows(period_from, period_to) r
     where (r.invoiced, r.collected, r.vat, r.nhil, r.getfund, r.vat_flat) is distinct from (0, 0, 0, 0, 0, 0)
     order by 1, 2;
    return;
  end if;
  return query
  select x.month, x.currency, x.invoiced::numeric(16, 2), x.collected::numeric(16, 2), x.vat::numeric(16, 2),
         x.nhil::numeric(16, 2), x.getfund::numeric(16, 2), x.vat_flat::numeric(16, 2)
    from (select r.month, r.currency, r.invoiced, r.collected, r.vat, r.nhil, r.getfund, r.vat_flat
            from private.money_month_rows(period_from, first_whole - 1) r
          union all
          select k.month, k.currency, k.invoiced, k.collected, k.vat, k.nhil, k.getfund, k.vat_flat
            from private.kept_money_months(first_whole, (after_whole - interval '1 month')::date) k
          union all
          select r.month, r.currency, r.invoiced, r.collected, r.vat, r.nhil, r.getfund, r.vat_flat
            from private.money_month_rows(after_whole, period_to) r) x
   where (x.invoiced, x.collected, x.vat, x.nhil, x.getfund, x.vat_flat) is distinct from (0, 0, 0, 0, 0, 0)
   order by 1, 2;
end $$;
comment on function public.report_money_months(date, date) is
  'Per month and currency of the period: revenue invoiced (net of taxes: issued invoices less credit notes; drafts, void and converted count nothing), money collected (payments less refunds, by the day paid) and the VAT, NHIL, GETFund and VAT flat rate charged — the lines of a GRA return. Months with nothing to show are left out. Whole months come from the kept totals for a caller who sees every invoice and payment; otherwise from the rows the caller may read.';

revoke all on function private.money_document_counts(text, text, date), private.money_month_rows(date, date),
  private.kept_money_months(date, date) from public, anon;
grant execute on function private.money_document_counts(text, text, date), private.money_month_rows(date, date),
  private.kept_money_months(date, date) to authenticated;
revoke execute on function private.note_money_month_documents(public.invoices[], public.invoices[]),
  private.note_money_month_taxes(public.invoice_taxes[], public.invoice_taxes[]),
  private.note_money_month_payments(public.payments[], public.payments[]),
  private.total_money_month_documents(), private.untotal_money_month_document(), private.total_money_month_taxes(),
  private.total_money_month_payments(), private.apply_money_months_pending(), private.rebuild_money_months(),
  private.apply_totals() from public, anon, authenticated;
