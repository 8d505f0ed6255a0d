-- The part payment of the demo invoice INV-2026-0002 (40-invoices.sql), recorded the way the
-- back-office records one, so its paid amount is backed by a payment allocation and a receipt
-- like every other paid amount (the invoice used to be seeded with amount_paid 1,000 and no
-- payment behind it).
select private.record_payment_core(jsonb_build_object(
  'amount', 1000, 'currency', 'GHS', 'method', 'mobile_money', 'momo_network', 'telecel', 'paid_on', '2026-11-12',
  'account_id', '7a000000-0000-4000-a000-000000000003', 'reference', 'TCASH 8820417',
  'allocations', jsonb_build_array(jsonb_build_object('invoice_id', 'a83d5e20-7b1f-4f62-8c09-5d4e3b2a1f97', 'amount', 1000))));
