-- Held client credit (issue 14 item 2, "overpayments are held as client credit, not lost"):
--   • A payment's held credit is that client's money: it is applied only to an open invoice of
--     the same client (invoices.client_key = payments.client_key, both lower(e-mail, else name)),
--     so one client's overpayment can never settle another client's invoice.
--   • Applying credit and refunding move money between a payment and invoices through
--     payment_allocations: those rows are now audited too, under the payment's id, so the
--     payment's page shows who applied or took back what and when (the invoices' own audit shows
--     the other side: amount_paid and status).
-- The definer body lives in private (20261127000200 wrapped it); the public invoker wrapper and
-- its grants stay as they are.

create or replace function private.allocate_payment(payment_id uuid, invoice_id uuid, amount numeric) returns void
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  p public.payments;
  inv public.invoices;
  held numeric(14, 2);
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff apply client credit.' using errcode = '42501'; end if;
  select * into p from public.payments pay where pay.id = allocate_payment.payment_id for update;
  if not found or not coalesce(private.can_access_owned('payments', p.owner_id, p.assignee_id), false) and p.recorded_by is distinct from auth.uid() then
    raise exception 'Payment not found, or you may not work on it.' using errcode = 'P0002';
  end if;
  if p.kind <> 'payment' then raise exception 'Only a payment''s credit is applied.' using errcode = 'P0001'; end if;
  inv := private.invoice_for_update(invoice_id);
  held := private.payment_held(p.id);
  if amount is null or amount <= 0 or amount <> round(amount, 2) then raise exception 'Apply more than 0.00, with at most two decimals.' using errcode = '23514'; end if;
  if amount > held then
    raise exception '% holds % of client credit, less than %.', p.number, private.money_text(p.currency, held), private.money_text(p.currency, amount) using errcode = 'P0001';
  end if;
  if inv.kind <> 'invoice' or inv.status not in ('sent', 'partially_paid') or inv.currency <> p.currency then
    raise exception 'Credit goes to an open invoice in %.', p.currency using errcode = 'P0001';
  end if;
  if inv.client_key is distinct from p.client_key then
    raise exception 'The credit on % belongs to %; % is billed to %: apply it to that client''s own invoice.',
      p.number, p.payer_name, inv.number, inv.bill_to_name using errcode = 'P0001';
  end if;
  if amount > inv.total - inv.amount_paid - inv.amount_credited then
    raise exception '% is more than % still owes (%).', private.money_text(p.currency, amount), inv.number,
      private.money_text(inv.currency, inv.total - inv.amount_paid - inv.amount_credited) using errcode = 'P0001';
  end if;
  perform private.post_allocation(p.id, inv.id, amount);
end $$;
comment on function private.allocate_payment(uuid, uuid, numeric) is
  'Applies client credit held on a payment (its unallocated remainder) to an open invoice of the same client, in the payment''s currency.';

-- Allocations are history of the payment they belong to (read by whoever may read the allocation).
select private.enable_audit('public.payment_allocations', 'payment_id');
