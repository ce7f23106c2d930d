-- Keyword search. Chinese terms of 1-2 characters cannot use trigram indexes, and ranking a
-- large match set is slow; so keywords are matched against a small dictionary of terms (part
-- names, part brands, makes, vehicle models), and stock rows are read per matched term in the
-- order of a precomputed rank key (in stock first, then cheapest), straight from an index.

CREATE TABLE search_term (
  id        serial PRIMARY KEY,
  kind      text NOT NULL CHECK (kind IN ('name', 'brand', 'make', 'vehicle')),
  term      text NOT NULL,
  -- part_brand.id for brands, make.id for makes; null for names and vehicles
  ref_id    integer,
  UNIQUE (kind, term)
);

ALTER TABLE stock ADD COLUMN rank_key bigint GENERATED ALWAYS AS (
  ((quantity = 0)::int::bigint << 40) + coalesce(price0, 1099511627775)
) STORED;

CREATE INDEX stock_name_rank ON stock (name, rank_key);
CREATE INDEX stock_brand_rank ON stock (part_brand_id, rank_key);
CREATE INDEX stock_make_rank ON stock (make_id, rank_key);
CREATE INDEX stock_vehicle_rank ON stock (supplier_vehicle, rank_key);
CREATE INDEX stock_oe_prefix ON stock (oe_norm text_pattern_ops, rank_key);
