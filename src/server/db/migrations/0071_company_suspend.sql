-- Suspending a company: its users are signed out and refused, and its stock leaves
-- search at once. Stock on sale goes to the state 'suspended', which every search, shop, cart and
-- chat query already leaves out (they read state = 'on' only, through indexes that carry state);
-- restoring puts exactly those rows back on sale, while rows the seller had taken off stay off.
ALTER TABLE company
  ADD COLUMN suspended_at   timestamptz,
  ADD COLUMN suspend_reason text NOT NULL DEFAULT '';

CREATE INDEX company_suspended ON company (id) WHERE suspended_at IS NOT NULL;

ALTER TABLE stock DROP CONSTRAINT stock_state_check;
ALTER TABLE stock ADD CONSTRAINT stock_state_check CHECK (state IN ('on', 'off', 'suspended'));

-- Stock a suspended company still adds (an import started before the suspension runs on in the
-- background) is put aside in the same statement, so it never reaches search either. One check
-- per statement: bulk loads of a million rows pay one lookup of the (usually empty) index.
CREATE FUNCTION stock_of_suspended_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM company WHERE suspended_at IS NOT NULL) THEN
    UPDATE stock s SET state = 'suspended'
      FROM added a JOIN company c ON c.id = a.company_id AND c.suspended_at IS NOT NULL
     WHERE s.id = a.id AND s.state = 'on';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER stock_suspended_insert AFTER INSERT ON stock
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION stock_of_suspended_company();

-- The VND/CNY (and any other) rate as operators set it over time: who, when, from what to what.
CREATE TABLE exchange_rate_history (
  id            bigserial PRIMARY KEY,
  to_curr_code  text NOT NULL,
  old_value     numeric(18, 6),
  rate_value    numeric(18, 6) NOT NULL CHECK (rate_value > 0),
  set_at        timestamptz NOT NULL DEFAULT now(),
  user_id       integer,
  username      text NOT NULL DEFAULT ''
);
CREATE INDEX exchange_rate_history_code ON exchange_rate_history (to_curr_code, set_at DESC, id DESC);

-- The rates in place before operators could set them start each currency's history.
INSERT INTO exchange_rate_history (to_curr_code, old_value, rate_value, set_at, username)
SELECT to_curr_code, NULL, rate_value, updated_at, '初始汇率' FROM exchange_rate;
