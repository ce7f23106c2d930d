-- After-sale (售后, requirements 001-2-1 M08, 001-7 after-sale calls): a buyer asks, on lines of its own order, for
-- a refund only or a return with refund; the seller agrees or refuses; a return is shipped back
-- with a waybill and received; the seller records the offline refund. Statuses and rules: see
-- src/shared/domain/aftersale.ts. Lines keep the unit price as charged on the order. Money in fen.
create table after_sale (
  id bigserial primary key,
  as_no text not null unique,
  order_id bigint not null references goods_order(id),
  buyer_company_id int not null references company(id),
  buyer_user_id int not null references app_user(id),
  seller_company_id int not null references company(id),
  type text not null check (type in ('refund', 'return')),
  status text not null default 'pending'
    check (status in ('pending', 'awaiting_return', 'returned', 'refunding', 'completed', 'rejected', 'cancelled', 'closed')),
  reason text not null,
  description text not null default '',
  -- up to 5 images the buyer's company uploaded (kept by the upload sweep: upload.repo UPLOAD_REFERENCES)
  img_infos jsonb not null default '[]',
  total_qty int not null check (total_qty > 0),
  refund_fen bigint not null check (refund_fen > 0),
  reject_reason text,
  cancel_reason text,
  close_reason text,
  logistics_company text,
  logistics_no text,
  refund_method text,
  refund_note text,
  created_at timestamptz not null default now(),
  agreed_at timestamptz,
  returned_at timestamptz,
  received_at timestamptz,
  completed_at timestamptz,
  rejected_at timestamptz,
  cancelled_at timestamptz,
  closed_at timestamptz,
  updated_at timestamptz not null default now(),
  check (status <> 'rejected' or reject_reason is not null),
  check (status <> 'closed' or close_reason is not null),
  check (status <> 'returned' or logistics_no is not null),
  check (type = 'return' or status not in ('awaiting_return', 'returned'))
);
create index after_sale_buyer on after_sale (buyer_company_id, created_at desc, id desc);
create index after_sale_seller on after_sale (seller_company_id, created_at desc, id desc);
create index after_sale_order on after_sale (order_id);
create index after_sale_created on after_sale (created_at desc, id desc);

create table after_sale_line (
  id bigserial primary key,
  after_sale_id bigint not null references after_sale(id) on delete cascade,
  order_line_id bigint not null references goods_order_line(id),
  qty int not null check (qty between 1 and 9999),
  unit_price_fen int not null check (unit_price_fen > 0),
  amount_fen bigint not null check (amount_fen = unit_price_fen::bigint * qty),
  -- true while its after-sale is open (待卖家处理 … 待退款): one open after-sale per order line
  open boolean not null default true,
  unique (after_sale_id, order_line_id)
);
create index after_sale_line_order_line on after_sale_line (order_line_id);
create unique index after_sale_line_one_open on after_sale_line (order_line_id) where open;

-- who did what when: the detail page's history
create table after_sale_event (
  id bigserial primary key,
  after_sale_id bigint not null references after_sale(id) on delete cascade,
  action text not null,
  actor_user_id int not null references app_user(id),
  from_status text,
  to_status text not null,
  note text not null default '',
  created_at timestamptz not null default now()
);
create index after_sale_event_as on after_sale_event (after_sale_id, id);
