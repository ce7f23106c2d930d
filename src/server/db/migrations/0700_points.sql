-- Points (积分, docs/points.md): the operator's earning rules, a points ledger built like the money
-- ledger (0300) in its own tables and in whole points, the points mall's products and the
-- redemptions the operator ships, and the year-end expiry notices.
--
-- The ledger: every movement of points is one points_transaction whose points_entry rows sum to
-- zero across accounts; transactions and entries are written once and never changed; an account's
-- balance is the sum of its entries, kept as a running total that only the entry trigger moves.
-- A company's points come from the platform's `issued` account (negative: all points ever given)
-- and go to `redeemed` (spent in the mall) or `expired`, so all balances together are zero.

CREATE TABLE points_setting (
  id            integer PRIMARY KEY CHECK (id = 1),
  enabled       boolean NOT NULL DEFAULT true,
  -- points for every 100 yuan paid (10000 fen), before category rates and caps
  per_100_yuan  integer NOT NULL DEFAULT 100 CHECK (per_100_yuan BETWEEN 0 AND 100000),
  -- most points one order earns (0: no cap)
  order_cap     integer NOT NULL DEFAULT 0 CHECK (order_cap BETWEEN 0 AND 100000000),
  -- most points a company earns from orders in one China month (0: no cap)
  month_cap     integer NOT NULL DEFAULT 0 CHECK (month_cap BETWEEN 0 AND 1000000000),
  -- days before the year end when holders are told their points will expire
  notice_days   integer NOT NULL DEFAULT 30 CHECK (notice_days BETWEEN 1 AND 90),
  updated_by    integer REFERENCES app_user (id),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO points_setting (id) VALUES (1);

-- A parts category (stock.category_name) earning at its own rate instead of the default.
CREATE TABLE points_category_rate (
  category      text PRIMARY KEY CHECK (length(category) BETWEEN 1 AND 40),
  per_100_yuan  integer NOT NULL CHECK (per_100_yuan BETWEEN 0 AND 100000)
);

CREATE TABLE points_account (
  id          bigserial PRIMARY KEY,
  -- company: a company's points; issued / redeemed / expired: the platform's sides
  kind        text NOT NULL CHECK (kind IN ('company', 'issued', 'redeemed', 'expired')),
  company_id  integer REFERENCES company (id),
  balance     bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT points_account_owner CHECK ((kind = 'company') = (company_id IS NOT NULL)),
  -- the platform's redeemed and expired accounts only ever rise; issued only ever falls
  CONSTRAINT points_account_floor CHECK (kind IN ('company', 'issued') OR balance >= 0)
);
CREATE UNIQUE INDEX points_account_one ON points_account (kind, coalesce(company_id, 0));

CREATE TABLE points_transaction (
  id              bigserial PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('earn', 'reverse', 'redeem', 'redeem_cancel', 'expire', 'adjust')),
  company_id      integer NOT NULL REFERENCES company (id),
  -- what it is about: an order number, a redemption number, a year
  reference       text NOT NULL DEFAULT '',
  note            text NOT NULL DEFAULT '',
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer REFERENCES app_user (id)
);
CREATE INDEX points_transaction_company ON points_transaction (company_id, created_at DESC, id DESC);
CREATE INDEX points_transaction_reference ON points_transaction (reference) WHERE reference <> '';

CREATE TABLE points_entry (
  id             bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES points_transaction (id),
  account_id     bigint NOT NULL REFERENCES points_account (id),
  points         bigint NOT NULL CHECK (points <> 0),
  balance_after  bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (transaction_id, account_id)
);
CREATE INDEX points_entry_account ON points_entry (account_id, created_at DESC, id DESC);

CREATE FUNCTION points_written_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '积分账目只能追加，不能修改或删除' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER points_transaction_no_change BEFORE UPDATE OR DELETE ON points_transaction
  FOR EACH ROW EXECUTE FUNCTION points_written_once();
CREATE TRIGGER points_transaction_no_truncate BEFORE TRUNCATE ON points_transaction
  FOR EACH STATEMENT EXECUTE FUNCTION points_written_once();
CREATE TRIGGER points_entry_no_change BEFORE UPDATE OR DELETE ON points_entry
  FOR EACH ROW EXECUTE FUNCTION points_written_once();
CREATE TRIGGER points_entry_no_truncate BEFORE TRUNCATE ON points_entry
  FOR EACH STATEMENT EXECUTE FUNCTION points_written_once();
CREATE TRIGGER points_account_no_delete BEFORE DELETE ON points_account
  FOR EACH ROW EXECUTE FUNCTION points_written_once();
CREATE TRIGGER points_account_no_truncate BEFORE TRUNCATE ON points_account
  FOR EACH STATEMENT EXECUTE FUNCTION points_written_once();

