-- Organisation (M06) and enterprise settings (M07).
-- company: a logo (an image the company uploaded through fileUpload), and the main part brands and
-- car makes it trades in, chosen from part_brand and make. Arrays of ids rather than join tables:
-- they are read and written as one list of at most 20, never queried per brand, and a brand or make
-- removed later simply drops out when the names are read back.
ALTER TABLE company
  ADD COLUMN logo text NOT NULL DEFAULT '',
  ADD COLUMN main_brand_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN main_make_ids integer[] NOT NULL DEFAULT '{}';

-- The company's public contacts (联系人): who buyers may call, QQ or WeChat, in the company's own
-- order (sort, then id). Shown like the company phone and QQ: only to formal members.
CREATE TABLE company_contact (
  id                 serial PRIMARY KEY,
  company_id         integer NOT NULL REFERENCES company(id),
  name               text NOT NULL,
  phone              text NOT NULL,
  qq                 text NOT NULL DEFAULT '',
  wechat             text NOT NULL DEFAULT '',
  position           text NOT NULL DEFAULT '',
  sort               integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_contact_company ON company_contact(company_id, sort, id);

-- The employee list shows each user's latest sign-in: the newest session they opened.
CREATE INDEX session_user_created ON session(user_id, created_at DESC);
