-- Finances demo: the agency's running costs for 2026 (approved), a few expenses
-- staff recorded that wait for an admin, and client money passing through the trust account
-- (Act 1047: never the agency's income). Income from the payments of 76-invoices-receipts.sql is already there.

insert into public.finance_entries (kind, status, entry_date, amount, vat_amount, category_id, account_id, description, counterparty, reference, owner_id, approved_by, approved_at)
select 'expense', 'approved', make_date(2026, m, d.day), d.amount, d.vat, c.id, '7a000000-0000-4000-a000-000000000001'::uuid,
       d.description || ', ' || to_char(make_date(2026, m, 1), 'FMMonth YYYY'), d.counterparty, null,
       '00000000-0000-4000-a000-000000000001'::uuid, '00000000-0000-4000-a000-000000000001'::uuid, make_date(2026, m, d.day)::timestamptz
  from generate_series(1, 11) m
  cross join (values
    ('salaries', 25, 21500.00, 0.00, 'Salaries and allowances', 'Staff payroll'),
    ('office_rent', 1, 6500.00, 0.00, 'Office rent, 12 Senchi Street', 'Senchi Street Properties Ltd'),
    ('utilities', 12, 1850.00, 308.33, 'ECG prepaid, Ghana Water and fibre internet', 'ECG / GWL / Vodafone Business'),
    ('marketing', 8, 3200.00, 533.33, 'Listing portals and social media adverts', 'meQasa / Meta'),
    ('transport', 18, 1400.00, 0.00, 'Fuel for viewings', 'GOIL Airport')
  ) as d (code, day, amount, vat, description, counterparty)
  join public.finance_categories c on c.code = d.code;

-- Commission the agency earned on deals closed by its partners (paid to the GCB account).
insert into public.finance_entries (kind, status, entry_date, amount, category_id, account_id, description, counterparty, owner_id, approved_by, approved_at)
select 'income', 'approved', make_date(2026, m, 20), 18000 + (m * 7919 % 23) * 1500, c.id, '7a000000-0000-4000-a000-000000000001'::uuid,
       'Co-broke commission, ' || to_char(make_date(2026, m, 1), 'FMMonth YYYY'), 'Partner agencies',
       '00000000-0000-4000-a000-000000000001'::uuid, '00000000-0000-4000-a000-000000000001'::uuid, make_date(2026, m, 20)::timestamptz
  from generate_series(1, 11) m join public.finance_categories c on c.code = 'commission';

insert into public.finance_entries (kind, status, entry_date, amount, vat_amount, category_id, account_id, description, counterparty, reference, owner_id, approved_by, approved_at, rejection_reason)
values
  ('expense', 'approved', '2026-03-14', 4500.00, 750.00, (select id from public.finance_categories where code = 'professional_fees'), '7a000000-0000-4000-a000-000000000001',
   'Conveyancing advice, Labone lease', 'Addo & Partners (solicitors)', 'INV-AP-0931', '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000001', '2026-03-16', null),
  ('expense', 'approved', '2026-10-31', 285.40, 0, (select id from public.finance_categories where code = 'bank_charges'), '7a000000-0000-4000-a000-000000000002',
   'MoMo merchant charges, October 2026', 'MTN Mobile Money', null, '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000001', '2026-11-01', null),
  ('expense', 'pending', '2026-11-18', 620.00, 0, (select id from public.finance_categories where code = 'transport'), '7a000000-0000-4000-a000-000000000002',
   'Uber and fuel for Kumasi viewings', 'Bolt / Shell Adum', null, '00000000-0000-4000-a000-000000000002', null, null, null),
  ('expense', 'pending', '2026-11-20', 1150.00, 191.67, (select id from public.finance_categories where code = 'marketing'), '7a000000-0000-4000-a000-000000000002',
   'Printed brochures for the Cantonments open house', 'Buck Press, Osu', 'BP-22871', '00000000-0000-4000-a000-000000000005', null, null, null),
  ('expense', 'rejected', '2026-11-04', 480.00, 0, (select id from public.finance_categories where code = 'other_expense'), '7a000000-0000-4000-a000-000000000003',
   'Team lunch', 'Buka Restaurant, Osu', null, '00000000-0000-4000-a000-000000000005', '00000000-0000-4000-a000-000000000001', '2026-11-05', 'Not a business expense of the agency'),
  ('income', 'approved', '2026-08-02', 24000.00, 0, (select id from public.finance_categories where code = 'other_income'), '7a000000-0000-4000-a000-000000000005',
   'Tenant deposit held for the landlord, Cantonments apartment 2B', 'Ms Adwoa Sarpong', 'DEP-2B', '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000001', '2026-08-02', null),
  ('expense', 'approved', '2026-08-09', 21600.00, 0, (select id from public.finance_categories where code = 'other_expense'), '7a000000-0000-4000-a000-000000000005',
   'Deposit paid over to the landlord, less 10 % management fee', 'Mr Kwesi Arthur (landlord)', 'DEP-2B', '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000001', '2026-08-09', null);
