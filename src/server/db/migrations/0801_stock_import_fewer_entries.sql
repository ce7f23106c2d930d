-- Fewer index entries per imported stock row (docs/benchmarks.md#stock-import, "Fewer index
-- entries per row"); every search reads the same rows in the same order (docs/search.md#indexes-and-why).
--
-- 1. One OE index instead of two. stock_oe (oe_norm) and stock_oe_prefix (oe_norm text_pattern_ops,
--    rank_key) held the same keys in the same order: oe_norm is COLLATE "C" (0280), so the default
--    operator class compares bytes as text_pattern_ops does, and serves equality, = any(…) and an
--    anchored LIKE 'ABC%' alike. stock_oe is (oe_norm, rank_key) now, and every row writes one entry.
DROP INDEX stock_oe_prefix;
DROP INDEX stock_oe;
CREATE INDEX stock_oe ON stock (oe_norm, rank_key);

-- 2. A row without vehicle text is in no vehicle index. Keyword search reaches these indexes only
--    through a vehicle term of search_term, which is never '' (0014), and the walks say
--    supplier_vehicle <> '' (keyword.repo.ts) so that the planner may use them. Many sellers' files
--    carry no vehicle column: such a row writes 10 index entries fewer (46 → 35 with 1.).
DROP INDEX stock_vehicle_rank;
CREATE INDEX stock_vehicle_rank ON stock (supplier_vehicle, rank_key)
  INCLUDE (id, state, quantity, price99, price0, price1, price2, price3, price5, name, make_id, part_brand_id, company_id, quality_id)
  WHERE supplier_vehicle <> '';
DROP INDEX stock_vehicle_price99;
CREATE INDEX stock_vehicle_price99 ON stock (supplier_vehicle, price99, id) INCLUDE (price0, quantity, price2, price3, price1)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_quantity;
CREATE INDEX stock_vehicle_quantity ON stock (supplier_vehicle, quantity, id) INCLUDE (price0, price99)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_band_price99;
CREATE INDEX stock_vehicle_band_price99 ON stock (supplier_vehicle, price_band(price0), price99, id) INCLUDE (price0, quantity)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_band99_rank;
CREATE INDEX stock_vehicle_band99_rank ON stock (supplier_vehicle, price_band(price99), rank_key, id) INCLUDE (price0, price99, quantity)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_price1;
CREATE INDEX stock_vehicle_price1 ON stock (supplier_vehicle, price1, id) INCLUDE (price0, price99, price2, price3, quantity)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_price2;
CREATE INDEX stock_vehicle_price2 ON stock (supplier_vehicle, price2, id) INCLUDE (price0, price99, price3, quantity)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_price3;
CREATE INDEX stock_vehicle_price3 ON stock (supplier_vehicle, price3, id) INCLUDE (price0, price99, price2, quantity)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_price5;
CREATE INDEX stock_vehicle_price5 ON stock (supplier_vehicle, price5, id) INCLUDE (price0, price99, price2, price3, quantity)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_name;
CREATE INDEX stock_vehicle_name ON stock (supplier_vehicle, name, rank_key, id) INCLUDE (price0, price99, price2, price3, quantity)
  WHERE state = 'on' AND supplier_vehicle <> '';
DROP INDEX stock_vehicle_odd;
CREATE INDEX stock_vehicle_odd ON stock (supplier_vehicle)
  WHERE state = 'on' AND supplier_vehicle <> '' AND price_odd(price99, price0, price1, price2, price3);
DROP INDEX stock_spot_vehicle;
CREATE INDEX stock_spot_vehicle ON stock (supplier_vehicle, rank_key, id) WHERE state = 'on' AND spot AND supplier_vehicle <> '';
