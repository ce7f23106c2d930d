-- The money ledger (docs/money.md): accounts, transactions and their entries, in integer fen.
-- Every movement of money is one ledger_transaction whose ledger_entry rows sum to zero across
-- accounts; transactions and entries are written once and never changed. An account's balance
-- is the sum of its entries, kept as a running total (balance_fen) that only the entry trigger
-- below may move, in the same transaction as the entry. Company wallets, frozen money and cash
-- pledges never go below zero. The database itself enforces all of this, so neither a call nor a
-- slip in code can write an unbalanced or rewritten ledger.

CREATE TABLE ledger_account (
  id          bigserial PRIMARY KEY,
  -- wallet_available / wallet_frozen / cash_pledge_held: a company's money the platform holds;
  -- platform_clearing: money held between payer and payee (paid orders until paid out);
  -- provider: a payment provider's side (negative: what came in through it); fee_income: the platform's fees
  kind        text NOT NULL CHECK (kind IN ('wallet_available', 'wallet_frozen', 'cash_pledge_held', 'platform_clearing', 'provider', 'fee_income')),
  company_id  integer REFERENCES company (id),
  provider    text,
  balance_fen bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_account_owner CHECK (
    (kind IN ('wallet_available', 'wallet_frozen', 'cash_pledge_held') AND company_id IS NOT NULL AND provider IS NULL)
    OR (kind = 'provider' AND company_id IS NULL AND provider IS NOT NULL AND provider <> '')
    OR (kind IN ('platform_clearing', 'fee_income') AND company_id IS NULL AND provider IS NULL)
  ),
  -- only a provider's account may stand below zero (it mirrors money that came in from outside)
  CONSTRAINT ledger_account_floor CHECK (kind = 'provider' OR balance_fen >= 0)
);
CREATE UNIQUE INDEX ledger_account_one ON ledger_account (kind, coalesce(company_id, 0), coalesce(provider, ''));

CREATE TABLE ledger_transaction (
  id              bigserial PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN (
    'recharge', 'order_payment', 'order_payout', 'order_refund', 'withdrawal_freeze', 'withdrawal_release', 'withdrawal_payout',
    'cash_pledge_pay', 'cash_pledge_deduct', 'cash_pledge_return', 'fee', 'adjustment'
  )),
  -- what it is about: a recharge number, an order number, a withdrawal number
  reference       text NOT NULL DEFAULT '',
  -- one movement per key, ever: a replay finds the first transaction
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- the user whose call made it (NULL: a provider's notice or the system)
  created_by      integer REFERENCES app_user (id)
);
CREATE INDEX ledger_transaction_reference ON ledger_transaction (reference) WHERE reference <> '';

CREATE TABLE ledger_entry (
  id                bigserial PRIMARY KEY,
  transaction_id    bigint NOT NULL REFERENCES ledger_transaction (id),
  account_id        bigint NOT NULL REFERENCES ledger_account (id),
  -- signed: positive raises the account (money the platform owes its holder), negative lowers it
  amount_fen        bigint NOT NULL CHECK (amount_fen <> 0),
  -- the account's balance right after this entry (set by the trigger, not by the caller)
  balance_after_fen bigint NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (transaction_id, account_id)
);
CREATE INDEX ledger_entry_account ON ledger_entry (account_id, id DESC);
CREATE INDEX ledger_entry_account_time ON ledger_entry (account_id, created_at DESC, id DESC);

-- Written once: no UPDATE, DELETE or TRUNCATE of transactions and entries, whoever asks.
CREATE FUNCTION ledger_written_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '账目只能追加，不能修改或删除' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_transaction_no_change BEFORE UPDATE OR DELETE ON ledger_transaction
  FOR EACH ROW EXECUTE FUNCTION ledger_written_once();
