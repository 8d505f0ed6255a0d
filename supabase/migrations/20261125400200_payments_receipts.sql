-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Payments and receipts (issue 14 item 2), documents by e-mail, overdue reminders.
--
--   • A payment is recorded against one or more invoices (partial and instalment payments), by
--     mobile money (with its network), bank transfer, card or cheque — never cash (Act 1047) — and
--     issues a receipt at once: its number RCP-2026-0001 from the same gapless counters as the
--     invoices. In the same transaction the invoices' amount_paid and status move and the money
--     flows into the finances as approved income (public.record_payment; nobody writes the tables
--     directly). A payment larger than what its invoices still owe is refused unless the caller
--     says explicitly to hold the excess as client credit; held credit is a payment's unallocated
--     remainder and is applied to another invoice later (public.allocate_payment).
--   • Refunds are negative payments with a reason (RFD-2026-0001), taking back the payment's held
--     credit first and then its allocations (public.refund_payment).
--   • A credit note on an invoice that was paid beyond its new total moves the overpaid part back
--     to the paying payment's remainder: client credit, not lost.
--   • Documents by e-mail: outgoing_emails.attachments names the PDFs to attach; the edge worker's
--     deliver-emails job renders them (worker/money/pdf) and the providers send them.
--     public.send_invoice_email queues an invoice; receipts are mailed when a payment asks.
--   • Overdue reminders at configurable offsets from the due date (money_settings), queued by the
--     worker's invoice-reminders job through public.queue_invoice_reminders and recorded on the
--     invoice (invoice_reminders).
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Payments ─────────────────────────────────────────────────────────────────────────────────
create table public.payments (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (number ~ '^(RCP|RFD)-[0-9]{4}-[0-9]{4,}$'),
  kind text not null default 'payment' check (kind in ('payment', 'refund')),
  amount numeric(14, 2) not null,
  currency text not null check (currency in ('GHS', 'USD')),
  exchange_rate numeric(12, 4) not null default 1 check (exchange_rate > 0),
  method text not null check (method in ('mobile_money', 'bank_transfer', 'card', 'cheque')),
  momo_network text check (momo_network in ('mtn', 'telecel', 'airteltigo')),
  reference text check (char_length(reference) <= 120),
  paid_on date not null,
  account_id uuid references public.finance_accounts (id) on delete restrict,
  payer_name text not null check (char_length(payer_name) between 1 and 200),
  payer_email text check (char_length(payer_email) <= 254),
  client_key text not null,
  notes text check (char_length(notes) <= 1000),
  refund_of uuid references public.payments (id) on delete restrict,
  refund_reason text check (char_length(refund_reason) <= 500),
  gateway text check (gateway in ('paystack')),
  gateway_reference text unique,
  recorded_by uuid references auth.users (id) on delete set null default auth.uid(),
  owner_id uuid references auth.users (id) on delete set null,
  assignee_id uuid references auth.users (id) on delete set null,
  search_text text generated always as (lower(number || ' ' || payer_name || ' ' || coalesce(payer_email, '') || ' ' || coalesce(reference, ''))) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'payment' and amount > 0 and refund_of is null) or (kind = 'refund' and amount < 0 and refund_of is not null and refund_reason is not null)),
  check ((method = 'mobile_money') = (momo_network is not null)),
  check (currency <> 'GHS' or exchange_rate = 1)
);
comment on table public.payments is
  'Money received (payments, each with its receipt number RCP-…) and paid back (refunds, negative, RFD-…). Written only by record_payment / refund_payment / the online payment flow; never cash (Act 1047).';
comment on column public.payments.client_key is 'Whose money: lower(e-mail, else name) of the payer or the first invoice''s client; held credit is counted per client.';
comment on column public.payments.gateway_reference is 'The online payment''s transaction reference (Paystack): one payment per reference, so a replayed webhook records nothing.';
create index payments_paid_on_idx on public.payments (paid_on desc, id);
create index payments_method_idx on public.payments (method, paid_on desc);
create index payments_client_idx on public.payments (client_key);
create index payments_owner_idx on public.payments (owner_id);
create index payments_assignee_idx on public.payments (assignee_id);
create index payments_recorded_by_idx on public.payments (recorded_by);
create index payments_refund_of_idx on public.payments (refund_of);
create index payments_account_idx on public.payments (account_id);
create index payments_updated_idx on public.payments (updated_at desc);
create index payments_search_idx on public.payments using gin (search_text extensions.gin_trgm_ops);
create trigger payments_set_updated_at before update on public.payments
  for each row execute function private.set_updated_at();
