-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Money documents under record-level access, HTTP statuses PostgREST can tell apart, and one
-- rule of what a document owes.
--
--   • A credit note credits only an invoice its author may read and change (record-level access
--     of module 'invoices'): checked when the credit note is written (a draft inserted directly
--     with someone else's invoice as credited_invoice_id is refused) and again when it is issued
--     (access may have changed since). The refusal says "not found, or you may not work on it",
--     never the hidden invoice's number or balance; messages that name figures come only after
--     the caller has been shown to see the invoice.
--   • Voiding cancels an issued document outright, so it is for the document's owner or an admin
--     (private.may_hand_over, the rule that also guards hand-over and delete); crediting and
--     converting stay with whoever may work on the document.
--   • A missing or invisible record raises SQLSTATE PT404 (PostgREST answers HTTP 404), a
--     document in the wrong state for the action PT409 (409); P0002 answered 500.
--   • private.balance_due(invoice) is core/invoices-receipts/documents.ts outstandingMinor: only an issued,
--     open invoice owes; draft, void, converted, quotes, proformas and credit notes owe nothing,
--     and never below 0. The public invoice, its PDF, receipts and online payments use it.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function private.balance_due(inv public.invoices) returns numeric
language sql immutable set search_path = '' as $$
  select case
    when inv.kind <> 'invoice' or inv.status in ('draft', 'void', 'converted') then 0::numeric
    else greatest(inv.total - inv.amount_paid - inv.amount_credited, 0)
  end
$$;
comment on function private.balance_due(public.invoices) is
  'What a document still owes: issued invoices only, never below 0 (core/invoices-receipts/documents.ts outstandingMinor).';

create or replace function private.invoice_for_update(invoice_id uuid) returns public.invoices
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invoices;
begin
  select * into inv from public.invoices i where i.id = invoice_for_update.invoice_id for update;
  if not found or not private.can_work_on_invoice(inv) then
    raise exception 'Document not found, or you may not work on it.' using errcode = 'PT404';
  end if;
  return inv;
end $$;
comment on function private.invoice_for_update(uuid) is
  'Locks a document the caller may work on (record-level access of module invoices); PT404 (HTTP 404) when it does not exist or is not theirs to see.';

-- A credit note's invoice must be one the caller may work on, whoever wrote the draft and how.
create or replace function private.guard_credit_note_target() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  credited public.invoices;
begin
  if new.credited_invoice_id is null or private.money_internal()
     or (tg_op = 'UPDATE' and new.credited_invoice_id is not distinct from old.credited_invoice_id) then
    return new;
  end if;
  select * into credited from public.invoices c where c.id = new.credited_invoice_id;
  if not found or not private.can_work_on_invoice(credited) then
    raise exception 'The invoice to credit was not found, or you may not work on it.' using errcode = 'PT404';
  end if;
  return new;
end $$;
comment on function private.guard_credit_note_target() is
  'A credit note may reference only an invoice its author may work on (no number or figure of another is ever told).';
create trigger invoices_credit_note_target before insert or update of credited_invoice_id on public.invoices
  for each row execute function private.guard_credit_note_target();

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
    raise exception '% is already issued.', inv.number using errcode = 'PT409';
  end if;
  if not exists (select 1 from public.invoice_items it where it.invoice_id = inv.id) then
    raise exception 'A document needs at least one line before it is issued.' using errcode = 'P0001';
  end if;
  if inv.kind = 'credit_note' then
    select * into credited from public.invoices c where c.id = inv.credited_invoice_id for update;
    -- Checked before anything about the invoice is said: the caller may have lost access since.
    if not found or not private.can_work_on_invoice(credited) then
      raise exception 'The invoice to credit was not found, or you may not work on it.' using errcode = 'PT404';
    end if;
    if credited.status in ('draft', 'void', 'converted') or credited.kind <> 'invoice' then
      raise exception 'A credit note credits an issued invoice (% is %).', coalesce(credited.number, 'the draft'), credited.status using errcode = 'PT409';
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

create or replace function private.void_invoice(invoice_id uuid, reason text) returns void
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  inv public.invoices;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff may void documents.' using errcode = '42501'; end if;
  inv := private.invoice_for_update(invoice_id);
  if not private.may_hand_over(inv.owner_id) then
    raise exception 'Only the owner of % or an admin may void it: issue a credit note instead.', inv.number using errcode = '42501';
  end if;
  if inv.status = 'draft' then raise exception 'A draft is deleted, not voided.' using errcode = 'PT409'; end if;
  if inv.status in ('void', 'converted') then raise exception '% is already %.', inv.number, inv.status using errcode = 'PT409'; end if;
  if inv.kind = 'credit_note' then raise exception 'An issued credit note stays: issue an invoice to reverse it.' using errcode = 'PT409'; end if;
  if inv.amount_paid <> 0 or inv.amount_credited <> 0 then
    raise exception '% has payments or credit notes: issue a credit note for what is left instead of voiding it.', inv.number using errcode = 'PT409';
  end if;
  if char_length(btrim(coalesce(reason, ''))) < 3 then raise exception 'Say why the document is voided.' using errcode = '23514'; end if;
  update public.invoices i set status = 'void', voided_at = now(), void_reason = btrim(reason) where i.id = inv.id;
end $$;
comment on function private.void_invoice(uuid, text) is
  'Voids an issued document with no payments or credits (its number stays used): its owner or an admin only.';

-- ── Payments: an invisible payment is 404 ────────────────────────────────────────────────────
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
    raise exception 'Payment not found, or you may not work on it.' using errcode = 'PT404';
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

create or replace function private.refund_payment(payment_id uuid, amount numeric, reason text, method text, momo_network text default null,
                                                 reference text default null, paid_on date default null, email_note boolean default false)
returns jsonb
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  p public.payments;
  refundable numeric(14, 2);
  from_credit numeric(14, 2);
  remaining numeric(14, 2);
  take numeric(14, 2);
  alloc record;
  new_id uuid;
  new_number text;
  on_date date := coalesce(paid_on, private.today_accra());
  mail_id uuid;
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff record refunds.' using errcode = '42501'; end if;
  select * into p from public.payments pay where pay.id = refund_payment.payment_id for update;
  if not found or not coalesce(private.can_access_owned('payments', p.owner_id, p.assignee_id), false) and p.recorded_by is distinct from auth.uid() then
    raise exception 'Payment not found, or you may not work on it.' using errcode = 'PT404';
  end if;
  if p.kind <> 'payment' then raise exception 'A refund refunds a payment.' using errcode = 'P0001'; end if;
  if char_length(btrim(coalesce(reason, ''))) < 3 then raise exception 'Say why the money is refunded.' using errcode = '23514'; end if;
  if method = 'cash' then raise exception 'Cash is not paid out either (Act 1047): refund by mobile money, bank transfer, card or cheque.' using errcode = '23514'; end if;
  if amount is null or amount <= 0 or amount <> round(amount, 2) then raise exception 'Refund more than 0.00, with at most two decimals.' using errcode = '23514'; end if;
  refundable := p.amount + coalesce((select sum(r.amount) from public.payments r where r.refund_of = p.id), 0);
  if amount > refundable then
    raise exception 'At most % of % can still be refunded.', private.money_text(p.currency, refundable), p.number using errcode = 'P0001';
  end if;
  if on_date > private.today_accra() then raise exception 'A refund is recorded on or after the day it was paid.' using errcode = '23514'; end if;

  -- Held credit first (before the refund row exists, whose remainder would count against it).
  from_credit := least(amount, greatest(private.payment_held(p.id), 0));
  remaining := amount - from_credit;
  new_number := private.next_document_number('RFD', private.today_accra());
  insert into public.payments (number, kind, amount, currency, exchange_rate, method, momo_network, reference, paid_on, account_id,
                               payer_name, payer_email, client_key, refund_of, refund_reason, recorded_by, owner_id, assignee_id)
  values (new_number, 'refund', -amount, p.currency, p.exchange_rate, method, nullif(momo_network, ''), nullif(btrim(reference), ''), on_date,
          p.account_id, p.payer_name, p.payer_email, p.client_key, p.id, btrim(reason), auth.uid(), p.owner_id, p.assignee_id)
  returning id into new_id;

  -- Then the invoices this payment paid, the latest first.
  for alloc in
    select a.invoice_id, sum(a.amount) as net, max(a.created_at) as last_at
      from public.payment_allocations a where a.payment_id = p.id group by a.invoice_id having sum(a.amount) > 0 order by 3 desc
  loop
    exit when remaining <= 0;
    perform private.invoice_for_update(alloc.invoice_id);
    take := least(remaining, alloc.net);
    -- Recorded against the payment, so its remainder and the invoice both go down.
    perform private.post_allocation(p.id, alloc.invoice_id, -take);
    remaining := remaining - take;
  end loop;
  -- What came off the invoices went back to the payment's remainder, and the refund row's own
  -- remainder is −amount: Σ over both is the client's credit after the refund.
  if email_note then mail_id := private.queue_receipt_email(new_id); end if;
  return jsonb_build_object('id', new_id, 'number', new_number, 'from_credit', from_credit, 'receipt_email_id', mail_id);
end $$;
comment on function private.refund_payment(uuid, numeric, text, text, text, text, date, boolean) is
  'Refunds (part of) a payment as a negative payment RFD-…: from its held credit first, then from its invoices (latest first), which reopen.';

-- ── The public invoice and receipt: the one balance rule ────────────────────────────────────
create or replace function private.get_public_invoice(invoice_id uuid)
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
    'balance_due', private.balance_due(inv),
    'can_pay_online', inv.status in ('sent', 'partially_paid') and private.balance_due(inv) > 0
  )
  from public.invoices inv
  where inv.id = get_public_invoice.invoice_id and inv.status <> 'draft'
