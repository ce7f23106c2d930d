-- Enquiries (询价单) and quotes (报价); the states are src/shared/domain/enquiry.ts.
-- An enquiry is addressed to chosen seller companies (enquiry_recipient, written when it is sent),
-- so what a seller may see is one join. A quote answers one line for one seller company; quoting
-- the line again replaces it while it is not accepted. price_fen −1 is 无货.
CREATE TABLE enquiry (
  id               serial PRIMARY KEY,
  enquiry_no       text NOT NULL UNIQUE,
  buyer_company_id integer NOT NULL REFERENCES company(id),
  buyer_user_id    integer NOT NULL REFERENCES app_user(id),
  state            text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'open', 'ended', 'cancelled')),
  make_id          integer REFERENCES make(id),
  vin              text NOT NULL DEFAULT '',
  note             text NOT NULL DEFAULT '',
  quote_count      integer NOT NULL DEFAULT 0,
  -- quotes the buyer has not looked at yet (getZdQuoteCount)
  unseen_quotes    integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  sent_at          timestamptz,
  expires_at       timestamptz,
  closed_at        timestamptz
);
CREATE INDEX enquiry_buyer ON enquiry (buyer_company_id, id DESC);

CREATE TABLE enquiry_line (
  id          serial PRIMARY KEY,
  enquiry_id  integer NOT NULL REFERENCES enquiry(id) ON DELETE CASCADE,
  line_no     integer NOT NULL,
  oe          text NOT NULL DEFAULT '',
  oe_norm     text NOT NULL DEFAULT '',
  name        text NOT NULL DEFAULT '',
  qty         integer NOT NULL CHECK (qty BETWEEN 1 AND 9999),
  quality     text NOT NULL,
  UNIQUE (enquiry_id, line_no)
);

CREATE TABLE enquiry_recipient (
  enquiry_id         integer NOT NULL REFERENCES enquiry(id) ON DELETE CASCADE,
  seller_company_id  integer NOT NULL REFERENCES company(id),
  PRIMARY KEY (enquiry_id, seller_company_id)
);
CREATE INDEX enquiry_recipient_seller ON enquiry_recipient (seller_company_id, enquiry_id DESC);

CREATE TABLE quote (
  id                 serial PRIMARY KEY,
  enquiry_id         integer NOT NULL REFERENCES enquiry(id) ON DELETE CASCADE,
  line_id            integer NOT NULL REFERENCES enquiry_line(id) ON DELETE CASCADE,
  seller_company_id  integer NOT NULL REFERENCES company(id),
  seller_user_id     integer NOT NULL REFERENCES app_user(id),
  price_fen          integer NOT NULL CHECK (price_fen >= -1),
  currency           text NOT NULL DEFAULT 'CNY' CHECK (currency IN ('CNY', 'VND')),
  brand              text NOT NULL DEFAULT '',
  quality            text NOT NULL DEFAULT '',
  qty                integer NOT NULL DEFAULT 0 CHECK (qty BETWEEN 0 AND 9999),
  delivery_days      integer NOT NULL DEFAULT 0 CHECK (delivery_days BETWEEN 0 AND 365),
  valid_until        timestamptz NOT NULL,
  note               text NOT NULL DEFAULT '',
  accepted           boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  UNIQUE (line_id, seller_company_id)
);
CREATE INDEX quote_seller ON quote (seller_company_id, id DESC);
