-- The storefront's other search pages (docs/search.md, "My stock and purchases" … "New vehicles").

-- 新车型: when a vehicle entered the EPC catalogue. Vehicles already there count as added now.
alter table epc_vehicle add column created_at timestamptz not null default now();
create index epc_vehicle_added on epc_vehicle (created_at, id);

-- 油品: the oil and fluid catalogue. One row per sold product (brand, series, grade, pack); sellers'
-- stock rows of it carry the same oe_norm, so the oil page's offers are real stock.
create table oil_product (
  id serial primary key,
  oe_number text not null,
  oe_norm text not null unique,
  brand text not null,
  series text not null,
  name text not null,
  kind text not null check (kind in ('机油', '柴机油', '变速箱油', '齿轮油', '刹车油', '防冻液')),
  -- SAE grade (5W-30, 75W-90); '' for fluids without one (brake fluid, coolant, most ATF)
  viscosity text not null default '',
  -- API SP, ACEA C3, ILSAC GF-6A, DEXRON VI, DOT 4 …
  specs text[] not null default '{}',
  volume_ml int not null check (volume_ml > 0),
  created_at timestamptz not null default now()
);
create index oil_product_brand on oil_product (brand, id);
