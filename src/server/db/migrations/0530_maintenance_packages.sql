-- 保养套餐 (maintenance packages, docs/maintenance.md): a seller's packages of its own stock rows
-- for one service interval, shown to buyers on its shop page. A package names at least one
-- interval (kilometres or months). Lines go with their stock row: a deleted row leaves its packages.

CREATE TABLE maintenance_package (
  id              serial PRIMARY KEY,
  company_id      integer NOT NULL REFERENCES company (id),
  name            text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 30),
  -- null: the package suits every make
  make_id         integer REFERENCES make (id),
  vehicle         text NOT NULL DEFAULT '',
  interval_km     integer CHECK (interval_km IS NULL OR interval_km BETWEEN 1000 AND 100000),
  interval_months smallint CHECK (interval_months IS NULL OR interval_months BETWEEN 1 AND 48),
  note            text NOT NULL DEFAULT '',
  active          boolean NOT NULL DEFAULT true,
  created_by      integer NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT maintenance_package_interval CHECK (interval_km IS NOT NULL OR interval_months IS NOT NULL)
);

-- the seller's list (latest change first) and a shop's packages that are on
CREATE INDEX maintenance_package_company ON maintenance_package (company_id, updated_at DESC, id DESC);

CREATE TABLE maintenance_package_line (
  package_id integer NOT NULL REFERENCES maintenance_package (id) ON DELETE CASCADE,
  position   smallint NOT NULL,
  stock_id   bigint NOT NULL REFERENCES stock (id) ON DELETE CASCADE,
  qty        smallint NOT NULL CHECK (qty BETWEEN 1 AND 99),
  PRIMARY KEY (package_id, position),
  UNIQUE (package_id, stock_id)
);
CREATE INDEX maintenance_package_line_stock ON maintenance_package_line (stock_id);
