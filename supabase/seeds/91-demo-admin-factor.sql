-- The organisation requires two-factor for admins: the demo admin has a verified TOTP factor with
-- the documented demo secret (README, demo accounts), so a person can add it to an authenticator app.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
values ('00000000-0000-4000-b000-000000000001', '00000000-0000-4000-a000-000000000001',
        'Authenticator app', 'totp', 'verified', 'JBSWY3DPEHPK3PXP', now(), now())
on conflict (id) do nothing;
