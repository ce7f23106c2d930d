-- Vouchers (券, docs/vouchers.md): templates issued by the platform or a seller, claims held by
-- buyer companies, and each use on an order. A seller's voucher lowers that seller's order; a
-- platform voucher is paid to the seller by the platform when the order completes (ledger kind
-- voucher_subsidy, from the platform's voucher budget account).

CREATE TABLE voucher_template (
  id                serial PRIMARY KEY,
  -- NULL: the platform's (运营平台); else the seller company that issues it and bears its cost
  issuer_company_id integer REFERENCES company(id),
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
  kind              text NOT NULL CHECK (kind IN ('amount', 'percent')),
  -- amount: fen off; percent: unused (0)
  amount_fen        bigint NOT NULL DEFAULT 0 CHECK (amount_fen >= 0),
  -- percent: 1..99 off the eligible amount, at most cap_fen
  percent_off       integer NOT NULL DEFAULT 0 CHECK (percent_off BETWEEN 0 AND 99),
  cap_fen           bigint NOT NULL DEFAULT 0 CHECK (cap_fen >= 0),
  -- the eligible amount of one seller order must reach this
  min_order_fen     bigint NOT NULL DEFAULT 0 CHECK (min_order_fen >= 0),
  -- a platform voucher's sellers (empty: every seller); a seller's voucher: its own only
  seller_ids        integer[] NOT NULL DEFAULT '{}',
  -- part groups (terminology ids) the eligible lines must be of (empty: every line)
  category_ids      integer[] NOT NULL DEFAULT '{}',
  -- claimable from start_at to end_at
  start_at          timestamptz NOT NULL,
  end_at            timestamptz NOT NULL,
  -- 0: usable within start_at..end_at; N: usable for N days from the claim
  valid_days        integer NOT NULL DEFAULT 0 CHECK (valid_days BETWEEN 0 AND 365),
  total_count       integer NOT NULL CHECK (total_count BETWEEN 1 AND 1000000),
  claimed           integer NOT NULL DEFAULT 0,
  per_company       integer NOT NULL CHECK (per_company BETWEEN 1 AND 100),
  state             text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'stopped')),
  created_by        integer REFERENCES app_user(id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  stopped_at        timestamptz,
  CONSTRAINT voucher_template_claimed CHECK (claimed BETWEEN 0 AND total_count),
  CONSTRAINT voucher_template_window CHECK (end_at > start_at),
  CONSTRAINT voucher_template_kind CHECK (
    (kind = 'amount' AND amount_fen > 0 AND percent_off = 0 AND min_order_fen > amount_fen)
    OR (kind = 'percent' AND amount_fen = 0 AND percent_off BETWEEN 1 AND 99 AND cap_fen > 0)
  )
);
CREATE INDEX voucher_template_issuer ON voucher_template (coalesce(issuer_company_id, 0), id DESC);

-- how many of a template each company has claimed (the per-company limit, taken by one conditional upsert)
CREATE TABLE voucher_company_count (
  template_id integer NOT NULL REFERENCES voucher_template(id),
  company_id  integer NOT NULL REFERENCES company(id),
  n           integer NOT NULL CHECK (n >= 0),
  PRIMARY KEY (template_id, company_id)
);

CREATE TABLE voucher_claim (
  id          bigserial PRIMARY KEY,
  template_id integer NOT NULL REFERENCES voucher_template(id),
  company_id  integer NOT NULL REFERENCES company(id),
  user_id     integer NOT NULL REFERENCES app_user(id),
  claimed_at  timestamptz NOT NULL,
  valid_from  timestamptz NOT NULL,
  valid_until timestamptz NOT NULL,
  -- unused (可用 until valid_until, then 已过期) or used (on an order, voucher_use)
  state       text NOT NULL DEFAULT 'unused' CHECK (state IN ('unused', 'used'))
);
CREATE INDEX voucher_claim_company ON voucher_claim (company_id, state, valid_until);
CREATE INDEX voucher_claim_template ON voucher_claim (template_id);

-- each use of a claim on an order; returned when the order is cancelled or rejected
CREATE TABLE voucher_use (
  id                bigserial PRIMARY KEY,
  claim_id          bigint NOT NULL REFERENCES voucher_claim(id),
  template_id       integer NOT NULL REFERENCES voucher_template(id),
  order_id          bigint NOT NULL UNIQUE REFERENCES goods_order(id),
  issuer_company_id integer REFERENCES company(id),
  discount_fen      bigint NOT NULL CHECK (discount_fen > 0),
  state             text NOT NULL DEFAULT 'applied' CHECK (state IN ('applied', 'returned')),
  created_at        timestamptz NOT NULL,
  returned_at       timestamptz,
  -- a platform voucher's payment to the seller (ledger voucher_subsidy), once
  subsidy_transaction_id bigint REFERENCES ledger_transaction(id)
);
CREATE UNIQUE INDEX voucher_use_one_applied ON voucher_use (claim_id) WHERE state = 'applied';
CREATE INDEX voucher_use_template ON voucher_use (template_id);

-- the order's discount: total_fen is what the buyer owes (lines less voucher_fen)
ALTER TABLE goods_order ADD COLUMN voucher_fen bigint NOT NULL DEFAULT 0 CHECK (voucher_fen >= 0);

-- the platform pays its vouchers to sellers from its voucher budget (a provider-kind account, 'voucher')
ALTER TABLE ledger_transaction DROP CONSTRAINT ledger_transaction_kind_check;
ALTER TABLE ledger_transaction ADD CONSTRAINT ledger_transaction_kind_check CHECK (kind IN (
  'recharge', 'order_payment', 'order_payout', 'order_refund', 'withdrawal_freeze', 'withdrawal_release', 'withdrawal_payout',
  'cash_pledge_pay', 'cash_pledge_deduct', 'cash_pledge_return', 'fee', 'adjustment', 'voucher_subsidy'
));
