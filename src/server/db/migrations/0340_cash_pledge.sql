-- Cash pledges (保证金) of sellers (docs/money.md, "Cash pledges"). The money held is the ledger's
-- cash_pledge_held account of the company; these tables hold what the ledger does not: the amount
-- each level asks for, the payments through a provider that wait for its notice, and the history
-- of every pay, deduction and return with who decided it and why.

-- the amount a seller of each level holds as its pledge; a level without a row asks for none
CREATE TABLE cash_pledge_level (
  level_id    integer PRIMARY KEY REFERENCES company_level (id) ON DELETE CASCADE,
  amount_fen  bigint NOT NULL CHECK (amount_fen >= 0 AND amount_fen <= 100000000),
  updated_by  integer REFERENCES app_user (id),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- a payment of the pledge: from the wallet (paid at once) or through a provider (pending until its notice)
CREATE TABLE cash_pledge_payment (
  id                    bigserial PRIMARY KEY,
  payment_no            text NOT NULL UNIQUE,
  company_id            integer NOT NULL REFERENCES company (id),
  user_id               integer NOT NULL REFERENCES app_user (id),
  amount_fen            bigint NOT NULL CHECK (amount_fen > 0),
  method                text NOT NULL CHECK (method IN ('wallet', 'provider')),
  state                 text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'cancelled')),
  provider              text,
  trade_no              text,
  ledger_transaction_id bigint REFERENCES ledger_transaction (id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  paid_at               timestamptz,
  cancelled_at          timestamptz,
  CONSTRAINT cash_pledge_payment_paid CHECK ((state = 'paid') = (ledger_transaction_id IS NOT NULL AND paid_at IS NOT NULL))
);
CREATE INDEX cash_pledge_payment_company ON cash_pledge_payment (company_id, created_at DESC);
CREATE INDEX cash_pledge_payment_pending ON cash_pledge_payment (created_at) WHERE state = 'pending';

-- every movement of a pledge, written with its ledger transaction, never changed
CREATE TABLE cash_pledge_event (
  id                    bigserial PRIMARY KEY,
  event_no              text NOT NULL UNIQUE,
  company_id            integer NOT NULL REFERENCES company (id),
  action                text NOT NULL CHECK (action IN ('pay', 'deduct', 'return')),
  amount_fen            bigint NOT NULL CHECK (amount_fen > 0),
  -- the payment number (pay), the after-sale number (deduct), empty (return)
  reference             text NOT NULL DEFAULT '',
  -- a deduction goes to the buyer's wallet or to the platform's fee income
  beneficiary           text CHECK (beneficiary IN ('buyer', 'platform')),
  buyer_company_id      integer REFERENCES company (id),
  reason                text NOT NULL DEFAULT '',
  user_id               integer REFERENCES app_user (id),
  ledger_transaction_id bigint NOT NULL REFERENCES ledger_transaction (id),
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cash_pledge_event_company ON cash_pledge_event (company_id, created_at DESC, id DESC);
