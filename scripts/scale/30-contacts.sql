-- seed:scale — 100,000 business contacts: people and a tenth companies
-- with Ghanaian names, E.164 phones over the MTN / Telecel / AirtelTigo prefixes (distinct per
-- row, so duplicate detection has exact hits to find), lower-case e-mails, the agency's places,
-- every type, stage and source, spread over the 45 agents of 10-team.sql (owner and, for a
-- quarter, another agent as assignee); plus 100,000 timeline rows (calls, WhatsApp, notes).
select setseed(0.3);

insert into public.contacts (
  kind, first_name, last_name, company_name, job_title, type, stage, source, tags, phone, email, city, neighbourhood,
  consent_status, consent_source, consent_at, marketing_consent, owner_id, assignee_id, last_activity_at, created_at, updated_at
)
select case when g % 10 = 0 then 'company' else 'person' end,
       case when g % 10 = 0 then null else (array['Kwame','Ama','Kofi','Akosua','Yaw','Abena','Kwabena','Adwoa','Kojo','Efua','Kwaku','Afia','Yaa','Nana','Esi','Fiifi','Mawuli','Selasi','Edem','Dzifa','Nii','Naa','Kweku','Akua','Ekow'])[1 + (g * 7) % 25] end,
       case when g % 10 = 0 then null else (array['Mensah','Owusu','Boateng','Asante','Darko','Osei','Agyeman','Appiah','Ofori','Amoah','Quaye','Tetteh','Lartey','Addo','Ansah','Sarpong','Nkrumah','Danquah','Acheampong','Badu','Frimpong','Gyamfi','Kuffour','Ampofo','Adjei'])[1 + (g * 13) % 25] end,
       case when g % 10 = 0 then (array['Kumasi Builders','Tema Port Logistics','Accra Homes','Volta Estates','Gold Coast Developers','Cantonments Realty','Labone Ventures','Spintex Traders'])[1 + g % 8] || ' ' || g
            when g % 4 = 0 then (array['Ghana Cocoa Board','MTN Ghana','Ecobank','GCB Bank','Ghana Health Service','University of Ghana'])[1 + g % 6] end,
       case when g % 6 = 0 then (array['Accountant','Engineer','Trader','Teacher','Civil servant','Doctor','Lawyer'])[1 + g % 7] end,
       (array['lead','lead','lead','client','owner','landlord','tenant','vendor','partner'])[1 + floor(random() * 9)::int],
       (array['lead','lead','prospect','prospect','client','past_client','lost'])[1 + floor(random() * 7)::int],
       (array['website_form','referral','portal','walk_in','social','whatsapp','phone','import'])[1 + floor(random() * 8)::int],
       case when random() < 0.3 then array[(array['buyer','investor','diaspora','east legon','3-bed','land','rental'])[1 + floor(random() * 7)::int]] else '{}' end,
       '+233' || (array['24','54','55','59','20','50','27','57','26','56'])[1 + g % 10] || lpad(g::text, 7, '0'),
       case when random() < 0.8 then lower((array['kwame','ama','kofi','akosua','yaw','abena','kojo','efua','nana','esi'])[1 + g % 10]) || '.' || g || '@' || (array['gmail.com','yahoo.com','outlook.com','company.com.gh'])[1 + g % 4] end,
       (array['Accra','Accra','Accra','Tema','Kumasi','Takoradi','Cape Coast'])[1 + floor(random() * 7)::int],
       (array['East Legon','Cantonments','Airport Residential','Osu','Labone','Spintex','Community 25','Ahodwo','Anaji'])[1 + floor(random() * 9)::int],
       case when random() < 0.6 then 'given' else 'unknown' end,
       'import', now() - make_interval(days => floor(random() * 1000)::int),
       random() < 0.4,
       ('00000000-0000-4000-c000-' || lpad((4 + g % 45)::text, 12, '0'))::uuid,
       case when g % 4 = 0 then ('00000000-0000-4000-c000-' || lpad((4 + (g + 7) % 45)::text, 12, '0'))::uuid end,
       now() - make_interval(days => floor(random() * 400)::int),
       now() - make_interval(days => floor(random() * 1400)::int),
       now() - make_interval(days => floor(random() * 700)::int, mins => g % 1440)
from generate_series(1, 100000) g;

-- The consent source only where consent was given (as the form records it).
update public.contacts set consent_source = null, consent_at = null where consent_status = 'unknown' and consent_source is not null;

insert into public.contact_activities (contact_id, kind, direction, summary, occurred_at, actor_id)
select c.id,
       (array['call','whatsapp','note','email','meeting'])[1 + floor(random() * 5)::int],
       'outbound',
       (array['Called about the East Legon listing','Sent photos on WhatsApp','Wants a 3-bed, budget GHS 2m','Viewing agreed for Saturday','Asked for the title documents'])[1 + floor(random() * 5)::int],
       now() - make_interval(days => floor(random() * 365)::int),
       c.owner_id
from public.contacts c
where c.owner_id::text like '00000000-0000-4000-c000-%';