$$;
comment on function private.get_public_invoice(uuid) is
  'The public invoice page: one issued document by its unguessable id, with lines, taxes and the figures the database keeps; null when unknown or a draft.';

create or replace function private.get_public_receipt(payment_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', p.id, 'number', p.number, 'kind', p.kind, 'amount', p.amount, 'currency', p.currency,
    'exchange_rate', case when p.currency = 'GHS' then null else p.exchange_rate end,
    'method', p.method, 'momo_network', p.momo_network, 'reference', p.reference, 'paid_on', p.paid_on,
    'payer_name', p.payer_name, 'refund_reason', p.refund_reason, 'issued_at', p.created_at,
    'refund_of', (select r.number from public.payments r where r.id = p.refund_of),
    'allocations', coalesce((
      select jsonb_agg(jsonb_build_object('invoice_id', i.id, 'invoice_number', i.number, 'amount', a.amount,
                                          'invoice_total', i.total, 'balance_after', private.balance_due(i))
                       order by i.number)
        from (select x.invoice_id, sum(x.amount) as amount from public.payment_allocations x where x.payment_id = p.id group by x.invoice_id) a
        join public.invoices i on i.id = a.invoice_id
       where a.amount <> 0), '[]'::jsonb),
    'held_as_credit', private.payment_held(p.id)
  )
  from public.payments p where p.id = get_public_receipt.payment_id
