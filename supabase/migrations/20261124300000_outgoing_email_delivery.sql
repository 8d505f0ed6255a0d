-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Outgoing e-mail delivery (issue 11 item 6; the edge worker's `deliver-emails` job): fixes to the
-- queue's RPCs found while building the job, and a de-duplication key for producers.
--
-- 1. A run that crashed while holding a row on its LAST attempt left it in 'sending' forever:
--    claim skipped it (attempts < 5) and nothing else ever touched it. Claim now marks such rows
--    'failed' (with the reason) before it claims.
-- 2. complete_outgoing_email() applied whatever arrived, whenever it arrived. A slow run whose
--    lease had expired (and whose row another run had re-claimed, or even sent) could turn a
--    'sent' row back into 'pending' — a second mail. A failure report now applies only to the
--    claim that is still current (status 'sending' and, when the caller says which claim it
--    holds, the same attempt number); "delivered" is always recorded (the mail did go out).
-- 3. Not every failure should spend an attempt: a provider that throttles (HTTP 429, Retry-After)
--    or is misconfigured (bad API key) did not fail THIS mail. `retry_after_seconds` hands the row
--    back at that time without counting the attempt; `permanent` fails a message the provider
--    will never accept (e.g. an invalid address) at once instead of five times.
--    complete_outgoing_emails(results jsonb) reports many sends in one round trip.
-- 4. A notification for a user whose address fails the queue's address check aborted the whole
--    action that notified them (the check constraint raised inside the trigger). The copy is now
--    skipped instead; the in-app notification stays.
-- 5. The copy's HTML had an empty paragraph for a notification without a body and a link to
--    nowhere (`<a href="">`) for one without a link: html_escape() turns null into '', so the
--    coalesce() around it never fell back. Both parts are now left out when absent.
-- 6. `dedup_key`: producers that may run twice (reminders, campaigns, scheduled jobs) insert with
--    `on conflict (dedup_key) do nothing`, so one logical mail is queued once. (Sending it once is
--    the delivery job's part: every attempt at a row carries the row's idempotency key, so a
--    retry after a crash between "sent" and "recorded" does not reach the recipient twice.)
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.outgoing_emails
  add column dedup_key text check (char_length(dedup_key) between 1 and 200);
comment on column public.outgoing_emails.dedup_key is
  'One logical mail, e.g. ''booking-reminder/<booking id>'' or ''campaign/<id>/<contact id>'': unique, so a producer that runs twice queues it once (insert … on conflict (dedup_key) do nothing).';
create unique index outgoing_emails_dedup_key_idx on public.outgoing_emails (dedup_key);
comment on column public.outgoing_emails.attempts is
  'Delivery attempts so far, counted when a run claims the row (a throttled hand-back does not count); failed after 5.';

-- ── Claim: fail rows stranded on their last attempt, then claim due rows with a lease ────────
create or replace function public.claim_outgoing_emails(batch_size integer default 50, lease_seconds integer default 120)
returns setof public.outgoing_emails
language sql security definer set search_path = '' as $$
  with stranded as (
    update public.outgoing_emails s
       set status = 'failed', lease_until = null,
           last_error = left('The delivery run of the last attempt did not finish (its lease expired)'
                             || coalesce('; before that: ' || s.last_error, ''), 2000)
     where s.status = 'sending' and s.lease_until < now() and s.attempts >= 5
  )
  update public.outgoing_emails e
     set status = 'sending', attempts = e.attempts + 1,
         -- A lease shorter than a provider call would hand the row to a second run mid-send.
         lease_until = now() + make_interval(secs => least(greatest(lease_seconds, 10), 3600))
   where e.id in (
     select q.id from public.outgoing_emails q
      where q.not_before <= now()
        and (q.status = 'pending' or (q.status = 'sending' and q.lease_until < now()))
        and q.attempts < 5
      order by q.not_before, q.created_at
      limit least(greatest(batch_size, 1), 500)
      for update skip locked
   )
  returning e.*
$$;
comment on function public.claim_outgoing_emails(integer, integer) is
  'Delivery job (secret key): claims up to batch_size due rows (pending, or sending with an expired lease) for lease_seconds (10–3600), counting an attempt; rows stranded on their 5th attempt become failed.';

-- ── Complete: only the current claim reports a failure; delivered always sticks ──────────────
drop function public.complete_outgoing_email(uuid, boolean, text);
create function public.complete_outgoing_email(
  email_id uuid,
  delivered boolean,
  error text default null,
  claimed_attempt integer default null,
  retry_after_seconds integer default null,
  permanent boolean default false
) returns text
language sql security definer set search_path = '' as $$
  update public.outgoing_emails
     set status = case
                    when delivered then 'sent'
                    when permanent then 'failed'
                    when retry_after_seconds is not null then 'pending'
                    when attempts >= 5 then 'failed'
                    else 'pending'
                  end,
         sent_at = case when delivered then coalesce(sent_at, now()) end,
         lease_until = null,
         -- Not this mail's fault (throttled, provider misconfigured): hand it back uncounted.
         attempts = case when not delivered and not permanent and retry_after_seconds is not null
                         then greatest(attempts - 1, 0) else attempts end,
         not_before = case
                        when delivered or permanent then not_before
                        when retry_after_seconds is not null
                          then now() + make_interval(secs => least(greatest(retry_after_seconds, 1), 86400))
                        -- Back off before a retry: 1, 2, 4, 8 minutes.
                        else now() + make_interval(mins => power(2, greatest(attempts, 1) - 1)::int)
                      end,
         last_error = case when delivered then last_error else left(error, 2000) end
   where id = email_id
     and case
           when delivered then status <> 'sent'
           else status = 'sending' and (claimed_attempt is null or attempts = claimed_attempt)
         end
  returning status
$$;
comment on function public.complete_outgoing_email(uuid, boolean, text, integer, integer, boolean) is
  'Delivery job (secret key): records the outcome of one send. Returns the new status, or null when the report no longer applies (another run holds or finished the row).';

-- The same for many rows in one call (a delivery run reports each chunk of sends at once; one
-- round trip instead of one per mail). `results`: [{id, delivered, error, claimed_attempt,
-- retry_after_seconds, permanent}]; answers each id with its new status (null: report ignored).
create function public.complete_outgoing_emails(results jsonb)
returns table (id uuid, status text)
language sql security definer set search_path = '' as $$
  select r.id, public.complete_outgoing_email(r.id, r.delivered, r.error, r.claimed_attempt, r.retry_after_seconds, coalesce(r.permanent, false))
    from jsonb_to_recordset(results) as r(id uuid, delivered boolean, error text, claimed_attempt integer, retry_after_seconds integer, permanent boolean)
$$;
comment on function public.complete_outgoing_emails(jsonb) is
  'Delivery job (secret key): complete_outgoing_email for each element of results; returns (id, new status or null).';

revoke all on function public.claim_outgoing_emails(integer, integer) from public, anon, authenticated;
revoke all on function public.complete_outgoing_email(uuid, boolean, text, integer, integer, boolean) from public, anon, authenticated;
grant execute on function public.claim_outgoing_emails(integer, integer) to service_role;
grant execute on function public.complete_outgoing_email(uuid, boolean, text, integer, integer, boolean) to service_role;
revoke all on function public.complete_outgoing_emails(jsonb) from public, anon, authenticated;
grant execute on function public.complete_outgoing_emails(jsonb) to service_role;

-- ── The notification copy: skip an address the queue would refuse, never abort the action ────
create or replace function private.queue_notification_email() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  wants_email boolean;
  address text;
  site text := coalesce(nullif(current_setting('app.site_url', true), ''), 'http://crm.localhost:8787');
begin
  select case private.notification_category(new.kind)
           when 'deals' then coalesce(s.email_deals, true)
           when 'clients' then coalesce(s.email_clients, true)
           when 'marketing' then coalesce(s.email_marketing, false)
           else false
         end, u.email
    into wants_email, address
    from auth.users u left join public.user_settings s on s.user_id = u.id
   where u.id = new.user_id;
  -- The same test as outgoing_emails.to_address's check constraint.
  if wants_email and address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(address) <= 254 then
    insert into public.outgoing_emails (to_address, subject, html, text_body, kind, notification_id, dedup_key)
    values (
      address, new.title,
      '<p>' || private.html_escape(new.title) || '</p>'
        || case when new.body is not null then '<p>' || private.html_escape(new.body) || '</p>' else '' end
        || case when new.link is not null then '<p><a href="' || private.html_escape(site || new.link) || '">Open in the back-office</a></p>' else '' end,
      new.title || coalesce(E'\n\n' || new.body, '') || coalesce(E'\n\n' || site || new.link, ''),
      'notification', new.id, 'notification/' || new.id
    );
  end if;
  return null;
end $$;
