-- Money demo: the agency's accounts, a year of invoices, quotes and credit notes in
-- 2026 issued through the same function the back-office uses (private.issue_document, on their
-- historic dates), payments by mobile money and bank transfer with their receipts, one overdue
-- invoice for the reminders and the dashboard, and a USD invoice. Spread over Ama Owusu (staff),
-- Yaw Darko (staff2) and Kwame Mensah (admin) so "own records" shows.

insert into public.finance_accounts (id, name, kind, institution, account_number, currency, position) values
  ('7a000000-0000-4000-a000-000000000001', 'GCB current account', 'bank', 'GCB Bank, Airport City', '•••• 5060', 'GHS', 1),
  ('7a000000-0000-4000-a000-000000000002', 'MTN MoMo merchant wallet', 'mobile_money', 'MTN Mobile Money', 'Merchant 012345', 'GHS', 2),
  ('7a000000-0000-4000-a000-000000000003', 'Telecel Cash wallet', 'mobile_money', 'Telecel Cash', 'Merchant 067890', 'GHS', 3),
  ('7a000000-0000-4000-a000-000000000004', 'Paystack settlement (Stanbic)', 'bank', 'Stanbic Bank, Ridge', '•••• 7731', 'GHS', 4),
  ('7a000000-0000-4000-a000-000000000005', 'Client trust account (Ecobank)', 'client_trust', 'Ecobank, Ring Road', '•••• 2208', 'GHS', 5)
on conflict (id) do nothing;
update public.money_settings set online_payments_account_id = '7a000000-0000-4000-a000-000000000004';

-- One demo document: insert as a draft with its lines, then issue it on its date.
create function pg_temp.demo_document(
  doc_id uuid, doc_kind text, owner uuid, client text, email text, phone text, address text,
  lines jsonb, issued date, terms integer default 14, doc_currency text default 'GHS', doc_withholding text default 'none',
  credits uuid default null
) returns void language plpgsql as $$
begin
  insert into public.invoices (id, kind, status, currency, issue_date, bill_to_name, bill_to_email, bill_to_phone, bill_to_address,
                               owner_id, created_by, payment_terms_days, withholding, credited_invoice_id, notes, payment_instructions)
  values (doc_id, doc_kind, 'draft', doc_currency, issued, client, email, phone, address, owner, owner, terms, doc_withholding, credits,
          case when credits is not null then 'Credit for a reduced fee agreed with the client.' end,
          E'Bank transfer: Ghana Realty Ltd, GCB Bank, Airport City, account 1021 3040 5060.\nMTN MoMo merchant 012345 · Telecel Cash merchant 067890.\nOr pay online with the link on this invoice. Cash is not accepted (Act 1047).');
  insert into public.invoice_items (invoice_id, position, description, quantity, unit_price, discount_percent, tax_class)
  select doc_id, (l ->> 'position')::smallint, l ->> 'description', (l ->> 'quantity')::numeric, (l ->> 'unit_price')::numeric,
         coalesce((l ->> 'discount_percent')::numeric, 0), l ->> 'tax_class'
    from jsonb_array_elements(lines) l;
  perform private.recompute_invoice(doc_id);
  if issued is not null then perform private.issue_document(doc_id, issued); end if;
end $$;

create function pg_temp.demo_payment(amount numeric, method text, network text, paid date, account uuid, ref text, allocations jsonb, hold boolean default false)
returns void language sql as $$
  select private.record_payment_core(jsonb_build_object(
    'amount', amount, 'currency', 'GHS', 'method', method, 'momo_network', network, 'paid_on', paid, 'account_id', account,
    'reference', ref, 'allocations', allocations, 'hold_excess_as_credit', hold))
$$;

select pg_temp.demo_document('7b000000-0000-4000-a000-000000000001', 'invoice', '00000000-0000-4000-a000-000000000002',
  'Nana Yaw Boateng', 'nana.boateng@example.com', '+233 24 412 3344', 'Plot 22, Boundary Road, East Legon, Accra',
  '[{"position":1,"description":"Agency commission: sale of 3-bedroom townhouse, East Legon (3 % of GHS 1,350,000)","quantity":1,"unit_price":40500,"tax_class":"standard"}]', '2026-01-19');
select pg_temp.demo_document('7b000000-0000-4000-a000-000000000002', 'invoice', '00000000-0000-4000-a000-000000000005',
  'Serwaa Akoto Ventures Ltd', 'accounts@serwaa-ventures.example', '+233 20 771 9021', '14 Liberation Road, Airport Residential, Accra',
  '[{"position":1,"description":"Property management fee, Q1 2026 (4 apartments, Cantonments)","quantity":3,"unit_price":2400,"tax_class":"standard"},
    {"position":2,"description":"Residential rent collected for the landlord, March 2026 (exempt)","quantity":1,"unit_price":18000,"tax_class":"exempt"}]', '2026-03-31');
