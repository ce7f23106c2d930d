-- The operator's platform settings (docs/platform-settings.md): 汽配城 (autoparts markets), 汽配联盟
-- (alliances of companies), 包邮城市 (free-delivery rules per city) and 公共页面 (public pages).
-- Rows are switched off (or unpublished), never deleted, so what a company or a page once named stays.

CREATE TABLE autoparts_city (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  province    text NOT NULL CHECK (length(province) BETWEEN 1 AND 20),
  city        text NOT NULL CHECK (length(city) BETWEEN 1 AND 20),
  address     text NOT NULL DEFAULT '',
  enabled     boolean NOT NULL DEFAULT true,
  updated_by  integer REFERENCES app_user(id),
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  -- one name per city
  UNIQUE (province, city, name)
);

-- which 汽配城 a company says it is in (at most one); kept by the platform-settings module
CREATE TABLE company_autoparts_city (
  company_id        integer PRIMARY KEY REFERENCES company(id),
  autoparts_city_id integer NOT NULL REFERENCES autoparts_city(id),
  updated_at        timestamptz NOT NULL
);
CREATE INDEX company_autoparts_city_city ON company_autoparts_city (autoparts_city_id);

CREATE TABLE autoparts_alliance (
  id          serial PRIMARY KEY,
  name        text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 40),
  description text NOT NULL DEFAULT '',
  enabled     boolean NOT NULL DEFAULT true,
  updated_by  integer REFERENCES app_user(id),
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);

CREATE TABLE autoparts_alliance_member (
  alliance_id integer NOT NULL REFERENCES autoparts_alliance(id),
  company_id  integer NOT NULL REFERENCES company(id),
  added_at    timestamptz NOT NULL,
  PRIMARY KEY (alliance_id, company_id)
);
CREATE INDEX autoparts_alliance_member_company ON autoparts_alliance_member (company_id);

CREATE TABLE free_city (
  id            serial PRIMARY KEY,
  province      text NOT NULL CHECK (length(province) BETWEEN 1 AND 20),
  city          text NOT NULL CHECK (length(city) BETWEEN 1 AND 20),
  min_order_fen bigint NOT NULL CHECK (min_order_fen BETWEEN 0 AND 100000000),
  enabled       boolean NOT NULL DEFAULT true,
  updated_by    integer REFERENCES app_user(id),
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  -- one rule per city, on or off
  UNIQUE (province, city)
);

CREATE TABLE pub_page (
  id           serial PRIMARY KEY,
  slug         text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 60),
  body         text NOT NULL DEFAULT '',
  status       text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  -- the footer's order (small first)
  sort         integer NOT NULL DEFAULT 0,
  published_at timestamptz,
  updated_by   integer REFERENCES app_user(id),
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  CHECK ((status = 'published') = (published_at IS NOT NULL))
);
