-- seed:scale — money at the size of two busy years: 50,000 invoices issued
-- from January 2025 to November 2026 by the 45 agents (commission at the standard rate, commercial
-- rent at the flat rate, exempt rent collected), one line each with its taxes; 80,000 payments
-- (mobile money on the three networks, bank transfer, card, cheque) with their receipts and
-- allocations, in part and in full, and the income each brings into the finances; 7,000 approved
-- expenses and 600 waiting for approval. The newest invoices are still open (sent, some overdue).
--
-- Loaded as a bulk import: the triggers that keep figures, numbers, audit and finances are off
-- for this transaction (session_replication_role = replica), so the rows carry what they would
-- have written: line totals, per-component taxes (the 2026 rates for every date — the table
-- holds only those; the benchmarks' cost does not depend on them), totals, gapless numbers per
-- series and year continuing the demo's, settled statuses, one income entry per payment; the
-- series counters move past them so the next document issued continues the series.
select setseed(0.34);
set local session_replication_role = replica;

-- Secondary indexes of the tables grown here are dropped for the load and built again at the end
-- (one sort each instead of 200,000 single inserts, trigram GIN ones included).
create temporary table scale_money_indexes on commit drop as
select i.indexname, i.indexdef
  from pg_indexes i
 where i.schemaname = 'public'
   and i.tablename in ('invoices', 'invoice_items', 'invoice_taxes', 'payments', 'payment_allocations', 'finance_entries')
   and not exists (select 1 from pg_constraint c where c.conname = i.indexname);
do $$
declare r record;
begin
  for r in select indexname from scale_money_indexes loop execute format('drop index public.%I', r.indexname); end loop;
end $$;

create temporary table scale_inv on commit drop as
with base as (
  select g,
         (date '2025-01-02' + ((g - 1)::bigint * 688 / 50000)::int) as issued,
         ('00000000-0000-4000-c000-' || lpad((4 + g % 45)::text, 12, '0'))::uuid as owner,
         case when g % 10 = 0 then 'flat_rate' when g % 10 = 5 then 'exempt' else 'standard' end as tax_class,
         random() as r
  from generate_series(1, 50000) g
)
select g, issued, owner, tax_class,
       ('7c000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid as id,
       case tax_class
         when 'standard' then round((2500 + r * r * 60000)::numeric, 0)
         when 'flat_rate' then round((6000 + r * 40000)::numeric, -1)
         else round((900 + r * 9000)::numeric, -1)
       end as net,
       (array['Kwame','Ama','Kofi','Akosua','Yaw','Abena','Kwabena','Adwoa','Kojo','Efua','Kwaku','Afia','Yaa','Nana','Esi','Fiifi','Mawuli','Selasi','Edem','Dzifa'])[1 + (g * 7) % 20]
         || ' ' ||
       (array['Mensah','Owusu','Boateng','Asante','Darko','Osei','Agyeman','Appiah','Ofori','Amoah','Quaye','Tetteh','Lartey','Addo','Ansah','Sarpong','Nkrumah','Danquah','Acheampong','Gyamfi'])[1 + (g * 13) % 20]
         || case when g % 6 = 0 then ' Enterprises Ltd' else '' end as client,
       -- Paid in full by g ≤ 47,000 (one payment or two), except every 23rd, paid in part.
       case when g > 47000 then 0 when g % 23 = 0 then 1 when g % 4 = 0 then 1 else 2 end as n_payments
  from base;

create temporary table scale_inv_fig on commit drop as
select i.*,
       case when tax_class = 'standard' then round(net * 0.15, 2) else 0 end as vat,
       case when tax_class = 'standard' then round(net * 0.025, 2) else 0 end as nhil,
       case when tax_class = 'standard' then round(net * 0.025, 2) else 0 end as getfund,
       case when tax_class = 'flat_rate' then round(net * 0.05, 2) else 0 end as vat_flat,
       lower(replace(client, ' ', '.')) || '.' || g || '@clients.scale.test' as email,
       (select greatest(coalesce(max(c.last_number), 0),
                        (select coalesce(max(split_part(x.number, '-', 3)::int), 0) from public.invoices x where x.number like 'INV-' || extract(year from i.issued) || '-%'))
          from private.document_counters c where c.series = 'INV' and c.year = extract(year from i.issued)::int)
         + row_number() over (partition by extract(year from i.issued) order by g) as seq
  from scale_inv i;

insert into public.invoices (id, kind, status, number, currency, issue_date, due_date, payment_terms_days, bill_to_name, bill_to_email,
                             bill_to_address, owner_id, created_by, issued_by, issued_at, subtotal, tax_total, total, amount_paid,
                             amount_credited, withholding, withholding_amount, payment_instructions, created_at, updated_at)
select id, 'invoice',
       case when n_payments = 0 then 'sent' when g % 23 = 0 and g <= 47000 then 'partially_paid' else 'paid' end,
       'INV-' || extract(year from issued) || '-' || lpad(seq::text, greatest(4, length(seq::text)), '0'), 'GHS', issued, issued + 14, 14, client, email,
       (10 + g % 90) || ' ' || (array['Boundary Road','Liberation Road','Oxford Street','Spintex Road','Lagos Avenue','Harlem Street','Ring Road'])[1 + g % 7] || ', Accra',
       owner, owner, owner, issued + time '10:00', net, vat + nhil + getfund + vat_flat, net + vat + nhil + getfund + vat_flat,
       case when n_payments = 0 then 0 when g % 23 = 0 then round((net + vat + nhil + getfund + vat_flat) * 0.4, 2) else net + vat + nhil + getfund + vat_flat end,
       0, 'none', 0, 'Bank transfer to GCB Bank, Airport City, or MTN MoMo merchant 012345. Cash is not accepted (Act 1047).',
       issued + time '09:00', issued + time '10:00'
  from scale_inv_fig;

insert into public.invoice_items (invoice_id, position, description, quantity, unit_price, discount_percent, tax_class, line_total, created_at, updated_at)
select id, 1,
       case tax_class
         when 'standard' then 'Agency commission: ' || (array['sale of a 3-bedroom house','letting of a 2-bedroom apartment','sale of a plot of land','property management, one quarter','valuation report'])[1 + g % 5]
         when 'flat_rate' then 'Commercial rent, ' || (array['shop','office suite','warehouse'])[1 + g % 3] || ', one month (VAT flat rate)'
         else 'Residential rent collected for the landlord (exempt)'
       end,
       1, net, 0, tax_class, net, issued + time '09:00', issued + time '09:00'
  from scale_inv_fig;

insert into public.invoice_taxes (invoice_id, tax_class, code, name, rate, base, amount, position, created_at, updated_at)
select f.id, f.tax_class, t.code, t.name, t.rate, f.net, t.amount, t.position, f.issued + time '10:00', f.issued + time '10:00'
  from scale_inv_fig f
  cross join lateral (values ('vat', 'VAT', 0.15, f.vat, 1), ('nhil', 'NHIL', 0.025, f.nhil, 2), ('getfund', 'GETFund Levy', 0.025, f.getfund, 3)) t(code, name, rate, amount, position)
 where f.tax_class = 'standard'
union all
select f.id, 'flat_rate', 'vat_flat', 'VAT Flat Rate', 0.05, f.net, f.vat_flat, 1, f.issued + time '10:00', f.issued + time '10:00'
  from scale_inv_fig f where f.tax_class = 'flat_rate';

-- ── Payments: the first (all, or 40 % when there are two or the invoice is paid in part) a few
-- days after issue, the second (the rest) a fortnight later ──
create temporary table scale_pay on commit drop as
with parts as (
  select f.*, p.part,
         case when f.n_payments = 2 and p.part = 1 then round((f.net + f.vat + f.nhil + f.getfund + f.vat_flat) * 0.4, 2)
              when f.n_payments = 2 then (f.net + f.vat + f.nhil + f.getfund + f.vat_flat) - round((f.net + f.vat + f.nhil + f.getfund + f.vat_flat) * 0.4, 2)
              when f.g % 23 = 0 then round((f.net + f.vat + f.nhil + f.getfund + f.vat_flat) * 0.4, 2)
              else f.net + f.vat + f.nhil + f.getfund + f.vat_flat end as amount,
         least(f.issued + case when p.part = 1 then 3 + f.g % 6 else 18 + f.g % 9 end, date '2026-11-22') as paid_on
    from scale_inv_fig f
    cross join lateral generate_series(1, f.n_payments) p(part)
)
select parts.*,
       ('7d000000-0000-4000-a000-' || lpad((g * 2 + part)::text, 12, '0'))::uuid as pay_id,
       (array['mobile_money','mobile_money','mobile_money','bank_transfer','bank_transfer','card','cheque'])[1 + (g + part) % 7] as method,
       (select greatest(coalesce(max(c.last_number), 0),
                        (select coalesce(max(split_part(x.number, '-', 3)::int), 0) from public.payments x where x.number like 'RCP-' || extract(year from parts.paid_on) || '-%'))
          from private.document_counters c where c.series = 'RCP' and c.year = extract(year from parts.paid_on)::int)
         + row_number() over (partition by extract(year from paid_on) order by paid_on, g, part) as pay_seq
  from parts;

insert into public.payments (id, number, kind, amount, currency, exchange_rate, method, momo_network, reference, paid_on, account_id,
                             payer_name, payer_email, client_key, owner_id, recorded_by, created_at, updated_at)
select pay_id, 'RCP-' || extract(year from paid_on) || '-' || lpad(pay_seq::text, greatest(4, length(pay_seq::text)), '0'), 'payment', amount, 'GHS', 1, method,
       case when method = 'mobile_money' then (array['mtn','mtn','telecel','airteltigo'])[1 + g % 4] end,
       case when method = 'cheque' then 'CHQ ' || (100000 + g) else upper(left(method, 3)) || '-' || (5000000 + g * 2 + part) end,
       paid_on,
       case when method = 'mobile_money' then '7a000000-0000-4000-a000-000000000002'::uuid
            when method = 'card' then '7a000000-0000-4000-a000-000000000004'::uuid
            else '7a000000-0000-4000-a000-000000000001'::uuid end,
       client, email, lower(email), owner, owner, paid_on + time '12:00', paid_on + time '12:00'
  from scale_pay;

insert into public.payment_allocations (payment_id, invoice_id, amount, created_at, updated_at)
select pay_id, id, amount, paid_on + time '12:00', paid_on + time '12:00' from scale_pay;

-- The income each payment brings (what private.payment_to_finances writes).
insert into public.finance_entries (kind, status, entry_date, amount, currency, exchange_rate, category_id, account_id, description,
                                    counterparty, reference, payment_id, owner_id, approved_at, created_at, updated_at)
select 'income', 'approved', p.paid_on, p.amount, 'GHS', 1, (select c.id from public.finance_categories c where c.code = 'client_payments'),
       pay.account_id, 'Receipt ' || pay.number, p.client, pay.reference, p.pay_id, p.owner, p.paid_on + time '12:00',
       p.paid_on + time '12:00', p.paid_on + time '12:00'
  from scale_pay p join public.payments pay on pay.id = p.pay_id;

-- ── Expenses: 7,000 approved over the two years, 600 waiting, spread over the categories ──
insert into public.finance_entries (kind, status, entry_date, amount, currency, exchange_rate, vat_amount, category_id, account_id,
                                    description, counterparty, owner_id, approved_at, approved_by, created_at, updated_at)
select 'expense', case when g > 7000 then 'pending' else 'approved' end, d, amt, 'GHS', 1,
       case when c.code in ('marketing', 'professional_fees', 'utilities') then round(amt * 0.2 / 1.2, 2) else 0 end,
       c.id, (array['7a000000-0000-4000-a000-000000000001','7a000000-0000-4000-a000-000000000002','7a000000-0000-4000-a000-000000000003'])[1 + g % 3]::uuid,
       c.name || ' (' || to_char(d, 'DD Mon YYYY') || ')', (array['Shell Ghana','ECG','Vodafone Business','Meqasa','Tonaton','Goil','Stanbic Bank','Ghana Water'])[1 + g % 8],
       ('00000000-0000-4000-c000-' || lpad((4 + g % 45)::text, 12, '0'))::uuid,
       case when g <= 7000 then d + time '17:00' end, case when g <= 7000 then '00000000-0000-4000-c000-000000000001'::uuid end,
       d + time '16:00', d + time '16:00'
  from (select g, (date '2025-01-02' + ((g - 1)::bigint * 688 / 7600)::int) as d, round((50 + random() * random() * 6000)::numeric, 2) as amt,
               1 + g % 8 as cat_no
          from generate_series(1, 7600) g) e
  join (select id, code, name, row_number() over (order by position) as n from public.finance_categories where kind = 'expense' and not is_system) c
    on c.n = 1 + (e.cat_no - 1) % 9;

-- The series continue after the imported numbers.
insert into private.document_counters (series, year, last_number)
select 'INV', extract(year from issued)::int, max(seq) from scale_inv_fig group by 2
union all
select 'RCP', extract(year from paid_on)::int, max(pay_seq) from scale_pay group by 2
on conflict (series, year) do update set last_number = greatest(private.document_counters.last_number, excluded.last_number);

do $$
declare r record;
begin
  for r in select indexdef from scale_money_indexes loop execute r.indexdef; end loop;
end $$;

analyze public.invoices;
analyze public.invoice_items;
analyze public.invoice_taxes;
analyze public.payments;
analyze public.payment_allocations;
analyze public.finance_entries;
