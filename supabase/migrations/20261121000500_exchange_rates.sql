-- Dated USD→GHS rates for showing listings in the other currency (spec: GHS/USD display).
-- Everyone may read them (the public site converts prices); staff and admins maintain them from
-- the back-office. The site uses the newest rate that is in effect (effective_on <= today).

create table public.exchange_rates (
  id uuid primary key default gen_random_uuid(),
  base_currency text not null default 'USD' check (base_currency = 'USD'),
  quote_currency text not null default 'GHS' check (quote_currency = 'GHS'),
  rate numeric(12, 4) not null check (rate > 0),
  effective_on date not null,
  source text not null check (length(trim(source)) > 0),
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  unique (base_currency, quote_currency, effective_on)
);
comment on table public.exchange_rates is
  'Indicative rates: 1 base_currency = rate quote_currency from effective_on. Shown on the public site with their date.';
create index exchange_rates_newest_idx on public.exchange_rates (base_currency, quote_currency, effective_on desc);

alter table public.exchange_rates enable row level security;

create policy "Everyone reads exchange rates" on public.exchange_rates
  for select to anon, authenticated using (true);
create policy "Staff add exchange rates" on public.exchange_rates
  for insert to authenticated with check ((select private.is_staff_or_admin()));
create policy "Staff correct exchange rates" on public.exchange_rates
  for update to authenticated using ((select private.is_staff_or_admin())) with check ((select private.is_staff_or_admin()));
create policy "Staff remove exchange rates" on public.exchange_rates
  for delete to authenticated using ((select private.is_staff_or_admin()));
