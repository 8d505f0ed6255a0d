-- Supabase's advisors on the money module (issue 14), as 20261127000100 did for the platform: its
-- SECURITY DEFINER RPCs move to schema `private` behind SECURITY INVOKER wrappers of the same
-- signature in `public` (same REST routes, same generated types), and the webhook log, which only
-- the service role and the definer RPCs touch, says so with an explicit policy.
select private.expose_definer_through_invoker('public.issue_invoice(uuid)');
select private.expose_definer_through_invoker('public.void_invoice(uuid, text)');
select private.expose_definer_through_invoker('public.create_credit_note(uuid, text)');
select private.expose_definer_through_invoker('public.convert_quote(uuid)');
select private.expose_definer_through_invoker('public.record_payment(jsonb)');
select private.expose_definer_through_invoker('public.allocate_payment(uuid, uuid, numeric)');
select private.expose_definer_through_invoker('public.refund_payment(uuid, numeric, text, text, text, text, date, boolean)');
select private.expose_definer_through_invoker('public.send_invoice_email(uuid, text, text)');
select private.expose_definer_through_invoker('public.get_public_receipt(uuid)');

create policy "payment_webhook_events: only the service role and definer RPCs" on public.payment_webhook_events
  as permissive for all to anon, authenticated using (false) with check (false);
