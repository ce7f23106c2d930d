-- 优惠码 (requirements 001-2-2 pay/promotionCode, promotionUse): operators issue codes that take a
-- percentage or an amount off a membership package; a member applies one to a pending package
-- order. A code is used by an order that is not cancelled (cancelling gives the use back), at most
-- once per company and at most max_uses times in all (null: no limit). The rules are in
-- src/shared/domain/promotion.ts.
CREATE TABLE promotion_code (
  id          serial PRIMARY KEY,
  code        text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{4,20}$'),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  kind        text NOT NULL CHECK (kind IN ('percent', 'amount')),
  -- percent off (1–90) or fen off
  value       integer NOT NULL CHECK (value > 0),
  -- the one package it applies to; null: every package
  level_id    integer REFERENCES company_level(id),
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  max_uses    integer CHECK (max_uses > 0),
  active      boolean NOT NULL DEFAULT true,
  created_by  integer REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (kind <> 'percent' OR value <= 90)
);

-- the order as priced: amount_fen is what is paid, discount_fen what the code took off the list price
ALTER TABLE package_order
  ADD COLUMN promotion_code_id integer REFERENCES promotion_code(id),
  ADD COLUMN discount_fen integer NOT NULL DEFAULT 0 CHECK (discount_fen >= 0),
  ADD CONSTRAINT package_order_promotion CHECK ((promotion_code_id IS NULL) = (discount_fen = 0));
CREATE INDEX package_order_promotion_code ON package_order(promotion_code_id, company_id) WHERE promotion_code_id IS NOT NULL;
