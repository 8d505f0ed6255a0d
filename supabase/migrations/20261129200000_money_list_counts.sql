-- The money lists' totals at scale (issue 14 Performance: 50,000 invoices, 80,000 payments).
--   • An exact count over the whole filtered set (PostgREST `count=exact`) dominated the invoices
--     list with a status filter and the payments list: counting ~45,000 paid invoices row by row
--     under RLS costs far more than the page of 25. A planned count is no way out here: the
--     policies' `access_scope(…) = 'all' OR …` test makes the planner guess ~0.5 % of the rows.
--   • So the database keeps the counts per list key — invoices by (kind, status, currency),
--     payments by (kind, method, online) — in private tables, maintained by statement triggers
--     from the transition tables (one upsert per key and statement, keys in a fixed order so two
--     writers lock them in the same order). The counts are exact, not estimates.
--   • They are read only through invoice_list_total / payment_list_total (definers in private,
--     invoker wrappers in public, as the advisors want), which answer only a
--     caller who sees the whole module (access_scope = 'all': RLS would show every row, so the
--     count is what RLS would count) and null otherwise: staff under "own" access, or a filter the
--     keys do not cover (dates, search, the derived overdue), keep PostgREST's exact count,
--     which their narrower sets and the owner indexes make cheap.

-- ── Invoices ─────────────────────────────────────────────────────────────────────────────────
create table private.invoice_counts (
  kind text not null,
  status text not null,
  currency text not null,
  -- No check (>= 0): ON CONFLICT checks the proposed row, a negative delta, before it merges.
  invoices bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (kind, status, currency)
);
comment on table private.invoice_counts is
  'Documents per (kind, status, currency), kept by statement triggers on public.invoices; read through public.invoice_list_total.';
revoke all on private.invoice_counts from public, anon, authenticated;

create or replace function private.count_invoices() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into private.invoice_counts as c (kind, status, currency, invoices)
    select kind, status, currency, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
    on conflict (kind, status, currency) do update set invoices = c.invoices + excluded.invoices, updated_at = now();
  elsif tg_op = 'DELETE' then
    update private.invoice_counts c set invoices = c.invoices - d.n, updated_at = now()
      from (select kind, status, currency, count(*) as n from old_rows group by 1, 2, 3) d
     where (c.kind, c.status, c.currency) = (d.kind, d.status, d.currency);
  else
    insert into private.invoice_counts as c (kind, status, currency, invoices)
    select kind, status, currency, sum(delta) from (
      select kind, status, currency, 1 as delta from new_rows
      union all
      select kind, status, currency, -1 from old_rows
    ) d group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
    on conflict (kind, status, currency) do update set invoices = c.invoices + excluded.invoices, updated_at = now();
  end if;
  return null;
end $$;
comment on function private.count_invoices() is 'Keeps private.invoice_counts from the statement''s transition tables.';
revoke execute on function private.count_invoices() from public, anon, authenticated;
create trigger invoices_count_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function private.count_invoices();
create trigger invoices_count_update after update on public.invoices
  referencing old table as old_rows new table as new_rows for each statement execute function private.count_invoices();
create trigger invoices_count_delete after delete on public.invoices
  referencing old table as old_rows for each statement execute function private.count_invoices();

insert into private.invoice_counts (kind, status, currency, invoices)
select kind, status, currency, count(*) from public.invoices group by 1, 2, 3;

-- How many documents match a list filter of kind, stored statuses and currency (null: any);
-- null when the caller does not see every document (then the list counts its rows itself).
-- Definer (it reads the private counts) in `private`; `public` keeps an invoker wrapper.
create or replace function private.invoice_list_total(kind text, statuses text[], currency text)
returns bigint
language sql stable security definer set search_path = '' as $$
  select case when private.access_scope('invoices') = 'all' then
    (select coalesce(sum(c.invoices), 0)::bigint from private.invoice_counts c
      where (invoice_list_total.kind is null or c.kind = invoice_list_total.kind)
        and (invoice_list_total.statuses is null or c.status = any (invoice_list_total.statuses))
        and (invoice_list_total.currency is null or c.currency = invoice_list_total.currency))
  end
