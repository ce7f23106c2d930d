-- Quote history (requirements 001-7 getIMQuoteHisgoryById, requirements 001-3 quote history row). A quote row
-- holds a seller's current answer to a line and is replaced when the seller quotes again; every
-- answer given is also kept here, append-only, so the buyer can see how a price moved (a seller
-- who lowers a price after a competitor quoted shows it) and the seller what it said before.
-- The card's LinkData.QHId is the enquiry id, so the history is read per enquiry.
CREATE TABLE quote_revision (
  id                 serial PRIMARY KEY,
  quote_id           integer NOT NULL REFERENCES quote(id) ON DELETE CASCADE,
  enquiry_id         integer NOT NULL REFERENCES enquiry(id) ON DELETE CASCADE,
  seller_company_id  integer NOT NULL REFERENCES company(id),
  seller_user_id     integer NOT NULL REFERENCES app_user(id),
  price_fen          integer NOT NULL CHECK (price_fen >= -1),
  currency           text NOT NULL CHECK (currency IN ('CNY', 'VND')),
  quoted_amount      bigint NOT NULL,
  brand              text NOT NULL,
  quality            text NOT NULL,
  qty                integer NOT NULL,
  delivery_days      integer NOT NULL,
  valid_until        timestamptz NOT NULL,
  note               text NOT NULL,
  created_at         timestamptz NOT NULL
);
CREATE INDEX quote_revision_enquiry ON quote_revision (enquiry_id, quote_id, id);

-- the answers given before this table existed: their current terms are all that is known
INSERT INTO quote_revision (quote_id, enquiry_id, seller_company_id, seller_user_id, price_fen, currency, quoted_amount, brand, quality, qty,
  delivery_days, valid_until, note, created_at)
SELECT id, enquiry_id, seller_company_id, seller_user_id, price_fen, currency, quoted_amount, brand, quality, qty, delivery_days, valid_until, note, updated_at
FROM quote ORDER BY id;
