-- Inboxes and scheduling: Ghana's public holidays 2026–2027, what visitors can book
-- (a consultation by default, two services with their own rules, property viewings), who hosts
-- them, the demo staff's working hours and leave, and reply templates with merge fields.
-- Demo ids: admin Kwame Mensah …0001, staff Ama Owusu …0002, staff Yaw Darko …0005.

-- Public Holidays and Commemorative Days Act (as amended 2019 and 2025): a holiday on a weekend
-- is observed on the next working day. Eid dates follow the moon and are confirmed by the
-- Ministry of the Interior shortly before; admins correct them in Booking Management.
insert into public.public_holidays (holiday_date, name, note) values
  ('2026-01-01', 'New Year''s Day', null),
  ('2026-01-07', 'Constitution Day', null),
  ('2026-03-06', 'Independence Day', null),
  ('2026-03-20', 'Eid al-Fitr', 'Provisional: confirmed by the Ministry of the Interior'),
  ('2026-04-03', 'Good Friday', null),
  ('2026-04-06', 'Easter Monday', null),
  ('2026-05-01', 'May Day', null),
  ('2026-05-27', 'Eid al-Adha', 'Provisional: confirmed by the Ministry of the Interior'),
  ('2026-07-01', 'Republic Day', null),
  ('2026-08-04', 'Founders'' Day', null),
  ('2026-09-21', 'Kwame Nkrumah Memorial Day', null),
  ('2026-12-04', 'Farmers'' Day', 'First Friday of December'),
  ('2026-12-25', 'Christmas Day', null),
  ('2026-12-26', 'Boxing Day', null),
  ('2026-12-28', 'Boxing Day (observed)', 'Boxing Day falls on a Saturday'),
  ('2027-01-01', 'New Year''s Day', null),
  ('2027-01-07', 'Constitution Day', null),
  ('2027-03-06', 'Independence Day', null),
  ('2027-03-08', 'Independence Day (observed)', 'Independence Day falls on a Saturday'),
  ('2027-03-10', 'Eid al-Fitr', 'Provisional: confirmed by the Ministry of the Interior'),
  ('2027-03-26', 'Good Friday', null),
  ('2027-03-29', 'Easter Monday', null),
  ('2027-05-01', 'May Day', null),
  ('2027-05-03', 'May Day (observed)', 'May Day falls on a Saturday'),
  ('2027-05-17', 'Eid al-Adha', 'Provisional: confirmed by the Ministry of the Interior'),
  ('2027-07-01', 'Republic Day', null),
  ('2027-08-04', 'Founders'' Day', null),
  ('2027-09-21', 'Kwame Nkrumah Memorial Day', null),
  ('2027-12-03', 'Farmers'' Day', 'First Friday of December'),
  ('2027-12-25', 'Christmas Day', null),
  ('2027-12-26', 'Boxing Day', null),
  ('2027-12-27', 'Christmas Day (observed)', 'Christmas Day falls on a Saturday'),
  ('2027-12-28', 'Boxing Day (observed)', 'Boxing Day falls on a Sunday')
on conflict (holiday_date) do nothing;

insert into public.booking_event_types (id, slug, kind, service, name, description, duration_minutes, buffer_before_minutes, buffer_after_minutes,
                                        min_notice_minutes, booking_window_days, daily_cap, slot_interval_minutes, confirmation) values
  ('00000000-0000-4000-b000-000000000e01', 'consultation', 'consultation', null, 'Consultation',
   'A free 30-minute conversation with an adviser: in person at the Airport Residential office, by phone, video or WhatsApp.',
   30, 0, 15, 120, 30, 6, 30, 'auto'),
  ('00000000-0000-4000-b000-000000000e02', 'property-valuation-consultation', 'consultation', 'property-valuation', 'Property valuation consultation',
   'An hour with a valuer to walk through the property''s documents and the valuation method; confirmed by the valuer.',
   60, 0, 15, 1440, 30, 3, 60, 'staff'),
  ('00000000-0000-4000-b000-000000000e03', 'legal-title-support-consultation', 'consultation', 'legal-title-support', 'Land title consultation',
   'Bring your indenture, site plan and search results: we check the title chain with you.',
   45, 0, 15, 1440, 30, 4, 45, 'staff'),
  ('00000000-0000-4000-b000-000000000e04', 'property-viewing', 'viewing', null, 'Property viewing',
   'An agent meets you at the property. Travel time in Accra traffic is kept free before and after.',
   45, 15, 15, 240, 21, 5, 30, 'staff')
