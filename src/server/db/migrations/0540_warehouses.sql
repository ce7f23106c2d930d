-- Warehouses and shelf locations (库位), docs/warehouse.md.
--
-- A stock row either has no locations (located = false: its quantity is kept on the row, as before)
-- or is located: its quantity is then always the sum of its per-location quantities. Two triggers
-- keep that true whoever writes:
--  * a write to stock_location (the stock page, an import's location column, a stocktake) sets the
--    row's quantity to the new sum;
--  * a write to stock.quantity on a located row (an order taking stock, a cancellation giving it
--    back, an import or edit of the total) spreads the difference over its locations: taken from the
--    locations in warehouse then location-code order, given back to the first of them.
-- Every change of a located quantity is appended to stock_move (never updated), which is how a
-- stocktake count knows what the system expected at the moment of the scan.
CREATE TABLE warehouse (
  id          serial PRIMARY KEY,
  company_id  integer NOT NULL REFERENCES company(id),
  name        text NOT NULL,
  address     text NOT NULL DEFAULT '',
  note        text NOT NULL DEFAULT '',
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, name)
);

CREATE TABLE warehouse_location (
  id            serial PRIMARY KEY,
  company_id    integer NOT NULL REFERENCES company(id),
  warehouse_id  integer NOT NULL REFERENCES warehouse(id),
  -- 库位码 as printed on the shelf label, such as A-01-03
  code          text NOT NULL,
  note          text NOT NULL DEFAULT '',
  active        boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (warehouse_id, code)
);
CREATE INDEX warehouse_location_company ON warehouse_location (company_id, warehouse_id, code);

ALTER TABLE stock ADD COLUMN located boolean NOT NULL DEFAULT false;

CREATE TABLE stock_location (
  stock_id     bigint NOT NULL REFERENCES stock(id) ON DELETE CASCADE,
  location_id  integer NOT NULL REFERENCES warehouse_location(id),
  company_id   integer NOT NULL REFERENCES company(id),
  quantity     integer NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (stock_id, location_id)
);
CREATE INDEX stock_location_location ON stock_location (location_id, stock_id);

-- stock_id has no foreign key: the moves of a deleted row stay readable.
CREATE TABLE stock_move (
  id              bigserial PRIMARY KEY,
  stock_id        bigint NOT NULL,
  location_id     integer NOT NULL,
  company_id      integer NOT NULL,
  delta           integer NOT NULL,
  quantity_after  integer NOT NULL,
  -- qph.move_reason of the transaction when set (edit, import, stocktake, transfer), else out / in
  reason          text NOT NULL,
  at              timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX stock_move_row ON stock_move (stock_id, location_id, at);

-- A write to stock_location: log the move, then (unless the stock trigger below made it) set the
-- row's quantity to the sum of its locations.
CREATE FUNCTION stock_location_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid bigint := COALESCE(NEW.stock_id, OLD.stock_id);
  lid integer := COALESCE(NEW.location_id, OLD.location_id);
  cid integer := COALESCE(NEW.company_id, OLD.company_id);
  d integer := COALESCE(NEW.quantity, 0) - COALESCE(OLD.quantity, 0);
  total integer;
  n integer;
BEGIN
  IF d <> 0 THEN
    INSERT INTO stock_move (stock_id, location_id, company_id, delta, quantity_after, reason)
    VALUES (sid, lid, cid, d, COALESCE(NEW.quantity, 0),
            COALESCE(NULLIF(current_setting('qph.move_reason', true), ''), CASE WHEN d < 0 THEN 'out' ELSE 'in' END));
  END IF;
  IF pg_trigger_depth() = 1 THEN
    SELECT COALESCE(SUM(quantity), 0), COUNT(*) INTO total, n FROM stock_location WHERE stock_id = sid;
    UPDATE stock SET quantity = CASE WHEN n > 0 THEN total ELSE quantity END, located = (n > 0),
           stock_write_date = CASE WHEN n > 0 AND quantity IS DISTINCT FROM total THEN now() ELSE stock_write_date END
     WHERE id = sid AND (quantity IS DISTINCT FROM (CASE WHEN n > 0 THEN total ELSE quantity END) OR located IS DISTINCT FROM (n > 0));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER stock_location_changed AFTER INSERT OR UPDATE OF quantity OR DELETE ON stock_location
  FOR EACH ROW EXECUTE FUNCTION stock_location_changed();

-- A write to a located row's quantity that did not come from its locations: spread the difference.
CREATE FUNCTION stock_quantity_spread() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  diff integer;
  loc record;
  take integer;
BEGIN
  SELECT NEW.quantity - COALESCE(SUM(quantity), 0) INTO diff FROM stock_location WHERE stock_id = NEW.id;
  IF diff > 0 THEN
    UPDATE stock_location sl SET quantity = sl.quantity + diff
     WHERE sl.stock_id = NEW.id AND sl.location_id = (
       SELECT l.location_id FROM stock_location l JOIN warehouse_location w ON w.id = l.location_id
        WHERE l.stock_id = NEW.id ORDER BY w.warehouse_id, w.code LIMIT 1);
  ELSIF diff < 0 THEN
    FOR loc IN SELECT l.location_id, l.quantity FROM stock_location l JOIN warehouse_location w ON w.id = l.location_id
                WHERE l.stock_id = NEW.id AND l.quantity > 0 ORDER BY w.warehouse_id, w.code FOR UPDATE OF l LOOP
      EXIT WHEN diff = 0;
      take := LEAST(loc.quantity, -diff);
      UPDATE stock_location SET quantity = quantity - take WHERE stock_id = NEW.id AND location_id = loc.location_id;
      diff := diff + take;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER stock_quantity_spread AFTER UPDATE OF quantity ON stock
  FOR EACH ROW WHEN (NEW.located AND OLD.quantity IS DISTINCT FROM NEW.quantity) EXECUTE FUNCTION stock_quantity_spread();
