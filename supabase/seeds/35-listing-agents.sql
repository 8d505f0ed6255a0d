-- The seeded listings have agents (Kwame Mensah, admin; Ama Owusu, staff: 30-content.sql). One
-- listing is left without one, so the demo also shows the agent card's fallback (the sales team).
update public.properties set agent_id = null where slug = 'warehouse-tema-heavy-industrial-area';