CREATE FUNCTION points_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  same_xact boolean;
BEGIN
  SELECT t.xmin::text = (pg_current_xact_id()::text::numeric % 4294967296)::text INTO same_xact
    FROM points_transaction t WHERE t.id = NEW.transaction_id;
  IF NOT coalesce(same_xact, false) THEN
    RAISE EXCEPTION '积分分录只能与其交易一同写入' USING ERRCODE = 'insufficient_privilege';
  END IF;
  UPDATE points_account SET balance = balance + NEW.points WHERE id = NEW.account_id
    RETURNING balance INTO NEW.balance_after;
  RETURN NEW;
END $$;
CREATE TRIGGER points_entry_apply BEFORE INSERT ON points_entry
  FOR EACH ROW EXECUTE FUNCTION points_entry_apply();

CREATE FUNCTION points_account_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.company_id IS DISTINCT FROM OLD.company_id
     OR NEW.id IS DISTINCT FROM OLD.id OR NEW.created_at IS DISTINCT FROM OLD.created_at
     OR (NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2) THEN
    RAISE EXCEPTION '积分余额只能由积分分录改变' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER points_account_guard BEFORE UPDATE ON points_account
  FOR EACH ROW EXECUTE FUNCTION points_account_guard();

CREATE FUNCTION points_assert_balanced(tid bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(points), 0), count(*) INTO total, n FROM points_entry WHERE transaction_id = tid;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION '积分账目不平：交易 % 有 % 条分录，合计 %', tid, n, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'points_transaction_balanced';
  END IF;
END $$;
CREATE FUNCTION points_transaction_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM points_assert_balanced(NEW.id);
  RETURN NULL;
END $$;
CREATE FUNCTION points_entry_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM points_assert_balanced(NEW.transaction_id);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER points_transaction_balanced AFTER INSERT ON points_transaction
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION points_transaction_check();
CREATE CONSTRAINT TRIGGER points_entry_balanced AFTER INSERT ON points_entry
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION points_entry_check();

-- What an order earned when it completed: the amount it was earned on, so refunds after it take
-- back the same share (docs/points.md, "Earning and refunds"). Written once.
CREATE TABLE points_order_earning (
  order_id     bigint PRIMARY KEY,
  order_no     text NOT NULL UNIQUE,
  company_id   integer NOT NULL REFERENCES company (id),
  base_fen     bigint NOT NULL CHECK (base_fen >= 0),
  points       bigint NOT NULL CHECK (points >= 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER points_order_earning_no_change BEFORE UPDATE OR DELETE ON points_order_earning
  FOR EACH ROW EXECUTE FUNCTION points_written_once();

-- The points mall's products (积分商品), listed by the operator, with their stock.
CREATE TABLE points_product (
  id           serial PRIMARY KEY,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  description  text NOT NULL DEFAULT '',
  image        text NOT NULL DEFAULT '',
  points       integer NOT NULL CHECK (points BETWEEN 1 AND 100000000),
  stock        integer NOT NULL CHECK (stock >= 0),
  enabled      boolean NOT NULL DEFAULT true,
  created_by   integer REFERENCES app_user (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   integer REFERENCES app_user (id),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX points_product_name ON points_product (name);

-- A redemption (兑换订单): points spent and stock taken in one transaction; the operator ships or
-- cancels it (cancelled: the points and the stock go back, in the cancel's transaction).
CREATE TABLE points_redemption (
  id               bigserial PRIMARY KEY,
  redemption_no    text NOT NULL UNIQUE,
  company_id       integer NOT NULL REFERENCES company (id),
  user_id          integer NOT NULL REFERENCES app_user (id),
  product_id       integer NOT NULL REFERENCES points_product (id),
  product_name     text NOT NULL,
  qty              integer NOT NULL CHECK (qty BETWEEN 1 AND 99),
  points_each      integer NOT NULL CHECK (points_each > 0),
  points_total     bigint NOT NULL CHECK (points_total > 0),
  contact_name     text NOT NULL,
  contact_phone    text NOT NULL,
  address          text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'shipped', 'cancelled')),
  logistics_company text,
  logistics_no     text,
  cancel_reason    text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  shipped_at       timestamptz,
  cancelled_at     timestamptz,
  CONSTRAINT points_redemption_shipped CHECK ((status = 'shipped') = (shipped_at IS NOT NULL)),
  CONSTRAINT points_redemption_cancelled CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
CREATE INDEX points_redemption_company ON points_redemption (company_id, created_at DESC);
CREATE INDEX points_redemption_status ON points_redemption (status, created_at DESC);

-- One year-end expiry notice per company and year.
CREATE TABLE points_expiry_notice (
  company_id  integer NOT NULL REFERENCES company (id),
  year        integer NOT NULL,
  points      bigint NOT NULL,
  sent_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, year)
);