CREATE TRIGGER ledger_transaction_no_truncate BEFORE TRUNCATE ON ledger_transaction
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_written_once();
CREATE TRIGGER ledger_entry_no_change BEFORE UPDATE OR DELETE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_written_once();
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_written_once();
CREATE TRIGGER ledger_account_no_delete BEFORE DELETE ON ledger_account
  FOR EACH ROW EXECUTE FUNCTION ledger_written_once();
CREATE TRIGGER ledger_account_no_truncate BEFORE TRUNCATE ON ledger_account
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_written_once();

-- An entry joins only a transaction written in the same database transaction (no entries added
-- to an old one later), and moves its account's running balance; the floor check above refuses
-- a wallet going below zero.
CREATE FUNCTION ledger_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  same_xact boolean;
BEGIN
  SELECT t.xmin::text = (pg_current_xact_id()::text::numeric % 4294967296)::text INTO same_xact
    FROM ledger_transaction t WHERE t.id = NEW.transaction_id;
  IF NOT coalesce(same_xact, false) THEN
    RAISE EXCEPTION '账目分录只能与其交易一同写入' USING ERRCODE = 'insufficient_privilege';
  END IF;
  UPDATE ledger_account SET balance_fen = balance_fen + NEW.amount_fen WHERE id = NEW.account_id
    RETURNING balance_fen INTO NEW.balance_after_fen;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_entry_apply BEFORE INSERT ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_apply();

-- An account's owner and kind never change, and its balance moves only through an entry (the
-- trigger above runs one level down: pg_trigger_depth() is 2 there, 1 for a direct UPDATE).
CREATE FUNCTION ledger_account_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.provider IS DISTINCT FROM OLD.provider
     OR NEW.id IS DISTINCT FROM OLD.id OR NEW.created_at IS DISTINCT FROM OLD.created_at
     OR (NEW.balance_fen IS DISTINCT FROM OLD.balance_fen AND pg_trigger_depth() < 2) THEN
    RAISE EXCEPTION '账户余额只能由账目分录改变' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_account_guard BEFORE UPDATE ON ledger_account
  FOR EACH ROW EXECUTE FUNCTION ledger_account_guard();

-- Every transaction has at least two entries and they sum to zero, checked when the database
-- transaction commits (deferred), so an unbalanced one can never be committed.
CREATE FUNCTION ledger_assert_balanced(tid bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(amount_fen), 0), count(*) INTO total, n FROM ledger_entry WHERE transaction_id = tid;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION '账目不平：交易 % 有 % 条分录，合计 % 分', tid, n, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
END $$;
CREATE FUNCTION ledger_transaction_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.id);
  RETURN NULL;
END $$;
CREATE FUNCTION ledger_entry_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.transaction_id);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_transaction_balanced AFTER INSERT ON ledger_transaction
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_check();
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_check();

-- Recharges of a company wallet through a payment provider (钱包充值): a pending recharge is
-- credited once, when the provider's verified notice says it is paid; the credit's ledger
-- transaction is recorded on the row in the same transaction.
CREATE TABLE wallet_recharge (
  id                    bigserial PRIMARY KEY,
  recharge_no           text NOT NULL UNIQUE,
  company_id            integer NOT NULL REFERENCES company (id),
  user_id               integer NOT NULL REFERENCES app_user (id),
  amount_fen            bigint NOT NULL CHECK (amount_fen > 0),
  state                 text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'cancelled')),
  provider              text,
  trade_no              text,
  ledger_transaction_id bigint REFERENCES ledger_transaction (id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  paid_at               timestamptz,
  cancelled_at          timestamptz,
  CONSTRAINT wallet_recharge_paid CHECK ((state = 'paid') = (ledger_transaction_id IS NOT NULL AND paid_at IS NOT NULL))
);
CREATE INDEX wallet_recharge_company ON wallet_recharge (company_id, created_at DESC);
CREATE UNIQUE INDEX wallet_recharge_trade ON wallet_recharge (provider, trade_no) WHERE trade_no IS NOT NULL;
