-- Catalogue and stock: makes, qualities, part brands, terminology groups, the OE catalogue with
-- its relations, and per-seller stock rows with every search and price column (requirements 000-3, 001-3).
-- Money is integer fen. OE numbers are searched on oe_norm (letters and digits, upper case).

CREATE TABLE make (
  id            serial PRIMARY KEY,
  name          text NOT NULL UNIQUE,
  initial       text NOT NULL,
  logo          text NOT NULL DEFAULT '',
  country       text NOT NULL DEFAULT ''
);

CREATE TABLE factory_make (
  id            serial PRIMARY KEY,
  make_id       integer NOT NULL REFERENCES make(id),
  name          text NOT NULL UNIQUE,
  initial       text NOT NULL,
  logo          text NOT NULL DEFAULT ''
);

CREATE TABLE part_quality (
  id            serial PRIMARY KEY,
  name          text NOT NULL UNIQUE,
  is_original   boolean NOT NULL DEFAULT false,
  sort          integer NOT NULL DEFAULT 0
);

CREATE TABLE part_brand (
  id            serial PRIMARY KEY,
  name          text NOT NULL UNIQUE
);

CREATE TABLE terminology (
  id            serial PRIMARY KEY,
  name          text NOT NULL UNIQUE
);

-- One row per OE number of a maker.
CREATE TABLE product (
  id             serial PRIMARY KEY,
  oe_number      text NOT NULL,
  oe_norm        text NOT NULL UNIQUE,
  name           text NOT NULL,
  make_id        integer NOT NULL REFERENCES make(id),
  terminology_id integer NOT NULL REFERENCES terminology(id),
  vehicle        text NOT NULL DEFAULT '',
  -- the maker's list price in fen: the reference for sellers' prices
  list_price     integer NOT NULL CHECK (list_price >= 0)
);
CREATE INDEX product_oe_prefix ON product (oe_norm text_pattern_ops);

-- Supersession and aliases: one part, several numbers. Stored in both directions.
CREATE TABLE oe_relation (
  oe_norm       text NOT NULL,
  related_norm  text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('supersession', 'alias')),
  PRIMARY KEY (oe_norm, related_norm)
);

CREATE TABLE stock (
  id                    bigserial PRIMARY KEY,
  company_id            integer NOT NULL REFERENCES company(id),
  product_id            integer REFERENCES product(id),
  oe_norm               text NOT NULL,
  supplier_oe           text NOT NULL,
  supplier_code         text NOT NULL DEFAULT '',
  name                  text NOT NULL,
  part_brand_id         integer REFERENCES part_brand(id),
  quality_id            integer NOT NULL REFERENCES part_quality(id),
  make_id               integer REFERENCES make(id),
  terminology_id        integer REFERENCES terminology(id),
  supplier_vehicle      text NOT NULL DEFAULT '',
  product_specification text NOT NULL DEFAULT '',
  producing_area        text NOT NULL DEFAULT '',
  uom_name              text NOT NULL DEFAULT '个',
  length_mm             integer, height_mm integer, weight_g integer, volume_cm3 integer,
  packing_count         integer, usage_per_car integer,
  note                  text NOT NULL DEFAULT '',
  quantity              integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  price99               integer CHECK (price99 >= 0),
  price0                integer CHECK (price0 >= 0),
  price1                integer CHECK (price1 >= 0),
  price2                integer CHECK (price2 >= 0),
  price3                integer CHECK (price3 >= 0),
  price5                integer CHECK (price5 >= 0),
  price_lock            boolean NOT NULL DEFAULT false,
  state                 text NOT NULL DEFAULT 'on' CHECK (state IN ('on', 'off')),
  create_date           timestamptz NOT NULL DEFAULT now(),
  prod_write_date       timestamptz NOT NULL DEFAULT now(),
  price_write_date      timestamptz NOT NULL DEFAULT now(),
  stock_write_date      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_oe ON stock (oe_norm);
CREATE INDEX stock_company ON stock (company_id, id);

CREATE TABLE trade_circle (
  id            serial PRIMARY KEY,
  name          text NOT NULL,
  owner_company integer NOT NULL REFERENCES company(id),
  is_internal   boolean NOT NULL DEFAULT false
);

CREATE TABLE trade_circle_member (
  circle_id     integer NOT NULL REFERENCES trade_circle(id),
  company_id    integer NOT NULL REFERENCES company(id),
  -- only approved memberships count
  member_state  text NOT NULL CHECK (member_state IN ('pending', 'approved', 'rejected')),
  PRIMARY KEY (circle_id, company_id)
);
