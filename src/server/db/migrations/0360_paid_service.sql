-- Paid services (docs/money.md#paid-services): packs that raise a company's real limits (extra
-- employee seats, extra stock queries once the day's free quota is used, VIN decodes), bought
-- from the wallet or through a provider; and the service agreement's versions and acceptances.
-- The money is the ledger's (`fee`: wallet or provider → fee income); these tables hold the
-- catalogue, the purchases and what each company has left.

-- the catalogue: one pack per service and company level; a level without an enabled row cannot buy it
CREATE TABLE paid_service_product (
  id          serial PRIMARY KEY,
  service     text NOT NULL CHECK (service IN ('user', 'stock', 'vin')),
  level_id    integer NOT NULL REFERENCES company_level (id) ON DELETE CASCADE,
  pack_size   integer NOT NULL CHECK (pack_size > 0 AND pack_size <= 100000),
  price_fen   bigint NOT NULL CHECK (price_fen > 0 AND price_fen <= 100000000),
  enabled     boolean NOT NULL DEFAULT true,
  updated_by  integer REFERENCES app_user (id),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (service, level_id)
);

-- a purchase: from the wallet (paid at once) or through a provider (pending until its notice)
CREATE TABLE paid_service_purchase (
  id                    bigserial PRIMARY KEY,
  purchase_no           text NOT NULL UNIQUE,
  company_id            integer NOT NULL REFERENCES company (id),
  user_id               integer NOT NULL REFERENCES app_user (id),
  service               text NOT NULL CHECK (service IN ('user', 'stock', 'vin')),
  level_id              integer NOT NULL REFERENCES company_level (id),
  pack_size             integer NOT NULL CHECK (pack_size > 0),
  packs                 integer NOT NULL CHECK (packs > 0 AND packs <= 100),
  -- pack_size × packs: the seats, queries or decodes the purchase adds
  units                 integer NOT NULL CHECK (units > 0),
  amount_fen            bigint NOT NULL CHECK (amount_fen > 0),
  method                text NOT NULL CHECK (method IN ('wallet', 'provider')),
  state                 text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'cancelled')),
  provider              text,
  trade_no              text,
  ledger_transaction_id bigint REFERENCES ledger_transaction (id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  paid_at               timestamptz,
  cancelled_at          timestamptz,
  CONSTRAINT paid_service_purchase_paid CHECK ((state = 'paid') = (ledger_transaction_id IS NOT NULL AND paid_at IS NOT NULL))
);
CREATE INDEX paid_service_purchase_company ON paid_service_purchase (company_id, created_at DESC);
CREATE INDEX paid_service_purchase_service ON paid_service_purchase (service, created_at DESC, id DESC);
CREATE INDEX paid_service_purchase_pending ON paid_service_purchase (created_at) WHERE state = 'pending';

-- what a company has bought and has left of the services counted here: employee seats (kept for
-- good) and extra stock queries (used one by one after the day's free quota); VIN decodes are
-- the company's bought decodes (company.vin_sum_qty)
CREATE TABLE paid_service_balance (
  company_id  integer NOT NULL REFERENCES company (id),
  service     text NOT NULL CHECK (service IN ('user', 'stock')),
  bought      integer NOT NULL DEFAULT 0 CHECK (bought >= 0),
  remaining   integer NOT NULL DEFAULT 0 CHECK (remaining >= 0 AND remaining <= bought),
  PRIMARY KEY (company_id, service)
);

-- extra stock queries used per China day
CREATE TABLE paid_service_use (
  company_id  integer NOT NULL REFERENCES company (id),
  service     text NOT NULL CHECK (service IN ('stock')),
  day         date NOT NULL,
  used        integer NOT NULL CHECK (used > 0),
  PRIMARY KEY (company_id, service, day)
);

-- the service agreement (服务协议): each published version is kept unchanged
CREATE TABLE service_agreement (
  id            serial PRIMARY KEY,
  version       integer NOT NULL UNIQUE CHECK (version > 0),
  title         text NOT NULL,
  body          text NOT NULL,
  published_by  integer REFERENCES app_user (id),
  published_at  timestamptz NOT NULL DEFAULT now()
);

-- who accepted which version for which company, when
CREATE TABLE service_agreement_acceptance (
  agreement_id  integer NOT NULL REFERENCES service_agreement (id),
  company_id    integer NOT NULL REFERENCES company (id),
  user_id       integer NOT NULL REFERENCES app_user (id),
  accepted_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agreement_id, company_id)
);
CREATE INDEX service_agreement_acceptance_when ON service_agreement_acceptance (accepted_at DESC);
