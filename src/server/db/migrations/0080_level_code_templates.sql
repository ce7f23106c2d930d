-- Member code templates per company level (privilege): the M/C codes a new company's
-- owner gets when the company is registered at a level (owner_codes), and the codes its owners
-- gain when the company is approved as a seller (seller_codes, read from its level at approval).
-- The defaults are what registration and approval granted before the templates existed.
ALTER TABLE company_level
  ADD COLUMN owner_codes  text[] NOT NULL DEFAULT '{C07,C08,C09,C15,M02,M07}',
  ADD COLUMN seller_codes text[] NOT NULL DEFAULT '{M01-00,M01-01,M03,M04,M05,M07,M10,M12,M14,C10,C11,C12}';

