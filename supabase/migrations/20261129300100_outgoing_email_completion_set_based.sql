-- ════════════════════════════════════════════════════════════════════════════════════════════
-- The delivery job's outcome report in one statement (issue 15, ≥ 200 campaign mails/s locally).
--
-- complete_outgoing_emails(results) (20261124300000) called complete_outgoing_email once per
-- element: a SQL function with its own search_path is never inlined, so each mail
-- cost a function call and a separate UPDATE by id. It is now one UPDATE … FROM the report, with
-- exactly the same rules (a failure applies only to the current claim, "delivered" always sticks,
-- throttling hands the row back uncounted, permanent refusals fail at once, back-off 1, 2, 4, 8
-- minutes) and the same answer: each reported id with its new status, or null when the report no
-- longer applies. complete_outgoing_email (one mail) stays as it is.
-- ════════════════════════════════════════════════════════════════════════════════════════════

create or replace function public.complete_outgoing_emails(results jsonb)
returns table (id uuid, status text)
language sql security definer set search_path = '' as $$
  with report as (
    -- One outcome per mail (a report naming a mail twice keeps its first outcome).
    select distinct on (r.id) r.id, r.delivered, r.error, r.claimed_attempt, r.retry_after_seconds, coalesce(r.permanent, false) as permanent
      from rows from (jsonb_to_recordset(results) as (id uuid, delivered boolean, error text, claimed_attempt integer, retry_after_seconds integer, permanent boolean))
           with ordinality as r(id, delivered, error, claimed_attempt, retry_after_seconds, permanent, ord)
     where r.id is not null
     order by r.id, r.ord
  ),
  applied as (
    update public.outgoing_emails e
       set status = case
                      when r.delivered then 'sent'
                      when r.permanent then 'failed'
                      when r.retry_after_seconds is not null then 'pending'
                      when e.attempts >= 5 then 'failed'
                      else 'pending'
                    end,
           sent_at = case when r.delivered then coalesce(e.sent_at, now()) end,
           lease_until = null,
           -- Not this mail's fault (throttled, provider misconfigured): hand it back uncounted.
           attempts = case when not r.delivered and not r.permanent and r.retry_after_seconds is not null
                           then greatest(e.attempts - 1, 0) else e.attempts end,
           not_before = case
                          when r.delivered or r.permanent then e.not_before
                          when r.retry_after_seconds is not null
                            then now() + make_interval(secs => least(greatest(r.retry_after_seconds, 1), 86400))
                          -- Back off before a retry: 1, 2, 4, 8 minutes.
                          else now() + make_interval(mins => power(2, greatest(e.attempts, 1) - 1)::int)
                        end,
           last_error = case when r.delivered then e.last_error else left(r.error, 2000) end
      from report r
     where e.id = r.id
       and case
             when r.delivered then e.status <> 'sent'
             else e.status = 'sending' and (r.claimed_attempt is null or e.attempts = r.claimed_attempt)
           end
    returning e.id, e.status
  )
  select r.id, a.status from report r left join applied a on a.id = r.id
$$;
comment on function public.complete_outgoing_emails(jsonb) is
  'Delivery job (secret key): records many sends'' outcomes in one statement (the rules of complete_outgoing_email); returns (id, new status or null).';
revoke all on function public.complete_outgoing_emails(jsonb) from public, anon, authenticated;
grant execute on function public.complete_outgoing_emails(jsonb) to service_role;