select private.enable_audit('public.payments');

create table public.payment_allocations (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references public.payments (id) on delete restrict,
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  amount numeric(14, 2) not null check (amount <> 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.payment_allocations is
  'How much of a payment (or refund: negative) went to which invoice. Σ per invoice = invoices.amount_paid; a payment''s amount less Σ of its rows is held client credit.';
create index payment_allocations_payment_idx on public.payment_allocations (payment_id);
create index payment_allocations_invoice_idx on public.payment_allocations (invoice_id, created_at);
create trigger payment_allocations_set_updated_at before update on public.payment_allocations
  for each row execute function private.set_updated_at();

alter table public.finance_entries add constraint finance_entries_payment_fk
  foreign key (payment_id) references public.payments (id) on delete restrict;

-- Receipts share the counters (a payment row's number is its receipt).
create or replace function private.highest_document_number(series text, yr integer) returns integer
language sql stable security definer set search_path = '' as $$
  select greatest(
    (select coalesce(max(split_part(i.number, '-', 3)::int), 0) from public.invoices i where i.number like series || '-' || yr || '-%'),
    (select coalesce(max(split_part(p.number, '-', 3)::int), 0) from public.payments p where p.number like series || '-' || yr || '-%'))
$$;

-- ── Access ───────────────────────────────────────────────────────────────────────────────────
alter table public.payments enable row level security;
create policy "Staff read payments per access" on public.payments
  for select to authenticated using (
    (select private.access_scope('payments')) = 'all'
    or ((select private.access_scope('payments')) = 'own' and (owner_id = (select auth.uid()) or assignee_id = (select auth.uid()) or recorded_by = (select auth.uid())))
  );
revoke all on public.payments from anon;
revoke insert, update, delete, truncate on public.payments from authenticated;

alter table public.payment_allocations enable row level security;
create policy "Staff read allocations of payments or invoices they may see" on public.payment_allocations
  for select to authenticated using (
    exists (select 1 from public.payments p where p.id = payment_id) or exists (select 1 from public.invoices i where i.id = invoice_id)
  );
revoke all on public.payment_allocations from anon;
revoke insert, update, delete, truncate on public.payment_allocations from authenticated;

-- ── Moving money onto invoices ──────────────────────────────────────────────────────────────
-- Adds `amount` (negative for a refund) to an invoice's paid amount and moves its status.
create or replace function private.post_allocation(payment_id uuid, invoice_id uuid, amount numeric) returns void
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
begin
  insert into public.payment_allocations (payment_id, invoice_id, amount) values (payment_id, invoice_id, amount);
  update public.invoices i
     set amount_paid = i.amount_paid + amount,
         status = private.settlement_status(i.kind, i.status, i.total, i.amount_paid + amount, i.amount_credited)
   where i.id = post_allocation.invoice_id;
end $$;

-- A payment's held client credit: what it has not put on any invoice, less what its refunds took.
create or replace function private.payment_held(target uuid) returns numeric
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(p.amount - coalesce((select sum(a.amount) from public.payment_allocations a where a.payment_id = p.id), 0)), 0)
    from public.payments p where p.id = target or p.refund_of = target
$$;

create or replace function private.money_text(currency text, amount numeric) returns text
language sql immutable set search_path = '' as $$
  select currency || ' ' || to_char(amount, 'FM999,999,999,990.00')
$$;

-- The income a payment or refund brings into the finances (approved; follows the payment).
create or replace function private.payment_to_finances() returns trigger
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
begin
  insert into public.finance_entries (kind, status, entry_date, amount, currency, exchange_rate, category_id, account_id,
                                      description, counterparty, reference, payment_id, owner_id, approved_at)
  values ('income', 'approved', new.paid_on, new.amount, new.currency, new.exchange_rate,
          (select c.id from public.finance_categories c where c.code = 'client_payments'), new.account_id,
          case when new.kind = 'refund' then 'Refund ' || new.number else 'Receipt ' || new.number end,
          new.payer_name, new.reference, new.id, new.owner_id, now());
  return null;
end $$;
create trigger payments_to_finances after insert on public.payments
  for each row execute function private.payment_to_finances();

-- ── Documents by e-mail ─────────────────────────────────────────────────────────────────────
-- "if not exists": branch inbox (20261125300100) adds the same column first; the check is ours,
-- separate and named, so both sides' rules hold after the merge.
alter table public.outgoing_emails
  add column if not exists attachments jsonb not null default '[]'::jsonb;
alter table public.outgoing_emails
  add constraint outgoing_emails_attachments_list
    check (jsonb_typeof(attachments) = 'array' and jsonb_array_length(attachments) <= 10);
comment on column public.outgoing_emails.attachments is
  'Files to attach: [{filename, content_type, content (base64)}] or [{filename, content_type, render: invoice_pdf | receipt_pdf, record_id}] — the delivery job renders the latter from the stored document when it sends.';

create or replace function private.public_site_url() returns text
language sql stable set search_path = '' as $$
  select coalesce(
    nullif(current_setting('app.public_site_url', true), ''),
    replace(coalesce(nullif(current_setting('app.site_url', true), ''), 'http://crm.localhost:8787'), '://crm.', '://'))
$$;
comment on function private.public_site_url() is
  'The public site''s origin for links in client mail (app.public_site_url, else app.site_url without its crm. host).';

create or replace function private.is_email(address text) returns boolean
language sql immutable set search_path = '' as $$
  select address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(address) <= 254
$$;

create or replace function private.document_mail_html(heading text, paragraphs text[], link text, link_label text) returns text
language sql immutable set search_path = '' as $$
  select '<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1c1917">'
      || '<h1 style="font-size:20px">' || private.html_escape(heading) || '</h1>'
      || coalesce((select string_agg('<p>' || replace(private.html_escape(p), E'\n', '<br>') || '</p>', '') from unnest(paragraphs) p), '')
      || case when link is null then '' else '<p><a href="' || private.html_escape(link) || '">' || private.html_escape(link_label) || '</a></p>' end
      || '<p style="color:#57534e;font-size:13px">Ghana Realty Ltd · We do not accept cash (Real Estate Agency Act, 2020, Act 1047).</p></div>'
$$;

create or replace function private.kind_label(kind text) returns text
language sql immutable set search_path = '' as $$
  select case kind when 'invoice' then 'Invoice' when 'quote' then 'Quotation' when 'proforma' then 'Proforma invoice' when 'credit_note' then 'Credit note' else kind end
$$;

-- Queues an issued document to a client with its PDF attached; records when and to whom.
create or replace function public.send_invoice_email(invoice_id uuid, to_address text default null, message text default null) returns uuid
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  inv public.invoices;
  address text;
  link text;
  mail_id uuid;
  label text;
begin
  if coalesce(auth.role(), '') <> 'service_role' and not private.is_staff_or_admin() then
    raise exception 'Only staff send documents.' using errcode = '42501';
  end if;
  inv := private.invoice_for_update(invoice_id);
  if inv.status = 'draft' then raise exception 'Issue the document before sending it.' using errcode = 'P0001'; end if;
  address := btrim(coalesce(nullif(btrim(to_address), ''), inv.bill_to_email, ''));
  if not private.is_email(address) then
    raise exception 'Give the client''s e-mail address to send % to.', inv.number using errcode = '23514';
  end if;
  label := private.kind_label(inv.kind);
  link := private.public_site_url() || '/invoice/' || inv.id;
  insert into public.outgoing_emails (to_address, subject, html, text_body, kind, attachments)
  values (
    address,
    format('%s %s from Ghana Realty', label, inv.number),
    private.document_mail_html(
      format('%s %s', label, inv.number),
      array_remove(array[
        'Dear ' || inv.bill_to_name || ',',
        nullif(btrim(coalesce(message, '')), ''),
        format('Please find %s %s attached: %s, due %s.', lower(label), inv.number, private.money_text(inv.currency, inv.total),
               coalesce(to_char(inv.due_date, 'DD Mon YYYY'), 'on receipt')),
        case when inv.kind = 'invoice' then 'You can view it and pay online by mobile money or card at the link below.' end
      ], null),
      link, 'View ' || lower(label) || ' ' || inv.number),
    format(E'%s %s\n\nDear %s,\n%s\n%s: %s\n%s', label, inv.number, inv.bill_to_name, coalesce(nullif(btrim(message), '') || E'\n', ''),
           inv.number, private.money_text(inv.currency, inv.total), link),
    'transactional',
    jsonb_build_array(jsonb_build_object('filename', inv.number || '.pdf', 'content_type', 'application/pdf', 'render', 'invoice_pdf', 'record_id', inv.id))
  )
  returning id into mail_id;
  update public.invoices i set last_sent_at = now(), last_sent_to = address where i.id = inv.id;
  return mail_id;
end $$;
comment on function public.send_invoice_email(uuid, text, text) is
  'Queues an issued document for the client (bill-to address unless another is given) with its PDF attached and the public link; records last_sent_at/to.';

-- Queues a payment's receipt (or a refund's note) to the payer, PDF attached, once.
create or replace function private.queue_receipt_email(target uuid, to_address text default null) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  p public.payments;
  address text;
  invoices_text text;
  mail_id uuid;
begin
  select * into p from public.payments where id = target;
  address := btrim(coalesce(nullif(btrim(to_address), ''), p.payer_email,
    (select i.bill_to_email from public.payment_allocations a join public.invoices i on i.id = a.invoice_id
      where a.payment_id = p.id and i.bill_to_email is not null order by a.created_at limit 1), ''));
  if not private.is_email(address) then return null; end if;
  select string_agg(i.number || ' (' || private.money_text(i.currency, a.amount) || ')', ', ' order by i.number) into invoices_text
    from public.payment_allocations a join public.invoices i on i.id = a.invoice_id where a.payment_id = p.id;
  insert into public.outgoing_emails (to_address, subject, html, text_body, kind, attachments, dedup_key)
  values (
    address,
    format('%s %s from Ghana Realty', case when p.kind = 'refund' then 'Refund' else 'Receipt' end, p.number),
    private.document_mail_html(
      format('%s %s', case when p.kind = 'refund' then 'Refund' else 'Receipt' end, p.number),
      array_remove(array[
        'Dear ' || p.payer_name || ',',
        case when p.kind = 'refund'
             then format('We have refunded %s to you on %s.', private.money_text(p.currency, -p.amount), to_char(p.paid_on, 'DD Mon YYYY'))
             else format('Thank you: we received %s on %s.', private.money_text(p.currency, p.amount), to_char(p.paid_on, 'DD Mon YYYY')) end,
        case when invoices_text is not null then 'Applied to ' || invoices_text || '.' end,
        'Your receipt is attached.'
      ], null),
      null, null),
    format(E'%s %s\n\n%s %s on %s.\n%s', case when p.kind = 'refund' then 'Refund' else 'Receipt' end, p.number,
           case when p.kind = 'refund' then 'Refunded' else 'Received' end, private.money_text(p.currency, abs(p.amount)),
           to_char(p.paid_on, 'DD Mon YYYY'), coalesce('Applied to ' || invoices_text || '.', '')),
    'transactional',
    jsonb_build_array(jsonb_build_object('filename', p.number || '.pdf', 'content_type', 'application/pdf', 'render', 'receipt_pdf', 'record_id', p.id)),
    'receipt/' || p.id
  )
  on conflict (dedup_key) do nothing
  returning id into mail_id;
  return mail_id;
end $$;

-- ── Recording a payment ─────────────────────────────────────────────────────────────────────
-- payment: {amount, currency, method, momo_network, reference, paid_on, account_id, payer_name,
--           payer_email, notes, allocations: [{invoice_id, amount}], hold_excess_as_credit,
--           email_receipt}. Returns {id, number, held_as_credit, receipt_email_id}.
create or replace function private.record_payment_core(payment jsonb, gateway text default null, gateway_reference text default null) returns jsonb
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  amt numeric(14, 2);
  cur text := payment ->> 'currency';
  method text := payment ->> 'method';
  network text := nullif(payment ->> 'momo_network', '');
  paid date := coalesce((payment ->> 'paid_on')::date, private.today_accra());
  hold boolean := coalesce((payment ->> 'hold_excess_as_credit')::boolean, false);
  alloc record;
  inv public.invoices;
  first_inv public.invoices;
  allocated numeric(14, 2) := 0;
  outstanding numeric(14, 2);
  excess numeric(14, 2);
  payer text := nullif(btrim(payment ->> 'payer_name'), '');
  payer_email text := nullif(btrim(payment ->> 'payer_email'), '');
  rate numeric(12, 4) := 1;
  new_id uuid;
  new_number text;
  mail_id uuid;
  seen uuid[] := '{}';
begin
  begin
    amt := (payment ->> 'amount')::numeric;
  exception when others then
    raise exception 'The amount is not a number.' using errcode = '22023';
  end;
  if amt is null or amt <= 0 then raise exception 'A payment is more than 0.00.' using errcode = '23514'; end if;
  if amt <> round(amt, 2) then raise exception 'An amount has at most two decimals.' using errcode = '23514'; end if;
  if method = 'cash' then
    raise exception 'Cash is not accepted (Real Estate Agency Act, 2020, Act 1047): record mobile money, a bank transfer, a card or a cheque.' using errcode = '23514';
  end if;
  if method is null or method not in ('mobile_money', 'bank_transfer', 'card', 'cheque') then
    raise exception 'Choose how the client paid: mobile money, bank transfer, card or cheque.' using errcode = '23514';
  end if;
  if (method = 'mobile_money') <> (network is not null) then
    raise exception '%', case when network is null then 'Choose the mobile money network (MTN, Telecel or AirtelTigo).' else 'A network is given only for mobile money.' end using errcode = '23514';
  end if;
  if cur is null or cur not in ('GHS', 'USD') then raise exception 'A payment is in GHS or USD.' using errcode = '23514'; end if;
  if paid > private.today_accra() then raise exception 'A payment is recorded on or after the day it was made.' using errcode = '23514'; end if;
  if payment ? 'account_id' and nullif(payment ->> 'account_id', '') is not null
     and not exists (select 1 from public.finance_accounts a where a.id = (payment ->> 'account_id')::uuid and a.kind <> 'client_trust') then
    raise exception 'Choose one of the agency''s accounts (client trust money is recorded in the finances).' using errcode = '23514';
  end if;

  -- Lock the invoices in one order (no deadlock between two payments to the same invoices).
  for alloc in
    select (a ->> 'invoice_id')::uuid as invoice_id, (a ->> 'amount')::numeric as amount
      from jsonb_array_elements(coalesce(payment -> 'allocations', '[]'::jsonb)) a
     order by 1
  loop
    if alloc.invoice_id = any (seen) then raise exception 'An invoice appears twice in one payment.' using errcode = '23514'; end if;
    seen := seen || alloc.invoice_id;
    inv := private.invoice_for_update(alloc.invoice_id);
    if inv.kind <> 'invoice' or inv.status not in ('sent', 'partially_paid', 'paid') then
      raise exception '% cannot take a payment (it is %).', coalesce(inv.number, 'A draft'), replace(inv.status, '_', ' ') using errcode = 'P0001';
    end if;
    if inv.currency <> cur then
      raise exception '% is in %: record a payment in % for it.', inv.number, inv.currency, inv.currency using errcode = 'P0001';
    end if;
    if alloc.amount is null or alloc.amount <= 0 or alloc.amount <> round(alloc.amount, 2) then
      raise exception 'The amount for % is more than 0.00, with at most two decimals.', inv.number using errcode = '23514';
    end if;
    outstanding := inv.total - inv.amount_paid - inv.amount_credited;
    if alloc.amount > outstanding then
      raise exception '% for % is more than it still owes (%): lower it, and hold the difference as client credit if the client paid more.',
        private.money_text(cur, alloc.amount), inv.number, private.money_text(cur, greatest(outstanding, 0)) using errcode = 'P0001';
    end if;
    allocated := allocated + alloc.amount;
    if first_inv.id is null then first_inv := inv; end if;
    if cur = 'USD' then rate := coalesce(inv.exchange_rate, rate); end if;
  end loop;

  if allocated > amt then
    raise exception 'The amounts for the invoices (%) add up to more than the payment (%).', private.money_text(cur, allocated), private.money_text(cur, amt) using errcode = 'P0001';
  end if;
  excess := amt - allocated;
  if excess > 0 and not hold then
    raise exception 'The payment (%) is % more than its invoices still owe (%): hold the excess as client credit explicitly, or lower the amount.',
      private.money_text(cur, amt), private.money_text(cur, excess), private.money_text(cur, allocated) using errcode = 'P0001';
  end if;
  payer := coalesce(payer, first_inv.bill_to_name);
  if payer is null then raise exception 'Name the payer.' using errcode = '23514'; end if;
  if cur = 'USD' and first_inv.id is null then
    select r.rate into rate from public.exchange_rates r where r.base_currency = 'USD' and r.quote_currency = 'GHS' and r.effective_on <= paid
     order by r.effective_on desc limit 1;
    if rate is null then raise exception 'No USD → GHS rate on or before %.', paid using errcode = 'P0001'; end if;
  end if;

  new_number := private.next_document_number('RCP', private.today_accra());
  insert into public.payments (number, kind, amount, currency, exchange_rate, method, momo_network, reference, paid_on, account_id,
                               payer_name, payer_email, client_key, notes, gateway, gateway_reference, recorded_by, owner_id, assignee_id)
  values (new_number, 'payment', amt, cur, rate, method, network, nullif(btrim(payment ->> 'reference'), ''), paid,
          nullif(payment ->> 'account_id', '')::uuid, payer, coalesce(payer_email, first_inv.bill_to_email),
          coalesce(first_inv.client_key, lower(coalesce(payer_email, payer))), nullif(btrim(payment ->> 'notes'), ''),
          gateway, gateway_reference, auth.uid(), coalesce(first_inv.owner_id, auth.uid()), first_inv.assignee_id)
  returning id into new_id;

  for alloc in
    select (a ->> 'invoice_id')::uuid as invoice_id, (a ->> 'amount')::numeric as amount
      from jsonb_array_elements(coalesce(payment -> 'allocations', '[]'::jsonb)) a order by 1
  loop
    perform private.post_allocation(new_id, alloc.invoice_id, alloc.amount);
  end loop;

  if coalesce((payment ->> 'email_receipt')::boolean, false) then
    mail_id := private.queue_receipt_email(new_id, payer_email);
  end if;
  return jsonb_build_object('id', new_id, 'number', new_number, 'held_as_credit', excess, 'receipt_email_id', mail_id);
end $$;

create or replace function public.record_payment(payment jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' and not private.is_staff_or_admin() then
    raise exception 'Only staff record payments.' using errcode = '42501';
  end if;
  if jsonb_typeof(payment) <> 'object' then raise exception 'A payment is a JSON object.' using errcode = '22023'; end if;
  return private.record_payment_core(payment);
end $$;
comment on function public.record_payment(jsonb) is
  'Records a payment against invoices and issues its receipt (RCP-…); refuses cash, amounts over what an invoice owes, and an excess not explicitly held as client credit. Returns {id, number, held_as_credit, receipt_email_id}.';

-- ── Held credit onto another invoice ────────────────────────────────────────────────────────
create or replace function public.allocate_payment(payment_id uuid, invoice_id uuid, amount numeric) returns void
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  p public.payments;
  inv public.invoices;
  held numeric(14, 2);
begin
  if not private.is_staff_or_admin() then raise exception 'Only staff apply client credit.' using errcode = '42501'; end if;
  select * into p from public.payments where id = payment_id for update;
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
  if amount > inv.total - inv.amount_paid - inv.amount_credited then
    raise exception '% is more than % still owes (%).', private.money_text(p.currency, amount), inv.number,
      private.money_text(inv.currency, inv.total - inv.amount_paid - inv.amount_credited) using errcode = 'P0001';
  end if;
  perform private.post_allocation(p.id, inv.id, amount);
end $$;
comment on function public.allocate_payment(uuid, uuid, numeric) is 'Applies client credit held on a payment (its unallocated remainder) to an open invoice.';

-- ── Refunds ──────────────────────────────────────────────────────────────────────────────────
create or replace function public.refund_payment(payment_id uuid, amount numeric, reason text, method text, momo_network text default null,
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
    raise exception 'Payment not found, or you may not work on it.' using errcode = 'P0002';
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
comment on function public.refund_payment(uuid, numeric, text, text, text, text, date, boolean) is
  'Refunds (part of) a payment as a negative payment RFD-…: from its held credit first, then from its invoices (latest first), which reopen.';

-- ── Credit notes release what was paid beyond an invoice's new total ───────────────────────
create or replace function private.release_overpayment() returns trigger
language plpgsql security definer set search_path = '' set "money.internal" = 'on' as $$
declare
  over numeric(14, 2) := new.amount_paid + new.amount_credited - new.total;
  alloc record;
  take numeric(14, 2);
begin
  if over <= 0 or new.amount_paid <= 0 then return null; end if;
  for alloc in
    select a.payment_id, sum(a.amount) as net, max(a.created_at) as last_at
      from public.payment_allocations a where a.invoice_id = new.id group by a.payment_id having sum(a.amount) > 0 order by 3 desc
  loop
    exit when over <= 0;
    take := least(over, alloc.net);
    perform private.post_allocation(alloc.payment_id, new.id, -take);
    over := over - take;
  end loop;
  return null;
end $$;
comment on function private.release_overpayment() is
  'After a credit note: what the payments put on the invoice beyond its new total goes back to those payments as held client credit.';
create trigger invoices_release_overpayment after update of amount_credited on public.invoices
  for each row when (new.amount_credited > old.amount_credited) execute function private.release_overpayment();

-- ── Client credit ────────────────────────────────────────────────────────────────────────────
create or replace view public.client_credit_balances with (security_invoker = true) as
  select p.client_key, p.currency, min(p.payer_name) as payer_name,
         sum(p.amount - coalesce(a.allocated, 0))::numeric(14, 2) as credit
    from public.payments p
    left join (select payment_id, sum(amount) as allocated from public.payment_allocations group by payment_id) a on a.payment_id = p.id
   group by p.client_key, p.currency
  having sum(p.amount - coalesce(a.allocated, 0)) > 0;
comment on view public.client_credit_balances is
  'Client credit per client and currency: what payments (less refunds) hold beyond what they put on invoices. Security invoker: the caller''s access to payments applies.';
revoke all on public.client_credit_balances from anon;
grant select on public.client_credit_balances to authenticated;

create or replace function public.payment_credit(payment_id uuid) returns numeric
language sql stable security invoker set search_path = '' as $$
  -- Security invoker: only a payment the caller may see has an answer.
  select private.payment_held(p.id) from public.payments p where p.id = payment_credit.payment_id
$$;
comment on function public.payment_credit(uuid) is 'Client credit a payment still holds (its unallocated remainder less what refunds took from it).';

-- ── Overdue reminders ───────────────────────────────────────────────────────────────────────
create table public.money_settings (
  id boolean primary key default true check (id),
  reminder_offsets smallint[] not null default '{-3,1,7}'
    check (cardinality(reminder_offsets) <= 10 and -60 <= all (reminder_offsets) and 120 >= all (reminder_offsets)),
  default_payment_terms_days smallint not null default 14 check (default_payment_terms_days between 0 and 365),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.money_settings is
  'One row: days relative to the due date on which open invoices are reminded (−3 = three days before, 7 = a week late), and the default payment terms.';
insert into public.money_settings (id) values (true) on conflict do nothing;
create trigger money_settings_set_updated_at before update on public.money_settings
  for each row execute function private.set_updated_at();
alter table public.money_settings enable row level security;
create policy "Staff read money settings" on public.money_settings for select to authenticated using ((select private.is_staff_or_admin()));
create policy "Admins change money settings" on public.money_settings for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
revoke all on public.money_settings from anon;
revoke insert, delete, truncate on public.money_settings from authenticated;

create table public.invoice_reminders (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  offset_days smallint not null,
  reminded_on date not null,
  to_address text not null,
  email_id uuid references public.outgoing_emails (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (invoice_id, offset_days)
);
comment on table public.invoice_reminders is 'The reminders an invoice was sent (one per offset from its due date), written by queue_invoice_reminders.';
create index invoice_reminders_email_idx on public.invoice_reminders (email_id);
create trigger invoice_reminders_set_updated_at before update on public.invoice_reminders
  for each row execute function private.set_updated_at();
alter table public.invoice_reminders enable row level security;
create policy "Staff read reminders of invoices they may see" on public.invoice_reminders
  for select to authenticated using (exists (select 1 from public.invoices i where i.id = invoice_id));
revoke all on public.invoice_reminders from anon;
revoke insert, update, delete, truncate on public.invoice_reminders from authenticated;

-- For the worker's invoice-reminders job (secret key): for each open invoice with an address,
-- the latest offset that has come (due_date + offset ≤ on_date, after the issue date) and was
-- not reminded yet is queued once (earlier offsets it missed are not sent late).
create or replace function public.queue_invoice_reminders(on_date date, max_rows integer default 200) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  offsets smallint[] := (select s.reminder_offsets from public.money_settings s limit 1);
  r record;
  mail_id uuid;
  queued integer := 0;
  link text;
  late text;
begin
  for r in
    select i.*, o.off
      from public.invoices i
      cross join lateral (
        select max(x) as off from unnest(offsets) x
         where i.due_date + x <= on_date and i.due_date + x >= i.issue_date
      ) o
     where i.kind = 'invoice' and i.status in ('sent', 'partially_paid') and i.due_date is not null
       and private.is_email(i.bill_to_email) and o.off is not null
       and not exists (select 1 from public.invoice_reminders m where m.invoice_id = i.id and m.offset_days >= o.off)
     order by i.due_date
     limit least(greatest(max_rows, 1), 1000)
     for update of i skip locked
  loop
    link := private.public_site_url() || '/invoice/' || r.id;
    late := case when r.off < 0 then format('is due on %s', to_char(r.due_date, 'DD Mon YYYY'))
                 when r.off = 0 then 'is due today'
                 else format('was due on %s', to_char(r.due_date, 'DD Mon YYYY')) end;
    insert into public.outgoing_emails (to_address, subject, html, text_body, kind, attachments, dedup_key)
    values (
      r.bill_to_email,
      format('Reminder: invoice %s %s', r.number, case when r.off > 0 then 'is overdue' else 'is due soon' end),
      private.document_mail_html(
        format('Invoice %s %s', r.number, late),
        array['Dear ' || r.bill_to_name || ',',
              format('This is a reminder that invoice %s (%s outstanding) %s.', r.number,
                     private.money_text(r.currency, r.total - r.amount_paid - r.amount_credited), late),
              'You can pay online by mobile money or card at the link below. If you have already paid, thank you — please ignore this reminder.'],
        link, 'View and pay ' || r.number),
      format(E'Invoice %s %s: %s outstanding.\nPay online: %s', r.number, late,
             private.money_text(r.currency, r.total - r.amount_paid - r.amount_credited), link),
      'transactional',
      jsonb_build_array(jsonb_build_object('filename', r.number || '.pdf', 'content_type', 'application/pdf', 'render', 'invoice_pdf', 'record_id', r.id)),
      format('invoice-reminder/%s/%s', r.id, r.off)
    )
    on conflict (dedup_key) do nothing
    returning id into mail_id;
    insert into public.invoice_reminders (invoice_id, offset_days, reminded_on, to_address, email_id)
    values (r.id, r.off, on_date, r.bill_to_email, mail_id)
    on conflict (invoice_id, offset_days) do nothing;
    queued := queued + 1;
  end loop;
  return queued;
end $$;
comment on function public.queue_invoice_reminders(date, integer) is
  'Reminder job (secret key): queues each open invoice''s reminder for the latest offset (money_settings) that has come, once, PDF attached; records it in invoice_reminders. Returns how many.';

-- ── Lists ────────────────────────────────────────────────────────────────────────────────────
create or replace function public.search_payments(term text)
returns setof public.payments
language sql stable security invoker set search_path = '' as $$
  select p.* from public.payments p where p.id = any (private.search_ids('payments', term))
$$;
comment on function public.search_payments(text) is 'Payments whose receipt number, payer, e-mail or reference contain the term, as the caller may see them.';

-- ── Grants ───────────────────────────────────────────────────────────────────────────────────
revoke all on function public.record_payment(jsonb) from public, anon;
revoke all on function public.allocate_payment(uuid, uuid, numeric) from public, anon;
revoke all on function public.refund_payment(uuid, numeric, text, text, text, text, date, boolean) from public, anon;
revoke all on function public.send_invoice_email(uuid, text, text) from public, anon;
revoke all on function public.queue_invoice_reminders(date, integer) from public, anon, authenticated;
revoke all on function public.search_payments(text) from public, anon;
revoke all on function public.payment_credit(uuid) from public, anon;
grant execute on function public.record_payment(jsonb) to authenticated, service_role;
grant execute on function public.allocate_payment(uuid, uuid, numeric) to authenticated;
grant execute on function public.refund_payment(uuid, numeric, text, text, text, text, date, boolean) to authenticated;
grant execute on function public.send_invoice_email(uuid, text, text) to authenticated, service_role;
grant execute on function public.queue_invoice_reminders(date, integer) to service_role;
grant execute on function public.search_payments(text) to authenticated;
grant execute on function public.payment_credit(uuid) to authenticated;
revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
