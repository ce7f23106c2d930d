-- The open platform's partner calls (docs/open-platform.md, "Partner calls").
--
-- changed_at: when a stock row or an order last changed, whoever changed it (the back office, an
-- import, an order taking stock, an operator, a partner's sync). A trigger is the one place that
-- sees all of them. It is now(), the START of the writing transaction, not the wall clock at the
-- write: the changes feeds page by (changed_at, id) and hand out only rows older than the oldest
-- transaction still running, so a transaction that commits late can never land behind a cursor.
-- Rows written before this migration carry the migration's time.
ALTER TABLE stock ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE goods_order ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();

CREATE FUNCTION open_changed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER stock_changed_at BEFORE INSERT OR UPDATE ON stock FOR EACH ROW EXECUTE FUNCTION open_changed_at();
CREATE TRIGGER goods_order_changed_at BEFORE INSERT OR UPDATE ON goods_order FOR EACH ROW EXECUTE FUNCTION open_changed_at();

-- keyset pages of one company's changes (never OFFSET)
CREATE INDEX stock_company_changed ON stock (company_id, changed_at, id);
CREATE INDEX goods_order_seller_changed ON goods_order (seller_company_id, changed_at, id);
CREATE INDEX goods_order_buyer_changed ON goods_order (buyer_company_id, changed_at, id);
-- a partner's stock sync finds rows by the seller's own code (自编码)
CREATE INDEX stock_company_code ON stock (company_id, default_code);

-- A stock sync batch of a company, applied in parts of 2,000 lines, each part in its own
-- transaction with its row here (its lines' results): the same batch id (or Idempotency-Key) again
-- answers the stored results and applies nothing; with other lines it is refused; a batch cut off
-- mid-way (a lost connection, a stopped server) goes on from the first part not recorded when sent
-- again. Kept 7 days, like idempotency_key.
CREATE TABLE open_sync_batch (
  company_id  integer NOT NULL REFERENCES company(id),
  batch_id    text NOT NULL,
  part        integer NOT NULL,
  body_hash   text NOT NULL,
  results     jsonb NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (company_id, batch_id, part)
);
CREATE INDEX open_sync_batch_created ON open_sync_batch (created_at);
