-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Invoices & receipts (issue 14), part 1: documents, their figures, numbering and immutability.
--
--   • One table of documents: invoices, quotes, proformas and credit notes (`kind`), each with its
--     own gapless series per year (INV-2026-0001, QUO-…, PRO-…, CRN-…), the number given only when
--     the document is issued by public.issue_invoice(invoice_id) — never reused, gapless even when
--     many are issued at once: the series' counter row in private.document_counters is locked
--     FOR UPDATE inside the issuing transaction, so a concurrent issuer waits for the commit (or
--     the rollback, which returns the number) before it takes the next one.
--   • Figures kept by the database from the lines: invoice_items.line_total, invoice_taxes (one
--     row per tax component) and invoices.subtotal / tax_total / total, computed by
--     private.recompute_invoice with the rates of public.tax_rates valid on the tax date — the rule
--     of core/invoices-receipts/invoice-totals.ts (round half away from zero, per line, then per component on
--     the class's base). A client that writes a total that does not match the lines is refused.
--   • Issued documents are never edited or deleted (for every caller, the secret key included):
--     corrections are credit notes that reference the invoice. Quotes and proformas convert into
--     a draft invoice. Settlement columns (amount_paid, amount_credited, status) move only through
--     the money functions (payments, credit notes, void).
--   • USD documents carry the USD→GHS rate of their issue date (exchange_rates); rent invoices to
--     corporate tenants carry the rent-tax withholding (rates dated in tax_rates, class rent_tax).
--   • E-VAT: the GRA's invoice id, SDC time and QR payload, recorded once after issue.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Rates: rent tax withheld by corporate tenants (8 % residential, 15 % commercial) ─────────
alter table public.tax_rates drop constraint tax_rates_tax_class_check;
alter table public.tax_rates add constraint tax_rates_tax_class_check
  check (tax_class in ('standard', 'flat_rate', 'exempt', 'rent_tax'));
comment on column public.tax_rates.tax_class is
  'standard (VAT + NHIL + GETFund), flat_rate (VAT flat rate), exempt (no rows), rent_tax (withholding by corporate tenants: codes residential, commercial).';
insert into public.tax_rates (tax_class, code, name, rate, valid_from, position) values
  ('rent_tax', 'residential', 'Rent tax (residential)', 0.08, '2026-01-01', 1),
  ('rent_tax', 'commercial', 'Rent tax (commercial)', 0.15, '2026-01-01', 2)
on conflict (tax_class, code, valid_from) do nothing;

-- ── Documents ────────────────────────────────────────────────────────────────────────────────
alter table public.invoices drop constraint invoices_number_check;
alter table public.invoices drop constraint invoices_status_check;
alter table public.invoices alter column number drop not null;
alter table public.invoices alter column issue_date drop not null;
alter table public.invoices
  add column kind text not null default 'invoice' check (kind in ('invoice', 'quote', 'proforma', 'credit_note')),
  add column subtotal numeric(14, 2) not null default 0,
  add column tax_total numeric(14, 2) not null default 0,
  add column total numeric(14, 2) not null default 0,
  add column amount_credited numeric(14, 2) not null default 0 check (amount_credited >= 0),
  add column payment_terms_days smallint not null default 14 check (payment_terms_days between 0 and 365),
  add column credited_invoice_id uuid references public.invoices (id) on delete restrict,
  add column credit_reason text check (char_length(credit_reason) <= 500),
  add column converted_from_id uuid references public.invoices (id) on delete set null,
  add column exchange_rate numeric(12, 4) check (exchange_rate > 0),
  add column exchange_rate_date date,
  add column withholding text not null default 'none' check (withholding in ('none', 'residential', 'commercial')),
  add column withholding_rate numeric(6, 4),
  add column withholding_amount numeric(14, 2) not null default 0,
  add column gra_sdc_time timestamptz,
  add column issued_at timestamptz,
  add column issued_by uuid references auth.users (id) on delete set null,
  add column last_sent_at timestamptz,
  add column last_sent_to text,
  add column voided_at timestamptz,
  add column void_reason text check (char_length(void_reason) <= 500),
  -- Whose money this is, for client credit: the bill-to e-mail, else the name.
  add column client_key text generated always as (lower(coalesce(nullif(btrim(bill_to_email), ''), btrim(bill_to_name)))) stored,
  add column search_text text generated always as (
    lower(coalesce(number, '') || ' ' || bill_to_name || ' ' || coalesce(bill_to_email, '') || ' ' || coalesce(bill_to_phone, ''))
  ) stored;
alter table public.invoices add constraint invoices_status_check
  check (status in ('draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void', 'converted'));
alter table public.invoices add constraint invoices_number_check
  check (number ~ '^(INV|QUO|PRO|CRN)-[0-9]{4}-[0-9]{4,}$');
alter table public.invoices add constraint invoices_issued_has_number
  check ((status = 'draft') = (number is null));
alter table public.invoices add constraint invoices_credit_note_credits
  check ((kind = 'credit_note') = (credited_invoice_id is not null));
alter table public.invoices add constraint invoices_settlement_in_range
  check (amount_paid >= 0 and total >= 0 and subtotal >= 0 and tax_total >= 0);

comment on column public.invoices.kind is 'invoice | quote | proforma | credit_note (a credit note reduces the invoice it credits).';
comment on column public.invoices.number is 'Given at issue by issue_invoice(): <series>-<year>-<n>, gapless per series and year; null while a draft.';
comment on column public.invoices.status is 'draft → sent (issued) → partially_paid → paid; void; converted (a quote/proforma turned into an invoice). Overdue is derived from due_date.';
comment on column public.invoices.subtotal is 'Σ line nets, kept by the database from invoice_items (private.recompute_invoice).';
comment on column public.invoices.tax_total is 'Σ invoice_taxes.amount, kept by the database.';
comment on column public.invoices.total is 'subtotal + tax_total, kept by the database; a client cannot store another figure.';
comment on column public.invoices.amount_paid is 'Σ payment allocations to this invoice (payments and refunds), kept by the payment functions.';
comment on column public.invoices.amount_credited is 'Σ totals of the issued credit notes that credit this invoice.';
comment on column public.invoices.exchange_rate is 'USD documents: GHS per USD on the issue date (exchange_rates), printed with its date.';
comment on column public.invoices.withholding is 'Rent tax the corporate tenant withholds and pays to the GRA: none, residential (8 %) or commercial (15 %), rate of the issue date.';
comment on column public.invoices.gra_sdc_time is 'E-VAT: the time the GRA''s sales data controller signed the invoice.';
comment on column public.invoices.client_key is 'lower(bill-to e-mail, else name): whose overpayments and credit notes are held as client credit.';

create index invoices_kind_status_issue_idx on public.invoices (kind, status, issue_date desc nulls first, id);
create index invoices_open_due_idx on public.invoices (due_date) where status in ('sent', 'partially_paid') and kind = 'invoice';
create index invoices_updated_idx on public.invoices (updated_at desc);
create index invoices_client_key_idx on public.invoices (client_key);
create index invoices_credited_invoice_idx on public.invoices (credited_invoice_id);
create unique index invoices_converted_from_once_idx on public.invoices (converted_from_id);
create index invoices_issued_by_idx on public.invoices (issued_by);
create index invoices_search_idx on public.invoices using gin (search_text extensions.gin_trgm_ops);

-- ── Lines ────────────────────────────────────────────────────────────────────────────────────
alter table public.invoice_items
  add column discount_percent numeric(5, 2) not null default 0 check (discount_percent between 0 and 100),
  add column line_total numeric(14, 2) not null default 0;
comment on column public.invoice_items.line_total is 'round(quantity × unit_price × (100 − discount_percent) / 100, 2), kept by the database.';

-- ── Taxes per component ──────────────────────────────────────────────────────────────────────
create table public.invoice_taxes (
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  tax_class text not null check (tax_class in ('standard', 'flat_rate')),
  code text not null,
  name text not null,
  rate numeric(6, 4) not null,
  base numeric(14, 2) not null,
  amount numeric(14, 2) not null,
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (invoice_id, tax_class, code)
);
comment on table public.invoice_taxes is
  'One row per tax component of a document (VAT, NHIL, GETFund, VAT flat rate): base = Σ line nets of the class, amount = round(base × rate). Written only by private.recompute_invoice.';
create trigger invoice_taxes_set_updated_at before update on public.invoice_taxes
  for each row execute function private.set_updated_at();
alter table public.invoice_taxes enable row level security;
create policy "Staff read taxes of documents they may see" on public.invoice_taxes
  for select to authenticated using (exists (select 1 from public.invoices i where i.id = invoice_id));
revoke all on public.invoice_taxes from anon;
revoke insert, update, delete, truncate on public.invoice_taxes from authenticated;

-- ── Gapless counters (not exposed: only the issuing functions touch them) ───────────────────
create table private.document_counters (
  series text not null check (series ~ '^[A-Z]{3}$'),
  year integer not null check (year between 2000 and 2999),
  last_number integer not null check (last_number >= 0),
  updated_at timestamptz not null default now(),
  primary key (series, year)
);
comment on table private.document_counters is
  'Last number given per series and year. Locked FOR UPDATE by the transaction that issues a document, so numbers are gapless and unique under concurrency.';
-- Documents issued before this migration (the seeded INV-2026-0001/0002) keep their numbers.
insert into private.document_counters (series, year, last_number)
select split_part(number, '-', 1), split_part(number, '-', 2)::int, max(split_part(number, '-', 3)::int)
  from public.invoices where number is not null
 group by 1, 2
on conflict (series, year) do update set last_number = greatest(private.document_counters.last_number, excluded.last_number);

create or replace function private.document_series(kind text) returns text
language sql immutable set search_path = '' as $$
  select case kind when 'invoice' then 'INV' when 'quote' then 'QUO' when 'proforma' then 'PRO'
                   when 'credit_note' then 'CRN' when 'receipt' then 'RCP' when 'refund' then 'RFD' end
$$;

-- The highest number of a series and year already on a document (0 when none).
create or replace function private.highest_document_number(series text, yr integer) returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce(max(split_part(i.number, '-', 3)::int), 0) from public.invoices i
   where i.number like series || '-' || yr || '-%'
$$;

-- The next number of a series in the caller's transaction: the counter row stays locked until
-- the transaction ends, so a second issuer waits here and then sees the committed number.
create or replace function private.next_document_number(series text, on_date date) returns text
language plpgsql security definer set search_path = '' as $$
declare
  yr integer := extract(year from on_date)::int;
  n integer;
begin
  -- A series' first number of the year continues after documents numbered outside this counter
  -- (seeded or imported rows).
  insert into private.document_counters (series, year, last_number)
  values (series, yr, private.highest_document_number(series, yr))
  on conflict do nothing;
  select c.last_number + 1 into n from private.document_counters c
   where c.series = next_document_number.series and c.year = yr
   for update;
  update private.document_counters c set last_number = n, updated_at = now()
   where c.series = next_document_number.series and c.year = yr;
  return format('%s-%s-%s', series, yr, lpad(n::text, 4, '0'));
end $$;
comment on function private.next_document_number(text, date) is
  'INV-2026-0042: takes the next number of the series for the year, holding the counter row locked until the caller''s transaction ends.';

-- ── Internal changes: the money functions say so, the guards let them through ──────────────
-- The money functions run with `set "money.internal" = 'on'` in their definition: Postgres sets it
-- for the call and restores it when the call returns, so only what happens inside them passes
-- (the setting cannot be changed through the API: set_config is not an exposed function).
create or replace function private.money_internal() returns boolean
language sql stable set search_path = '' as $$
  select coalesce(current_setting('money.internal', true), '') = 'on'
$$;

create or replace function private.today_accra() returns date
language sql stable set search_path = '' as $$
  select (now() at time zone 'Africa/Accra')::date
$$;

-- ── The figures ─────────────────────────────────────────────────────────────────────────────
create or replace function private.invoice_tax_date(inv public.invoices) returns date
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select c.issue_date from public.invoices c where c.id = inv.credited_invoice_id),
    inv.issue_date,
    private.today_accra())
