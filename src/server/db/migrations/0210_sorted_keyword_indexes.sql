-- Sorted keyword searches (issue 15). A make or brand on its own sorted by 标准价 (price99) or
-- quantity read every row of the make or brand from its rank index (0020) and sorted them for the
-- page: 72,526 index entries for one make at 1M rows, 70 ms. Walked in the sort column's order
-- (keyword.repo.ts, boundedScans), these indexes give the page after reading about a page of
-- entries. Sorting by 批发价 (price0) needs none: rank_key is (out of stock, price0), so the rank
-- indexes already hold each term's rows in price0 order within four rank_key ranges.
--
-- Only makes and brands get them (4 indexes, not one per term kind and sort column): a part name,
-- vehicle or OE prefix holds a few hundred rows, read whole as before. The other price columns
-- (批发价含税, 零售价, 钉箱费) and 名称 keep the whole read. Only listed rows ('on') are indexed, and
-- the columns a sorted search filters on are carried so the scans stay index-only.
CREATE INDEX stock_make_price99 ON stock (make_id, price99, id)
  INCLUDE (quantity, price0, price1, price2, price3, price5, name, part_brand_id, company_id, quality_id) WHERE state = 'on';
CREATE INDEX stock_make_quantity ON stock (make_id, quantity, id)
  INCLUDE (price99, price0, price1, price2, price3, price5, name, part_brand_id, company_id, quality_id) WHERE state = 'on';
CREATE INDEX stock_brand_price99 ON stock (part_brand_id, price99, id)
  INCLUDE (quantity, price0, price1, price2, price3, price5, name, make_id, company_id, quality_id) WHERE state = 'on';
CREATE INDEX stock_brand_quantity ON stock (part_brand_id, quantity, id)
  INCLUDE (price99, price0, price1, price2, price3, price5, name, make_id, company_id, quality_id) WHERE state = 'on';
