-- Demo data for the local stack (password for every account: demo-password).
--   admin@demo.test    admin
--   staff@demo.test    staff (Ama Owusu)
--   staff2@demo.test   staff (Yaw Darko): a second agent, so "own records" shows in the demo
--   mfa@demo.test      admin with a verified TOTP factor (secret JBSWY3DPEHPK3PXP)
--   visitor@demo.test  signed-up user without a back-office role
-- Fixed ids so later seed files can refer to these people.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
       extensions.crypt('demo-password', extensions.gen_salt('bf', 10)), now(),
       '{"provider":"email","providers":["email"]}'::jsonb,
       jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name),
       now(), now(), '', '', '', ''
from (values
  ('00000000-0000-4000-a000-000000000001'::uuid, 'admin@demo.test', 'Kwame', 'Mensah'),
  ('00000000-0000-4000-a000-000000000002'::uuid, 'staff@demo.test', 'Ama', 'Owusu'),
  ('00000000-0000-4000-a000-000000000003'::uuid, 'mfa@demo.test', 'Kofi', 'Boateng'),
  ('00000000-0000-4000-a000-000000000004'::uuid, 'visitor@demo.test', 'Efua', 'Asante'),
  ('00000000-0000-4000-a000-000000000005'::uuid, 'staff2@demo.test', 'Yaw', 'Darko')
) as u (id, email, first_name, last_name);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
from auth.users u
where u.email like '%@demo.test';

-- The signup trigger created the profiles; give them roles and phone numbers.
update public.profiles set role = 'admin', phone = '+233 24 400 1001' where user_id = '00000000-0000-4000-a000-000000000001';
update public.profiles set role = 'staff', phone = '+233 24 400 1002' where user_id = '00000000-0000-4000-a000-000000000002';
update public.profiles set role = 'admin', phone = '+233 24 400 1003' where user_id = '00000000-0000-4000-a000-000000000003';
update public.profiles set role = 'staff', phone = '+233 24 400 1005' where user_id = '00000000-0000-4000-a000-000000000005';

insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
values ('00000000-0000-4000-b000-000000000003', '00000000-0000-4000-a000-000000000003',
        'Authenticator app', 'totp', 'verified', 'JBSWY3DPEHPK3PXP', now(), now());

insert into public.team_channels (id, name, description, created_by)
values ('listings', 'Listings', 'New instructions, price changes and viewings', '00000000-0000-4000-a000-000000000001');

insert into public.team_messages (user_id, channel_id, message, created_at, updated_at)
values
  ('00000000-0000-4000-a000-000000000001', 'general', 'Good morning team! Weekly pipeline review is at 10:00 in the Airport Residential office.', now() - interval '2 days 3 hours', now() - interval '2 days 3 hours'),
  ('00000000-0000-4000-a000-000000000003', 'general', 'Noted. The East Legon 4-bed viewing moved to Thursday 14:00.', now() - interval '2 days 2 hours', now() - interval '2 days 2 hours'),
  ('00000000-0000-4000-a000-000000000001', 'general', 'Cantonments landlord signed the management agreement. Please update the listing status.', now() - interval '5 hours', now() - interval '5 hours'),
  ('00000000-0000-4000-a000-000000000003', 'listings', 'Trasacco villa photos are in; publishing this afternoon.', now() - interval '1 hour', now() - interval '1 hour');
