-- The sandbox provider's own side of its trades (docs/money.md, "Payment providers"): what a real
-- provider keeps on its servers and answers a trade query or a refund from. One trade per order
-- number: open while the payer may still pay (until expires_at, then closed by the first query),
-- paid or closed by the payer's action at the sandbox checkout, and never changed after that.
CREATE TABLE sandbox_trade (
  order_no    text PRIMARY KEY,
  amount_fen  bigint NOT NULL CHECK (amount_fen > 0),
  subject     text NOT NULL DEFAULT '',
  state       text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'paid', 'closed')),
  trade_no    text UNIQUE,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CONSTRAINT sandbox_trade_finished CHECK ((state = 'open') = (finished_at IS NULL))
);

-- Refunds of paid sandbox trades: one row per refund number, so a repeated refund repeats nothing;
-- their sum never exceeds the trade's amount (checked under the trade's row lock).
CREATE TABLE sandbox_refund (
  refund_no  text PRIMARY KEY CHECK (length(refund_no) BETWEEN 1 AND 64),
  order_no   text NOT NULL REFERENCES sandbox_trade (order_no),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  reason     text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_refund_order ON sandbox_refund (order_no);
