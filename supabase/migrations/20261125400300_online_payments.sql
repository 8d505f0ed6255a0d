-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Paying a public invoice online (issue 14 item 3): Paystack (mobile money — MTN, Telecel,
-- AirtelTigo — or card) behind the edge worker's provider interface (worker/payments/).
--
--   1. The visitor presses "Pay now": the worker calls start_online_payment (secret key), which
--      checks the invoice is open and fixes the amount — its balance due, in pesewas — under a
--      fresh reference; the worker initialises the transaction with the provider and stores the
--      checkout it got (attach_online_payment_checkout).
--   2. The visitor pays on the provider's checkout page.
--   3. The provider's webhook (signature checked by the worker) or the visitor's return to the
--      invoice makes the worker VERIFY the transaction with the provider; only a verified success
--      of the expected amount and currency is recorded (complete_online_payment): one payment
--      per reference — a replayed webhook or a second verification records nothing more — with its
--      receipt issued and mailed. An unknown reference or a different amount is refused.
--   Webhook events are logged once per (event, transaction) in payment_webhook_events.
-- Receipts, like invoices, can be read by whoever holds their unguessable id (get_public_receipt),
-- so the client's receipt link and PDF work without an account.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.money_settings
  add column online_payments_account_id uuid references public.finance_accounts (id) on delete set null;
comment on column public.money_settings.online_payments_account_id is 'The account online (Paystack) payments settle into, for their income entries.';
create index money_settings_online_account_idx on public.money_settings (online_payments_account_id);

