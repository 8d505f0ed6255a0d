-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Finances (issue 14 item 4): the agency's income and expense records by category and account.
--
--   • Accounts: bank accounts, mobile money wallets and the client (trust) account. The Real
--     Estate Agency Act 2020 (Act 1047) keeps client money apart: entries on a client_trust
--     account are never the agency's income or expenses and are reported on their own.
--   • Entries: staff record expenses (and other income) with receipts attached (private bucket
--     finance-receipts); they wait as pending until an admin approves or rejects them. Module
--     'expenses' (own mode): staff see the entries they recorded, admins all. Payments flow in as
--     approved income automatically (the payments migration adds them; such rows follow their
--     payment and are never edited by hand).
--   • Reports (security invoker, so RLS decides what is counted): per month or year — income,
--     expenses, profit, VAT collected (output tax of the invoices issued less credit notes) and
--     VAT paid (input VAT on approved expenses), client money in and out; totals per category.
--     Amounts are summed in GHS (USD entries carry the rate of their date).
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Accounts ─────────────────────────────────────────────────────────────────────────────────
create table public.finance_accounts (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(name) between 2 and 80),
  kind text not null check (kind in ('bank', 'mobile_money', 'client_trust')),
  institution text check (char_length(institution) <= 80),
  account_number text check (char_length(account_number) <= 40),
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  is_active boolean not null default true,
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.finance_accounts is
  'Where money is held: bank accounts, mobile money wallets, and the client (trust) account that Act 1047 keeps apart from the agency''s own money.';
comment on column public.finance_accounts.kind is 'bank | mobile_money | client_trust (client money: never income or expense of the agency).';
create trigger finance_accounts_set_updated_at before update on public.finance_accounts
  for each row execute function private.set_updated_at();
alter table public.finance_accounts enable row level security;
create policy "Staff read accounts" on public.finance_accounts for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add accounts" on public.finance_accounts for insert to authenticated with check ((select private.is_admin()));
create policy "Admins change accounts" on public.finance_accounts for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove accounts" on public.finance_accounts for delete to authenticated using ((select private.is_admin()));
revoke all on public.finance_accounts from anon;
select private.enable_audit('public.finance_accounts');

-- ── Categories ───────────────────────────────────────────────────────────────────────────────
create table public.finance_categories (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('income', 'expense')),
  code text not null unique check (code ~ '^[a-z][a-z0-9_]{1,39}$'),
  name text not null check (char_length(name) between 2 and 80),
  -- Categories the money functions write into (client payments): not removable.
  is_system boolean not null default false,
  is_active boolean not null default true,
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.finance_categories is 'Income and expense categories for the finance records (admins keep the list).';
create trigger finance_categories_set_updated_at before update on public.finance_categories
  for each row execute function private.set_updated_at();
alter table public.finance_categories enable row level security;
create policy "Staff read categories" on public.finance_categories for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins add categories" on public.finance_categories for insert to authenticated with check ((select private.is_admin()));
create policy "Admins change categories" on public.finance_categories for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins remove categories" on public.finance_categories for delete to authenticated using ((select private.is_admin()) and not is_system);
revoke all on public.finance_categories from anon;

insert into public.finance_categories (kind, code, name, is_system, position) values
  ('income', 'client_payments', 'Client payments (invoices)', true, 1),
  ('income', 'commission', 'Commission (not invoiced here)', false, 2),
  ('income', 'other_income', 'Other income', false, 9),
  ('expense', 'salaries', 'Salaries and allowances', false, 1),
  ('expense', 'office_rent', 'Office rent', false, 2),
  ('expense', 'utilities', 'Electricity, water and internet', false, 3),
  ('expense', 'marketing', 'Marketing and listings portals', false, 4),
  ('expense', 'transport', 'Transport and fuel', false, 5),
  ('expense', 'professional_fees', 'Legal and professional fees', false, 6),
  ('expense', 'bank_charges', 'Bank and MoMo charges', false, 7),
  ('expense', 'taxes_levies', 'Taxes and levies paid to the GRA', false, 8),
  ('expense', 'other_expense', 'Other expenses', false, 9)
on conflict (code) do nothing;

