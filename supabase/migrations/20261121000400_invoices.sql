-- =============================================================================
-- Invoices (minimal): the public, printable invoice at /invoice/{invoiceId}.
-- The back-office (invoices & receipts) grows these tables later: numbered series,
-- payments, credit notes. Ghana taxes are kept in a dated table, not in code
-- (VAT Act 2025, Act 1151: from 1 Jan 2026 15 % VAT + 2.5 % NHIL + 2.5 % GETFund on the
-- same base; COVID-19 levy abolished).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Tax rates
-- -----------------------------------------------------------------------------
create table public.tax_rates (
  id uuid primary key default gen_random_uuid(),
  tax_class text not null check (tax_class in ('standard', 'flat_rate', 'exempt')),
  code text not null check (code ~ '^[a-z_]+$'),
  name text not null,
  rate numeric(6, 4) not null check (rate >= 0 and rate < 1),
  valid_from date not null,
  valid_to date,
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tax_class, code, valid_from),
  check (valid_to is null or valid_to > valid_from)
);
comment on table public.tax_rates is
  'Dated tax rates per tax class (Ghana: standard = VAT + NHIL + GETFund; flat_rate = 5 % VAT flat rate; exempt = none). An invoice uses the rates valid on its issue date.';
comment on column public.tax_rates.rate is 'Fraction, e.g. 0.15 for 15 %.';
create index tax_rates_class_dates_idx on public.tax_rates (tax_class, valid_from);

alter table public.tax_rates enable row level security;

create policy "Staff and admins can read tax rates"
  on public.tax_rates for select to authenticated
  using ((select private.is_staff_or_admin()));
create policy "Staff and admins can manage tax rates"
  on public.tax_rates for all to authenticated
  using ((select private.is_staff_or_admin()))
  with check ((select private.is_staff_or_admin()));

-- -----------------------------------------------------------------------------
-- Invoices
-- -----------------------------------------------------------------------------
create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (number ~ '^INV-[0-9]{4}-[0-9]{4,}$'),
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void')),
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  issue_date date not null default (now() at time zone 'Africa/Accra')::date,
  due_date date,
  bill_to_name text not null,
  bill_to_email text,
  bill_to_phone text,
  bill_to_address text,
  notes text,
  payment_instructions text,
  amount_paid numeric(14, 2) not null default 0 check (amount_paid >= 0),
  gra_invoice_id text,
  gra_qr_code text,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (due_date is null or due_date >= issue_date)
);
comment on table public.invoices is
  'Customer invoices. The id is the unguessable public link (/invoice/{id}); anonymous visitors read one invoice only through get_public_invoice, never the table.';
comment on column public.invoices.gra_invoice_id is 'E-VAT: invoice id issued by the GRA for VAT-registered businesses.';
comment on column public.invoices.gra_qr_code is 'E-VAT: the QR code payload issued by the GRA.';
comment on column public.invoices.payment_instructions is 'Bank transfer / mobile money details shown on the invoice (no cash: Act 1047).';
create index invoices_status_idx on public.invoices (status);
create index invoices_issue_date_idx on public.invoices (issue_date desc);

alter table public.invoices enable row level security;

create policy "Staff and admins can manage invoices"
  on public.invoices for all to authenticated
  using ((select private.is_staff_or_admin()))
  with check ((select private.is_staff_or_admin()));

-- -----------------------------------------------------------------------------
-- Invoice items
-- -----------------------------------------------------------------------------
create table public.invoice_items (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  position smallint not null default 0,
  description text not null check (length(description) between 1 and 500),
  quantity numeric(12, 2) not null default 1 check (quantity > 0),
  unit_price numeric(14, 2) not null check (unit_price >= 0),
  tax_class text not null default 'standard' check (tax_class in ('standard', 'flat_rate', 'exempt')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.invoice_items is 'Line items of an invoice; taxes follow the item''s tax class and the rates valid on the invoice''s issue date.';
create index invoice_items_invoice_idx on public.invoice_items (invoice_id, position);

alter table public.invoice_items enable row level security;

create policy "Staff and admins can manage invoice items"
  on public.invoice_items for all to authenticated
  using ((select private.is_staff_or_admin()))
  with check ((select private.is_staff_or_admin()));

-- -----------------------------------------------------------------------------
-- updated_at
-- -----------------------------------------------------------------------------
create trigger invoices_touch_updated_at before update on public.invoices
  for each row execute function private.set_updated_at();
create trigger invoice_items_touch_updated_at before update on public.invoice_items
  for each row execute function private.set_updated_at();
create trigger tax_rates_touch_updated_at before update on public.tax_rates
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------
-- Public read: one invoice by its id, with items, taxes and totals.
-- Drafts are not public. Returns null for an unknown or draft invoice.
-- -----------------------------------------------------------------------------
create or replace function public.get_public_invoice(invoice_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with inv as (
    select i.* from public.invoices i
    where i.id = get_public_invoice.invoice_id and i.status <> 'draft'
  ),
  items as (
    select it.*, round(it.quantity * it.unit_price, 2) as amount
    from public.invoice_items it
    join inv on inv.id = it.invoice_id
  ),
  taxes as (
    select r.code, r.name, r.rate, r.position,
           round(sum(items.amount) * r.rate, 2) as base_tax,
           sum(items.amount) as base
    from items
    join inv on true
    join public.tax_rates r
      on r.tax_class = items.tax_class
     and r.valid_from <= inv.issue_date
     and (r.valid_to is null or r.valid_to > inv.issue_date)
    group by r.code, r.name, r.rate, r.position
  ),
  totals as (
    select
      coalesce((select sum(amount) from items), 0)::numeric(14, 2) as subtotal,
      coalesce((select sum(base_tax) from taxes), 0)::numeric(14, 2) as tax_total
  )
  select jsonb_build_object(
    'id', inv.id,
    'number', inv.number,
    'status', inv.status,
    'currency', inv.currency,
    'issue_date', inv.issue_date,
    'due_date', inv.due_date,
    'bill_to', jsonb_build_object(
      'name', inv.bill_to_name,
      'email', inv.bill_to_email,
      'phone', inv.bill_to_phone,
      'address', inv.bill_to_address
    ),
    'notes', inv.notes,
    'payment_instructions', inv.payment_instructions,
    'gra_invoice_id', inv.gra_invoice_id,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'description', items.description,
        'quantity', items.quantity,
        'unit_price', items.unit_price,
        'tax_class', items.tax_class,
        'amount', items.amount
      ) order by items.position, items.created_at)
      from items
    ), '[]'::jsonb),
    'taxes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'code', taxes.code,
        'name', taxes.name,
        'rate', taxes.rate,
        'base', taxes.base,
        'amount', taxes.base_tax
      ) order by taxes.position, taxes.code)
      from taxes
    ), '[]'::jsonb),
    'subtotal', totals.subtotal,
    'tax_total', totals.tax_total,
    'total', totals.subtotal + totals.tax_total,
    'amount_paid', inv.amount_paid,
    'balance_due', greatest(totals.subtotal + totals.tax_total - inv.amount_paid, 0)
  )
  from inv, totals;
$$;

comment on function public.get_public_invoice(uuid) is
  'The public invoice page: one non-draft invoice by its unguessable id, with items, taxes (dated rates) and totals; null when unknown.';

revoke all on function public.get_public_invoice(uuid) from public;
grant execute on function public.get_public_invoice(uuid) to anon, authenticated;