create table public.online_payments (
  reference text primary key check (reference ~ '^[A-Za-z0-9.=-]{8,100}$'),
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  provider text not null default 'paystack' check (provider in ('paystack')),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null check (currency in ('GHS', 'USD')),
  email text not null check (char_length(email) between 3 and 254),
  channel text not null check (channel in ('mobile_money', 'card')),
  status text not null default 'initialized' check (status in ('initialized', 'success', 'failed', 'abandoned')),
  access_code text check (char_length(access_code) <= 200),
  authorization_url text check (char_length(authorization_url) <= 1000),
  provider_transaction_id text,
  momo_network text check (momo_network in ('mtn', 'telecel', 'airteltigo')),
  gateway_response text check (char_length(gateway_response) <= 500),
  paid_at timestamptz,
  verified_at timestamptz,
  payment_id uuid unique references public.payments (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.online_payments is
  'Online payment attempts on public invoices: the amount fixed in minor units when the visitor pressed Pay now, the provider''s checkout, and the payment recorded once the provider verified the transaction. Written by the edge worker (secret key) only.';
create index online_payments_invoice_idx on public.online_payments (invoice_id, created_at desc);
create trigger online_payments_set_updated_at before update on public.online_payments
  for each row execute function private.set_updated_at();
alter table public.online_payments enable row level security;
create policy "Staff read online payments of invoices they may see" on public.online_payments
  for select to authenticated using (exists (select 1 from public.invoices i where i.id = invoice_id));
revoke all on public.online_payments from anon;
revoke insert, update, delete, truncate on public.online_payments from authenticated;

create table public.payment_webhook_events (
  id uuid primary key default gen_random_uuid(),
  provider text not null check (provider in ('paystack')),
  event text not null check (char_length(event) <= 100),
  -- event + provider transaction id: the same delivery again has the same key.
  event_key text not null unique check (char_length(event_key) <= 300),
  reference text check (char_length(reference) <= 100),
  outcome text check (char_length(outcome) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.payment_webhook_events is
  'Provider webhook events whose signature was valid, once each (a replay finds its key taken); the outcome of handling them. Secret key only.';
create index payment_webhook_events_reference_idx on public.payment_webhook_events (reference);
create trigger payment_webhook_events_set_updated_at before update on public.payment_webhook_events
  for each row execute function private.set_updated_at();
alter table public.payment_webhook_events enable row level security;
-- No policy: only the secret key reads or writes the log.
revoke all on public.payment_webhook_events from anon, authenticated;

-- ── The worker's steps (secret key) ─────────────────────────────────────────────────────────
create or replace function public.start_online_payment(invoice_id uuid, channel text, email text, reference text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  inv public.invoices;
  balance numeric(14, 2);
begin
  select * into inv from public.invoices i where i.id = start_online_payment.invoice_id for update;
  if not found or inv.status = 'draft' then
    raise exception 'No such invoice.' using errcode = 'P0002';
  end if;
  if inv.kind <> 'invoice' or inv.status not in ('sent', 'partially_paid') then
    raise exception 'This % cannot be paid online (it is %).', lower(private.kind_label(inv.kind)), replace(inv.status, '_', ' ') using errcode = 'P0001';
  end if;
  balance := inv.total - inv.amount_paid - inv.amount_credited;
  if balance <= 0 then raise exception 'Nothing is left to pay on %.', inv.number using errcode = 'P0001'; end if;
  if not private.is_email(btrim(email)) then raise exception 'Give an e-mail address for the receipt.' using errcode = '23514'; end if;
  insert into public.online_payments (reference, invoice_id, amount_minor, currency, email, channel)
  values (reference, inv.id, (balance * 100)::bigint, inv.currency, lower(btrim(email)), channel);
  return jsonb_build_object('reference', reference, 'amount_minor', (balance * 100)::bigint, 'currency', inv.currency,
                            'email', lower(btrim(email)), 'invoice_number', inv.number, 'bill_to_name', inv.bill_to_name);
end $$;
comment on function public.start_online_payment(uuid, text, text, text) is
  'Edge worker (secret key): fixes the amount of an online payment (the invoice''s balance due, in minor units) under a new reference.';

create or replace function public.attach_online_payment_checkout(reference text, access_code text, authorization_url text) returns void
language sql security definer set search_path = '' as $$
  update public.online_payments o set access_code = attach_online_payment_checkout.access_code,
         authorization_url = attach_online_payment_checkout.authorization_url
   where o.reference = attach_online_payment_checkout.reference
$$;

-- Records a verified successful transaction once. Returns {outcome: recorded | already_recorded,
-- payment_id, receipt_number, invoice_status, held_as_credit}.
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
  if not found then raise exception 'Unknown payment reference %.', reference using errcode = 'P0002'; end if;
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

create or replace function public.fail_online_payment(reference text, status text, gateway_response text default null) returns void
language sql security definer set search_path = '' as $$
  update public.online_payments o set status = fail_online_payment.status, gateway_response = left(fail_online_payment.gateway_response, 500), verified_at = now()
   where o.reference = fail_online_payment.reference and o.payment_id is null and fail_online_payment.status in ('failed', 'abandoned')
$$;

create or replace function public.log_payment_webhook_event(provider text, event text, event_key text, reference text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.payment_webhook_events (provider, event, event_key, reference) values (provider, event, event_key, reference)
  on conflict on constraint payment_webhook_events_event_key_key do nothing;
  -- A delivery whose handling failed half-way (no outcome noted) is handled again when retried.
  return not exists (select 1 from public.payment_webhook_events e
                      where e.event_key = log_payment_webhook_event.event_key and e.outcome is not null);
end $$;
comment on function public.log_payment_webhook_event(text, text, text, text) is
  'Edge worker: logs a verified webhook event; false when the same event was delivered and handled before (a replay).';

create or replace function public.note_payment_webhook_outcome(event_key text, outcome text) returns void
language sql security definer set search_path = '' as $$
  update public.payment_webhook_events e set outcome = left(note_payment_webhook_outcome.outcome, 200) where e.event_key = note_payment_webhook_outcome.event_key
$$;

-- ── Public receipt ───────────────────────────────────────────────────────────────────────────
create or replace function public.get_public_receipt(payment_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', p.id, 'number', p.number, 'kind', p.kind, 'amount', p.amount, 'currency', p.currency,
    'exchange_rate', case when p.currency = 'GHS' then null else p.exchange_rate end,
    'method', p.method, 'momo_network', p.momo_network, 'reference', p.reference, 'paid_on', p.paid_on,
    'payer_name', p.payer_name, 'refund_reason', p.refund_reason, 'issued_at', p.created_at,
    'refund_of', (select r.number from public.payments r where r.id = p.refund_of),
    'allocations', coalesce((
      select jsonb_agg(jsonb_build_object('invoice_id', i.id, 'invoice_number', i.number, 'amount', a.amount,
                                          'invoice_total', i.total, 'balance_after', greatest(i.total - i.amount_paid - i.amount_credited, 0))
                       order by i.number)
        from (select x.invoice_id, sum(x.amount) as amount from public.payment_allocations x where x.payment_id = p.id group by x.invoice_id) a
        join public.invoices i on i.id = a.invoice_id
       where a.amount <> 0), '[]'::jsonb),
    'held_as_credit', private.payment_held(p.id)
  )
  from public.payments p where p.id = get_public_receipt.payment_id
$$;
comment on function public.get_public_receipt(uuid) is 'A receipt (or refund note) by its unguessable id: amount, method, invoices paid and what they still owe, credit held; null when unknown.';

-- ── Grants ───────────────────────────────────────────────────────────────────────────────────
revoke all on function public.start_online_payment(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.attach_online_payment_checkout(text, text, text) from public, anon, authenticated;
revoke all on function public.complete_online_payment(text, text, bigint, text, timestamptz, text, text, text) from public, anon, authenticated;
revoke all on function public.fail_online_payment(text, text, text) from public, anon, authenticated;
revoke all on function public.log_payment_webhook_event(text, text, text, text) from public, anon, authenticated;
revoke all on function public.note_payment_webhook_outcome(text, text) from public, anon, authenticated;
grant execute on function public.start_online_payment(uuid, text, text, text) to service_role;
grant execute on function public.attach_online_payment_checkout(text, text, text) to service_role;
grant execute on function public.complete_online_payment(text, text, bigint, text, timestamptz, text, text, text) to service_role;
grant execute on function public.fail_online_payment(text, text, text) to service_role;
grant execute on function public.log_payment_webhook_event(text, text, text, text) to service_role;
grant execute on function public.note_payment_webhook_outcome(text, text) to service_role;
revoke all on function public.get_public_receipt(uuid) from public;
grant execute on function public.get_public_receipt(uuid) to anon, authenticated, service_role;
revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
