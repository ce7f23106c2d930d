-- The (term, 标准价, id) walks (0210, 0250, 0271) carry 批发价(含税) (price1) too: a 标准价 sort with a 批发价(含税) range read each term whole and sorted it, as no
-- walk could check that price without reading the table. At 10M rows on PostgreSQL that is a
-- make's 720,000 rows and its vehicles' (长城 by 标准价 with 批发价(含税) 50-800 yuan: 276 ms with
-- the pages in memory). Carried, the walk passes the rows outside the range index-only, as it does
-- for the 零售价 pair (prices go together, so those are the cheapest or dearest rows of the term).
DROP INDEX stock_name_price99;
CREATE INDEX stock_name_price99 ON stock (name, price99, id)
  INCLUDE (price0, quantity, part_brand_id, make_id, supplier_vehicle, price2, price3, price1) WHERE state = 'on';
DROP INDEX stock_vehicle_price99;
CREATE INDEX stock_vehicle_price99 ON stock (supplier_vehicle, price99, id) INCLUDE (price0, quantity, price2, price3, price1) WHERE state = 'on';
DROP INDEX stock_brand_price99;
CREATE INDEX stock_brand_price99 ON stock (part_brand_id, price99, id) INCLUDE (price0, quantity, price2, price3, price1) WHERE state = 'on';
DROP INDEX stock_make_price99;
CREATE INDEX stock_make_price99 ON stock (make_id, price99, id) INCLUDE (price0, quantity, price2, price3, price1) WHERE state = 'on';
