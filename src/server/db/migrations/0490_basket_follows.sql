-- 常购清单 (basket) and 关注 (follows), docs/basket-follows.md.

-- a buyer company's standing list of parts it buys often; `key` is chosen by the client (a UUID)
-- so a line added offline can be changed or removed before the server has seen it
create table basket_line (
  id bigserial primary key,
  company_id int not null references company(id),
  key text not null check (key ~ '^[A-Za-z0-9-]{8,64}$'),
  oe text not null,
  oe_norm text not null check (oe_norm ~ '^[0-9A-Z]{5,40}$'),
  name text not null default '',
  quality text not null default '',
  brand text not null default '',
  qty int not null check (qty between 1 and 99999),
  note text not null default '',
  created_by int not null references app_user(id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (company_id, key)
);
create index basket_line_company on basket_line (company_id, created_at desc, id desc);

-- one user's follows: a seller (seller_id) or a part by OE number (oe_norm). For a part the row
-- keeps what the follower last knew (the lowest price it would be charged, in stock) and the China
-- day of the last notice, which limits notices to one per part per follower per day
create table follow (
  id bigserial primary key,
  user_id int not null references app_user(id) on delete cascade,
  kind text not null check (kind in ('seller', 'oe')),
  seller_id int references company(id),
  oe_norm text,
  oe text not null default '',
  name text not null default '',
  low_fen int,
  in_stock boolean not null default false,
  notified_day text,
  created_at timestamptz not null,
  check ((kind = 'seller') = (seller_id is not null)),
  check ((kind = 'oe') = (oe_norm is not null))
);
create unique index follow_user_seller on follow (user_id, seller_id) where kind = 'seller';
create unique index follow_user_oe on follow (user_id, oe_norm) where kind = 'oe';
create index follow_oe on follow (oe_norm) where kind = 'oe';
create index follow_user on follow (user_id, created_at desc, id desc);

-- followed OE numbers whose stock changed, waiting for the follow worker (docs/basket-follows.md,
-- "Notices of followed parts"). Appended in the stock write's transaction; no unique key, so two
-- writers of the same number never wait on each other; the worker takes rows with skip locked
create table follow_change (
  id bigserial primary key,
  oe_norm text not null,
  changed_at timestamptz not null default now()
);
