-- Membership packages and their orders: the paid levels on sale (price in fen, duration in
-- months), the package orders (待支付 → 已支付 / 已取消), the payment provider's signing secret.

ALTER TABLE company_level
  ADD COLUMN price_fen       integer CHECK (price_fen > 0),
  ADD COLUMN duration_months integer CHECK (duration_months BETWEEN 1 AND 120),
  -- a level is on sale as a package when it has both; only paid levels can be sold
  ADD CONSTRAINT company_level_package CHECK ((price_fen IS NULL) = (duration_months IS NULL)),
  ADD CONSTRAINT company_level_package_paid CHECK (price_fen IS NULL OR level_type = 'paid');

-- databases seeded before this migration: put the formal level on sale (new ones get it from the seed)
UPDATE company_level SET price_fen = 198000, duration_months = 12 WHERE name = '正式会员' AND level_type = 'paid';

INSERT INTO system_param (key, value, description)
VALUES ('pay_provider', 'sandbox', '会员套餐的支付渠道（sandbox：沙箱收银台，不真实扣款）')
ON CONFLICT (key) DO NOTHING;

CREATE TABLE package_order (
  id                 bigserial PRIMARY KEY,
  order_no           text NOT NULL UNIQUE,
  company_id         integer NOT NULL REFERENCES company(id),
  user_id            integer NOT NULL REFERENCES app_user(id),
  level_id           integer NOT NULL REFERENCES company_level(id),
  -- the package as bought: later price changes do not touch an order
  level_name         text NOT NULL,
  amount_fen         integer NOT NULL CHECK (amount_fen > 0),
  duration_months    integer NOT NULL CHECK (duration_months BETWEEN 1 AND 120),
  state              text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'cancelled')),
  provider           text,
  trade_no           text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  paid_at            timestamptz,
  cancelled_at       timestamptz,
  level_end_before   timestamptz,
  level_end_after    timestamptz,
  CHECK (state <> 'paid' OR (paid_at IS NOT NULL AND trade_no IS NOT NULL AND level_end_after IS NOT NULL)),
  CHECK (state <> 'cancelled' OR cancelled_at IS NOT NULL)
);
CREATE INDEX package_order_company ON package_order(company_id, created_at DESC);
CREATE UNIQUE INDEX package_order_trade ON package_order(provider, trade_no) WHERE trade_no IS NOT NULL;

-- HMAC keys of payment providers, made on first use; never sent to a client
CREATE TABLE payment_secret (
  provider           text PRIMARY KEY,
  secret             text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