select pg_temp.demo_document('7b000000-0000-4000-a000-000000000003', 'invoice', '00000000-0000-4000-a000-000000000001',
  'Kumasi Heights Developers Ltd', 'finance@kumasiheights.example', '+233 32 202 4410', 'Ahodwo Roundabout, Kumasi',
  '[{"position":1,"description":"Valuation report: 24-unit apartment block, Nhyiaeso","quantity":1,"unit_price":15000,"tax_class":"standard"},
    {"position":2,"description":"Site inspection and travel, Kumasi (2 days)","quantity":2,"unit_price":1250,"discount_percent":10,"tax_class":"standard"}]', '2026-05-12', 30);
select pg_temp.demo_document('7b000000-0000-4000-a000-000000000004', 'invoice', '00000000-0000-4000-a000-000000000002',
  'Tema Logistics Park Ltd', 'ap@temalogistics.example', '+233 30 330 1188', 'Community 11, Tema',
  '[{"position":1,"description":"Commercial rent, warehouse B, July–September 2026 (VAT flat rate)","quantity":3,"unit_price":22000,"tax_class":"flat_rate"}]',
  '2026-07-01', 14, 'GHS', 'commercial');
select pg_temp.demo_document('7b000000-0000-4000-a000-000000000005', 'invoice', '00000000-0000-4000-a000-000000000005',
  'Kofi Asamoah', 'kofi.asamoah@example.com', '+233 27 600 1020', 'Flat 3, Labone Crescent, Labone, Accra',
  '[{"position":1,"description":"Tenant finding fee: 2-bedroom apartment, Labone (one month''s rent)","quantity":1,"unit_price":6500,"tax_class":"standard"},
    {"position":2,"description":"Tenancy agreement and inventory","quantity":1,"unit_price":800,"tax_class":"standard"}]', '2026-09-15');
select pg_temp.demo_document('7b000000-0000-4000-a000-000000000006', 'invoice', '00000000-0000-4000-a000-000000000001',
  'Meridian Capital Partners', 'ops@meridiancap.example', '+233 55 918 2233', 'Ridge Tower, 9th floor, Ridge, Accra',
  '[{"position":1,"description":"Investment advisory: Tema and Kumasi office market study","quantity":1,"unit_price":4800,"tax_class":"standard"}]',
  '2026-10-05', 14, 'USD');
select pg_temp.demo_document('7b000000-0000-4000-a000-000000000007', 'quote', '00000000-0000-4000-a000-000000000002',
  'Efua Mensah-Bonsu', 'efua.mb@example.com', '+233 24 880 4512', 'Spintex Road, Baatsona, Accra',
  '[{"position":1,"description":"Property search and acquisition support: 4-bedroom house, Spintex or East Legon","quantity":1,"unit_price":12000,"tax_class":"standard"}]', '2026-11-09', 30);
select pg_temp.demo_document('7b000000-0000-4000-a000-000000000008', 'invoice', '00000000-0000-4000-a000-000000000005',
  'Abena Owusu-Ansah', 'abena.oa@example.com', '+233 50 112 7788', 'Nhyiaeso, Kumasi',
  '[{"position":1,"description":"Land title search and verification, Lands Commission (Kumasi)","quantity":1,"unit_price":3500,"tax_class":"standard"}]', null);

-- Payments (their receipts RCP-2026-…) and a credit note.
select pg_temp.demo_payment(48600, 'bank_transfer', null, '2026-01-28', '7a000000-0000-4000-a000-000000000001', 'GCB-TRF-884120',
  '[{"invoice_id":"7b000000-0000-4000-a000-000000000001","amount":48600}]');
select pg_temp.demo_payment(10000, 'mobile_money', 'mtn', '2026-04-08', '7a000000-0000-4000-a000-000000000002', 'MTN 58213377401',
  '[{"invoice_id":"7b000000-0000-4000-a000-000000000002","amount":10000}]');
select pg_temp.demo_payment(16640, 'bank_transfer', null, '2026-04-30', '7a000000-0000-4000-a000-000000000001', 'GCB-TRF-901733',
  '[{"invoice_id":"7b000000-0000-4000-a000-000000000002","amount":16640}]');
select pg_temp.demo_payment(10000, 'cheque', null, '2026-06-20', '7a000000-0000-4000-a000-000000000001', 'Cheque 004512 (Fidelity)',
  '[{"invoice_id":"7b000000-0000-4000-a000-000000000003","amount":10000}]');
select pg_temp.demo_payment(69300, 'bank_transfer', null, '2026-07-10', '7a000000-0000-4000-a000-000000000001', 'TLP-AP-2026-311',
  '[{"invoice_id":"7b000000-0000-4000-a000-000000000004","amount":69300}]');
select pg_temp.demo_payment(4000, 'mobile_money', 'telecel', '2026-09-20', '7a000000-0000-4000-a000-000000000003', 'TCASH 7713020',
  '[{"invoice_id":"7b000000-0000-4000-a000-000000000005","amount":4000}]');
select pg_temp.demo_document('7b000000-0000-4000-a000-000000000009', 'credit_note', '00000000-0000-4000-a000-000000000001',
  'Kumasi Heights Developers Ltd', 'finance@kumasiheights.example', '+233 32 202 4410', 'Ahodwo Roundabout, Kumasi',
  '[{"position":1,"description":"Travel charged twice: one day credited","quantity":1,"unit_price":1000,"tax_class":"standard"}]',
  '2026-06-25', 0, 'GHS', 'none', '7b000000-0000-4000-a000-000000000003');