$$;
revoke execute on function private.invoice_list_total(text, text[], text) from public, anon;
grant execute on function private.invoice_list_total(text, text[], text) to authenticated;
create or replace function public.invoice_list_total(kind text default null, statuses text[] default null, currency text default null)
returns bigint
language sql stable security invoker set search_path = '' as $$
  select private.invoice_list_total(kind => kind, statuses => statuses, currency => currency)
$$;
comment on function public.invoice_list_total(text, text[], text) is
  'Exact number of documents of a kind, statuses and currency (null = any), kept by the database; null unless the caller sees all documents.';
revoke all on function public.invoice_list_total(text, text[], text) from public, anon;
grant execute on function public.invoice_list_total(text, text[], text) to authenticated;

-- ── Payments ─────────────────────────────────────────────────────────────────────────────────
create table private.payment_counts (
  kind text not null,
  method text not null,
  online boolean not null,
  payments bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (kind, method, online)
);
comment on table private.payment_counts is
  'Payments per (kind, method, online), kept by statement triggers on public.payments; read through public.payment_list_total.';
revoke all on private.payment_counts from public, anon, authenticated;

create or replace function private.count_payments() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into private.payment_counts as c (kind, method, online, payments)
    select kind, method, gateway is not null, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
    on conflict (kind, method, online) do update set payments = c.payments + excluded.payments, updated_at = now();
  elsif tg_op = 'DELETE' then
    update private.payment_counts c set payments = c.payments - d.n, updated_at = now()
      from (select kind, method, gateway is not null as online, count(*) as n from old_rows group by 1, 2, 3) d
     where (c.kind, c.method, c.online) = (d.kind, d.method, d.online);
  else
    insert into private.payment_counts as c (kind, method, online, payments)
    select kind, method, online, sum(delta) from (
      select kind, method, gateway is not null as online, 1 as delta from new_rows
      union all
      select kind, method, gateway is not null, -1 from old_rows
    ) d group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
    on conflict (kind, method, online) do update set payments = c.payments + excluded.payments, updated_at = now();
  end if;
  return null;
end $$;
comment on function private.count_payments() is 'Keeps private.payment_counts from the statement''s transition tables.';
revoke execute on function private.count_payments() from public, anon, authenticated;
create trigger payments_count_insert after insert on public.payments
  referencing new table as new_rows for each statement execute function private.count_payments();
create trigger payments_count_update after update on public.payments
  referencing old table as old_rows new table as new_rows for each statement execute function private.count_payments();
create trigger payments_count_delete after delete on public.payments
  referencing old table as old_rows for each statement execute function private.count_payments();

insert into private.payment_counts (kind, method, online, payments)
select kind, method, gateway is not null, count(*) from public.payments group by 1, 2, 3;

create or replace function private.payment_list_total(kind text, methods text[], online boolean)
returns bigint
language sql stable security definer set search_path = '' as $$
  select case when private.access_scope('payments') = 'all' then
    (select coalesce(sum(c.payments), 0)::bigint from private.payment_counts c
      where (payment_list_total.kind is null or c.kind = payment_list_total.kind)
        and (payment_list_total.methods is null or c.method = any (payment_list_total.methods))
        and (payment_list_total.online is null or c.online = payment_list_total.online))
  end
$$;
revoke execute on function private.payment_list_total(text, text[], boolean) from public, anon;
grant execute on function private.payment_list_total(text, text[], boolean) to authenticated;
create or replace function public.payment_list_total(kind text default null, methods text[] default null, online boolean default null)
returns bigint
language sql stable security invoker set search_path = '' as $$
  select private.payment_list_total(kind => kind, methods => methods, online => online)
$$;
comment on function public.payment_list_total(text, text[], boolean) is
  'Exact number of payments of a kind, methods and online or not (null = any), kept by the database; null unless the caller sees all payments.';
revoke all on function public.payment_list_total(text, text[], boolean) from public, anon;
grant execute on function public.payment_list_total(text, text[], boolean) to authenticated;
