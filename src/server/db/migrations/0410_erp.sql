-- ERP products and a company's ERP choice (docs/open-platform.md, "ERP and the operator's pages").
-- erp_product is the operator's system list `erps` (001 §2.2): the ERP products a company can pick.
-- Products are disabled, never deleted, so a company's earlier choice keeps its name.
CREATE TABLE erp_product (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
  vendor      text NOT NULL DEFAULT '' CHECK (length(vendor) <= 40),
  note        text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  sort        integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- one name a product, whatever its case
CREATE UNIQUE INDEX erp_product_name ON erp_product (lower(name));

-- the ERP a company says it runs (one a company; no row = not said); the version is free text
CREATE TABLE company_erp (
  company_id      integer PRIMARY KEY REFERENCES company(id),
  erp_product_id  integer NOT NULL REFERENCES erp_product(id),
  version         text NOT NULL DEFAULT '' CHECK (length(version) <= 40),
  chosen_by       integer REFERENCES app_user(id),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
-- the operator's company/erp page: companies by product
CREATE INDEX company_erp_product ON company_erp (erp_product_id, company_id);

INSERT INTO erp_product (name, vendor, note, sort) VALUES
  ('管家婆', '任我行软件', '辉煌、财贸双全等系列，汽配门店常用', 10),
  ('用友', '用友网络', 'T+、U8 等', 20),
  ('金蝶', '金蝶软件', 'KIS、精斗云、云星辰等', 30),
  ('速达', '速达软件', '进销存与财务', 40),
  ('自研/其他', '', '自己开发的系统或不在列表中的 ERP，可在版本中注明', 9999);