$$;

-- Recomputes a document's taxes and totals from its lines (core/invoices-receipts/invoice-totals.ts).
-- strict: raise when a taxable class has no rates on the tax date (issuing needs them);
-- otherwise such a class is left untaxed on a draft and the issue check catches it.
create or replace function private.recompute_invoice(target uuid, strict boolean default false) returns void
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  inv public.invoices;
  tax_date date;
  missing text;
  sub numeric(14, 2);
  tax numeric(14, 2);
  wh_rate numeric(6, 4);
begin
  select * into inv from public.invoices where id = target;
  if not found then return; end if;
  tax_date := private.invoice_tax_date(inv);
  select string_agg(distinct it.tax_class, ', ') into missing
    from public.invoice_items it
   where it.invoice_id = target and it.tax_class <> 'exempt'
     and not exists (select 1 from public.tax_rates r where r.tax_class = it.tax_class
                      and r.valid_from <= tax_date and (r.valid_to is null or r.valid_to > tax_date));
  if missing is not null and strict then
    raise exception 'No tax rates for % lines on %: add them to the tax rates table first.', replace(missing, '_', ' '), tax_date
      using errcode = 'P0001';
  end if;
  delete from public.invoice_taxes where invoice_id = target;
  insert into public.invoice_taxes (invoice_id, tax_class, code, name, rate, base, amount, position)
  select target, b.tax_class, r.code, r.name, r.rate, b.base, round(b.base * r.rate, 2), r.position
    from (select it.tax_class, sum(it.line_total) as base from public.invoice_items it
           where it.invoice_id = target and it.tax_class <> 'exempt' group by it.tax_class) b
    join public.tax_rates r on r.tax_class = b.tax_class and r.valid_from <= tax_date and (r.valid_to is null or r.valid_to > tax_date);
  select coalesce(sum(line_total), 0) into sub from public.invoice_items where invoice_id = target;
  select coalesce(sum(amount), 0) into tax from public.invoice_taxes where invoice_id = target;
  wh_rate := case when inv.withholding = 'none' then null else
    (select r.rate from public.tax_rates r where r.tax_class = 'rent_tax' and r.code = inv.withholding
        and r.valid_from <= tax_date and (r.valid_to is null or r.valid_to > tax_date) order by r.valid_from desc limit 1) end;
  if inv.withholding <> 'none' and wh_rate is null and strict then
    raise exception 'No rent tax rate (%) on %: add it to the tax rates table first.', inv.withholding, tax_date using errcode = 'P0001';
  end if;
  update public.invoices
     set subtotal = sub, tax_total = tax, total = sub + tax,
         withholding_rate = wh_rate,
         withholding_amount = coalesce(round(sub * wh_rate, 2), 0)
   where id = target
     and (subtotal, tax_total, total, withholding_rate, withholding_amount)
         is distinct from (sub, tax, sub + tax, wh_rate, coalesce(round(sub * wh_rate, 2), 0));