-- ── Entries ──────────────────────────────────────────────────────────────────────────────────
create table public.finance_entries (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('income', 'expense')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  entry_date date not null default (now() at time zone 'Africa/Accra')::date,
  amount numeric(14, 2) not null check (amount <> 0),
  currency text not null default 'GHS' check (currency in ('GHS', 'USD')),
  exchange_rate numeric(12, 4) not null default 1 check (exchange_rate > 0),
  amount_ghs numeric(16, 2) generated always as (round(amount * exchange_rate, 2)) stored,
  vat_amount numeric(14, 2) not null default 0 check (vat_amount >= 0),
  vat_amount_ghs numeric(16, 2) generated always as (round(vat_amount * exchange_rate, 2)) stored,
  category_id uuid not null references public.finance_categories (id) on delete restrict,
  account_id uuid references public.finance_accounts (id) on delete restrict,
  description text not null check (char_length(description) between 2 and 300),
  counterparty text check (char_length(counterparty) <= 120),
  reference text check (char_length(reference) <= 80),
  -- Set for the income a payment brought (unique: one entry per payment or refund).
  payment_id uuid unique,
  owner_id uuid references auth.users (id) on delete set null default auth.uid(),
  approved_by uuid references auth.users (id) on delete set null,
  approved_at timestamptz,
  rejection_reason text check (char_length(rejection_reason) <= 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (vat_amount <= abs(amount)),
  check (amount > 0 or payment_id is not null),
  check (currency <> 'GHS' or exchange_rate = 1)
);
comment on table public.finance_entries is
  'Income and expense records. Staff record (pending), admins approve; entries with payment_id come from payments and refunds (approved, not editable). Amounts in their currency and in GHS at the entry''s rate.';
comment on column public.finance_entries.vat_amount is 'VAT included in the amount: input VAT on an expense (VAT paid), for the VAT report.';
comment on column public.finance_entries.exchange_rate is 'GHS per unit of the currency on the entry date (1 for GHS).';
create index finance_entries_date_idx on public.finance_entries (entry_date desc, id);
create index finance_entries_status_date_idx on public.finance_entries (status, entry_date);
create index finance_entries_owner_idx on public.finance_entries (owner_id, entry_date desc);
create index finance_entries_category_idx on public.finance_entries (category_id);
create index finance_entries_account_idx on public.finance_entries (account_id);
create index finance_entries_approved_by_idx on public.finance_entries (approved_by);
create trigger finance_entries_set_updated_at before update on public.finance_entries
  for each row execute function private.set_updated_at();
select private.enable_audit('public.finance_entries');

create or replace function private.guard_finance_entry() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  via_api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  admin boolean := private.is_admin();
  cat_kind text;
  rate numeric(12, 4);
begin
  if tg_op = 'DELETE' then
    if via_api and old.payment_id is not null then
      raise exception 'This income came from a payment: refund the payment instead of deleting it.' using errcode = 'P0001';
    end if;
    if via_api and not admin and old.status <> 'pending' then
      raise exception 'An approved or rejected entry stays in the books; ask an admin.' using errcode = 'P0001';
    end if;
    return old;
  end if;
  if private.money_internal() or not via_api then return new; end if;
  if tg_op = 'UPDATE' and old.payment_id is not null then
    raise exception 'This income came from a payment and follows it: it is not edited by hand.' using errcode = 'P0001';
  end if;
  if new.payment_id is not null and (tg_op = 'INSERT' or new.payment_id is distinct from old.payment_id) then
    raise exception 'Income from payments is recorded by the payment itself.' using errcode = 'P0001';
  end if;
  select c.kind into cat_kind from public.finance_categories c where c.id = new.category_id;
  if cat_kind is distinct from new.kind then
    raise exception 'Choose an % category for this entry.', new.kind using errcode = 'P0001';
  end if;
  if exists (select 1 from public.finance_categories c where c.id = new.category_id and c.is_system) then
    raise exception 'That category is filled by payments; choose another.' using errcode = 'P0001';
  end if;
  if new.entry_date > private.today_accra() then
    raise exception 'An entry is recorded on or after the day it happened, not before.' using errcode = 'P0001';
  end if;
  -- Rates: GHS is 1; USD takes the rate in force on the entry date.
  if new.currency = 'GHS' then
    new.exchange_rate := 1;
  elsif tg_op = 'INSERT' or (new.currency, new.entry_date) is distinct from (old.currency, old.entry_date) then
    select r.rate into rate from public.exchange_rates r
     where r.base_currency = new.currency and r.quote_currency = 'GHS' and r.effective_on <= new.entry_date
     order by r.effective_on desc limit 1;
    if rate is null then raise exception 'No USD → GHS rate on or before %.', new.entry_date using errcode = 'P0001'; end if;
    new.exchange_rate := rate;
  end if;
  if tg_op = 'INSERT' then
    if not admin and new.status <> 'pending' then
      raise exception 'An entry waits for an admin''s approval: record it as pending.' using errcode = '42501';
    end if;
    if new.status <> 'pending' then
      new.approved_by := auth.uid();
      new.approved_at := now();
    else
      new.approved_by := null;
      new.approved_at := null;
    end if;
    return new;
  end if;
  -- UPDATE
  if new.status is distinct from old.status then
    if not admin then
      raise exception 'Only an admin approves or rejects entries.' using errcode = '42501';
    end if;
    if new.status = 'rejected' and char_length(btrim(coalesce(new.rejection_reason, ''))) < 3 then
      raise exception 'Say why the entry is rejected.' using errcode = '23514';
    end if;
    new.approved_by := case when new.status = 'pending' then null else auth.uid() end;
    new.approved_at := case when new.status = 'pending' then null else now() end;
  elsif (new.approved_by, new.approved_at) is distinct from (old.approved_by, old.approved_at) then
    raise exception 'Approval is recorded when the status changes.' using errcode = 'P0001';
  end if;
  if not admin and old.status <> 'pending' then
    raise exception 'This entry has been %: only an admin may change it.', old.status using errcode = '42501';
  end if;
  if not admin and new.owner_id is distinct from old.owner_id then
    raise exception 'Only an admin moves an entry to someone else.' using errcode = '42501';
  end if;
  return new;
end $$;
comment on function private.guard_finance_entry() is
  'Staff record entries as pending; only admins approve/reject (approved_by/at set here); payment income is not edited by hand; USD rate of the entry date.';
create trigger finance_entries_guard before insert or update or delete on public.finance_entries
  for each row execute function private.guard_finance_entry();

insert into public.module_access (module, label, mode) values ('expenses', 'Expense entries', 'own') on conflict do nothing;
alter table public.finance_entries enable row level security;
create policy "Staff read entries per access" on public.finance_entries
  for select to authenticated using (
    (select private.access_scope('expenses')) = 'all'
    or ((select private.access_scope('expenses')) = 'own' and owner_id = (select auth.uid()))
  );
create policy "Staff record entries they own" on public.finance_entries
  for insert to authenticated with check (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()))
  );
