-- The stock-row columns of requirements 000-3 and requirements 001-3 that 0002 left out: the seller's own item code and
-- brand text, category, factory make (车型厂牌), country of origin, the Vietnamese price and stock,
-- sale and clearance states, width (with 0002's length and height: the size). The generic name
-- is the terminology group (stock.terminology_id) and needs no column.
-- oe_search_grant lets 查看更多 page an OE group the company searched today without counting
-- another stock query (search.service).

CREATE TABLE country (
  id       serial PRIMARY KEY,
  code     text NOT NULL UNIQUE,
  name_cn  text NOT NULL UNIQUE
);
INSERT INTO country (code, name_cn) VALUES
  ('CN', '中国'), ('DE', '德国'), ('JP', '日本'), ('US', '美国'), ('KR', '韩国'), ('VN', '越南'), ('FR', '法国'), ('IT', '意大利');

ALTER TABLE stock
  ADD COLUMN default_code      text NOT NULL DEFAULT '',
  ADD COLUMN custom_brand_name text NOT NULL DEFAULT '',
  ADD COLUMN category_name     text NOT NULL DEFAULT '',
  ADD COLUMN factory_make_id   integer REFERENCES factory_make(id),
  ADD COLUMN country_id        integer REFERENCES country(id),
  -- whole dong; shown like the wholesale prices (formal members only)
  ADD COLUMN vn_price          bigint CHECK (vn_price >= 0),
  ADD COLUMN vn_quantity       integer NOT NULL DEFAULT 0 CHECK (vn_quantity >= 0),
  ADD COLUMN sale_state        text NOT NULL DEFAULT 'normal' CHECK (sale_state IN ('normal', 'promotion')),
  ADD COLUMN clean_state       text NOT NULL DEFAULT 'normal' CHECK (clean_state IN ('normal', 'clearance')),
  ADD COLUMN width_mm          integer;

-- Stock loaded before this migration: the country from the producing area, the factory make of
-- the make (the first one), the category from the terminology group.
UPDATE stock s SET
  country_id = (SELECT c.id FROM country c WHERE c.name_cn = CASE WHEN s.producing_area IN ('德国', '日本', '美国', '韩国', '法国', '意大利', '越南') THEN s.producing_area ELSE '中国' END),
  factory_make_id = (SELECT min(f.id) FROM factory_make f WHERE f.make_id = s.make_id),
  category_name = COALESCE((SELECT CASE t.name WHEN '滤清器' THEN '保养件' WHEN '点火系统' THEN '保养件' WHEN '制动系统' THEN '易损件'
    WHEN '悬挂系统' THEN '底盘件' WHEN '转向系统' THEN '底盘件' WHEN '传动系统' THEN '底盘件' WHEN '电气系统' THEN '电器件' ELSE '发动机件' END
    FROM terminology t WHERE t.id = s.terminology_id), '');

-- 查看更多 of an OE group: which numbers the company searched on a China day.
CREATE TABLE oe_search_grant (
  company_id integer NOT NULL REFERENCES company(id),
  day        text NOT NULL,
  oe_norm    text NOT NULL,
  PRIMARY KEY (company_id, day, oe_norm)
);
