-- Paying a Vietnam-mall order from the dong wallet, and its refunds in dong (docs/money.md,
-- "Paying a mall order in dong"). The payment is an order_payment (method vnd_wallet) like a CNY
-- wallet payment, so the order's paid_fen, refunds and payout work as for any order paid online;
-- vn_order keeps for good what the dong side was: the dong paid, the fen the FX pair credited, the
-- rate of the payment moment and its China day; vn_order_refund keeps each refund's dong.

ALTER TABLE order_payment DROP CONSTRAINT order_payment_method_check;
ALTER TABLE order_payment ADD CONSTRAINT order_payment_method_check CHECK (method IN ('wallet', 'provider', 'vnd_wallet'));

ALTER TABLE goods_order DROP CONSTRAINT goods_order_pay_channel_check;
ALTER TABLE goods_order ADD CONSTRAINT goods_order_pay_channel_check CHECK (pay_channel IN ('offline', 'wallet', 'provider', 'vnd_wallet'));
ALTER TABLE goods_order DROP CONSTRAINT goods_order_online_paid;
ALTER TABLE goods_order ADD CONSTRAINT goods_order_online_paid CHECK (pay_channel IS NULL OR pay_channel = 'offline' OR payment_id IS NOT NULL);

ALTER TABLE order_refund DROP CONSTRAINT order_refund_destination_check;
ALTER TABLE order_refund ADD CONSTRAINT order_refund_destination_check CHECK (destination IN ('wallet', 'provider', 'offline', 'vnd_wallet'));

-- every kind, as 0760 listed them, and the two dong order movements
ALTER TABLE ledger_transaction DROP CONSTRAINT ledger_transaction_kind_check;
ALTER TABLE ledger_transaction ADD CONSTRAINT ledger_transaction_kind_check CHECK (kind IN (
  'recharge', 'order_payment', 'order_payout', 'order_refund', 'withdrawal_freeze', 'withdrawal_release', 'withdrawal_payout',
  'cash_pledge_pay', 'cash_pledge_deduct', 'cash_pledge_return', 'fee', 'adjustment', 'voucher_subsidy', 'bonus',
  'vnd_recharge', 'vnd_order_payment', 'vnd_order_refund'
));

-- the dong payment of a mall order: all set together when it is paid, never changed after
ALTER TABLE vn_order
  ADD COLUMN paid_dong         bigint CHECK (paid_dong > 0),
  ADD COLUMN paid_goods_dong   bigint CHECK (paid_goods_dong > 0),
  ADD COLUMN paid_service_dong bigint CHECK (paid_service_dong >= 0),
  ADD COLUMN credited_fen      bigint CHECK (credited_fen > 0),
  ADD COLUMN paid_service_fen  bigint CHECK (paid_service_fen >= 0),
  ADD COLUMN pay_rate          numeric(18, 6) CHECK (pay_rate > 0),
  ADD COLUMN pay_rate_day      text,
  ADD COLUMN paid_at           timestamptz,
  ADD COLUMN refunded_dong     bigint NOT NULL DEFAULT 0 CHECK (refunded_dong >= 0),
  ADD CONSTRAINT vn_order_paid_whole CHECK (
    (paid_at IS NULL AND paid_dong IS NULL AND credited_fen IS NULL AND pay_rate IS NULL AND pay_rate_day IS NULL)
    OR (paid_at IS NOT NULL AND paid_dong = paid_goods_dong + paid_service_dong AND credited_fen IS NOT NULL AND paid_service_fen IS NOT NULL
        AND pay_rate IS NOT NULL AND pay_rate_day IS NOT NULL)),
  ADD CONSTRAINT vn_order_refund_cap CHECK (refunded_dong <= coalesce(paid_dong, 0));
CREATE INDEX vn_order_paid_at ON vn_order (paid_at) WHERE paid_at IS NOT NULL;

-- each refund of a dong-paid order: the fen taken back (from clearing or the seller), the dong given back
-- (the service charge's part only when the whole order is cancelled or rejected)
CREATE TABLE vn_order_refund (
  id                    bigserial PRIMARY KEY,
  order_id              bigint NOT NULL REFERENCES vn_order (order_id),
  refund_no             text NOT NULL UNIQUE,
  amount_fen            bigint NOT NULL CHECK (amount_fen > 0),
  goods_dong            bigint NOT NULL CHECK (goods_dong >= 0),
  service_fen           bigint NOT NULL DEFAULT 0 CHECK (service_fen >= 0),
  service_dong          bigint NOT NULL DEFAULT 0 CHECK (service_dong >= 0),
  ledger_transaction_id bigint NOT NULL REFERENCES ledger_transaction (id),
  created_at            timestamptz NOT NULL
);
CREATE INDEX vn_order_refund_order ON vn_order_refund (order_id);
CREATE INDEX vn_order_refund_created ON vn_order_refund (created_at);
