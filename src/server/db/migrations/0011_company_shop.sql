-- Company presence: the shop decoration a seller edits in /backend/store, and the
-- record of who viewed a shop (/quote, getZdQuoteCount).

CREATE TABLE company_shop (
  company_id         integer PRIMARY KEY REFERENCES company(id),
  banner_url         text NOT NULL DEFAULT '',
  intro              text NOT NULL DEFAULT '',
  factory_desc       text NOT NULL DEFAULT '',
  -- stock ids in the order the seller picked them; rows that went off sale are skipped on read
  featured_stock_ids bigint[] NOT NULL DEFAULT '{}',
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE company_shop_media (
  company_id         integer NOT NULL REFERENCES company(id),
  kind               text NOT NULL CHECK (kind IN ('photo', 'video')),
  sort               integer NOT NULL,
  url                text NOT NULL,
  title              text NOT NULL DEFAULT '',
  PRIMARY KEY (company_id, kind, sort)
);

-- One row per recorded view; company_view_gate keeps the last recorded time per viewer company,
-- so "at most one per viewer company per shop per hour" is one atomic upsert, safe under races.
CREATE TABLE company_view (
  id                 bigserial PRIMARY KEY,
  company_id         integer NOT NULL REFERENCES company(id),
  viewer_company_id  integer NOT NULL REFERENCES company(id),
  viewer_user_id     integer NOT NULL REFERENCES app_user(id),
  viewed_at          timestamptz NOT NULL
);
CREATE INDEX company_view_recent ON company_view(company_id, viewed_at DESC);

CREATE TABLE company_view_gate (
  company_id         integer NOT NULL REFERENCES company(id),
  viewer_company_id  integer NOT NULL REFERENCES company(id),
  last_at            timestamptz NOT NULL,
  PRIMARY KEY (company_id, viewer_company_id)
);

-- When each user last opened /quote: getZdQuoteCount counts the views after it.
CREATE TABLE company_view_seen (
  user_id            integer PRIMARY KEY REFERENCES app_user(id),
  seen_at            timestamptz NOT NULL
);
