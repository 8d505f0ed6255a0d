-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Issue 16, second round: what the collaboration screens and the hunt still lacked.
--   • Agreements carry a status (draft → active → ended / terminated) beside their dates.
--   • A partner's registered client is accepted or declined by an admin, a decline with a reason
--     the partner reads in the portal; who decided and when is stamped by the database.
--   • The agency's messages reach the partner: each person at the partner with a portal account
--     gets an e-mail (partners have no bell: private.notify serves the back-office only).
--   • A property hunt links to the owner's CRM contact (business contacts), de-duplicated by the
--     screen before it creates one (phone or e-mail, as contacts store them).
-- No new table: the existing policies (admins; a partner its own rows) cover the new columns.
-- ════════════════════════════════════════════════════════════════════════════════════════════

-- ── Agreement status ─────────────────────────────────────────────────────────────────────────
alter table public.partner_agreements
  add column status text not null default 'active' check (status in ('draft', 'active', 'ended', 'terminated'));
comment on column public.partner_agreements.status is 'draft (being negotiated), active (signed, in force), ended (ran out) or terminated (ended early).';

-- ── Registration decisions ───────────────────────────────────────────────────────────────────
alter table public.partner_buyer_registrations
  add column decline_reason text check (char_length(btrim(decline_reason)) between 3 and 500),
  add column decided_at timestamptz,
  add column decided_by uuid references auth.users (id) on delete set null;
alter table public.partner_buyer_registrations
  add constraint partner_buyer_registrations_decline_reason check ((status = 'declined') = (decline_reason is not null));
comment on column public.partner_buyer_registrations.decline_reason is 'Why an admin declined the registration; the partner reads it in the portal.';
comment on column public.partner_buyer_registrations.decided_at is 'When an admin accepted or declined (set by the database).';
create index partner_buyer_registrations_decided_by_idx on public.partner_buyer_registrations (decided_by);
-- Admins answer with a status and, for a decline, a reason (the policy keeps it to admins).
grant update (decline_reason) on public.partner_buyer_registrations to authenticated;

create or replace function private.stamp_registration_decision() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status is distinct from old.status then
    if new.status = 'registered' then
      new.decided_at := null;
      new.decided_by := null;
    else
      new.decided_at := now();
      new.decided_by := auth.uid();
    end if;
  else
    new.decided_at := old.decided_at;
    new.decided_by := old.decided_by;
  end if;
  return new;
end $$;
comment on function private.stamp_registration_decision() is 'Stamps who accepted or declined a registration, and when; a form cannot write these.';
create trigger partner_buyer_registrations_decision before update on public.partner_buyer_registrations
  for each row execute function private.stamp_registration_decision();

-- ── The agency's messages reach the partner by e-mail ────────────────────────────────────────
create or replace function private.partner_message_sent() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  admin_id uuid;
  who text;
  -- The collab host beside the CRM host (app.site_url, as the notification mails use).
  site text := replace(coalesce(nullif(current_setting('app.site_url', true), ''), 'http://crm.localhost:8787'), '://crm.', '://collab.');
begin
  select p.name into who from public.partners p where p.id = new.partner_id;
  if new.from_partner then
    for admin_id in select pr.user_id from public.profiles pr where pr.role = 'admin' loop
      perform private.notify(admin_id, 'partner_message', format('Message from %s', who), left(new.body, 200),
        '/collaboration-management/' || new.partner_id::text || '?tab=messages', 'partner_messages', new.id, new.author_id);
    end loop;
  else
    -- Partners have no bell: each person with a portal account is told by e-mail (the body stays in the portal).
    insert into public.outgoing_emails (to_address, subject, html, text_body, kind)
    select m.email,
           'New message in your partner portal',
           format('<p>Dear %s,</p><p>You have a new message from us about your partnership (%s).</p><p><a href="%s/?tab=messages">Read it in the partner portal</a></p>',
                  replace(replace(replace(m.full_name, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
                  replace(replace(replace(who, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), site),
           format(E'Dear %s,\n\nYou have a new message from us about your partnership (%s).\nRead it in the partner portal: %s/?tab=messages\n', m.full_name, who, site),
           'notification'
      from public.partner_members m
     where m.partner_id = new.partner_id and m.user_id is not null;
  end if;
  return null;
end $$;
comment on function private.partner_message_sent() is
  'A partner''s message: every admin''s bell; the agency''s message: an e-mail to each person at the partner with a portal account.';

-- ── A hunt's owner as a CRM contact ──────────────────────────────────────────────────────────
alter table public.property_hunts
  add column owner_contact_id uuid references public.contacts (id) on delete set null;
comment on column public.property_hunts.owner_contact_id is 'The owner (landlord or vendor) as a business contact; owner_name/owner_phone keep what was found.';
create index property_hunts_owner_contact_idx on public.property_hunts (owner_contact_id);

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
