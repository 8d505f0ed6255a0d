-- The finances overview's "by category" at scale, as the report (20261129200100): over two years
-- finance_category_totals read ~88,000 entries per call (~0.7 s on the seed:scale folder).
--   • private.finance_month_categories keeps, per month, kind and category, the approved
--     entries outside client trust (their GHS total and how many), from the same statement
--     triggers on finance_entries; an account changing kind rebuilds it with the months.
--   • finance_category_totals reads it for the whole months of the period when the caller sees
--     every entry (access_scope('expenses') = 'all'); partial months and everyone else are
--     summed from the rows under RLS as before. Exact either way.

create table private.finance_month_categories (
  month date not null check (month = date_trunc('month', month)::date),
  kind text not null,
  category_id uuid not null,
  total numeric(18, 2) not null default 0,
  entries bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (month, kind, category_id)
);
comment on table private.finance_month_categories is
  'Per month, kind and category: approved entries outside client trust (GHS total, count), kept by the finance_entries triggers for finance_category_totals.';
revoke all on private.finance_month_categories from public, anon, authenticated;

create or replace function private.add_finance_entry_category_months(news public.finance_entries[], olds public.finance_entries[]) returns void
language sql security definer set search_path = '' as $$
  insert into private.finance_month_categories as m (month, kind, category_id, total, entries)
  select date_trunc('month', e.entry_date)::date, e.kind, e.category_id, sum(e.sign * e.amount_ghs), sum(e.sign)
    from (select 1 as sign, n.* from unnest(news) n
          union all
          select -1, o.* from unnest(olds) o) e
    left join public.finance_accounts a on a.id = e.account_id
   where e.status = 'approved' and a.kind is distinct from 'client_trust'
   group by 1, 2, 3
  having sum(e.sign) <> 0 or sum(e.sign * e.amount_ghs) <> 0
   order by 1, 2, 3
  on conflict (month, kind, category_id) do update set
    total = m.total + excluded.total,
    entries = m.entries + excluded.entries,
    updated_at = now()
$$;
revoke execute on function private.add_finance_entry_category_months(public.finance_entries[], public.finance_entries[]) from public, anon, authenticated;

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
  return null;
end $$;
comment on function private.total_finance_entries() is 'Adds a statement''s net change of finance entries to private.finance_months and private.finance_month_categories.';

create or replace function private.rebuild_finance_months() returns void
language plpgsql security definer set search_path = '' as $$
declare
  every_entry public.finance_entries[] := array(select e from public.finance_entries e);
begin
  delete from private.finance_months;
  delete from private.finance_month_categories;
  perform private.add_finance_entry_months(every_entry, '{}');
  perform private.add_finance_entry_category_months(every_entry, '{}');
  insert into private.finance_months as m (month, vat_collected)
  select date_trunc('month', i.issue_date)::date, sum(case when i.kind = 'credit_note' then -i.tax_total else i.tax_total end * coalesce(i.exchange_rate, 1))
    from public.invoices i
   where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void') and i.issue_date is not null
   group by 1 order by 1
  on conflict (month) do update set vat_collected = m.vat_collected + excluded.vat_collected, updated_at = now();
end $$;
comment on function private.rebuild_finance_months() is 'Recomputes private.finance_months and private.finance_month_categories from finance_entries and invoices.';

select private.rebuild_finance_months();

-- The kept category totals of [from_month, to_month), only for a caller who sees every entry.
create or replace function private.finance_month_category_totals(from_month date, to_month date)
returns setof private.finance_month_categories
language sql stable security definer set search_path = '' as $$
  select m.* from private.finance_month_categories m
   where m.month >= from_month and m.month < to_month and private.access_scope('expenses') = 'all'
$$;
comment on function private.finance_month_category_totals(date, date) is 'The company''s category totals per month in [from_month, to_month), only for a caller who sees all entries.';
revoke execute on function private.finance_month_category_totals(date, date) from public, anon;
grant execute on function private.finance_month_category_totals(date, date) to authenticated;

create or replace function public.finance_category_totals(from_date date, to_date date)
returns table (kind text, category_id uuid, category text, total numeric, entries bigint)
language plpgsql stable security invoker set search_path = '' as $$
declare
  -- The whole months inside the period, kept for who sees every entry: [kept_from, kept_to).
  kept_from date := case when from_date = date_trunc('month', from_date)::date then from_date else (date_trunc('month', from_date) + interval '1 month')::date end;
  kept_to date := date_trunc('month', to_date + 1)::date;
begin
  if private.access_scope('expenses') <> 'all' or kept_from >= kept_to then
    kept_from := to_date + 1;
    kept_to := to_date + 1;
  end if;
  return query
  with parts as (
    select k.kind, k.category_id, k.total, k.entries from private.finance_month_category_totals(kept_from, kept_to) k
    union all
    select e.kind, e.category_id, e.amount_ghs, 1::bigint
      from public.finance_entries e
      left join public.finance_accounts a on a.id = e.account_id
     where (e.entry_date between from_date and kept_from - 1 or e.entry_date between kept_to and to_date)
       and e.status = 'approved' and a.kind is distinct from 'client_trust'
  )
  select p.kind, c.id, c.name, sum(p.total)::numeric(16, 2), sum(p.entries)::bigint
    from parts p
    join public.finance_categories c on c.id = p.category_id
   group by p.kind, c.id, c.name
  having sum(p.entries) > 0
   order by p.kind, sum(p.total) desc;
end $$;
comment on function public.finance_category_totals(date, date) is
  'Approved income and expenses per category in GHS for a period (client trust money apart), as the caller may see them; whole months from private.finance_month_categories for callers who see every entry.';
