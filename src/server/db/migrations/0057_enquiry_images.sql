-- Photos on an enquiry (询价单 lines with optional VIN, make, note and images): up to 5
-- images the buyer's own company uploaded, as on a wanted request (whose images its zone enquiry
-- shows too).
alter table enquiry add column img_infos jsonb not null default '[]';
update enquiry e set img_infos = w.img_infos from wanted_request w where w.id = e.wanted_id;
