-- The performance bonus (业绩奖励, docs/bonus.md): the operator's rule sets, each in force from a
-- China month until the next one, and each seller's settled months, written once. The bonus is
-- paid into the seller's wallet by a ledger transaction of kind 'bonus' from the platform's bonus
-- budget (a provider-kind account, 'bonus').

CREATE TABLE bonus_rule (
  id              serial PRIMARY KEY,
  -- YYYY-MM (China time); the rule is in force from this month until the next rule's month
  effective_month text NOT NULL UNIQUE CHECK (effective_month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  -- [{from_fen, to_fen (0: no upper limit), rate_bp}], checked by the service (bandsProblem)
  bands           jsonb NOT NULL CHECK (jsonb_typeof(bands) = 'array' AND jsonb_array_length(bands) BETWEEN 1 AND 10),
  updated_by      integer REFERENCES app_user(id),
  updated_at      timestamptz NOT NULL
);

CREATE TABLE bonus_settlement (
  id              serial PRIMARY KEY,
  month           text NOT NULL CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  company_id      integer NOT NULL REFERENCES company(id),
  order_count     integer NOT NULL CHECK (order_count >= 0),
  sales_fen       bigint NOT NULL CHECK (sales_fen >= 0),
  -- the rule's bands as they were, the band reached (1-based) and its rate
  bands           jsonb NOT NULL,
  band            smallint NOT NULL CHECK (band >= 1),
  rate_bp         integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  bonus_fen       bigint NOT NULL CHECK (bonus_fen >= 0),
  -- the payment into the seller's wallet; null when the bonus is 0
  ledger_transaction_id bigint REFERENCES ledger_transaction(id),
  -- null: the monthly sweep
  settled_by      integer REFERENCES app_user(id),
  settled_at      timestamptz NOT NULL,
  -- a seller's month is settled once, ever
  UNIQUE (company_id, month),
  CHECK ((bonus_fen = 0) = (ledger_transaction_id IS NULL))
);
CREATE INDEX bonus_settlement_month ON bonus_settlement (month);

-- the settled figures are a record: never changed or removed
CREATE FUNCTION bonus_settlement_write_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bonus_settlement is written once';
END $$;
CREATE TRIGGER bonus_settlement_no_change BEFORE UPDATE OR DELETE ON bonus_settlement FOR EACH ROW EXECUTE FUNCTION bonus_settlement_write_once();

-- completed orders by month of completion: the running figures read them
CREATE INDEX IF NOT EXISTS goods_order_completed_at ON goods_order (completed_at) WHERE status = 'completed';

ALTER TABLE ledger_transaction DROP CONSTRAINT ledger_transaction_kind_check;
ALTER TABLE ledger_transaction ADD CONSTRAINT ledger_transaction_kind_check CHECK (kind IN (
  'recharge', 'order_payment', 'order_payout', 'order_refund', 'withdrawal_freeze', 'withdrawal_release', 'withdrawal_payout',
  'cash_pledge_pay', 'cash_pledge_deduct', 'cash_pledge_return', 'fee', 'adjustment', 'voucher_subsidy', 'bonus'
));
