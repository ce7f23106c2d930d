-- 0270's walks for part names and vehicle strings too: the other sort
-- columns (批发价(含税) price1, 零售价 price2 / 零售价(含税) price3, 钉箱费 price5) of a part name,
-- and those and 名称 of a vehicle string, were read whole and sorted for one page. At 1M rows that
-- is 21,000 rows for an average part name, at 10M 210,000, and 轮胎 alone holds 1,000,000 (190 ms
-- to sort by 零售价 on PostgreSQL, warm); a make's word brings its vehicle strings, 260,000 rows at
-- 10M. Walked in the column's order (keyword.repo.ts, boundedScans) they give a page after about a
-- page of entries.
--
-- What they cost: every stock write one entry more in each. Copying 100,000 rows into a stock
-- table of 20,000 with one INSERT on PostgreSQL took 15 % longer with these nine (23.3 → 26.9 s,
-- three runs each, with 0280); in an import the stock insert is about two thirds of the time
-- (18.2 of 29.1 s with every statement timed); `npm run bench:import` (100,000 lines)
-- went from 4,513 to 4,220 rows/s on PostgreSQL (three runs each, 0280-0282 together, 0280's byte
-- comparisons paying back part of it) and from 2,959 to 2,673 on PGlite (two runs each). Size at
-- 1M rows on PostgreSQL: 74-107 MB each, 834 MB together.
--
-- Each carries what 0270's carry (批发价, 标准价, the 零售价 pair, quantity), so a walk passing rows
-- outside a range on one of those stays index-only; a part name's also the columns a second word
-- is matched on (brand, make, vehicle), as its other walks do (0250): a part name drives a search
-- of two words (吉利 机油滤清器), and without them each row it passes was read from the table
-- (289 ms at 10M for that one by 批发价(含税) with a 零售价 range, warm).
CREATE INDEX stock_name_price1 ON stock (name, price1, id)
  INCLUDE (price0, price99, price2, price3, quantity, part_brand_id, make_id, supplier_vehicle) WHERE state = 'on';
CREATE INDEX stock_name_price2 ON stock (name, price2, id)
  INCLUDE (price0, price99, price3, quantity, part_brand_id, make_id, supplier_vehicle) WHERE state = 'on';
CREATE INDEX stock_name_price3 ON stock (name, price3, id)
  INCLUDE (price0, price99, price2, quantity, part_brand_id, make_id, supplier_vehicle) WHERE state = 'on';
CREATE INDEX stock_name_price5 ON stock (name, price5, id)
  INCLUDE (price0, price99, price2, price3, quantity, part_brand_id, make_id, supplier_vehicle) WHERE state = 'on';
CREATE INDEX stock_vehicle_price1 ON stock (supplier_vehicle, price1, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_vehicle_price2 ON stock (supplier_vehicle, price2, id) INCLUDE (price0, price99, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_vehicle_price3 ON stock (supplier_vehicle, price3, id) INCLUDE (price0, price99, price2, quantity) WHERE state = 'on';
CREATE INDEX stock_vehicle_price5 ON stock (supplier_vehicle, price5, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_vehicle_name ON stock (supplier_vehicle, name, rank_key, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
