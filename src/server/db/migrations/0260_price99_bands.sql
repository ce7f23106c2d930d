-- Sorted by 批发价 (price0) with a 标准价 (price99) range, the mirror of 0251: the
-- results page's default filter column is 标准价. A 批发价 sort walks the term's rank index (0020:
-- rank_key is (out of stock, price0)), and prices go together (标准价 is about a multiple of
-- 批发价), so descending with 标准价 up to 800 yuan it passes every dearer row first, ascending
-- from 50 yuan every cheaper one: 轮胎 by 批发价 descending, 标准价 50-800 yuan, 库存 ≥ 1 read
-- 23,706 buffers for one page, 长城 and its vehicles 16,823.
--
-- These indexes hold each term's rows by price_band(标准价) (0251's Renard R10 bands), then
-- rank_key and id, so a ranged walk is one short walk per band and stock part (in stock, out of
-- stock) the range touches, in 批发价 order with the unpriced rows last (keyword.repo.ts,
-- bandedPrice0): it passes no row outside the range except in the two bands at its ends, and an
-- end band the range covers less than half of is read from 0210's (term, price99) index instead.
-- The two searches above read 126 and 1,707 buffers. The band walk is taken when the range bounds
-- the end the walk starts from (a maximum descending, a minimum ascending); otherwise, and in
-- relevance order (walking the bands there doubled its median, 8.1 to 15.2 ms), the rank walk.
--
-- Listed rows only, carrying 批发价 (the sort key), 标准价 (the range) and quantity (最低库存),
-- and for the part name the columns another word is matched on (0250), so the walk is index-only.
-- At 1M rows: name 107 MB, vehicle 83, brand 61, make 56 (307 MB; 11 s to build on PostgreSQL).
CREATE INDEX stock_name_band99_rank ON stock (name, price_band(price99), rank_key, id)
  INCLUDE (price0, price99, quantity, part_brand_id, make_id, supplier_vehicle) WHERE state = 'on';
CREATE INDEX stock_vehicle_band99_rank ON stock (supplier_vehicle, price_band(price99), rank_key, id) INCLUDE (price0, price99, quantity) WHERE state = 'on';
CREATE INDEX stock_brand_band99_rank ON stock (part_brand_id, price_band(price99), rank_key, id) INCLUDE (price0, price99, quantity) WHERE state = 'on';
CREATE INDEX stock_make_band99_rank ON stock (make_id, price_band(price99), rank_key, id) INCLUDE (price0, price99, quantity) WHERE state = 'on';
-- statistics of the new expression price_band(price99), which the planner reads for the band walks
-- (PGlite has no autovacuum, and PostgreSQL's analyses only after enough rows change)
ANALYZE stock;
