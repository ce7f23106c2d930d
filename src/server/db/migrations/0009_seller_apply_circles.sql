-- Seller applications (a buyer company asks to become a seller; operators review) and what trade
-- circles need beyond 0002: a description, an area, and when a membership was asked for and decided.

CREATE TABLE seller_application (
  id                 serial PRIMARY KEY,
  company_id         integer NOT NULL REFERENCES company(id),
  applicant_user_id  integer NOT NULL REFERENCES app_user(id),
  company_name       text NOT NULL,
  contact_name       text NOT NULL,
  contact_phone      text NOT NULL,
  province           text NOT NULL,
  city               text NOT NULL,
  address            text NOT NULL,
  licence_no         text NOT NULL,
  main_brands        text NOT NULL,
  note               text NOT NULL DEFAULT '',
  -- images of the business licence, uploaded through fileUpload by the applying company
  licence_images     text[] NOT NULL DEFAULT '{}',
  state              text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  reject_reason      text,
  reviewer_user_id   integer REFERENCES app_user(id),
  reviewed_at        timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'pending') = (reviewed_at IS NULL)),
  CHECK (state <> 'rejected' OR reject_reason IS NOT NULL)
);
-- one open application per company, even when two arrive at once
CREATE UNIQUE INDEX seller_application_one_open ON seller_application(company_id) WHERE state = 'pending';
CREATE INDEX seller_application_state ON seller_application(state, created_at DESC);

ALTER TABLE trade_circle
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN area        text NOT NULL DEFAULT '',
  ADD COLUMN created_at  timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX trade_circle_name ON trade_circle(name);

ALTER TABLE trade_circle_member
  ADD COLUMN requested_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN decided_at   timestamptz;
CREATE INDEX trade_circle_member_company ON trade_circle_member(company_id, member_state);
