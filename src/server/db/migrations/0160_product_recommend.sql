-- 推荐商品 (requirements 001-2-2 product/recommend): seller stock rows the storefront home features,
-- in the operators' order (sort ascending). A row that leaves sale (seller, platform take-down,
-- company suspension) drops out of the home's list by its state and comes back when on sale again;
-- a deleted row leaves the list.
create table product_recommend (
  stock_id bigint primary key references stock(id) on delete cascade,
  sort int not null,
  created_at timestamptz not null default now()
);
