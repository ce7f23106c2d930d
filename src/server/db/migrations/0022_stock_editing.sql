-- The seller's own stock editing (requirements 001-3, 001-4): a quantity version so an absolute quantity
-- set from a stale screen is refused instead of overwriting someone else's change, and a change
-- log that every write of the back office appends to (who, when, what, old -> new).
--
-- qty_version goes up on every change of quantity, whoever makes it: the back office, an import,
-- or an order taking or giving back stock (orders.repo updates quantity directly). A trigger is
-- the one place that sees all of them.
ALTER TABLE stock ADD COLUMN qty_version integer NOT NULL DEFAULT 0;

CREATE FUNCTION stock_qty_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.qty_version := OLD.qty_version + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER stock_qty_version BEFORE UPDATE OF quantity ON stock
  FOR EACH ROW WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity) EXECUTE FUNCTION stock_qty_version();

-- stock_id has no foreign key: the log of a deleted row stays readable for the company.
CREATE TABLE stock_change (
  id          bigserial PRIMARY KEY,
  stock_id    bigint NOT NULL,
  company_id  integer NOT NULL REFERENCES company(id),
  user_id     integer NOT NULL REFERENCES app_user(id),
  at          timestamptz NOT NULL,
  -- create, update, price, quantity, adjust, lock, unlock, on, off, clearance, normal, delete
  action      text NOT NULL,
  -- [{field, old, new}] as shown to people: prices in fen, null for none
  changes     jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX stock_change_row ON stock_change (stock_id, id);

-- The back-office list sorts a company's rows by these; (company_id, id) exists already.
CREATE INDEX stock_company_created ON stock (company_id, create_date);
