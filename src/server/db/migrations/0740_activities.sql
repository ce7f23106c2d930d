-- Activities (活动, docs/activities.md): the operator's time-boxed events (today 秒杀), the sellers'
-- applications of stock rows with an activity price and quantity (the reserve, taken out of the
-- row when the operator approves and given back, unsold, when the activity ends), each buyer
-- company's count against the per-company limit, and the orders placed in an activity.

CREATE TABLE activity (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
  kind        text NOT NULL CHECK (kind IN ('seckill')),
  description text NOT NULL DEFAULT '',
  start_at    timestamptz NOT NULL,
  end_at      timestamptz NOT NULL,
  -- 每家企业限购: the most pieces one buyer company may buy of one item
  per_buyer   integer NOT NULL CHECK (per_buyer BETWEEN 1 AND 9999),
  -- set when the operator ended it early (结束活动); the items are settled at once
  ended_at    timestamptz,
  -- set once its unsold reserves went back to their rows (at the end, or the operator's end)
  settled_at  timestamptz,
  created_by  integer REFERENCES app_user(id),
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  CONSTRAINT activity_window CHECK (end_at > start_at)
);
CREATE INDEX activity_window_idx ON activity (end_at DESC, id DESC);
CREATE INDEX activity_unsettled ON activity (end_at) WHERE settled_at IS NULL;

-- one stock row applied to an activity
CREATE TABLE activity_item (
  id                 serial PRIMARY KEY,
  activity_id        integer NOT NULL REFERENCES activity(id),
  company_id         integer NOT NULL REFERENCES company(id),
  stock_id           bigint NOT NULL REFERENCES stock(id),
  activity_price_fen integer NOT NULL CHECK (activity_price_fen > 0),
  -- the row's lowest everyday price when applied (shown struck through; the rule is checked again at approval)
  ordinary_fen       integer NOT NULL CHECK (ordinary_fen > activity_price_fen),
  -- 活动数量 applied for
  activity_qty       integer NOT NULL CHECK (activity_qty BETWEEN 1 AND 99999),
  state              text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'expired')),
  -- the pieces taken out of the row into the activity's reserve (activity_qty once approved)
  reserved           integer NOT NULL DEFAULT 0,
  -- pieces sold from the reserve on orders not cancelled before the settlement
  sold               integer NOT NULL DEFAULT 0,
  -- pieces given back to the row at the settlement (reserved - sold then)
  returned           integer NOT NULL DEFAULT 0,
  reject_reason      text NOT NULL DEFAULT '',
  applied_by         integer NOT NULL REFERENCES app_user(id),
  applied_at         timestamptz NOT NULL,
  audited_by         integer REFERENCES app_user(id),
  audited_at         timestamptz,
  returned_at        timestamptz,
  CONSTRAINT activity_item_counts CHECK (sold >= 0 AND returned >= 0 AND sold + returned <= reserved),
  CONSTRAINT activity_item_reserve CHECK (reserved = 0 OR (state = 'approved' AND reserved = activity_qty))
);
CREATE INDEX activity_item_activity ON activity_item (activity_id, state, id);
CREATE INDEX activity_item_company ON activity_item (company_id, id DESC);
CREATE INDEX activity_item_stock ON activity_item (stock_id) WHERE state IN ('pending', 'approved');
CREATE INDEX activity_item_pending ON activity_item (applied_at, id) WHERE state = 'pending';

-- what each buyer company bought of an item (the per-company limit, taken by one conditional upsert)
CREATE TABLE activity_buyer (
  item_id    integer NOT NULL REFERENCES activity_item(id),
  company_id integer NOT NULL REFERENCES company(id),
  qty        integer NOT NULL CHECK (qty >= 0),
  PRIMARY KEY (item_id, company_id)
);

-- the orders placed in an activity (one item each)
CREATE TABLE activity_order (
  order_id    bigint PRIMARY KEY REFERENCES goods_order(id),
  item_id     integer NOT NULL REFERENCES activity_item(id),
  activity_id integer NOT NULL REFERENCES activity(id),
  company_id  integer NOT NULL REFERENCES company(id),
  qty         integer NOT NULL CHECK (qty > 0),
  -- set when the order was cancelled or rejected before the settlement and its pieces went back into the reserve
  returned_at timestamptz,
  created_at  timestamptz NOT NULL
);
CREATE INDEX activity_order_item ON activity_order (item_id);