end $$;
comment on function private.recompute_invoice(uuid, boolean) is
  'Taxes (invoice_taxes) and totals of a document from its lines and the rates valid on its tax date (the rule of core/invoices-receipts/invoice-totals.ts).';

-- Settlement status from the amounts (core/money/invoice-rules.ts settlementStatus).
create or replace function private.settlement_status(kind text, status text, total numeric, paid numeric, credited numeric) returns text
language sql immutable set search_path = '' as $$
  select case
    when status in ('draft', 'void', 'converted') or kind in ('quote', 'proforma', 'credit_note') then status
    when total > 0 and paid + credited >= total then case when paid > 0 then 'paid' else 'void' end
    when paid > 0 then 'partially_paid'
    else 'sent'
  end
$$;

-- ── Guards ───────────────────────────────────────────────────────────────────────────────────
create or replace function private.guard_invoice() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  internal boolean := private.money_internal();
  via_api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated', 'service_role');
  -- Columns anyone who may edit the record may still change once it is issued.
  free_after_issue text[] := array['updated_at', 'owner_id', 'assignee_id', 'last_sent_at', 'last_sent_to'];
  -- Columns recorded once after issue (E-VAT), when still empty.
  evat text[] := array['gra_invoice_id', 'gra_qr_code', 'gra_sdc_time'];
  -- Columns only the money functions write.
  system_cols text[] := array['number', 'status', 'subtotal', 'tax_total', 'total', 'amount_paid', 'amount_credited',
                              'issued_at', 'issued_by', 'voided_at', 'void_reason', 'exchange_rate', 'exchange_rate_date',
                              'withholding_rate', 'withholding_amount', 'converted_from_id'];
  o jsonb;
  n jsonb;
  k text;
