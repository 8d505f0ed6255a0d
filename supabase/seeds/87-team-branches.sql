-- The agency's branches and which demo member works where (Settings → Team).
insert into public.branches (id, name) values
  ('00000000-0000-4000-b870-000000000001', 'Accra head office'),
  ('00000000-0000-4000-b870-000000000002', 'Kumasi'),
  ('00000000-0000-4000-b870-000000000003', 'Takoradi')
on conflict do nothing;

update public.profiles set branch_id = '00000000-0000-4000-b870-000000000001'
 where user_id in ('00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000002',
                   '00000000-0000-4000-a000-000000000003');
update public.profiles set branch_id = '00000000-0000-4000-b870-000000000002'
 where user_id = '00000000-0000-4000-a000-000000000005';
