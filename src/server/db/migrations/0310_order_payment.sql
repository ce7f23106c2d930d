-- Paying goods orders online, paying sellers out and real refunds (docs/money.md, "Paying orders").

-- one payment of one or several unpaid orders of one buyer: from the wallet (paid at once) or through a provider
CREATE TABLE order_payment (
  id                    bigserial PRIMARY KEY,
  payment_no            text NOT NULL UNIQUE,
  buyer_company_id      integer NOT NULL REFERENCES company (id),
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
  CONSTRAINT order_payment_paid CHECK ((state = 'paid') = (ledger_transaction_id IS NOT NULL AND paid_at IS NOT NULL)),
  CONSTRAINT order_payment_provider CHECK ((method = 'provider') = (provider IS NOT NULL))
);
CREATE INDEX order_payment_company ON order_payment (buyer_company_id, created_at DESC);
CREATE INDEX order_payment_pending ON order_payment (created_at) WHERE state = 'pending';
CREATE UNIQUE INDEX order_payment_trade ON order_payment (provider, trade_no) WHERE trade_no IS NOT NULL;

-- the orders of a payment and what each was to be paid (its amount due when the payment was made)
CREATE TABLE order_payment_order (
  payment_id bigint NOT NULL REFERENCES order_payment (id),
  order_id   bigint NOT NULL REFERENCES goods_order (id),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  PRIMARY KEY (payment_id, order_id)
);
CREATE INDEX order_payment_order_order ON order_payment_order (order_id);

-- what an order was paid (offline or online), refunded, and paid out to the seller
ALTER TABLE goods_order
  ADD COLUMN pay_channel     text CHECK (pay_channel IN ('offline', 'wallet', 'provider')),
  ADD COLUMN payment_id      bigint REFERENCES order_payment (id),
  ADD COLUMN paid_fen        bigint NOT NULL DEFAULT 0 CHECK (paid_fen >= 0),
  ADD COLUMN refunded_fen    bigint NOT NULL DEFAULT 0 CHECK (refunded_fen >= 0),
  ADD COLUMN paid_out_at     timestamptz,
  ADD COLUMN payout_fen      bigint NOT NULL DEFAULT 0 CHECK (payout_fen >= 0),
  ADD COLUMN payout_fee_fen  bigint NOT NULL DEFAULT 0 CHECK (payout_fee_fen >= 0),
  ADD CONSTRAINT goods_order_refund_cap CHECK (refunded_fen <= paid_fen),
  ADD CONSTRAINT goods_order_online_paid CHECK (pay_channel IS DISTINCT FROM 'wallet' AND pay_channel IS DISTINCT FROM 'provider' OR payment_id IS NOT NULL);

-- orders paid before: recorded offline, for what was due then; refunds recorded on them
UPDATE goods_order o SET pay_channel = 'offline',
  paid_fen = o.total_fen - coalesce((select sum(a.refund_fen) from after_sale a where a.order_id = o.id and a.status = 'completed' and a.refund_method = '冲减货款'), 0),
  refunded_fen = coalesce((select sum(a.refund_fen) from after_sale a where a.order_id = o.id and a.status = 'completed' and a.refund_method <> '冲减货款'), 0)
WHERE o.pay_status = 'paid';
UPDATE goods_order SET refunded_fen = paid_fen WHERE refunded_fen > paid_fen;

CREATE INDEX goods_order_auto_receipt ON goods_order (shipped_at) WHERE status = 'shipped';

-- every refund of an order's money: a cancellation, a rejection or an after-sale; the ledger posting and
-- the order's refunded_fen commit together; a provider refund is then asked of the provider (state pending → done)
CREATE TABLE order_refund (
  id                    bigserial PRIMARY KEY,
  refund_no             text NOT NULL UNIQUE,
  order_id              bigint NOT NULL REFERENCES goods_order (id),
  after_sale_id         bigint REFERENCES after_sale (id),
  amount_fen            bigint NOT NULL CHECK (amount_fen > 0),
  source                text NOT NULL CHECK (source IN ('clearing', 'seller_wallet', 'offline')),
  destination           text NOT NULL CHECK (destination IN ('wallet', 'provider', 'offline')),
  provider              text,
  trade_no              text,
  payment_no            text,
  state                 text NOT NULL CHECK (state IN ('pending', 'done')),
  ledger_transaction_id bigint REFERENCES ledger_transaction (id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  done_at               timestamptz
);
CREATE INDEX order_refund_order ON order_refund (order_id);
CREATE INDEX order_refund_pending ON order_refund (created_at) WHERE state = 'pending';

-- whether a seller takes payments recorded offline (登记线下收款); allowed unless the seller turned it off
CREATE TABLE seller_pay_setting (
  company_id      integer PRIMARY KEY REFERENCES company (id),
  offline_allowed boolean NOT NULL DEFAULT true,
  updated_by      integer REFERENCES app_user (id),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

INSERT INTO system_param (key, value, description) VALUES
  ('order_fee_rate_bp', '0', '订单在线支付的平台服务费率（万分之几，0 表示不收），在结算给卖家时扣除'),
  ('order_auto_receipt_days', '10', '卖家发货后多少天买家未确认收货则自动确认收货（并结算给卖家）')
ON CONFLICT (key) DO NOTHING;
