-- The quote zone (报价专区) and wanted requests joining the enquiry flow.
-- A zone enquiry is open to every seller company whose main makes (企业信息, company.main_make_ids)
-- include its make, besides any chosen recipients. A wanted request (求购) is the free-text form
-- of an enquiry: publishing one opens a zone enquiry of one line (the request's text) for its
-- make, so sellers quote it like any other, and its quote count is that enquiry's.
alter table enquiry add column zone boolean not null default false;
alter table enquiry add column wanted_id int unique references wanted_request(id) on delete cascade;
create index enquiry_zone_make on enquiry (make_id, id desc) where zone;
-- a wanted request's line carries its text (up to 500 characters)
create index company_main_makes on company using gin (main_make_ids);

-- the wanted requests published before: each gets its zone enquiry now (open for the usual 7 days)
insert into enquiry (enquiry_no, buyer_company_id, buyer_user_id, state, make_id, vin, note, created_at, sent_at, expires_at, zone, wanted_id)
select 'XJ' || to_char(w.created, 'YYYYMMDD') || lpad(w.id::text, 8, '0'), w.company, w."user", 'open', w.make_id, w.vin, '',
  w.created, w.created, w.created + interval '7 days', true, w.id
from wanted_request w;
insert into enquiry_line (enquiry_id, line_no, oe, oe_norm, name, qty, quality)
select e.id, 1, '', '', w.content, 1, '不限' from enquiry e join wanted_request w on w.id = e.wanted_id;