begin
  if tg_op = 'DELETE' then
    if old.status <> 'draft' and via_api then
      raise exception '% has been issued and is never deleted: issue a credit note instead.', old.number using errcode = 'P0001';
    end if;
    return old;
  end if;
  if tg_op = 'INSERT' then
    if via_api and not internal then
      if new.status <> 'draft' or new.number is not null then
        raise exception 'A new document starts as a draft; it gets its number when it is issued.' using errcode = 'P0001';
      end if;
      if coalesce(new.subtotal, 0) <> 0 or coalesce(new.tax_total, 0) <> 0 or coalesce(new.total, 0) <> 0 then
        raise exception 'The totals are computed from the lines: a new document without lines totals 0.00, not %.', new.total
          using errcode = 'P0001';
      end if;
      if coalesce(new.amount_paid, 0) <> 0 or coalesce(new.amount_credited, 0) <> 0 or new.issued_at is not null or new.converted_from_id is not null then
        raise exception 'Payments, credits and issue details are recorded by the money functions, not set on a new document.' using errcode = 'P0001';
      end if;
    end if;
    if via_api and not internal then
      -- Set at issue, never typed in.
      new.exchange_rate := null;
      new.exchange_rate_date := null;
      new.withholding_rate := null;
      new.withholding_amount := 0;
      new.voided_at := null;
      new.void_reason := null;
      new.issued_by := null;
    end if;
    return new;
  end if;

  -- UPDATE
  if internal or not via_api then return new; end if;
  if (new.subtotal, new.tax_total, new.total) is distinct from (old.subtotal, old.tax_total, old.total) then
    raise exception 'The totals are computed from the lines (subtotal %, tax %, total %): a total of % does not match them.',
      old.subtotal, old.tax_total, old.total, new.total using errcode = 'P0001';
  end if;
  o := to_jsonb(old);
  n := to_jsonb(new);
  if old.status = 'draft' then
    foreach k in array system_cols loop
      if (n -> k) is distinct from (o -> k) then
        raise exception 'The % of a document is set by the money functions (issue, payments, credit notes), not edited.', replace(k, '_', ' ')
          using errcode = 'P0001';
      end if;
    end loop;
    if new.kind is distinct from old.kind and (old.kind = 'credit_note' or new.kind = 'credit_note') then
      raise exception 'A credit note stays a credit note, and a document becomes one only through "Credit note" on an invoice.' using errcode = 'P0001';
    end if;
    if new.credited_invoice_id is distinct from old.credited_invoice_id then
      raise exception 'The invoice a credit note credits cannot change.' using errcode = 'P0001';
    end if;
    return new;
  end if;
  foreach k in array evat loop
    if (n -> k) is distinct from (o -> k) and (o ->> k) is not null then
      raise exception 'The E-VAT % of % is already recorded and cannot change.', replace(k, '_', ' '), old.number using errcode = 'P0001';
    end if;
  end loop;
  if (n - free_after_issue - evat) is distinct from (o - free_after_issue - evat) then
    raise exception '% has been issued and cannot be edited: issue a credit note instead.', old.number using errcode = 'P0001';
  end if;
  return new;