$$;
comment on function private.get_public_receipt(uuid) is 'A receipt (or refund note) by its unguessable id: amount, method, invoices paid and what they still owe, credit held; null when unknown.';

-- ── Online payments (secret key): an unknown invoice or reference is 404 ────────────────────
create or replace function public.start_online_payment(invoice_id uuid, channel text, email text, reference text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invoices;
  balance numeric(14, 2);
begin
  select * into inv from public.invoices i where i.id = start_online_payment.invoice_id for update;
  if not found or inv.status = 'draft' then
    raise exception 'No such invoice.' using errcode = 'PT404';
  end if;
  if inv.kind <> 'invoice' or inv.status not in ('sent', 'partially_paid') then
    raise exception 'This % cannot be paid online (it is %).', lower(private.kind_label(inv.kind)), replace(inv.status, '_', ' ') using errcode = 'P0001';
  end if;
  balance := private.balance_due(inv);
  if balance <= 0 then raise exception 'Nothing is left to pay on %.', inv.number using errcode = 'P0001'; end if;
  if not private.is_email(btrim(email)) then raise exception 'Give an e-mail address for the receipt.' using errcode = '23514'; end if;
  insert into public.online_payments (reference, invoice_id, amount_minor, currency, email, channel)
  values (reference, inv.id, (balance * 100)::bigint, inv.currency, lower(btrim(email)), channel);
  return jsonb_build_object('reference', reference, 'amount_minor', (balance * 100)::bigint, 'currency', inv.currency,
                            'email', lower(btrim(email)), 'invoice_number', inv.number, 'bill_to_name', inv.bill_to_name);
end $$;
comment on function public.start_online_payment(uuid, text, text, text) is
  'Edge worker (secret key): fixes the amount of an online payment (the invoice''s balance due, in minor units) under a new reference.';

create or replace function public.complete_online_payment(reference text, provider_transaction_id text, amount_minor bigint, currency text,
                                                          paid_at timestamptz, channel text, momo_network text default null,
                                                          gateway_response text default null) returns jsonb
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  o public.online_payments;
  inv public.invoices;
  outstanding numeric(14, 2);
  paid numeric(14, 2);
  put numeric(14, 2);
  result jsonb;
  method text := case when channel = 'mobile_money' then 'mobile_money' else 'card' end;
begin
  select * into o from public.online_payments op where op.reference = complete_online_payment.reference for update;
  if not found then raise exception 'Unknown payment reference %.', reference using errcode = 'PT404'; end if;
  if o.payment_id is not null then
    return jsonb_build_object('outcome', 'already_recorded', 'payment_id', o.payment_id,
      'receipt_number', (select p.number from public.payments p where p.id = o.payment_id),
      'invoice_status', (select i.status from public.invoices i where i.id = o.invoice_id));
  end if;
  if amount_minor <> o.amount_minor or currency <> o.currency then
    raise exception 'The provider reports % % for %, not the % % that was asked: not recorded.',
      currency, amount_minor, reference, o.currency, o.amount_minor using errcode = 'P0001';
  end if;
  if method = 'mobile_money' and momo_network is null then
    raise exception 'The provider did not say which mobile money network paid %.', reference using errcode = 'P0001';
  end if;
  select * into inv from public.invoices i where i.id = o.invoice_id for update;
  paid := amount_minor / 100.0;
  -- The client paid what was due when they pressed Pay now; if someone recorded a payment since,
  -- the rest is held as their credit (they did pay it), never lost.
  outstanding := greatest(inv.total - inv.amount_paid - inv.amount_credited, 0);
  put := least(paid, outstanding);
  result := private.record_payment_core(
    jsonb_build_object(
      'amount', paid, 'currency', currency, 'method', method, 'momo_network', case when method = 'mobile_money' then momo_network end,
      'reference', coalesce(provider_transaction_id, reference), 'paid_on', (paid_at at time zone 'Africa/Accra')::date,
      'account_id', (select s.online_payments_account_id from public.money_settings s limit 1),
      'payer_name', inv.bill_to_name, 'payer_email', o.email,
      'notes', format('Paid online (Paystack %s).', reference),
      'allocations', case when put > 0 then jsonb_build_array(jsonb_build_object('invoice_id', inv.id, 'amount', put)) else '[]'::jsonb end,
      'hold_excess_as_credit', true, 'email_receipt', true),
    'paystack', reference);
  update public.online_payments op
     set status = 'success', payment_id = (result ->> 'id')::uuid, provider_transaction_id = complete_online_payment.provider_transaction_id,
         paid_at = complete_online_payment.paid_at, verified_at = now(), gateway_response = left(complete_online_payment.gateway_response, 500),
         momo_network = complete_online_payment.momo_network
   where op.reference = o.reference;
  return result || jsonb_build_object('outcome', 'recorded', 'payment_id', result ->> 'id', 'receipt_number', result ->> 'number',
    'invoice_status', (select i.status from public.invoices i where i.id = inv.id));
end $$;
comment on function public.complete_online_payment(text, text, bigint, text, timestamptz, text, text, text) is
  'Edge worker (secret key), after the provider verified a successful transaction: records its payment and receipt once per reference (a replay answers already_recorded); refuses an unknown reference or another amount.';

-- ── Partners: a listing not shared with the partner is 404 ──────────────────────────────────
create or replace function private.register_partner_buyer(
  listing uuid, buyer_name text, buyer_phone text default null, buyer_email text default null, notes text default null
) returns public.partner_buyer_registrations
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := private.current_partner_id();
  phone text := private.normalize_phone(buyer_phone);
  email text := nullif(lower(btrim(coalesce(buyer_email, ''))), '');
  first public.partner_buyer_registrations;
  saved public.partner_buyer_registrations;
  listing_title text;
  admin_id uuid;
begin
  if me is null then
    raise exception 'Only a partner''s account can register buyers.' using errcode = '42501';
  end if;
  -- The same answer whether the listing exists or not: a guessed id reveals nothing.
  if not exists (select 1 from public.partner_listing_shares s where s.partner_id = me and s.property_id = listing) then
    raise exception 'This listing is not shared with you.' using errcode = 'PT404';
  end if;
  if phone is null and email is null then
    raise exception 'Give the buyer''s phone number or e-mail address.' using errcode = 'P0001';
  end if;
  select * into first from public.partner_buyer_registrations b
   where b.property_id = listing and ((phone is not null and b.buyer_phone = phone) or (email is not null and b.buyer_email = email))
   order by b.created_at, b.id limit 1;
  if found then
    raise exception '%', private.registration_refusal(first, me) using errcode = 'P0001';
  end if;
  begin
    insert into public.partner_buyer_registrations (partner_id, property_id, registered_by, buyer_name, buyer_phone, buyer_email, notes)
    values (me, listing, auth.uid(), btrim(buyer_name), phone, email, nullif(btrim(coalesce(notes, '')), ''))
    returning * into saved;
  exception when unique_violation then
    -- Another registration of the same buyer committed in between: it was first.
    select * into first from public.partner_buyer_registrations b
     where b.property_id = listing and ((phone is not null and b.buyer_phone = phone) or (email is not null and b.buyer_email = email))
     order by b.created_at, b.id limit 1;
    raise exception '%', private.registration_refusal(first, me) using errcode = 'P0001';
  end;
  select p.title into listing_title from public.properties p where p.id = listing;
  for admin_id in select pr.user_id from public.profiles pr where pr.role = 'admin' loop
    perform private.notify(admin_id, 'lead_partner_buyer',
      format('%s registered a buyer', (select p.name from public.partners p where p.id = me)),
      format('For %s', listing_title), '/collaboration-management/' || me::text || '?tab=buyers', 'partner_buyer_registrations', saved.id);
  end loop;
  return saved;
end $$;
comment on function private.register_partner_buyer(uuid, text, text, text, text) is
  'Partner: registers a buyer for a listing shared with them. First registration (same phone or e-mail) wins; a later one is refused naming who registered first and when, without their client data.';

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
