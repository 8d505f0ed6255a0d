-- Demo agents for the seeded listings: Ama Owusu (staff) for Accra and Tema, Kwame Mensah (admin)
-- for Kumasi and Takoradi; one listing is left without an agent (the card shows the sales team).
update public.properties set agent_id = '00000000-0000-4000-a000-000000000002'
  where city in ('Accra', 'Tema') and agent_id is null;
update public.properties set agent_id = '00000000-0000-4000-a000-000000000001'
  where city in ('Kumasi', 'Takoradi') and agent_id is null;
update public.properties set agent_id = null
  where slug = (select slug from public.properties where city = 'Tema' order by slug limit 1);
