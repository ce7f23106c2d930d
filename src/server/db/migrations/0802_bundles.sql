-- 组合套装 (bundle) activities (docs/activities.md "组合套装"): an activity kind whose items are
-- bundles of 2–5 of one seller's stock rows, each with a quantity, sold together at one bundle
-- price. The bundle is the activity_item (activity_price_fen the bundle price, ordinary_fen the
-- rows' everyday prices × quantities summed, activity_qty the bundles reserved, reserved / sold /
-- returned counted in bundles, stock_id its first row); its rows are activity_bundle_line.

ALTER TABLE activity DROP CONSTRAINT activity_kind_check;
ALTER TABLE activity ADD CONSTRAINT activity_kind_check CHECK (kind IN ('seckill', 'full_reduction', 'bundle'));

CREATE TABLE activity_bundle_line (
  item_id      integer NOT NULL REFERENCES activity_item(id),
  -- 1-based, the order the seller chose; the last line takes the rounding of the price split
  position     smallint NOT NULL CHECK (position BETWEEN 1 AND 5),
  -- named activity_item… so the seller's 删除 of a row in a bundle is refused like any activity row's
  stock_id     bigint NOT NULL CONSTRAINT activity_item_bundle_stock_fkey REFERENCES stock(id),
  -- pieces of the row in one bundle
  qty          integer NOT NULL CHECK (qty BETWEEN 1 AND 999),
  -- the row's everyday price per piece (recorded at the application, again at the approval)
  ordinary_fen integer NOT NULL CHECK (ordinary_fen > 0),
  -- this line's part of one bundle's price (shared/domain/bundles splitBundlePrice), at most its everyday amount
  share_fen    integer NOT NULL CHECK (share_fen >= 0 AND share_fen <= ordinary_fen * qty),
  PRIMARY KEY (item_id, position),
  CONSTRAINT activity_bundle_line_once UNIQUE (item_id, stock_id)
);
CREATE INDEX activity_bundle_line_stock ON activity_bundle_line (stock_id);
