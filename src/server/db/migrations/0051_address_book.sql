-- The company's delivery addresses (used at checkout, so nobody retypes 收货人/电话/地址).
-- One default per company at most.
CREATE TABLE address_book (
  id             serial PRIMARY KEY,
  company_id     integer NOT NULL REFERENCES company(id),
  contact_name   text NOT NULL,
  contact_phone  text NOT NULL,
  address        text NOT NULL,
  is_default     boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL
);
CREATE INDEX address_book_company ON address_book (company_id, id);
CREATE UNIQUE INDEX address_book_one_default ON address_book (company_id) WHERE is_default;
