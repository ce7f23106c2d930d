-- The cart (requirements 000-3, 000-4): one per user, lines of sellers' stock. Prices are not stored: the
-- server computes them from the stock row, the buyer's level and the tax flag on every read.
create table cart_item (
  id serial primary key,
  user_id int not null references app_user(id) on delete cascade,
  company_id int not null references company(id),
  stock_id int not null references stock(id) on delete cascade,
  type_code text not null default '配件产品' check (type_code in ('配件产品', '临时产品')),
  qty int not null check (qty between 1 and 9999),
  include_tax boolean not null default false,
  checked boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, type_code, stock_id)
);
create index cart_item_stock on cart_item (stock_id);
