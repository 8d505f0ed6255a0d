-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Content and marketing's definer RPCs behind invoker wrappers (Supabase's advisors, as main's
-- 20261127000100_advisor_findings.sql does for the others; this file runs before that one, so it
-- does the same by hand): each SECURITY DEFINER function moves to schema `private` (not exposed by
-- the API) with its body and grants, and `public` keeps a SECURITY INVOKER function of the same
-- name, arguments and result that calls it — the REST route, the generated types and callers stay.
-- The unsubscribe key table's RLS says explicitly that no API role reads it.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter function public.post_redirect_slug(text) set schema private;
create function public.post_redirect_slug(old_slug text) returns text
language sql stable security invoker set search_path = '' as $$ select private.post_redirect_slug(old_slug => old_slug) $$;
comment on function public.post_redirect_slug(text) is 'The current slug of a published post that used to have old_slug (for the edge''s 301).';
revoke all on function public.post_redirect_slug(text) from public, anon, authenticated, service_role;
grant execute on function public.post_redirect_slug(text) to anon, authenticated, service_role;

alter function public.queue_campaign(uuid, text) set schema private;
create function public.queue_campaign(campaign uuid, site_origin text) returns integer
language sql volatile security invoker set search_path = '' as $$ select private.queue_campaign(campaign => campaign, site_origin => site_origin) $$;
comment on function public.queue_campaign(uuid, text) is
  'Queues a draft campaign to its list''s consented, unsuppressed members (each address once) with one-click unsubscribe headers; returns how many.';
revoke all on function public.queue_campaign(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.queue_campaign(uuid, text) to authenticated, service_role;

alter function public.email_list_audience_counts(uuid) set schema private;
create function public.email_list_audience_counts(list uuid) returns table (reachable integer, suppressed integer)
language sql stable security invoker set search_path = '' as $$ select * from private.email_list_audience_counts(list => list) $$;
revoke all on function public.email_list_audience_counts(uuid) from public, anon, authenticated, service_role;
grant execute on function public.email_list_audience_counts(uuid) to authenticated, service_role;

alter function public.email_campaign_figures(uuid) set schema private;
create function public.email_campaign_figures(campaign uuid) returns table (recipients integer, sent integer, pending integer, failed integer, unsubscribed integer)
language sql stable security invoker set search_path = '' as $$ select * from private.email_campaign_figures(campaign => campaign) $$;
revoke all on function public.email_campaign_figures(uuid) from public, anon, authenticated, service_role;
grant execute on function public.email_campaign_figures(uuid) to authenticated, service_role;

alter function public.unsubscribe_address(text) set schema private;
create function public.unsubscribe_address(token text) returns text
language sql stable security invoker set search_path = '' as $$ select private.unsubscribe_address(token => token) $$;
revoke all on function public.unsubscribe_address(text) from public, anon, authenticated, service_role;
grant execute on function public.unsubscribe_address(text) to anon, authenticated, service_role;

alter function public.unsubscribe(text) set schema private;
create function public.unsubscribe(token text) returns boolean
language sql volatile security invoker set search_path = '' as $$ select private.unsubscribe(token => token) $$;
comment on function public.unsubscribe(text) is 'One-click unsubscribe (RFC 8058) with a signed per-recipient token; a tampered token changes nothing.';
revoke all on function public.unsubscribe(text) from public, anon, authenticated, service_role;
grant execute on function public.unsubscribe(text) to anon, authenticated, service_role;

create policy "email_marketing_keys: only definer functions" on private.email_marketing_keys
  as permissive for all to anon, authenticated using (false) with check (false);
