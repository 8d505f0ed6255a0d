-- Ghana tax rates from 1 Jan 2026 (VAT Act 2025, Act 1151) and two demo invoices.
-- The invoice ids are fixed so the demo links are stable:
--   /invoice/6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41  (agency fee, sent)
--   /invoice/a83d5e20-7b1f-4f62-8c09-5d4e3b2a1f97  (management fees, partially paid: its payment,
--   with the allocation behind its paid amount, is recorded in 84-demo-invoice-payment.sql)

insert into public.tax_rates (tax_class, code, name, rate, valid_from, position) values
  ('standard', 'vat', 'VAT', 0.15, '2026-01-01', 1),
  ('standard', 'nhil', 'NHIL', 0.025, '2026-01-01', 2),
  ('standard', 'getfund', 'GETFund Levy', 0.025, '2026-01-01', 3),
  ('flat_rate', 'vat_flat', 'VAT Flat Rate', 0.05, '2026-01-01', 1)
on conflict (tax_class, code, valid_from) do nothing;

insert into public.invoices (
  id, number, status, currency, issue_date, due_date,
  bill_to_name, bill_to_email, bill_to_phone, bill_to_address,
  notes, payment_instructions, amount_paid
) values
  (
    '6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41', 'INV-2026-0001', 'sent', 'GHS', '2026-11-02', '2026-11-16',
    'Kwame Mensah', 'kwame.mensah@example.com', '+233 24 555 0101', 'House 7, Dzorwulu, Accra',
    'Agency fee for the purchase of a 4-bedroom house at East Legon, plus title search at the Lands Commission.',
    E'Bank transfer: Ghana Realty Ltd, GCB Bank, Airport City branch, account 1021 3040 5060.\nMTN MoMo merchant: 012345 (Ghana Realty).\nQuote INV-2026-0001 as the reference. Cash is not accepted (Real Estate Agency Act 2020, Act 1047).',
    0
  ),
  (
    'a83d5e20-7b1f-4f62-8c09-5d4e3b2a1f97', 'INV-2026-0002', 'sent', 'GHS', '2026-11-10', '2026-11-24',
    'Adjoa Asante Holdings Ltd', 'accounts@asanteholdings.example', '+233 20 555 0202', 'Plot 14, Spintex Road, Tema',
    'Property management, November 2026: 3 apartments at Cantonments.',
    E'Bank transfer: Ghana Realty Ltd, GCB Bank, Airport City branch, account 1021 3040 5060.\nTelecel Cash merchant: 067890.\nQuote INV-2026-0002 as the reference.',
    0
  )
on conflict (id) do nothing;

insert into public.invoice_items (invoice_id, position, description, quantity, unit_price, tax_class) values
  ('6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41', 1, 'Agency fee: purchase of 4-bedroom house, East Legon (2 % of GHS 1,500,000)', 1, 30000.00, 'standard'),
  ('6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41', 2, 'Title search and verification, Lands Commission', 1, 2500.00, 'standard'),
  ('a83d5e20-7b1f-4f62-8c09-5d4e3b2a1f97', 1, 'Monthly property management fee per apartment', 3, 1200.00, 'standard'),
  ('a83d5e20-7b1f-4f62-8c09-5d4e3b2a1f97', 2, 'Plumbing repair coordination, Unit 2B', 1, 450.00, 'standard');
