-- Demo follow-up automation: the shared plan "New consultation follow-up" (every new
-- consultation: the WhatsApp confirmation template at once — within quiet hours rules, 08:00
-- otherwise —, a call task for the host due the next day, then after 3 days a follow-up e-mail;
-- it pauses when the visitor replies), a personal plan of Ama Owusu's applied by hand, and the
-- WhatsApp opt-in of a few demo contacts (given in person or on the website form).
-- Fixed ids 00000000-0000-4000-d820-0000000000NN.
insert into public.action_plans (id, name, description, scope, is_active, trigger_kind, trigger_inbox, pause_on_reply, owner_id) values
  ('00000000-0000-4000-d820-000000000001', 'New consultation follow-up',
   'Confirms every new consultation on WhatsApp, gives the host a call task for the next day and follows up by e-mail three days later — unless the client replied.',
   'shared', true, 'inbox_item', 'consultations', true, '00000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-d820-000000000002', 'Nurture a cold buyer lead',
   'For leads who went quiet: a check-in on WhatsApp (marketing: needs their marketing consent), then a call a week later.',
   'personal', true, 'manual', null, true, '00000000-0000-4000-a000-000000000002');

insert into public.action_plan_steps (plan_id, position, kind, config) values
  ('00000000-0000-4000-d820-000000000001', 0, 'whatsapp',
   '{"template": "consultation_confirmation", "language": "en", "params": ["{{first_name}}", "{{service}}", "{{appointment_date}} at {{appointment_time}}"]}'),
  ('00000000-0000-4000-d820-000000000001', 1, 'task',
   '{"title": "Call {{full_name}} before the {{service}} consultation", "due_in": {"amount": 1, "unit": "days"}, "priority": "high"}'),
  ('00000000-0000-4000-d820-000000000001', 2, 'wait', '{"amount": 3, "unit": "days"}'),
  ('00000000-0000-4000-d820-000000000001', 3, 'email',
   '{"subject": "How was your consultation, {{first_name}}?", "body": "Dear {{first_name}},\n\nThank you for meeting us about {{service}}. If anything is still open, reply to this e-mail or WhatsApp us and {{owner_name}} will get back to you.\n\nGhana Realty", "purpose": "transactional"}'),
  ('00000000-0000-4000-d820-000000000002', 0, 'whatsapp',
   '{"template": "follow_up_check_in", "language": "en", "params": ["{{first_name}}", "{{owner_name}}"]}'),
  ('00000000-0000-4000-d820-000000000002', 1, 'wait', '{"amount": 7, "unit": "days"}'),
  ('00000000-0000-4000-d820-000000000002', 2, 'task',
   '{"title": "Call {{full_name}}: still looking?", "due_in": {"amount": 0, "unit": "hours"}, "priority": "normal"}');

update public.contacts set whatsapp_opt_in = true, whatsapp_opt_in_source = case when consent_source = 'in_person' then 'in_person' else 'website_form' end
 where id in ('00000000-0000-4000-d400-000000000001', '00000000-0000-4000-d400-000000000002', '00000000-0000-4000-d400-000000000003',
              '00000000-0000-4000-d400-000000000006', '00000000-0000-4000-d400-000000000012');
