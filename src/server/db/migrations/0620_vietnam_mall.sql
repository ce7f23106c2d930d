-- The Vietnam mall (docs/overseas.md, "The Vietnam mall"): what sellers offer to Vietnamese buyers,
-- the operators' removals and service charges, the Vietnamese buyer's cart, and what each mall
-- order froze (the rate and the dong amounts beside goods_order's fen).

-- A stock row a seller offers in the mall: a direct price in whole dong, or a markup over the row's
-- 批发价(含税) (price1) in hundredths of a percent; floor_fen: the seller's CNY floor (never sold below).
CREATE TABLE vn_offer (
  stock_id    integer PRIMARY KEY REFERENCES stock(id) ON DELETE CASCADE,
  company_id  integer NOT NULL REFERENCES company(id),
  price_mode  text NOT NULL CHECK (price_mode IN ('direct', 'markup')),
  vn_price    bigint CHECK (vn_price > 0),
  markup_bp   integer CHECK (markup_bp >= 0 AND markup_bp <= 100000),
  floor_fen   bigint NOT NULL DEFAULT 0 CHECK (floor_fen >= 0),
  vn_quantity integer NOT NULL CHECK (vn_quantity >= 0),
  user_id     integer NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((price_mode = 'direct' AND vn_price IS NOT NULL AND markup_bp IS NULL)
      OR (price_mode = 'markup' AND markup_bp IS NOT NULL AND vn_price IS NULL))
);
CREATE INDEX vn_offer_company ON vn_offer (company_id, stock_id);

-- A seller's rule: every on-sale row of its own matching the brand, make and category (each null or
-- '' = any) is offered at the markup; quantity_cap bounds the pieces offered per row (null: all).
CREATE TABLE vn_offer_rule (
  id            serial PRIMARY KEY,
  company_id    integer NOT NULL REFERENCES company(id),
  part_brand_id integer REFERENCES part_brand(id),
  make_id       integer REFERENCES make(id),
  category_name text NOT NULL DEFAULT '',
  markup_bp     integer NOT NULL CHECK (markup_bp >= 0 AND markup_bp <= 100000),
  floor_fen     bigint NOT NULL DEFAULT 0 CHECK (floor_fen >= 0),
  quantity_cap  integer CHECK (quantity_cap > 0),
  user_id       integer NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vn_offer_rule_company ON vn_offer_rule (company_id);

-- A row the platform took out of the mall (with the reason the seller reads); neither an offer nor
-- a rule brings it back until the row is removed from this table.
CREATE TABLE vn_removal (
  stock_id   integer PRIMARY KEY REFERENCES stock(id) ON DELETE CASCADE,
  company_id integer NOT NULL,
  reason     text NOT NULL,
  removed_at timestamptz NOT NULL,
  user_id    integer NOT NULL,
  username   text NOT NULL
);

-- The operators' service charge of a mall order, by the order's goods amount in dong:
-- min_dong <= amount < max_dong (max null: no upper end); kind percent: value in hundredths of a
-- percent; fixed: value in whole dong. Bands never overlap (checked by the service under a lock).
CREATE TABLE service_charge_rule (
  id         serial PRIMARY KEY,
  min_dong   bigint NOT NULL CHECK (min_dong >= 0),
  max_dong   bigint CHECK (max_dong IS NULL OR max_dong > min_dong),
  kind       text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  value      bigint NOT NULL CHECK (value >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  username   text NOT NULL DEFAULT ''
);

-- The Vietnamese buyer's cart: pieces of offered rows, priced when read.
CREATE TABLE vn_cart_item (
  id         serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES company(id),
  user_id    integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  stock_id   integer NOT NULL REFERENCES stock(id) ON DELETE CASCADE,
  qty        integer NOT NULL CHECK (qty > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, stock_id)
);

-- What a mall order froze when it was placed, kept for good: the day's rate, the dong amounts and
-- the delivery term. goods_order.total_fen holds the goods in fen at that rate.
CREATE TABLE vn_order (
  order_id      bigint PRIMARY KEY REFERENCES goods_order(id),
  rate_value    numeric(18, 6) NOT NULL CHECK (rate_value > 0),
  rate_day      text NOT NULL,
  goods_dong    bigint NOT NULL CHECK (goods_dong >= 0),
  service_dong  bigint NOT NULL CHECK (service_dong >= 0),
  service_fen   bigint NOT NULL CHECK (service_fen >= 0),
  total_dong    bigint NOT NULL CHECK (total_dong = goods_dong + service_dong),
  service_rule  text NOT NULL DEFAULT '',
  delivery_term text NOT NULL CHECK (delivery_term IN ('border', 'forwarder', 'door'))
);
CREATE TABLE vn_order_line (
  line_id         bigint PRIMARY KEY REFERENCES goods_order_line(id),
  order_id        bigint NOT NULL REFERENCES goods_order(id),
  unit_price_dong bigint NOT NULL CHECK (unit_price_dong > 0),
  amount_dong     bigint NOT NULL CHECK (amount_dong >= 0)
);
CREATE INDEX vn_order_line_order ON vn_order_line (order_id);