end $$;
comment on function private.guard_invoice() is
  'Issued documents are immutable (credit notes instead); totals and settlement columns are written only by the money functions; drafts start without number or figures.';
create trigger invoices_guard before insert or update or delete on public.invoices
  for each row execute function private.guard_invoice();

create or replace function private.guard_invoice_item() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invoices;
  target uuid := coalesce(new.invoice_id, old.invoice_id);
begin
  if tg_op = 'UPDATE' and new.invoice_id is distinct from old.invoice_id then
    raise exception 'A line stays on its document.' using errcode = 'P0001';
  end if;
  select * into inv from public.invoices where id = target;
  if found and inv.status <> 'draft' and coalesce(auth.role(), '') in ('anon', 'authenticated', 'service_role') and not private.money_internal() then
    raise exception '% has been issued and cannot be edited: issue a credit note instead.', inv.number using errcode = 'P0001';
  end if;
  if tg_op = 'DELETE' then return old; end if;
  new.line_total := round(new.quantity * new.unit_price * (100 - new.discount_percent) / 100, 2);
  return new;
end $$;
create trigger invoice_items_guard before insert or update or delete on public.invoice_items
  for each row execute function private.guard_invoice_item();

-- After the lines change, the figures follow (once per statement and document).
create or replace function private.invoice_items_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target uuid;
begin
  for target in
    select invoice_id from new_rows union select invoice_id from old_rows
  loop
    perform private.recompute_invoice(target);
  end loop;
  return null;
end $$;
create or replace function private.invoice_items_inserted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target uuid;
begin
  for target in select distinct invoice_id from new_rows loop perform private.recompute_invoice(target); end loop;
  return null;
end $$;
create or replace function private.invoice_items_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target uuid;
begin
  for target in select distinct invoice_id from old_rows loop perform private.recompute_invoice(target); end loop;
  return null;
end $$;
create trigger invoice_items_recompute_insert after insert on public.invoice_items
  referencing new table as new_rows for each statement execute function private.invoice_items_inserted();
create trigger invoice_items_recompute_update after update on public.invoice_items
  referencing new table as new_rows old table as old_rows for each statement execute function private.invoice_items_changed();
create trigger invoice_items_recompute_delete after delete on public.invoice_items
  referencing old table as old_rows for each statement execute function private.invoice_items_deleted();

-- The tax date or the withholding of a draft changed: the figures follow.
create or replace function private.invoice_terms_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'draft' and (new.issue_date, new.withholding) is distinct from (old.issue_date, old.withholding) then
    perform private.recompute_invoice(new.id);
  end if;
  return null;
end $$;
create trigger invoices_recompute_terms after update of issue_date, withholding on public.invoices
  for each row execute function private.invoice_terms_changed();

-- ── Figures of the documents that exist already ─────────────────────────────────────────────
update public.invoice_items set line_total = round(quantity * unit_price * (100 - discount_percent) / 100, 2);
select private.recompute_invoice(id) from public.invoices;

