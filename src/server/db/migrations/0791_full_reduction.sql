-- 满减 activities (docs/activities.md "满减"): an activity kind with tiers 满 X 元减 Y 元, applied
-- rows that carry no activity price or quantity (nothing is reserved: they sell from the row at the
-- cart's price), and the reduction each order and order line records.

ALTER TABLE activity DROP CONSTRAINT activity_kind_check;
ALTER TABLE activity ADD CONSTRAINT activity_kind_check CHECK (kind IN ('seckill', 'full_reduction'));
-- [{threshold_fen, reduce_fen}, …], thresholds and reductions strictly increasing (checked by the service); [] for 秒杀
ALTER TABLE activity ADD COLUMN tiers jsonb NOT NULL DEFAULT '[]';

-- a 秒杀 item has its price below the everyday price and a quantity; a 满减 item neither (0, 0)
ALTER TABLE activity_item DROP CONSTRAINT activity_item_activity_price_fen_check;
ALTER TABLE activity_item DROP CONSTRAINT activity_item_check;
ALTER TABLE activity_item DROP CONSTRAINT activity_item_activity_qty_check;
ALTER TABLE activity_item ADD CONSTRAINT activity_item_terms CHECK (
  (activity_price_fen > 0 AND ordinary_fen > activity_price_fen AND activity_qty BETWEEN 1 AND 99999)
  OR (activity_price_fen = 0 AND activity_qty = 0 AND reserved = 0)
);

-- the order's 满减: what it took off (total_fen is the lines less reduction_fen less voucher_fen) and the activity
ALTER TABLE goods_order ADD COLUMN reduction_fen bigint NOT NULL DEFAULT 0 CHECK (reduction_fen >= 0);
ALTER TABLE goods_order ADD COLUMN reduction_activity_id integer REFERENCES activity(id);
-- each line's share of it (an after-sale refunds a line's goods less its share)
ALTER TABLE goods_order_line ADD COLUMN reduction_fen bigint NOT NULL DEFAULT 0 CHECK (reduction_fen >= 0);
