-- ════════════════════════════════════════════════════════════════════════════════════════════
-- Issue 16 item 3 (leads hunt, "expiring rentals"): a rental deal records its tenancy — when the
-- lease starts and ends — so the leads hunt can call the tenant (the deal's main contact) before
-- the lease runs out (core/leads-hunt/call-list.ts LEASE_ENDING_DAYS).
--   • deals.lease_start_date / lease_end_date: optional; the end comes after the start; only on a
--     deal of the rental pipeline (refused with a sentence on a sale or a development).
--   • No new policy: the deals policies (record-level access, module_access 'deals') decide who
--     reads and edits the dates; the column grant lets the deal form write them.
-- ════════════════════════════════════════════════════════════════════════════════════════════

alter table public.deals
  add column lease_start_date date,
  add column lease_end_date date,
  add constraint deals_lease_end_after_start check (lease_end_date is null or lease_start_date is null or lease_end_date > lease_start_date);
comment on column public.deals.lease_start_date is 'Rental deals: the day the tenancy starts.';
comment on column public.deals.lease_end_date is 'Rental deals: the day the tenancy ends; the leads hunt calls the tenant (main contact) as it nears.';
-- The leads hunt lists won rentals whose lease ends within a window.
create index deals_lease_end_idx on public.deals (lease_end_date) where lease_end_date is not null;
grant update (lease_start_date, lease_end_date) on public.deals to authenticated;

-- Lease dates belong to rentals: a deal of another pipeline carrying them is refused.
create or replace function private.guard_deal_lease() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (new.lease_start_date is not null or new.lease_end_date is not null)
     and not exists (select 1 from public.deal_pipelines p where p.id = new.pipeline_id and p.key = 'rental') then
    raise exception 'Lease dates belong to rental deals: clear them before moving the deal to another pipeline.'
      using errcode = 'P0001';
  end if;
  return new;
end $$;
comment on function private.guard_deal_lease() is 'Refuses lease dates on a deal outside the rental pipeline.';
create trigger deals_guard_lease before insert or update of lease_start_date, lease_end_date, pipeline_id on public.deals
  for each row execute function private.guard_deal_lease();

revoke all on function private.guard_deal_lease() from public;
grant execute on function private.guard_deal_lease() to anon, authenticated, service_role;
