-- Issue 13 "a reply to an address that bounced is flagged", for bounces the provider reports
-- later: until now private.address_bounced_at knew only mail that failed while being sent
-- (outgoing_emails.status = 'failed'). A bounce the provider's webhook reports afterwards
-- (POST /api/email/events → record_email_delivery_event) lands in email_suppressions (reason
-- 'bounced') and on the campaign recipient (bounced_at) — the inbox reply dialog's warning and
-- inbox_replies.address_had_bounced now count those too. The newest of the three times is returned.

-- Bounced recipients by address (the webhook marks them; the lookup below reads them).
create index email_campaign_recipients_bounced_email_idx on public.email_campaign_recipients (email) where bounced_at is not null;

create or replace function private.address_bounced_at(address text) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select max(t) from (
    select max(e.updated_at) as t from public.outgoing_emails e where lower(e.to_address) = lower(btrim(address)) and e.status = 'failed'
    union all
    select s.updated_at from public.email_suppressions s where s.email = lower(btrim(address)) and s.reason = 'bounced'
    union all
    select max(r.bounced_at) from public.email_campaign_recipients r where r.email = lower(btrim(address)) and r.bounced_at is not null
  ) bounces
$$;
comment on function private.address_bounced_at(text) is
  'When mail to this address last bounced: failed for good while sending, or reported bounced by the provider''s webhook (suppression or campaign recipient); null: never.';
