-- seed:scale — the team of a busy agency: 3 admins and 45 agents (password demo-password),
-- agent01@scale.test … agent45@scale.test, admin1@scale.test … admin3@scale.test.
-- Fixed ids 00000000-0000-4000-c000-0000000000NN so later scale files can spread records over them.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000',
       ('00000000-0000-4000-c000-' || lpad(g::text, 12, '0'))::uuid,
       'authenticated', 'authenticated',
       case when g <= 3 then 'admin' || g || '@scale.test' else 'agent' || lpad((g - 3)::text, 2, '0') || '@scale.test' end,
       -- One hash for all (cost 4): the bench signs in, nobody else uses these accounts.
       (select extensions.crypt('demo-password', extensions.gen_salt('bf', 4))),
       now(), '{"provider":"email","providers":["email"]}'::jsonb,
       jsonb_build_object(
         'first_name', (array['Kwame','Ama','Kofi','Akosua','Yaw','Abena','Kwabena','Adwoa','Kojo','Efua','Kwaku','Afia','Yaa','Nana','Esi','Fiifi','Mawuli','Selasi','Edem','Dzifa'])[1 + (g * 7) % 20],
         'last_name', (array['Mensah','Owusu','Boateng','Asante','Darko','Osei','Agyeman','Appiah','Ofori','Amoah','Quaye','Tetteh','Lartey','Addo','Ansah','Sarpong','Nkrumah','Danquah','Acheampong','Gyamfi'])[1 + (g * 11) % 20]),
       now() - make_interval(days => 900 - g), now(), '', '', '', ''
from generate_series(1, 48) g;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false), 'email', now(), now(), now()
from auth.users u where u.email like '%@scale.test';

update public.profiles p
   set role = case when u.email like 'admin%' then 'admin' else 'staff' end,
       phone = '+23324' || lpad((4000000 + right(u.id::text, 4)::int)::text, 7, '0')
  from auth.users u
 where u.id = p.user_id and u.email like '%@scale.test';

-- The organisation requires two-factor for admins: the scale admins have a verified TOTP factor
-- with the demo secret, so the bench steps up to aal2 as a person with an authenticator app does.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
select gen_random_uuid(), u.id, 'Authenticator app', 'totp', 'verified', 'JBSWY3DPEHPK3PXP', now(), now()
  from auth.users u
 where u.email like 'admin%@scale.test';
