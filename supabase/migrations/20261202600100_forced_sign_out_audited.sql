-- An admin's forced sign-out of a member is an admin action the audit log must name. Ending the
-- sessions needs the secret key (auth.sessions), which would leave no actor; so the edge also
-- stamps profiles.signed_out_at with the admin's own token, and the profile's audit trigger
-- records that update with the admin as actor. Only admins may set it (as role, branch and
-- deactivation), so the entry always means "an admin signed this member out".

alter table public.profiles add column signed_out_at timestamptz;
comment on column public.profiles.signed_out_at is
  'When an admin last ended every session of the member (force sign-out); set with the admin''s token, so the audit log names them.';

create or replace function private.guard_profile_role() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Requests through the API carry claims; the secret key and direct SQL (migrations, seeds) do not
  -- need the admin check. current_user is the definer here, so the claims decide.
  if (new.role, new.branch_id, new.deactivated_at, new.signed_out_at)
       is distinct from (old.role, old.branch_id, old.deactivated_at, old.signed_out_at)
     and coalesce(auth.role(), '') in ('anon', 'authenticated')
     and not private.is_admin() then
    raise exception 'only an admin may change a role, branch, deactivation or forced sign-out' using errcode = '42501';
  end if;
  if new.user_id is distinct from old.user_id then
    raise exception 'user_id cannot change' using errcode = '42501';
  end if;
  return new;
end $$;
