-- Indicative USD→GHS rates (interbank mid-rate, rounded), the newest in effect is shown.
insert into public.exchange_rates (base_currency, quote_currency, rate, effective_on, source) values
  ('USD', 'GHS', 12.3500, '2026-10-01', 'Bank of Ghana interbank mid-rate (indicative)'),
  ('USD', 'GHS', 12.2000, '2026-11-02', 'Bank of Ghana interbank mid-rate (indicative)'),
  ('USD', 'GHS', 12.1000, '2026-11-20', 'Bank of Ghana interbank mid-rate (indicative)')
on conflict (base_currency, quote_currency, effective_on) do nothing;
