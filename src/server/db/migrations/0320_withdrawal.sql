-- Bank cards, withdrawals and the operators' manual adjustments (docs/money.md, "Bank cards and
-- withdrawals", "Manual adjustments"). Money itself moves only in the ledger (migration 0300);
-- these rows say why, who decided and when, and name the ledger transactions they caused.

CREATE TABLE bank_card (
  id          bigserial PRIMARY KEY,
  company_id  integer NOT NULL REFERENCES company (id),
  -- personal: a person's debit card (16–19 digits, Luhn); corporate: the company's account (8–30 digits)
  kind        text NOT NULL CHECK (kind IN ('personal', 'corporate')),
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 2 AND 50),
  bank_name   text NOT NULL CHECK (length(bank_name) BETWEEN 2 AND 40),
  -- digits only, no spaces
  account_no  text NOT NULL CHECK (account_no ~ '^[0-9]{8,30}$'),
  -- pending: waiting for an operator's check; verified: withdrawals may go to it; rejected: with a reason
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'verified', 'rejected')),
  reason      text NOT NULL DEFAULT '',
  created_by  integer NOT NULL REFERENCES app_user (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  decided_by  integer REFERENCES app_user (id),
  decided_at  timestamptz,
  -- a removed card stays for the withdrawals that name it, and is no longer listed or used
  removed_at  timestamptz,
  removed_by  integer REFERENCES app_user (id),
  CONSTRAINT bank_card_decided CHECK ((state = 'pending') = (decided_at IS NULL))
);
-- one live card per account number and company
CREATE UNIQUE INDEX bank_card_one ON bank_card (company_id, account_no) WHERE removed_at IS NULL;
CREATE INDEX bank_card_state ON bank_card (state, created_at) WHERE removed_at IS NULL;

CREATE TABLE withdrawal (
  id                 bigserial PRIMARY KEY,
  withdrawal_no      text NOT NULL UNIQUE,
  company_id         integer NOT NULL REFERENCES company (id),
  user_id            integer NOT NULL REFERENCES app_user (id),
  bank_card_id       bigint NOT NULL REFERENCES bank_card (id),
  -- the card as it was when applied for (a card removed later does not change where the money went)
  holder_name        text NOT NULL,
  bank_name          text NOT NULL,
  account_no         text NOT NULL,
  amount_fen         bigint NOT NULL CHECK (amount_fen > 0),
  -- applied 申请中 → approved 已通过 → paid 已打款; applied or approved → rejected 已拒绝
  state              text NOT NULL DEFAULT 'applied' CHECK (state IN ('applied', 'approved', 'paid', 'rejected')),
  reason             text NOT NULL DEFAULT '',
  -- the bank's transfer number the operator wrote when marking it paid
  payout_ref         text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  freeze_tx          bigint NOT NULL REFERENCES ledger_transaction (id),
  approved_by        integer REFERENCES app_user (id),
  approved_at        timestamptz,
  paid_by            integer REFERENCES app_user (id),
  paid_at            timestamptz,
  payout_tx          bigint REFERENCES ledger_transaction (id),
  rejected_by        integer REFERENCES app_user (id),
  rejected_at        timestamptz,
  release_tx         bigint REFERENCES ledger_transaction (id),
  CONSTRAINT withdrawal_paid CHECK ((state = 'paid') = (payout_tx IS NOT NULL AND paid_at IS NOT NULL AND approved_at IS NOT NULL)),
  CONSTRAINT withdrawal_rejected CHECK ((state = 'rejected') = (release_tx IS NOT NULL AND rejected_at IS NOT NULL AND reason <> ''))
);
CREATE INDEX withdrawal_company ON withdrawal (company_id, created_at DESC);
CREATE INDEX withdrawal_state ON withdrawal (state, created_at);

CREATE TABLE wallet_adjustment (
  id           bigserial PRIMARY KEY,
  company_id   integer NOT NULL REFERENCES company (id),
  -- signed fen: positive credits the company's available balance, negative debits it
  amount_fen   bigint NOT NULL CHECK (amount_fen <> 0),
  reason       text NOT NULL CHECK (length(reason) BETWEEN 2 AND 200),
  -- pending: waiting for a second operator; posted: in the ledger; rejected: the second operator said no
  state        text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'posted', 'rejected')),
  created_by   integer NOT NULL REFERENCES app_user (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  decided_by   integer REFERENCES app_user (id),
  decided_at   timestamptz,
  decision_note text NOT NULL DEFAULT '',
  ledger_tx    bigint REFERENCES ledger_transaction (id),
  CONSTRAINT wallet_adjustment_second CHECK (decided_by IS NULL OR decided_by <> created_by),
  CONSTRAINT wallet_adjustment_posted CHECK ((state = 'posted') = (ledger_tx IS NOT NULL))
);
CREATE INDEX wallet_adjustment_state ON wallet_adjustment (state, created_at DESC);
