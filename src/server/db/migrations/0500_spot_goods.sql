-- 现货 (spot goods, docs/spot-goods.md): a seller marks stock rows as ready to ship today, with
-- an optional daily cut-off time (截单时间, China time) per company; a spot order (现货订单) must
-- be confirmed by its seller before confirm_by, or the spot sweep cancels it and returns its stock.

ALTER TABLE stock ADD COLUMN spot boolean NOT NULL DEFAULT false;

-- 只看现货 walks (keyword.repo.ts): the term's spot rows in rank order, so a page of spot rows
-- never passes the term's other rows. Partial: only marked rows are in them, so an import or a
-- price write of an unmarked row touches none of them.
CREATE INDEX stock_spot_name ON stock (name, rank_key, id) WHERE state = 'on' AND spot;
CREATE INDEX stock_spot_vehicle ON stock (supplier_vehicle, rank_key, id) WHERE state = 'on' AND spot;
CREATE INDEX stock_spot_brand ON stock (part_brand_id, rank_key, id) WHERE state = 'on' AND spot;
CREATE INDEX stock_spot_make ON stock (make_id, rank_key, id) WHERE state = 'on' AND spot;

CREATE TABLE seller_spot_setting (
  company_id    integer PRIMARY KEY REFERENCES company (id),
  -- minutes after China midnight; null: no cut-off (every order of the day ships today)
  cutoff_minute smallint CHECK (cutoff_minute IS NULL OR cutoff_minute BETWEEN 0 AND 1439),
  updated_by    integer,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE goods_order
  ADD COLUMN spot boolean NOT NULL DEFAULT false,
  ADD COLUMN confirm_by timestamptz,
  ADD CONSTRAINT goods_order_spot_confirm_by CHECK (NOT spot OR confirm_by IS NOT NULL);

-- the spot sweep's read: pending spot orders past their time
CREATE INDEX goods_order_spot_due ON goods_order (confirm_by) WHERE spot AND status = 'pending';
