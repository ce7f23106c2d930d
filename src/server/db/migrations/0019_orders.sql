-- Goods orders from the cart (requirements 000-2 /cart/order/*, requirements 001-2-1 sales and purchase orders). One
-- checkout makes one order per seller. Lines keep the price as charged (the cart's server price at
-- the moment of ordering), so later price changes never touch an order. Stock is taken at
-- creation (checked, in the same transaction) and given back on cancel or reject. Statuses: see
-- src/shared/domain/orders.ts. Money in fen.
create table goods_order (
  id bigserial primary key,
  order_no text not null unique,
  -- the orders of one submit share it (the complete page lists them)
  checkout_no text not null,
  buyer_company_id int not null references company(id),
  buyer_user_id int not null references app_user(id),
  seller_company_id int not null references company(id),
  status text not null default 'pending'
    check (status in ('pending', 'confirmed', 'shipped', 'received', 'completed', 'cancelled', 'rejected')),
  pay_status text not null default 'unpaid' check (pay_status in ('unpaid', 'paid')),
  line_count int not null check (line_count between 1 and 200),
  total_qty int not null check (total_qty > 0),
  total_fen bigint not null check (total_fen > 0),
  contact_name text not null,
  contact_phone text not null,
  address text not null,
  remark text not null default '',
  reject_reason text,
  cancel_reason text,
  logistics_company text,
  logistics_no text,
  pay_method text,
  pay_note text,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  shipped_at timestamptz,
  received_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  rejected_at timestamptz,
  paid_at timestamptz,
  check (buyer_company_id <> seller_company_id),
  check (pay_status <> 'paid' or (paid_at is not null and pay_method is not null)),
  check (status <> 'shipped' or (shipped_at is not null and logistics_no is not null)),
  check (status <> 'rejected' or (rejected_at is not null and reject_reason is not null)),
  check (status <> 'completed' or (pay_status = 'paid' and received_at is not null))
);
create index goods_order_buyer on goods_order (buyer_company_id, created_at desc, id desc);
create index goods_order_seller on goods_order (seller_company_id, created_at desc, id desc);
create index goods_order_checkout on goods_order (checkout_no);

create table goods_order_line (
  id bigserial primary key,
  order_id bigint not null references goods_order(id) on delete cascade,
  -- the stock row may be deleted later; the line keeps what was bought
  stock_id int references stock(id) on delete set null,
  type_code text not null,
  supplier_oe text not null,
  name text not null,
  brand_name text not null default '',
  quality_name text not null default '',
  uom_name text not null default '',
  qty int not null check (qty between 1 and 9999),
  include_tax boolean not null,
  price_column text not null,
  unit_price_fen int not null check (unit_price_fen > 0),
  amount_fen bigint not null check (amount_fen = unit_price_fen::bigint * qty)
);
create index goods_order_line_order on goods_order_line (order_id, id);

-- who did what when: the detail page's history
create table goods_order_event (
  id bigserial primary key,
  order_id bigint not null references goods_order(id) on delete cascade,
  action text not null,
  actor_user_id int not null references app_user(id),
  from_status text,
  to_status text not null,
  note text not null default '',
  created_at timestamptz not null default now()
);
create index goods_order_event_order on goods_order_event (order_id, id);
