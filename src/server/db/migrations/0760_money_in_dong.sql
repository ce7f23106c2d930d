-- Money in dong (docs/money.md#money-in-dong): the ledger gets a currency per account. CNY
-- accounts hold fen as before; VND accounts hold whole dong (the columns keep their names
-- balance_fen / amount_fen and mean the account currency's unit). A Vietnamese company's dong
-- wallet is its own account kind (vnd_wallet), so every CNY read that names its kinds
-- (wallet_available, …) is unchanged; a provider's dong side is vnd_provider; a conversion goes
-- through the platform's FX pair (kind fx, one account per currency). Every transaction balances
-- PER CURRENCY, which the deferred check below enforces at COMMIT, and a transaction that converts
-- records its rate (dong per yuan, in millionths) for good.

ALTER TABLE ledger_account ADD COLUMN currency text NOT NULL DEFAULT 'CNY' CHECK (currency IN ('CNY', 'VND'));

ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
  'wallet_available', 'wallet_frozen', 'cash_pledge_held', 'platform_clearing', 'provider', 'fee_income', 'vnd_wallet', 'vnd_provider', 'fx'
));

ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_owner;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_owner CHECK (
  (kind IN ('wallet_available', 'wallet_frozen', 'cash_pledge_held', 'vnd_wallet') AND company_id IS NOT NULL AND provider IS NULL)
  OR (kind IN ('provider', 'vnd_provider') AND company_id IS NULL AND provider IS NOT NULL AND provider <> '')
  OR (kind IN ('platform_clearing', 'fee_income', 'fx') AND company_id IS NULL AND provider IS NULL)
);

-- which currency each kind holds: the dong kinds dong, the FX pair either, everything else CNY
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_currency CHECK (
  (kind IN ('vnd_wallet', 'vnd_provider') AND currency = 'VND')
  OR kind = 'fx'
  OR (kind NOT IN ('vnd_wallet', 'vnd_provider', 'fx') AND currency = 'CNY')
);

-- a provider's side and the FX pair mirror money outside the platform's holders: they may stand below zero
ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_floor;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_floor CHECK (kind IN ('provider', 'vnd_provider', 'fx') OR balance_fen >= 0);

DROP INDEX ledger_account_one;
CREATE UNIQUE INDEX ledger_account_one ON ledger_account (kind, currency, coalesce(company_id, 0), coalesce(provider, ''));

-- the rate of a conversion (dong per yuan, millionths), kept on the transaction that made it
ALTER TABLE ledger_transaction ADD COLUMN fx_rate_micro bigint CHECK (fx_rate_micro IS NULL OR fx_rate_micro > 0);

-- an account's currency never changes either
CREATE OR REPLACE FUNCTION ledger_account_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.provider IS DISTINCT FROM OLD.provider
     OR NEW.currency IS DISTINCT FROM OLD.currency
     OR NEW.id IS DISTINCT FROM OLD.id OR NEW.created_at IS DISTINCT FROM OLD.created_at
     OR (NEW.balance_fen IS DISTINCT FROM OLD.balance_fen AND pg_trigger_depth() < 2) THEN
    RAISE EXCEPTION '账户余额只能由账目分录改变' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;

-- balanced per currency: at least two entries, and the entries of each currency sum to zero
CREATE OR REPLACE FUNCTION ledger_assert_balanced(tid bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  bad record;
BEGIN
  SELECT count(*) INTO n FROM ledger_entry WHERE transaction_id = tid;
  SELECT a.currency, sum(e.amount_fen) AS total INTO bad
    FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
    WHERE e.transaction_id = tid GROUP BY a.currency HAVING sum(e.amount_fen) <> 0 LIMIT 1;
  IF n < 2 OR bad.currency IS NOT NULL THEN
    RAISE EXCEPTION '账目不平：交易 % 有 % 条分录，% 合计 %', tid, n, coalesce(bad.currency, ''), coalesce(bad.total, 0)
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
END $$;

ALTER TABLE ledger_transaction DROP CONSTRAINT ledger_transaction_kind_check;
ALTER TABLE ledger_transaction ADD CONSTRAINT ledger_transaction_kind_check CHECK (kind IN (
  'recharge', 'order_payment', 'order_payout', 'order_refund', 'withdrawal_freeze', 'withdrawal_release', 'withdrawal_payout',
  'cash_pledge_pay', 'cash_pledge_deduct', 'cash_pledge_return', 'fee', 'adjustment', 'voucher_subsidy', 'bonus',
  'vnd_recharge'
));

-- Recharges of a Vietnamese company's dong wallet through a payment provider (越南盾充值, VR…):
-- the same life as wallet_recharge (pending → paid once by the verified notice, or cancelled),
-- the amount in whole dong.
CREATE TABLE vnd_recharge (
  id                    bigserial PRIMARY KEY,
  recharge_no           text NOT NULL UNIQUE,
  company_id            integer NOT NULL REFERENCES company (id),
  user_id               integer NOT NULL REFERENCES app_user (id),
  amount_dong           bigint NOT NULL CHECK (amount_dong > 0),
  state                 text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'cancelled')),
  provider              text,
  trade_no              text,
  ledger_transaction_id bigint REFERENCES ledger_transaction (id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  paid_at               timestamptz,
  cancelled_at          timestamptz,
  CONSTRAINT vnd_recharge_paid CHECK ((state = 'paid') = (ledger_transaction_id IS NOT NULL AND paid_at IS NOT NULL))
);
CREATE INDEX vnd_recharge_company ON vnd_recharge (company_id, created_at DESC);
CREATE INDEX vnd_recharge_pending ON vnd_recharge (created_at) WHERE state = 'pending';
CREATE UNIQUE INDEX vnd_recharge_trade ON vnd_recharge (provider, trade_no) WHERE trade_no IS NOT NULL;
