-- Trade-circle stock (商圈库存, docs/circles.md): a member company allocates some of its own stock
-- rows to a circle at a circle price (fen). The allocation is capped at read time by what the
-- stock row holds (least(qty, stock.quantity)); an order at the circle price takes pieces from
-- both the stock row and the allocation.
create table trade_circle_allocation (
  circle_id   int not null references trade_circle(id) on delete cascade,
  stock_id    int not null references stock(id) on delete cascade,
  company_id  int not null references company(id),
  qty         int not null check (qty >= 0),
  price_fen   int not null check (price_fen > 0),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  primary key (circle_id, stock_id)
);
create index trade_circle_allocation_company on trade_circle_allocation (company_id, circle_id);
create index trade_circle_allocation_stock on trade_circle_allocation (stock_id);

-- 入圈资料: the fields the owner requires of an applicant, and what the applicant filled in
alter table trade_circle add column join_fields text[] not null default '{}';
alter table trade_circle_member add column join_info jsonb not null default '{}';

-- a cart line added from a circle is charged at that circle's allocation price while the buyer is a member
alter table cart_item add column circle_id int references trade_circle(id) on delete set null;
alter table goods_order_line add column circle_id int references trade_circle(id) on delete set null;