-- ── Issuing ─────────────────────────────────────────────────────────────────────────────────
-- May the caller work on this document (record-level access of module 'invoices')?
create or replace function private.can_work_on_invoice(inv public.invoices) returns boolean
language sql stable security definer set search_path = '' as $$
  -- The secret key and direct SQL (seeds, imports) act for the company; users by their access.
  -- coalesce: can_access_owned() is null (not false) for someone else's row without an assignee.
  select coalesce(auth.role(), '') not in ('anon', 'authenticated') or coalesce(private.can_access_owned('invoices', inv.owner_id, inv.assignee_id), false)
$$;

create or replace function private.invoice_for_update(invoice_id uuid) returns public.invoices
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invoices;
begin
  select * into inv from public.invoices i where i.id = invoice_for_update.invoice_id for update;
  if not found or not private.can_work_on_invoice(inv) then
    raise exception 'Document not found, or you may not work on it.' using errcode = 'P0002';
  end if;
  return inv;
end $$;

-- The issue itself, on a given date (issue_invoice uses today; seeds and imports load history).
create or replace function private.issue_document(target uuid, today date) returns text
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  inv public.invoices;
  credited public.invoices;
  rate numeric(12, 4);
  rate_on date;
  issued_number text;
  credit_room numeric(14, 2);
begin
  select * into inv from public.invoices i where i.id = target for update;
  if inv.status <> 'draft' then
    raise exception '% is already issued.', inv.number using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.invoice_items it where it.invoice_id = inv.id) then
    raise exception 'A document needs at least one line before it is issued.' using errcode = 'P0001';
  end if;
  if inv.kind = 'credit_note' then
    select * into credited from public.invoices c where c.id = inv.credited_invoice_id for update;
    if credited.status in ('draft', 'void', 'converted') or credited.kind <> 'invoice' then
      raise exception 'A credit note credits an issued invoice (% is %).', coalesce(credited.number, 'the draft'), credited.status using errcode = 'P0001';
    end if;
    if credited.currency <> inv.currency then
      raise exception 'A credit note is in the currency of its invoice (%).', credited.currency using errcode = 'P0001';
    end if;
  end if;

  update public.invoices i set issue_date = today where i.id = inv.id;
  perform private.recompute_invoice(inv.id, true);
  select * into inv from public.invoices i where i.id = inv.id;
  if inv.total <= 0 then
    raise exception 'A document of 0.00 is not issued: check its lines.' using errcode = 'P0001';
  end if;
  if inv.kind = 'credit_note' then
    credit_room := credited.total - credited.amount_credited;
    if inv.total > credit_room then
      raise exception 'This credit note (% %) is more than what is left to credit on % (% %).',
        inv.currency, inv.total, credited.number, credited.currency, credit_room using errcode = 'P0001';
    end if;
  end if;
  if inv.currency <> 'GHS' then
    select r.rate, r.effective_on into rate, rate_on from public.exchange_rates r
     where r.base_currency = inv.currency and r.quote_currency = 'GHS' and r.effective_on <= today
     order by r.effective_on desc limit 1;
    if rate is null then
      raise exception 'No % → GHS rate on or before %: add today''s rate first.', inv.currency, today using errcode = 'P0001';
    end if;
  end if;

  issued_number := private.next_document_number(private.document_series(inv.kind), today);
  update public.invoices i
     set number = issued_number, status = 'sent', issued_at = now(), issued_by = auth.uid(),
         due_date = case when inv.kind = 'credit_note' then null else today + inv.payment_terms_days end,
         exchange_rate = rate, exchange_rate_date = rate_on
   where i.id = inv.id;

  if inv.kind = 'credit_note' then
    update public.invoices c
       set amount_credited = c.amount_credited + inv.total,
           status = private.settlement_status(c.kind, c.status, c.total, c.amount_paid, c.amount_credited + inv.total)
     where c.id = credited.id;
  end if;
  return issued_number;
end $$;

