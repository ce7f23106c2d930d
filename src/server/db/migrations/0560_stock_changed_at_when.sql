-- Stock import speed (docs/benchmarks.md "Stock import"): stock_changed_at (0380) called its
-- PL/pgSQL function for every inserted row, though a new row's changed_at already is now() by the
-- column's default. The trigger now fires only when the row's changed_at is not now(): every update
-- of an older row, and an insert that names another time, still get now(); a fresh insert skips the
-- call. The result is the same for every statement.
DROP TRIGGER stock_changed_at ON stock;
CREATE TRIGGER stock_changed_at BEFORE INSERT OR UPDATE ON stock FOR EACH ROW
  WHEN (NEW.changed_at IS DISTINCT FROM now()) EXECUTE FUNCTION open_changed_at();