on conflict (id) do nothing;

insert into public.booking_event_type_hosts (event_type_id, user_id) values
  ('00000000-0000-4000-b000-000000000e01', '00000000-0000-4000-a000-000000000002'),
  ('00000000-0000-4000-b000-000000000e01', '00000000-0000-4000-a000-000000000005'),
  ('00000000-0000-4000-b000-000000000e01', '00000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-b000-000000000e02', '00000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-b000-000000000e02', '00000000-0000-4000-a000-000000000002'),
  ('00000000-0000-4000-b000-000000000e03', '00000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-b000-000000000e04', '00000000-0000-4000-a000-000000000002'),
  ('00000000-0000-4000-b000-000000000e04', '00000000-0000-4000-a000-000000000005')
on conflict do nothing;

-- Ama: weekdays with a lunch break, Saturday mornings. Yaw: early weekdays. Kwame: mid-week.
insert into public.staff_working_hours (user_id, weekday, start_time, end_time)
select '00000000-0000-4000-a000-000000000002'::uuid, d, w.s::time, w.e::time
  from generate_series(1, 5) d, (values ('09:00', '12:30'), ('13:30', '17:00')) w(s, e)
union all select '00000000-0000-4000-a000-000000000002', 6, '09:00', '13:00'
union all select '00000000-0000-4000-a000-000000000005', d, '08:30', '16:30' from generate_series(1, 5) d
union all select '00000000-0000-4000-a000-000000000001', d, '10:00', '16:00' from generate_series(2, 4) d;

insert into public.staff_time_off (user_id, starts_at, ends_at, reason) values
  ('00000000-0000-4000-a000-000000000005', '2026-12-14 00:00+00', '2026-12-19 00:00+00', 'Annual leave (Kumasi)'),
  ('00000000-0000-4000-a000-000000000002', '2026-12-02 13:30+00', '2026-12-02 17:00+00', 'REAC licence training');

insert into public.inbox_reply_templates (inbox, channel, name, subject, body) values
  (null, 'email', 'Thank you — we will call you', 'Your enquiry with {{company_name}}',
   'Dear {{first_name}},

Thank you for getting in touch with {{company_name}}. I will call you on {{phone}} within one working day; if another time suits you better, just reply to this e-mail.

Kind regards,
{{agent_name}}
{{company_name}} · {{company_phone}}'),
  (null, 'whatsapp', 'WhatsApp introduction', null,
   'Hello {{first_name}}, this is {{agent_first_name}} from {{company_name}}. Thank you for your enquiry — when is a good time to talk?'),
  ('consultations', 'email', 'Consultation: what to bring', 'Your {{service}} consultation on {{date}}',
   'Dear {{first_name}},

Thank you for booking a {{service}} consultation on {{date}} at {{time}} (Accra time). To make the most of it, please bring or send ahead any documents you have: indenture, site plan, title certificate or tenancy agreement.

See you then,
{{agent_name}}'),
  ('bookings', 'email', 'Viewing: directions and ID', 'Your viewing of {{property}} on {{date}}',
   'Dear {{first_name}},

I look forward to showing you {{property}} on {{date}} at {{time}}. I will send the GhanaPost GPS address on WhatsApp the day before. Please bring a photo ID (Ghana Card or passport).

{{agent_name}}
{{company_phone}}'),
  ('bookings', 'whatsapp', 'Viewing: on my way', null,
   'Hello {{first_name}}, {{agent_first_name}} from {{company_name}} here — I am on my way to {{property}} and will be there at {{time}}.'),
  ('contact_submissions', 'email', 'Reply about a listing', 'Re: {{subject}}',
   'Dear {{first_name}},

Thank you for your message about {{property}}. It is still available and I would be glad to arrange a viewing — which days suit you?

{{agent_name}}
{{company_name}}'),
  ('property_requests', 'email', 'We are searching', 'Your property search in {{locations}}',
   'Dear {{first_name}},

I am now looking after your request for a property in {{locations}}. I will send you a shortlist as soon as I have good matches, usually within 48 hours.

{{agent_name}}
{{company_name}} · {{company_phone}}');
