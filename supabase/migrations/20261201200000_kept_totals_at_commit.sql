-- One lock order for the kept counters and totals, so that concurrent writers wait for each
-- other instead of deadlocking (found by tests/concurrency/ on a real PostgreSQL, 30 connections).
--
-- ══ The lock order ═══════════════════════════════════════════════════════════════════════════
-- Every transaction takes its locks in this order:
--   1. the records it works on (an invoice FOR UPDATE, several in id order; a payment; a deal …);
--   2. the document counter of a series (private.document_counters, one per issued number);
--   3. at COMMIT, and only then, the kept totals, table by table in this order, keys ascending
--      within each table:
--        private.invoice_counts (kind, status, currency)
--        private.payment_counts (kind, method, online)
--        private.finance_months (month)
--        private.finance_month_categories (month, kind, category_id)
--      Nothing else is locked after them.
-- Contact merges (merge_contacts) lock the records that point at the merged contact before the
-- two contacts, lowest id first: see 20261201200100_merge_contacts_lock_order.sql.
--
-- Why at commit: the statement triggers that keep the totals run in the middle of a transaction,
-- in whatever order its statements come — issuing an invoice updated invoice_counts and then
-- finance_months, recording a payment finance_months and then invoice_counts; a delete of several
-- drafts updated invoice_counts in no order while inserts upserted in key order. Two people doing
-- these at once deadlocked. Now the triggers only note their net change per key in a pending
-- table of the transaction (plain inserts: other transactions never see or lock them), and one
-- deferred trigger adds all of a transaction's pending changes to the totals when it commits,
-- in the order above. A total's row is thus locked only for the moment its transaction commits.
-- Inside a transaction the totals do not yet show its own changes (PostgREST requests are one
-- transaction each, so every reader sees committed totals, as before).
-- A change of an account's kind (bank ↔ client trust) rebuilds the finance totals, also at commit.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ── Pending changes of the transaction (never committed: the commit trigger empties them) ────
create unlogged table private.invoice_counts_pending (
  kind text not null,
  status text not null,
  currency text not null,
  invoices bigint not null
);
create unlogged table private.payment_counts_pending (
  kind text not null,
  method text not null,
  online boolean not null,
  payments bigint not null
);
create unlogged table private.finance_months_pending (
  month date not null,
  income numeric(18, 2) not null default 0,
  expenses numeric(18, 2) not null default 0,
  vat_paid numeric(18, 2) not null default 0,
  client_money_in numeric(18, 2) not null default 0,
  client_money_out numeric(18, 2) not null default 0,
  pending_entries bigint not null default 0,
  vat_collected numeric not null default 0
);
create unlogged table private.finance_month_categories_pending (
  month date not null,
  kind text not null,
  category_id uuid not null,
  total numeric(18, 2) not null,
  entries bigint not null
);
-- One row per transaction with pending changes: its insert queues the commit trigger.
create unlogged table private.totals_pending (
  txid xid8 primary key default pg_current_xact_id(),
  rebuild_finance boolean not null default false
);
comment on table private.invoice_counts_pending is 'Net changes to private.invoice_counts noted by the running transaction; added at its commit.';
comment on table private.payment_counts_pending is 'Net changes to private.payment_counts noted by the running transaction; added at its commit.';
comment on table private.finance_months_pending is 'Net changes to private.finance_months noted by the running transaction; added at its commit.';
comment on table private.finance_month_categories_pending is 'Net changes to private.finance_month_categories noted by the running transaction; added at its commit.';
comment on table private.totals_pending is 'Transactions with pending total changes (and whether the finance totals are to be rebuilt): each queues private.apply_totals at its commit.';
revoke all on private.invoice_counts_pending, private.payment_counts_pending, private.finance_months_pending,
  private.finance_month_categories_pending, private.totals_pending from public, anon, authenticated;

-- The running transaction has total changes to apply at its commit (noted once per transaction).
create or replace function private.note_totals_pending() returns void
language sql security definer set search_path = '' as $$
  insert into private.totals_pending default values on conflict (txid) do nothing
$$;

