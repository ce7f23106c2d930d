-- Invoices (发票, docs/money.md#invoices): the buyer company's invoice titles (抬头), its requests to
-- a seller for an invoice on paid orders, the orders each request names, and the requests' events.
-- An order is held by at most one request that is 待开票 (requested) or 已开票 (issued): the
-- partial unique index on invoice_request_order (order_id) WHERE open refuses a second, whatever
-- the code above does.

CREATE TABLE invoice_title (
  id           bigserial PRIMARY KEY,
  company_id   integer NOT NULL REFERENCES company (id),
  kind         text NOT NULL CHECK (kind IN ('company', 'personal')),
  invoice_type text NOT NULL CHECK (invoice_type IN ('normal', 'special')),
  name         text NOT NULL CHECK (length(name) BETWEEN 2 AND 100),
  tax_no       text NOT NULL DEFAULT '',
  address      text NOT NULL DEFAULT '',
  phone        text NOT NULL DEFAULT '',
  bank         text NOT NULL DEFAULT '',
  account      text NOT NULL DEFAULT '',
  is_default   boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  -- 专票 only for a company title; a company title has its 18-character tax number
  CONSTRAINT invoice_title_special CHECK (kind = 'company' OR invoice_type = 'normal'),
  CONSTRAINT invoice_title_tax_no CHECK (kind = 'personal' OR length(tax_no) = 18)
);
CREATE INDEX invoice_title_company ON invoice_title (company_id, id);
CREATE UNIQUE INDEX invoice_title_one_default ON invoice_title (company_id) WHERE is_default;

CREATE TABLE invoice_request (
  id                bigserial PRIMARY KEY,
  request_no        text NOT NULL UNIQUE,
  buyer_company_id  integer NOT NULL REFERENCES company (id),
  buyer_user_id     integer NOT NULL REFERENCES app_user (id),
  seller_company_id integer NOT NULL REFERENCES company (id),
  status            text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'issued', 'refused', 'withdrawn')),
  -- the title as it was when asked (a later edit or removal of the title changes nothing here)
  title_kind        text NOT NULL CHECK (title_kind IN ('company', 'personal')),
  invoice_type      text NOT NULL CHECK (invoice_type IN ('normal', 'special')),
  title_name        text NOT NULL,
  tax_no            text NOT NULL DEFAULT '',
  address           text NOT NULL DEFAULT '',
  phone             text NOT NULL DEFAULT '',
  bank              text NOT NULL DEFAULT '',
  account           text NOT NULL DEFAULT '',
  remark            text NOT NULL DEFAULT '',
  -- what was paid less refunds on the orders when asked (or asked again)
  amount_fen        bigint NOT NULL CHECK (amount_fen > 0),
  invoice_number    text,
  invoice_date      text,
  issued_fen        bigint,
  file_path         text,
  refuse_reason     text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  issued_at         timestamptz,
  refused_at        timestamptz,
  withdrawn_at      timestamptz,
  CONSTRAINT invoice_request_issued CHECK (status <> 'issued' OR (
    invoice_number IS NOT NULL AND invoice_date IS NOT NULL AND file_path IS NOT NULL AND issued_fen > 0 AND issued_fen <= amount_fen))
);
CREATE INDEX invoice_request_buyer ON invoice_request (buyer_company_id, created_at DESC);
CREATE INDEX invoice_request_seller ON invoice_request (seller_company_id, created_at DESC);

CREATE TABLE invoice_request_order (
  id         bigserial PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES invoice_request (id),
  order_id   bigint NOT NULL REFERENCES goods_order (id),
  order_no   text NOT NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  -- true while the request is 待开票 or 已开票
  open       boolean NOT NULL DEFAULT true,
  UNIQUE (request_id, order_id)
);
CREATE UNIQUE INDEX invoice_request_order_open ON invoice_request_order (order_id) WHERE open;

CREATE TABLE invoice_event (
  id            bigserial PRIMARY KEY,
  request_id    bigint NOT NULL REFERENCES invoice_request (id),
  action        text NOT NULL,
  actor_user_id integer NOT NULL REFERENCES app_user (id),
  from_status   text,
  to_status     text NOT NULL,
  note          text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_event_request ON invoice_event (request_id, id);