create or replace function public.issue_invoice(invoice_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invoices;
begin
  if coalesce(auth.role(), '') <> 'service_role' and not private.is_staff_or_admin() then
    raise exception 'Only staff may issue documents.' using errcode = '42501';
  end if;
  -- Locks the document and checks the caller's record-level access.
  inv := private.invoice_for_update(invoice_id);
  return private.issue_document(inv.id, private.today_accra());
end $$;
comment on function public.issue_invoice(uuid) is
  'Issues a draft (invoice, quote, proforma or credit note): today''s date, its figures with the rates in force, the USD rate, and the next gapless number of its series, returned. A credit note reduces its invoice.';

-- ── Void, credit notes, conversion ──────────────────────────────────────────────────────────
create or replace function public.void_invoice(invoice_id uuid, reason text) returns void
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  inv public.invoices;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff may void documents.' using errcode = '42501'; end if;
  inv := private.invoice_for_update(invoice_id);
  if inv.status = 'draft' then raise exception 'A draft is deleted, not voided.' using errcode = 'P0001'; end if;
  if inv.status in ('void', 'converted') then raise exception '% is already %.', inv.number, inv.status using errcode = 'P0001'; end if;
  if inv.kind = 'credit_note' then raise exception 'An issued credit note stays: issue an invoice to reverse it.' using errcode = 'P0001'; end if;
  if inv.amount_paid <> 0 or inv.amount_credited <> 0 then
    raise exception '% has payments or credit notes: issue a credit note for what is left instead of voiding it.', inv.number using errcode = 'P0001';
  end if;
  if char_length(btrim(coalesce(reason, ''))) < 3 then raise exception 'Say why the document is voided.' using errcode = '23514'; end if;
  update public.invoices i set status = 'void', voided_at = now(), void_reason = btrim(reason) where i.id = inv.id;
end $$;
comment on function public.void_invoice(uuid, text) is 'Voids an issued document with no payments or credits (its number stays used).';

create or replace function public.create_credit_note(invoice_id uuid, reason text default null) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invoices;
  note_id uuid;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff may create credit notes.' using errcode = '42501'; end if;
  inv := private.invoice_for_update(invoice_id);
  if inv.kind <> 'invoice' or inv.status in ('draft', 'void', 'converted') then
    raise exception 'Credit notes are for issued invoices.' using errcode = 'P0001';
  end if;
  insert into public.invoices (kind, currency, bill_to_name, bill_to_email, bill_to_phone, bill_to_address,
                               credited_invoice_id, credit_reason, notes, owner_id, assignee_id, created_by, payment_terms_days, withholding)
  values ('credit_note', inv.currency, inv.bill_to_name, inv.bill_to_email, inv.bill_to_phone, inv.bill_to_address,
          inv.id, nullif(btrim(reason), ''), format('Credit note for %s.', inv.number), coalesce(auth.uid(), inv.owner_id), inv.assignee_id, auth.uid(), 0, 'none')
  returning id into note_id;
  insert into public.invoice_items (invoice_id, position, description, quantity, unit_price, discount_percent, tax_class)
  select note_id, it.position, it.description, it.quantity, it.unit_price, it.discount_percent, it.tax_class
    from public.invoice_items it where it.invoice_id = inv.id;
  return note_id;
end $$;
comment on function public.create_credit_note(uuid, text) is
  'A draft credit note for an issued invoice, its lines copied (edit them down to what is credited, then issue it).';

create or replace function public.convert_quote(quote_id uuid) returns uuid
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  q public.invoices;
  new_id uuid;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff may convert quotes.' using errcode = '42501'; end if;
  q := private.invoice_for_update(quote_id);
  if q.kind not in ('quote', 'proforma') or q.status <> 'sent' then
    raise exception 'Only an issued quote or proforma converts into an invoice.' using errcode = 'P0001';
  end if;
  insert into public.invoices (kind, currency, bill_to_name, bill_to_email, bill_to_phone, bill_to_address, notes,
                               payment_instructions, converted_from_id, owner_id, assignee_id, created_by, payment_terms_days, withholding)
  values ('invoice', q.currency, q.bill_to_name, q.bill_to_email, q.bill_to_phone, q.bill_to_address, q.notes,
          q.payment_instructions, q.id, coalesce(auth.uid(), q.owner_id), q.assignee_id, auth.uid(), q.payment_terms_days, q.withholding)
  returning id into new_id;
  insert into public.invoice_items (invoice_id, position, description, quantity, unit_price, discount_percent, tax_class)
  select new_id, it.position, it.description, it.quantity, it.unit_price, it.discount_percent, it.tax_class
    from public.invoice_items it where it.invoice_id = q.id;
  update public.invoices i set status = 'converted' where i.id = q.id;
  return new_id;
end $$;
comment on function public.convert_quote(uuid) is 'Turns an issued quote or proforma into a draft invoice with the same lines (once); the quote becomes converted.';

-- Staff delete their own drafts (admins any draft); an issued document is never deleted (guard).
drop policy "Admins delete invoices" on public.invoices;
create policy "Admins and owners delete drafts" on public.invoices
  for delete to authenticated using (
    status = 'draft' and ((select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid())))
  );

