-- Customers and suppliers (back office M04, docs/customers.md).

-- a seller's invitation: a link with a random code a repair shop registers through; used once,
-- valid until expires_at, void once the seller revokes it
create table customer_invitation (
  id bigserial primary key,
  seller_company_id int not null references company(id),
  code text not null unique check (code ~ '^[A-Za-z0-9_-]{32}$'),
  note text not null default '',
  created_by int not null references app_user(id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by_company_id int references company(id),
  revoked_at timestamptz,
  check ((used_at is null) = (used_by_company_id is null)),
  check (used_at is null or revoked_at is null)
);
create index customer_invitation_seller on customer_invitation (seller_company_id, created_at desc, id desc);

-- one seller and one buyer: what the seller keeps of its customer (price level, note, tags, who
-- invited it) and what the buyer keeps of its supplier (preferred). A row exists once either side
-- saved something or the buyer registered through an invitation; buyers who only ordered are
-- customers without a row (the list reads their orders).
create table company_customer (
  seller_company_id int not null references company(id),
  buyer_company_id int not null references company(id),
  price_level text not null default 'member' check (price_level in ('member', 'wholesale', 'retail', 'standard')),
  note text not null default '',
  tags text[] not null default '{}',
  invitation_id bigint references customer_invitation(id),
  invited_by int references app_user(id),
  invited_at timestamptz,
  preferred boolean not null default false,
  preferred_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (seller_company_id, buyer_company_id),
  check (seller_company_id <> buyer_company_id)
);
create index company_customer_buyer on company_customer (buyer_company_id, seller_company_id);
create index company_customer_preferred on company_customer (buyer_company_id) where preferred;