-- ── The triggers now note their changes ─────────────────────────────────────────────────────
-- A transition table exists only for the events its trigger declares: each branch reads its own.
create or replace function private.count_invoices() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into private.invoice_counts_pending (kind, status, currency, invoices)
    select kind, status, currency, count(*) from new_rows group by 1, 2, 3;
  elsif tg_op = 'DELETE' then
    insert into private.invoice_counts_pending (kind, status, currency, invoices)
    select kind, status, currency, -count(*) from old_rows group by 1, 2, 3;
  else
    insert into private.invoice_counts_pending (kind, status, currency, invoices)
    select kind, status, currency, sum(delta) from (
      select kind, status, currency, 1 as delta from new_rows
      union all
      select kind, status, currency, -1 from old_rows
    ) d group by 1, 2, 3 having sum(delta) <> 0;
  end if;
  if found then perform private.note_totals_pending(); end if;
  return null;
end $$;
comment on function private.count_invoices() is 'Notes a statement''s net change of documents per (kind, status, currency); added to private.invoice_counts at commit.';

create or replace function private.count_payments() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into private.payment_counts_pending (kind, method, online, payments)
    select kind, method, gateway is not null, count(*) from new_rows group by 1, 2, 3;
  elsif tg_op = 'DELETE' then
    insert into private.payment_counts_pending (kind, method, online, payments)
    select kind, method, gateway is not null, -count(*) from old_rows group by 1, 2, 3;
  else
    insert into private.payment_counts_pending (kind, method, online, payments)
    select kind, method, online, sum(delta) from (
      select kind, method, gateway is not null as online, 1 as delta from new_rows
      union all
      select kind, method, gateway is not null, -1 from old_rows
    ) d group by 1, 2, 3 having sum(delta) <> 0;
  end if;
  if found then perform private.note_totals_pending(); end if;
  return null;
end $$;
comment on function private.count_payments() is 'Notes a statement''s net change of payments per (kind, method, online); added to private.payment_counts at commit.';

-- Entry rows added (`news`) and taken away (`olds`, their former state), per month, with the kind
-- of their account now.
create or replace function private.add_finance_entry_months(news public.finance_entries[], olds public.finance_entries[]) returns void
language sql security definer set search_path = '' as $$
  insert into private.finance_months_pending (month, income, expenses, vat_paid, client_money_in, client_money_out, pending_entries)
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
$$;

create or replace function private.add_finance_entry_category_months(news public.finance_entries[], olds public.finance_entries[]) returns void
language sql security definer set search_path = '' as $$
  insert into private.finance_month_categories_pending (month, kind, category_id, total, entries)
  select date_trunc('month', e.entry_date)::date, e.kind, e.category_id, sum(e.sign * e.amount_ghs), sum(e.sign)
    from (select 1 as sign, n.* from unnest(news) n
          union all
          select -1, o.* from unnest(olds) o) e
    left join public.finance_accounts a on a.id = e.account_id
   where e.status = 'approved' and a.kind is distinct from 'client_trust'
   group by 1, 2, 3
  having sum(e.sign) <> 0 or sum(e.sign * e.amount_ghs) <> 0
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
  perform private.add_finance_entry_category_months(news, olds);
  perform private.note_totals_pending();
  return null;
end $$;
comment on function private.total_finance_entries() is 'Notes a statement''s net change of finance entries per month and category; added to the finance totals at commit.';

