-- Promotion prices of paid services (docs/money.md#promotion-prices): an operator's time-boxed
-- lower price for one service at some company levels (a price per pack in fen, or a percentage
-- off the list price), with optional limits on the number of discounted purchases in all and per
-- company; and one row per purchase that was priced by a promotion (promotionUse).

CREATE TABLE paid_service_promotion (
  id           serial PRIMARY KEY,
  name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
  service      text NOT NULL CHECK (service IN ('user', 'stock', 'vin')),
  -- the company levels it prices (at least one)
  level_ids    integer[] NOT NULL CHECK (cardinality(level_ids) > 0),
  -- price: `value` is the price of one pack in fen; percent: `value` percent off the list price
  kind         text NOT NULL CHECK (kind IN ('price', 'percent')),
  value        bigint NOT NULL CHECK (value > 0 AND (kind = 'price' OR value < 100)),
  starts_at    timestamptz NOT NULL,
  ends_at      timestamptz NOT NULL,
  -- discounted purchases in all / per company; null: no limit
  max_uses     integer CHECK (max_uses > 0),
  per_company  integer CHECK (per_company > 0),
  -- purchases holding a use now (paid or waiting for the provider); never above max_uses: the
  -- buyer's conditional UPDATE takes a use only while one is left
  used         integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND (max_uses IS NULL OR used <= max_uses)),
  enabled      boolean NOT NULL DEFAULT true,
  created_by   integer REFERENCES app_user (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   integer REFERENCES app_user (id),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT paid_service_promotion_window CHECK (ends_at > starts_at)
);
CREATE INDEX paid_service_promotion_live ON paid_service_promotion (service, ends_at) WHERE enabled;

-- a purchase priced by a promotion: what the list price was and what was charged
CREATE TABLE paid_service_promotion_use (
  id            bigserial PRIMARY KEY,
  promotion_id  integer NOT NULL REFERENCES paid_service_promotion (id),
  purchase_id   bigint NOT NULL UNIQUE REFERENCES paid_service_purchase (id),
  company_id    integer NOT NULL REFERENCES company (id),
  service       text NOT NULL CHECK (service IN ('user', 'stock', 'vin')),
  level_id      integer NOT NULL REFERENCES company_level (id),
  packs         integer NOT NULL CHECK (packs > 0),
  original_fen  bigint NOT NULL CHECK (original_fen > 0),
  charged_fen   bigint NOT NULL CHECK (charged_fen > 0 AND charged_fen < original_fen),
  -- false once its purchase was cancelled (the use went back to the promotion)
  holding       boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX paid_service_promotion_use_company ON paid_service_promotion_use (promotion_id, company_id) WHERE holding;
CREATE INDEX paid_service_promotion_use_time ON paid_service_promotion_use (created_at DESC, id DESC);
