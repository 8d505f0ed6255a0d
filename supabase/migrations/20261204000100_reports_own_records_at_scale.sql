-- Reports at scale for a staff member, who sees their own (or their branch's) records: the money
-- report read every invoice and payment of the period and let RLS drop all but theirs (a year of
-- ~23,500 invoices at seed:scale's size to find ~500). private.money_month_rows now also names
-- whose records the caller sees, the same condition as the invoices' and payments' policies, so
-- the planner reads them from the owner and assignee indexes. RLS still applies to every row; the
-- condition only says it again where the planner can use it. For a caller who sees everything,
-- and for the table owner rebuilding the kept totals (no caller: no condition), nothing changes.
create or replace function private.money_month_rows(period_from date, period_to date)
returns table (month date, currency text, invoiced numeric, collected numeric, vat numeric, nhil numeric,
               getfund numeric, vat_flat numeric)
language plpgsql stable set search_path = '' set plan_cache_mode = force_custom_plan as $$
declare
  -- Whose invoices and payments the caller sees under own or branch visibility; null otherwise.
  invoice_members uuid[] := case when private.access_scope('invoices') in ('own', 'branch')
                                 then private.scope_members('invoices') end;
  payment_members uuid[] := case when private.access_scope('payments') in ('own', 'branch')
                                 then private.scope_members('payments') end;
  me uuid := auth.uid();
begin
  return query
  with docs as (
    select date_trunc('month', i.issue_date)::date as m, i.currency as cur,
           case when i.kind = 'credit_note' then -1 else 1 end as sign, i.id, i.subtotal
      from public.invoices i
     where private.money_document_counts(i.kind, i.status, i.issue_date)
       and i.issue_date between period_from and period_to
       and (invoice_members is null or i.owner_id = any(invoice_members) or i.assignee_id = any(invoice_members))
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
       and (payment_members is null or p.owner_id = any(payment_members) or p.assignee_id = any(payment_members)
            or p.recorded_by = me)
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
    left join taxes on taxes.m = k.m and taxes.cur = k.cur;
end $$;
comment on function private.money_month_rows(date, date) is
  'Per month and currency of the period, from the rows the caller may read: revenue invoiced (issued invoices less credit notes, net of taxes), money collected (payments less refunds, by the day paid) and each tax code charged.';
