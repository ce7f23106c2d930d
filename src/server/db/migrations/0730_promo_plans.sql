-- Sellers' promotion plans (营销 · 促销计划, docs/promotions.md): a seller's discount on its own
-- stock for its buyers, by part brand or part group, for chosen customer levels or customers, in a
-- time window. Search shows it, the cart and the checkout charge it; an order line records the plan
-- and the price before it, so a later change of the plan never alters an order.

CREATE TABLE promo_plan (
  id              serial PRIMARY KEY,
  company_id      integer NOT NULL REFERENCES company(id),
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
  -- percent: percent_off (1..99) off the unit price; amount: off_fen off each piece
  kind            text NOT NULL CHECK (kind IN ('percent', 'amount')),
  percent_off     integer NOT NULL DEFAULT 0,
  off_fen         bigint NOT NULL DEFAULT 0,
  -- the unit price never goes below this (0: no floor of its own; never below 1 fen)
  min_price_fen   bigint NOT NULL DEFAULT 0 CHECK (min_price_fen >= 0),
  -- all: every row of the seller; brands: rows of part_brand_ids; categories: rows of category_ids (terminology)
  scope           text NOT NULL CHECK (scope IN ('all', 'brands', 'categories')),
  part_brand_ids  integer[] NOT NULL DEFAULT '{}',
  category_ids    integer[] NOT NULL DEFAULT '{}',
  -- all: every buyer; levels: buyers at these 客户等级 (company_customer.price_level); customers: these companies
  buyers          text NOT NULL CHECK (buyers IN ('all', 'levels', 'customers')),
  price_levels    text[] NOT NULL DEFAULT '{}',
  customer_ids    integer[] NOT NULL DEFAULT '{}',
  start_at        timestamptz NOT NULL,
  end_at          timestamptz NOT NULL,
  state           text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'active', 'paused', 'ended')),
  created_by      integer REFERENCES app_user(id),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  ended_at        timestamptz,
  CONSTRAINT promo_plan_window CHECK (end_at > start_at),
  CONSTRAINT promo_plan_kind CHECK (
    (kind = 'percent' AND percent_off BETWEEN 1 AND 99 AND off_fen = 0)
    OR (kind = 'amount' AND off_fen > 0 AND percent_off = 0)
  ),
  CONSTRAINT promo_plan_scope CHECK (
    (scope = 'all' AND cardinality(part_brand_ids) = 0 AND cardinality(category_ids) = 0)
    OR (scope = 'brands' AND cardinality(part_brand_ids) > 0 AND cardinality(category_ids) = 0)
    OR (scope = 'categories' AND cardinality(category_ids) > 0 AND cardinality(part_brand_ids) = 0)
  ),
  CONSTRAINT promo_plan_buyers CHECK (
    (buyers = 'all' AND cardinality(price_levels) = 0 AND cardinality(customer_ids) = 0)
    OR (buyers = 'levels' AND cardinality(price_levels) > 0 AND cardinality(customer_ids) = 0
        AND price_levels <@ ARRAY['member', 'wholesale', 'retail', 'standard']::text[])
    OR (buyers = 'customers' AND cardinality(customer_ids) > 0 AND cardinality(price_levels) = 0)
  )
);
CREATE INDEX promo_plan_company ON promo_plan (company_id, id DESC);
-- the plans that may price something: active ones, read per seller by search and the cart
CREATE INDEX promo_plan_live ON promo_plan (company_id, end_at) WHERE state = 'active';

-- what an order line was charged under a plan: the plan and the unit price before it
ALTER TABLE goods_order_line ADD COLUMN promo_plan_id integer REFERENCES promo_plan(id);
ALTER TABLE goods_order_line ADD COLUMN list_price_fen integer;
-- the plan list counts each plan's lines and what they saved
CREATE INDEX goods_order_line_promo_plan ON goods_order_line (promo_plan_id) WHERE promo_plan_id IS NOT NULL;
