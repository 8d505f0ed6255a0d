-- The organisation's two-factor policy: admins (by default) and optionally all staff must have a
-- verified factor. Until a covered member enrols, every role check treats their session as aal1,
-- so RLS, the edge and the hub refuse their back-office work; the SPA sends them to enrolment.

create table public.organisation_settings (
  -- A uuid key, as the audit log records changes by uuid; `singleton` keeps it to one row.
  id uuid primary key default gen_random_uuid(),
  singleton boolean not null default true unique check (singleton),
  two_factor_admins boolean not null default true,
  two_factor_staff boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.organisation_settings is
  'One row: organisation-wide rules. two_factor_admins / two_factor_staff: members of that role must enrol a two-factor factor before any back-office work.';
insert into public.organisation_settings (singleton) values (true) on conflict do nothing;
create trigger organisation_settings_set_updated_at before update on public.organisation_settings
  for each row execute function private.set_updated_at();
alter table public.organisation_settings enable row level security;
create policy "Staff read organisation settings" on public.organisation_settings for select to authenticated
  using ((select private.is_staff_or_admin()));
create policy "Admins change organisation settings" on public.organisation_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
revoke all on public.organisation_settings from anon;
revoke insert, delete, truncate on public.organisation_settings from authenticated;
grant select, update on public.organisation_settings to authenticated;
grant all on public.organisation_settings to service_role;
select private.enable_audit('public.organisation_settings');

-- Whether the policy covers a member (an active admin or staff member of a covered role).
create or replace function private.two_factor_required_for(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.profiles p, public.organisation_settings s
     where p.user_id = uid and p.deactivated_at is null
       and ((p.role = 'admin' and s.two_factor_admins) or (p.role = 'staff' and s.two_factor_staff))
  )
$$;
comment on function private.two_factor_required_for(uuid) is 'True when the organisation''s two-factor policy covers this member.';

create or replace function private.has_verified_factor(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.mfa_factors f where f.user_id = uid and f.status = 'verified')
$$;

-- The assurance rule every role check goes through: a user with a verified factor must be at
-- aal2 (Supabase's MFA guide); a member the policy covers who has no factor yet is never enough.
create or replace function private.aal_ok() returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when (select auth.jwt() ->> 'aal') = 'aal2' then true
    when private.has_verified_factor((select auth.uid())) then false
    else not private.two_factor_required_for((select auth.uid()))
  end
$$;
comment on function private.aal_ok() is
  'True when the session meets the assurance level its user needs: aal2 once a factor is verified; never while the two-factor policy covers a member without a factor.';

-- For the SPA's gate and the edge's verifier: answerable at aal1, about the caller only.
create or replace function public.two_factor_enrolment_pending() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.two_factor_required_for((select auth.uid()))
     and not private.has_verified_factor((select auth.uid()))
$$;
comment on function public.two_factor_enrolment_pending() is
  'True when the organisation''s two-factor policy covers the caller and they have no verified factor yet: they must enrol before any back-office work.';
select private.expose_definer_through_invoker('public.two_factor_enrolment_pending()'::regprocedure);

-- The team screen shows who is not yet compliant.
drop function public.team_members();
drop function if exists private.team_members();
create or replace function public.team_members()
returns table (user_id uuid, first_name text, last_name text, email text, phone text, role text,
               branch_id uuid, deactivated_at timestamptz, updated_at timestamptz,
               last_sign_in_at timestamptz, invited_at timestamptz, confirmed boolean,
               two_factor boolean, two_factor_required boolean, open_records bigint)
language sql stable security definer set search_path = '' as $$
  select p.user_id, p.first_name, p.last_name, coalesce(p.email, u.email::text), p.phone, p.role,
         p.branch_id, p.deactivated_at, p.updated_at, u.last_sign_in_at, u.invited_at,
         u.email_confirmed_at is not null or u.last_sign_in_at is not null,
         private.has_verified_factor(p.user_id),
         private.two_factor_required_for(p.user_id),
         (select count(*) from public.contacts c where c.owner_id = p.user_id or c.assignee_id = p.user_id)
         + (select count(*) from public.deals d where d.status = 'open' and (d.owner_id = p.user_id or d.assignee_id = p.user_id))
         + (select count(*) from public.tasks t where t.status in ('todo', 'in_progress') and (t.owner_id = p.user_id or t.assignee_id = p.user_id))
         + (select count(*) from public.consultations x where x.assignee_id = p.user_id and x.status in ('requested', 'confirmed'))
         + (select count(*) from public.bookings x where x.assignee_id = p.user_id and x.status in ('requested', 'confirmed'))
         + (select count(*) from public.contact_submissions x where x.assignee_id = p.user_id and x.status in ('new', 'assigned', 'in_progress'))
         + (select count(*) from public.property_requests x where x.assignee_id = p.user_id and x.status in ('new', 'assigned', 'searching', 'matched'))
         + (select count(*) from public.properties l where l.status not in ('sold', 'let', 'withdrawn', 'archived')
              and (l.owner_id = p.user_id or l.assignee_id = p.user_id or l.agent_id = p.user_id))
    from public.profiles p
    left join auth.users u on u.id = p.user_id
   where private.is_admin() and p.role in ('admin', 'staff')
   order by p.deactivated_at nulls first, p.first_name, p.last_name
$$;
comment on function public.team_members() is
  'Admins: every admin and staff member with status, two-factor (and whether the policy requires it), last sign-in and the number of open records they own or are assigned; nothing for anyone else.';
select private.expose_definer_through_invoker('public.team_members()'::regprocedure);

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;
revoke execute on function public.team_members() from public, anon;
revoke execute on function private.team_members() from public, anon;
revoke execute on function public.two_factor_enrolment_pending() from public, anon;
revoke execute on function private.two_factor_enrolment_pending() from public, anon;
