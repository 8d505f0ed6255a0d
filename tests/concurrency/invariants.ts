/**
 * What must hold after any number of concurrent writers, read as the database owner:
 *   - every kept total equals a fresh count of its rows (invoice and payment list counts, finance
 *     months and categories, the money report's months — the latter recomputed by
 *     private.rebuild_finance_months and private.rebuild_money_months inside a transaction that
 *     is rolled back);
 *   - every numbered series is gapless: for each series and year the numbers used are exactly
 *     1…the counter's last number, each once;
 *   - every document's amount_paid equals the sum of its payment allocations.
 * Each check returns the rows that break it (none when all is well), so a failure names them.
 */
import type pg from "pg";

export async function keptTotalsThatDiffer(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    const counts = await client.query<{ what: string }>(`
      select format('invoice_counts %s/%s/%s: kept %s, counted %s', kind, status, currency, coalesce(k.invoices, 0), coalesce(f.n, 0)) as what
        from private.invoice_counts k
        full join (select kind, status, currency, count(*) as n from public.invoices group by 1, 2, 3) f using (kind, status, currency)
       where coalesce(k.invoices, 0) <> coalesce(f.n, 0)
      union all
      select format('payment_counts %s/%s/%s: kept %s, counted %s', kind, method, online, coalesce(k.payments, 0), coalesce(f.n, 0))
        from private.payment_counts k
        full join (select kind, method, gateway is not null as online, count(*) as n from public.payments group by 1, 2, 3) f using (kind, method, online)
       where coalesce(k.payments, 0) <> coalesce(f.n, 0)`);
    await client.query("begin");
    try {
      await client.query(
        `create temp table kept_months on commit drop as select * from private.finance_months`,
      );
      await client.query(
        `create temp table kept_categories on commit drop as select * from private.finance_month_categories`,
      );
      await client.query(
        `create temp table kept_money_months on commit drop as select * from private.money_months`,
      );
      await client.query(`select private.rebuild_finance_months()`);
      await client.query(`select private.rebuild_money_months()`);
      const months = await client.query<{ what: string }>(`
        select format('finance_months %s: kept %s, recomputed %s', month, to_jsonb(k) - 'month', to_jsonb(f) - 'month') as what
          from (select month, income, expenses, vat_paid, client_money_in, client_money_out, pending_entries, vat_collected from kept_months) k
          full join (select month, income, expenses, vat_paid, client_money_in, client_money_out, pending_entries, vat_collected from private.finance_months) f using (month)
         where (coalesce(k.income, 0), coalesce(k.expenses, 0), coalesce(k.vat_paid, 0), coalesce(k.client_money_in, 0), coalesce(k.client_money_out, 0), coalesce(k.pending_entries, 0), coalesce(k.vat_collected, 0))
            <> (coalesce(f.income, 0), coalesce(f.expenses, 0), coalesce(f.vat_paid, 0), coalesce(f.client_money_in, 0), coalesce(f.client_money_out, 0), coalesce(f.pending_entries, 0), coalesce(f.vat_collected, 0))
        union all
        select format('finance_month_categories %s/%s/%s: kept %s × %s, recomputed %s × %s', month, kind, category_id, k.total, k.entries, f.total, f.entries)
          from (select month, kind, category_id, total, entries from kept_categories) k
          full join (select month, kind, category_id, total, entries from private.finance_month_categories) f using (month, kind, category_id)
         where (coalesce(k.total, 0), coalesce(k.entries, 0)) <> (coalesce(f.total, 0), coalesce(f.entries, 0))
        union all
        select format('money_months %s/%s: kept %s, recomputed %s', month, currency, to_jsonb(k) - 'month' - 'currency', to_jsonb(f) - 'month' - 'currency')
          from (select month, currency, invoiced, collected, vat, nhil, getfund, vat_flat from kept_money_months) k
          full join (select month, currency, invoiced, collected, vat, nhil, getfund, vat_flat from private.money_months) f using (month, currency)
         where (coalesce(k.invoiced, 0), coalesce(k.collected, 0), coalesce(k.vat, 0), coalesce(k.nhil, 0), coalesce(k.getfund, 0), coalesce(k.vat_flat, 0))
            <> (coalesce(f.invoiced, 0), coalesce(f.collected, 0), coalesce(f.vat, 0), coalesce(f.nhil, 0), coalesce(f.getfund, 0), coalesce(f.vat_flat, 0))`);
      return [...counts.rows, ...months.rows].map((r) => r.what);
    } finally {
      await client.query("rollback");
    }
  } finally {
    client.release();
  }
}

export async function numberingGaps(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ what: string }>(`
    with used as (
      select split_part(number, '-', 1) as series, split_part(number, '-', 2)::int as year, split_part(number, '-', 3)::int as n
        from (select number from public.invoices where number is not null
              union all
              select number from public.payments where number is not null) d
    )
    select format('%s-%s: %s numbers, %s distinct, highest %s, counter at %s', series, year, count(*), count(distinct n), max(n), c.last_number) as what
      from used u left join private.document_counters c using (series, year)
     group by series, year, c.last_number
    having count(*) <> count(distinct n) or count(*) <> max(n) or max(n) <> coalesce(c.last_number, max(n))`);
  return rows.map((r) => r.what);
}

export async function paidWithoutAllocations(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ what: string }>(`
    select format('%s: amount_paid %s, allocations %s', coalesce(i.number, i.id::text), i.amount_paid, coalesce(a.total, 0)) as what
      from public.invoices i
      left join (select invoice_id, sum(amount) as total from public.payment_allocations group by 1) a on a.invoice_id = i.id
     where i.amount_paid <> coalesce(a.total, 0)
     order by 1`);
  return rows.map((r) => r.what);
}
