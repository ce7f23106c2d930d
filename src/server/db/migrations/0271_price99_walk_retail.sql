-- Sorted by 标准价 (price99) with a 零售价 range (price2 or price3, the columns a registered member
-- filters on besides 标准价): 0210's walks did not carry those prices, so such a search read each
-- term whole from its rank index (长城 by 标准价 descending with 零售价 50-800 yuan: the make's
-- 72,526 rows and its vehicles', 71 ms on PGlite at 1M). The (term, price99, id) indexes now carry
-- them, and the walk takes the range (keyword.repo.ts, boundedScans): descending it passes the
-- dearer rows first (prices go together: 22,528 of 长城's rows lie above 800 yuan), ascending the
-- cheaper ones (2,902), still a fraction of the term and with no sort. Same entries, 8 bytes wider;
-- no write gains an index.
DROP INDEX stock_name_price99;
CREATE INDEX stock_name_price99 ON stock (name, price99, id)
  INCLUDE (price0, quantity, part_brand_id, make_id, supplier_vehicle, price2, price3) WHERE state = 'on';
DROP INDEX stock_vehicle_price99;
CREATE INDEX stock_vehicle_price99 ON stock (supplier_vehicle, price99, id) INCLUDE (price0, quantity, price2, price3) WHERE state = 'on';
DROP INDEX stock_brand_price99;
CREATE INDEX stock_brand_price99 ON stock (part_brand_id, price99, id) INCLUDE (price0, quantity, price2, price3) WHERE state = 'on';
DROP INDEX stock_make_price99;
CREATE INDEX stock_make_price99 ON stock (make_id, price99, id) INCLUDE (price0, quantity, price2, price3) WHERE state = 'on';