-- ── Lists and the dashboard ─────────────────────────────────────────────────────────────────
create or replace function public.search_invoices(term text)
returns setof public.invoices
language sql stable security invoker set search_path = '' as $$
  select i.* from public.invoices i where i.id = any (private.search_ids('invoices', term))
$$;
comment on function public.search_invoices(text) is
  'Documents whose number, client name, e-mail or phone contain the term, as the caller may see them (RLS).';

create or replace function public.overdue_invoice_summary()
returns table (invoices bigint, outstanding_ghs numeric)
language sql stable security invoker set search_path = '' as $$
  select count(*), coalesce(sum((i.total - i.amount_paid - i.amount_credited) * coalesce(i.exchange_rate, 1)), 0)::numeric(16, 2)
    from public.invoices i
   where i.kind = 'invoice' and i.status in ('sent', 'partially_paid') and i.due_date < private.today_accra()
$$;
comment on function public.overdue_invoice_summary() is 'Overdue invoices the caller may see: how many, and what they still owe in GHS (dashboard).';

-- ── Public invoice: the stored figures (one definition of the totals) ───────────────────────
create or replace function public.get_public_invoice(invoice_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', inv.id,
    'kind', inv.kind,
    'number', inv.number,
    'status', private.invoice_display_status(inv.status, inv.due_date), -- overdue derived (20261124100000)
    'currency', inv.currency,
    'issue_date', inv.issue_date,
    'due_date', inv.due_date,
    'bill_to', jsonb_build_object('name', inv.bill_to_name, 'email', inv.bill_to_email, 'phone', inv.bill_to_phone, 'address', inv.bill_to_address),
    'notes', inv.notes,
    'payment_instructions', inv.payment_instructions,
    'gra_invoice_id', inv.gra_invoice_id,
    'gra_qr_code', inv.gra_qr_code,
    'gra_sdc_time', inv.gra_sdc_time,
    'exchange_rate', inv.exchange_rate,
    'exchange_rate_date', inv.exchange_rate_date,
    'withholding', inv.withholding,
    'withholding_rate', inv.withholding_rate,
    'withholding_amount', inv.withholding_amount,
    'credited_number', (select c.number from public.invoices c where c.id = inv.credited_invoice_id),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'description', it.description, 'quantity', it.quantity, 'unit_price', it.unit_price,
        'discount_percent', it.discount_percent, 'tax_class', it.tax_class, 'amount', it.line_total
      ) order by it.position, it.created_at)
      from public.invoice_items it where it.invoice_id = inv.id
    ), '[]'::jsonb),
    'taxes', coalesce((
      select jsonb_agg(jsonb_build_object('code', t.code, 'name', t.name, 'rate', t.rate, 'base', t.base, 'amount', t.amount)
                       order by t.tax_class, t.position, t.code)
      from public.invoice_taxes t where t.invoice_id = inv.id
    ), '[]'::jsonb),
    'subtotal', inv.subtotal,
    'tax_total', inv.tax_total,
    'total', inv.total,
    'amount_paid', inv.amount_paid,
    'amount_credited', inv.amount_credited,
    'balance_due', greatest(inv.total - inv.amount_paid - inv.amount_credited, 0),
    'can_pay_online', inv.kind = 'invoice' and inv.status in ('sent', 'partially_paid') and inv.total - inv.amount_paid - inv.amount_credited > 0
  )
  from public.invoices inv
  where inv.id = get_public_invoice.invoice_id and inv.status <> 'draft'
$$;
comment on function public.get_public_invoice(uuid) is
  'The public invoice page: one issued document by its unguessable id, with lines, taxes and the figures the database keeps; null when unknown or a draft.';
revoke all on function public.get_public_invoice(uuid) from public;
grant execute on function public.get_public_invoice(uuid) to anon, authenticated;

-- ── Grants ───────────────────────────────────────────────────────────────────────────────────
revoke all on function public.issue_invoice(uuid) from public, anon;
revoke all on function public.void_invoice(uuid, text) from public, anon;
revoke all on function public.create_credit_note(uuid, text) from public, anon;
revoke all on function public.convert_quote(uuid) from public, anon;
revoke all on function public.search_invoices(text) from public, anon;
revoke all on function public.overdue_invoice_summary() from public, anon;
grant execute on function public.issue_invoice(uuid) to authenticated, service_role;
grant execute on function public.void_invoice(uuid, text) to authenticated, service_role;
grant execute on function public.create_credit_note(uuid, text) to authenticated, service_role;
grant execute on function public.convert_quote(uuid) to authenticated, service_role;
grant execute on function public.search_invoices(text) to authenticated;
grant execute on function public.overdue_invoice_summary() to authenticated;
revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