create policy "Staff edit entries per access" on public.finance_entries
  for update to authenticated
  using (
    (select private.access_scope('expenses')) = 'all'
    or ((select private.access_scope('expenses')) = 'own' and owner_id = (select auth.uid()))
  )
  with check ((select private.is_staff_or_admin()));
create policy "Admins and owners remove pending entries" on public.finance_entries
  for delete to authenticated using (
    (select private.is_admin()) or ((select private.is_staff_or_admin()) and owner_id = (select auth.uid()) and status = 'pending')
  );
revoke all on public.finance_entries from anon;

-- ── Receipts attached to entries (private bucket) ───────────────────────────────────────────
create table public.finance_attachments (
  id uuid primary key default gen_random_uuid(),
  entry_id uuid not null references public.finance_entries (id) on delete cascade,
  storage_path text not null unique check (char_length(storage_path) between 1 and 500),
  file_name text not null check (char_length(file_name) between 1 and 255),
  mime_type text not null check (mime_type in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  uploaded_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.finance_attachments is
  'Receipts and bills of a finance entry: files in the private finance-receipts bucket at <entry_id>/<uuid>.<ext>; whoever may see the entry may see them.';
create index finance_attachments_entry_idx on public.finance_attachments (entry_id, created_at);
create index finance_attachments_uploaded_by_idx on public.finance_attachments (uploaded_by);
create trigger finance_attachments_set_updated_at before update on public.finance_attachments
  for each row execute function private.set_updated_at();
alter table public.finance_attachments enable row level security;
-- The entry's own RLS decides through exists().
create policy "Staff read receipts of entries they may see" on public.finance_attachments
  for select to authenticated using (exists (select 1 from public.finance_entries e where e.id = entry_id));
create policy "Staff attach receipts to entries they may see" on public.finance_attachments
  for insert to authenticated with check ((select private.is_staff_or_admin()) and exists (select 1 from public.finance_entries e where e.id = entry_id));
create policy "Staff remove receipts of entries they may see" on public.finance_attachments
  for delete to authenticated using ((select private.is_staff_or_admin()) and exists (select 1 from public.finance_entries e where e.id = entry_id));
revoke all on public.finance_attachments from anon;
revoke update on public.finance_attachments from authenticated;
select private.enable_audit('public.finance_attachments');

-- Visible to the caller through the entry's RLS (security invoker).
create or replace function private.can_see_finance_entry(entry_id uuid) returns boolean
language sql stable security invoker set search_path = '' as $$
  select exists (select 1 from public.finance_entries e where e.id = entry_id)
$$;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('finance-receipts', 'finance-receipts', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;
create policy "Staff read receipts of finance entries they may see" on storage.objects
  for select to authenticated using (
    bucket_id = 'finance-receipts' and private.can_see_finance_entry(private.uuid_or_null((storage.foldername(name))[1]))
  );
create policy "Staff upload receipts to finance entries they may see" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'finance-receipts' and (select private.is_staff_or_admin())
    and private.can_see_finance_entry(private.uuid_or_null((storage.foldername(name))[1]))
  );
create policy "Staff delete receipts of finance entries they may see" on storage.objects
  for delete to authenticated using (
    bucket_id = 'finance-receipts' and (select private.is_staff_or_admin())
    and private.can_see_finance_entry(private.uuid_or_null((storage.foldername(name))[1]))
  );

-- ── Reports ──────────────────────────────────────────────────────────────────────────────────
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
begin
  if grain not in ('month', 'year') then
    raise exception 'A report is by month or by year.' using errcode = '22023';
  end if;
  if to_date < from_date or to_date - from_date > 3700 then
    raise exception 'Choose a period of at most ten years that ends after it starts.' using errcode = '22023';
  end if;
  return query
  with periods as (
    select gs::date as p from generate_series(date_trunc(grain, from_date::timestamp), date_trunc(grain, to_date::timestamp), ('1 ' || grain)::interval) gs
  ),
  entries as (
    select date_trunc(grain, e.entry_date::timestamp)::date as p,
           sum(e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'income' and a.kind is distinct from 'client_trust') as income,
           sum(e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind is distinct from 'client_trust') as expenses,
           sum(e.vat_amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind is distinct from 'client_trust') as vat_paid,
           sum(e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'income' and a.kind = 'client_trust') as trust_in,
           sum(e.amount_ghs) filter (where e.status = 'approved' and e.kind = 'expense' and a.kind = 'client_trust') as trust_out,
           count(*) filter (where e.status = 'pending') as pending
      from public.finance_entries e
      left join public.finance_accounts a on a.id = e.account_id
     where e.entry_date between from_date and to_date
     group by 1
  ),
  vat as (
    select date_trunc(grain, i.issue_date::timestamp)::date as p,
           sum(case when i.kind = 'credit_note' then -t.amount else t.amount end * coalesce(i.exchange_rate, 1)) as collected
      from public.invoices i
      join public.invoice_taxes t on t.invoice_id = i.id
     where i.kind in ('invoice', 'credit_note') and i.status not in ('draft', 'void')
       and i.issue_date between from_date and to_date
     group by 1
  )
  select periods.p,
         coalesce(entries.income, 0)::numeric(16, 2),
         coalesce(entries.expenses, 0)::numeric(16, 2),
         (coalesce(entries.income, 0) - coalesce(entries.expenses, 0))::numeric(16, 2),
         round(coalesce(vat.collected, 0), 2)::numeric(16, 2),
         coalesce(entries.vat_paid, 0)::numeric(16, 2),
         coalesce(entries.trust_in, 0)::numeric(16, 2),
         coalesce(entries.trust_out, 0)::numeric(16, 2),
         coalesce(entries.pending, 0)::bigint
    from periods
    left join entries on entries.p = periods.p
    left join vat on vat.p = periods.p
   order by periods.p;
end $$;
comment on function public.finance_report(date, date, text) is
  'Per month or year, in GHS, of what the caller may see: approved income and expenses of the agency (client trust money apart), profit, VAT collected on invoices issued (less credit notes) and VAT paid on expenses, pending entries.';

create or replace function public.finance_category_totals(from_date date, to_date date)
returns table (kind text, category_id uuid, category text, total numeric, entries bigint)
language sql stable security invoker set search_path = '' as $$
  select e.kind, c.id, c.name, sum(e.amount_ghs)::numeric(16, 2), count(*)
    from public.finance_entries e
    join public.finance_categories c on c.id = e.category_id
    left join public.finance_accounts a on a.id = e.account_id
   where e.entry_date between from_date and to_date and e.status = 'approved' and a.kind is distinct from 'client_trust'
   group by e.kind, c.id, c.name
   order by e.kind, sum(e.amount_ghs) desc
$$;
comment on function public.finance_category_totals(date, date) is 'Approved income and expenses per category in GHS for a period (client trust money apart), as the caller may see them.';

revoke all on function public.finance_report(date, date, text) from public, anon;
revoke all on function public.finance_category_totals(date, date) from public, anon;
grant execute on function public.finance_report(date, date, text) to authenticated;
grant execute on function public.finance_category_totals(date, date) to authenticated;
revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