create or replace function private.total_invoice_vat() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Only issued invoices and credit notes count; most updates (payments) change no VAT: no row.
  if tg_op = 'INSERT' then
    insert into private.finance_months_pending (month, vat_collected)
    select date_trunc('month', i.issue_date)::date, sum(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
      from new_rows i
     where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
     group by 1;
  elsif tg_op = 'DELETE' then
    insert into private.finance_months_pending (month, vat_collected)
    select date_trunc('month', i.issue_date)::date, -sum(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
      from old_rows i
     where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
     group by 1;
  else
    insert into private.finance_months_pending (month, vat_collected)
    select month, sum(v) from (
      select date_trunc('month', i.issue_date)::date as month, case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1) as v
        from new_rows i
       where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
      union all
      select date_trunc('month', i.issue_date)::date, -(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
        from old_rows i
       where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
    ) d group by 1 having sum(v) <> 0;
  end if;
  if found then perform private.note_totals_pending(); end if;
  return null;
end $$;
comment on function private.total_invoice_vat() is 'Notes a statement''s net change of VAT collected (issued invoices less credit notes) per month; added to private.finance_months at commit.';

-- ── Applying them, in the order above ───────────────────────────────────────────────────────
-- The finance totals noted by this transaction (months, then categories; keys ascending).
create or replace function private.apply_finance_pending() returns void
language sql security definer set search_path = '' as $$
  with d as (delete from private.finance_months_pending returning *)
  insert into private.finance_months as m (month, income, expenses, vat_paid, client_money_in, client_money_out, pending_entries, vat_collected)
  select month, sum(income), sum(expenses), sum(vat_paid), sum(client_money_in), sum(client_money_out), sum(pending_entries), sum(vat_collected)
    from d group by month
  having (sum(income), sum(expenses), sum(vat_paid), sum(client_money_in), sum(client_money_out), sum(pending_entries), sum(vat_collected))
         is distinct from (0, 0, 0, 0, 0, 0, 0)
   order by month
  on conflict (month) do update set
    income = m.income + excluded.income,
    expenses = m.expenses + excluded.expenses,
    vat_paid = m.vat_paid + excluded.vat_paid,
    client_money_in = m.client_money_in + excluded.client_money_in,
    client_money_out = m.client_money_out + excluded.client_money_out,
    pending_entries = m.pending_entries + excluded.pending_entries,
    vat_collected = m.vat_collected + excluded.vat_collected,
    updated_at = now();
  with d as (delete from private.finance_month_categories_pending returning *)
  insert into private.finance_month_categories as m (month, kind, category_id, total, entries)
  select month, kind, category_id, sum(total), sum(entries) from d
   group by 1, 2, 3 having sum(total) <> 0 or sum(entries) <> 0
   order by 1, 2, 3
  on conflict (month, kind, category_id) do update set
    total = m.total + excluded.total,
    entries = m.entries + excluded.entries,
    updated_at = now();
$$;

-- Every month again from the rows: locks the kept months in key order, then replaces them.
create or replace function private.rebuild_finance_months() returns void
language plpgsql security definer set search_path = '' as $$
declare
  every_entry public.finance_entries[];
begin
  perform 1 from private.finance_months order by month for update;
  perform 1 from private.finance_month_categories order by month, kind, category_id for update;
  -- What this transaction noted is in the rows read below.
  delete from private.finance_months_pending;
  delete from private.finance_month_categories_pending;
  delete from private.finance_months;
  delete from private.finance_month_categories;
  every_entry := array(select e from public.finance_entries e);
  perform private.add_finance_entry_months(every_entry, '{}');
  perform private.add_finance_entry_category_months(every_entry, '{}');
  insert into private.finance_months_pending (month, vat_collected)
  select date_trunc('month', i.issue_date)::date, sum(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
    from public.invoices i
   where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
   group by 1;
  perform private.apply_finance_pending();
end $$;
comment on function private.rebuild_finance_months() is 'Recomputes private.finance_months and private.finance_month_categories from finance_entries and invoices.';

-- At commit: what the transaction noted, table by table in the lock order.
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
end $$;
comment on function private.apply_totals() is
  'Adds the running transaction''s noted changes to the kept totals in the one lock order (invoice counts, payment counts, finance months, categories; keys ascending), or rebuilds the finance totals when an account changed kind.';

create or replace function private.apply_totals_at_commit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.apply_totals();
  return null;
end $$;
create constraint trigger totals_pending_apply_at_commit after insert on private.totals_pending
  deferrable initially deferred for each row execute function private.apply_totals_at_commit();

-- An account moved in or out of client trust: its entries count elsewhere; rebuilt at commit.
create or replace function private.account_kind_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.totals_pending (rebuild_finance) values (true)
  on conflict (txid) do update set rebuild_finance = true;
  return null;
end $$;
comment on function private.account_kind_changed() is 'An account moved in or out of client trust: its entries count elsewhere, so the finance totals are rebuilt when the transaction commits.';

revoke execute on function private.note_totals_pending() from public, anon, authenticated;
revoke execute on function private.apply_finance_pending() from public, anon, authenticated;
revoke execute on function private.apply_totals() from public, anon, authenticated;
revoke execute on function private.apply_totals_at_commit() from public, anon, authenticated;
revoke execute on function private.rebuild_finance_months() from public, anon, authenticated;
