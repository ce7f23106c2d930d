-- Registration of an overseas (Vietnam) company, reviewed by operators in 海外 → 企业审核
-- (docs/overseas.md). One row per company: a rejected registration corrected by its owner goes back
-- to pending in the same row. The company's owner holds no permission code until approval, which
-- grants the codes of its level's owner template (so it cannot buy while it waits).
CREATE TABLE overseas_registration (
  id                 serial PRIMARY KEY,
  company_id         integer NOT NULL UNIQUE REFERENCES company(id),
  applicant_user_id  integer NOT NULL REFERENCES app_user(id),
  -- the Vietnamese province name as stored in company.province (one of the 34 since July 2025)
  province           text NOT NULL,
  -- mã số thuế: 10 digits, or 10 digits - 3 digits for a branch
  tax_code           text NOT NULL CHECK (tax_code ~ '^[0-9]{10}(-[0-9]{3})?$'),
  state              text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  reject_reason      text,
  reviewer_user_id   integer REFERENCES app_user(id),
  reviewed_at        timestamptz,
  submitted_at       timestamptz NOT NULL DEFAULT now(),
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'pending') = (reviewed_at IS NULL)),
  CHECK (state <> 'rejected' OR reject_reason IS NOT NULL)
);
-- a tax code belongs to one company, unless its registration was rejected
CREATE UNIQUE INDEX overseas_registration_tax_code ON overseas_registration(tax_code) WHERE state <> 'rejected';
CREATE INDEX overseas_registration_state ON overseas_registration(state, submitted_at);
CREATE INDEX company_country ON company(country) WHERE country <> 'CN';
