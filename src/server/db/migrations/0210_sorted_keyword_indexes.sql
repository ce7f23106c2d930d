-- Sorted keyword searches. A search sorted by 标准价 (price99) or quantity read every
-- row of each matched term from its rank index (0020) and sorted them for one page: at 1M rows a
-- part name holds 21,000 rows on average (up to 99,000), a make 72,000 with its vehicles as many
-- again, and a make sorted by 标准价 read 145,000 index entries (70 ms). Walked in the sort
-- column's order (keyword.repo.ts, boundedScans), these indexes give the page after about a page
-- of entries. Sorting by 批发价 (price0) needs none: rank_key is (out of stock, price0), so the rank
-- indexes already hold each term's rows in price0 order.
--
-- One index per term kind (name, vehicle, brand, make) and column: the term, the sort column and
-- id (the tie-break), listed rows only, carrying 批发价, 标准价 and quantity, the columns of the
-- results page's usual filters, so a walk that passes rows outside a price or stock range stays
-- index-only: prices go together (标准价 is about a multiple of 批发价), and 轮胎 by 标准价
-- descending with 批发价 up to 800 yuan passes 49,812 dearer rows first (123 ms read from the
-- table). Carrying every filter column as 0020 does would make each 135 MB at 1M rows instead of
-- 40-65 MB; a filter on another column (other prices, company, quality) reads those rows from
-- the table. The other price columns and 名称 as sort keep reading the term whole.
CREATE INDEX stock_name_price99 ON stock (name, price99, id) INCLUDE (price0, quantity) WHERE state = 'on';
CREATE INDEX stock_name_quantity ON stock (name, quantity, id) INCLUDE (price0, price99) WHERE state = 'on';
CREATE INDEX stock_vehicle_price99 ON stock (supplier_vehicle, price99, id) INCLUDE (price0, quantity) WHERE state = 'on';
CREATE INDEX stock_vehicle_quantity ON stock (supplier_vehicle, quantity, id) INCLUDE (price0, price99) WHERE state = 'on';
CREATE INDEX stock_brand_price99 ON stock (part_brand_id, price99, id) INCLUDE (price0, quantity) WHERE state = 'on';
CREATE INDEX stock_brand_quantity ON stock (part_brand_id, quantity, id) INCLUDE (price0, price99) WHERE state = 'on';
CREATE INDEX stock_make_price99 ON stock (make_id, price99, id) INCLUDE (price0, quantity) WHERE state = 'on';
CREATE INDEX stock_make_quantity ON stock (make_id, quantity, id) INCLUDE (price0, price99) WHERE state = 'on';
