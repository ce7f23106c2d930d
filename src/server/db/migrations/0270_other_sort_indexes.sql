-- Keyword searches sorted by the other columns the results page offers:
-- 批发价(含税) price1, 零售价 price2 / 零售价(含税) price3, 钉箱费 price5 and 名称. These read each
-- matched term whole from its rank index (0020) and sorted it for one page: a make holds 72,000
-- rows at 1M and its word adds its vehicles' as many again, so 长城 by 钉箱费 took 100 ms and the
-- brand 普利司通 by 名称 133 ms (bench:search --slowest, PostgreSQL 15, 1M rows), and
-- keyword_sorted_other's p95 was 44-54 ms on PostgreSQL and 65 ms on PGlite against the 50 ms
-- target. Walked in the sort column's order (keyword.repo.ts, boundedScans), these give the page
-- after about a page of entries, as 0210's do for 标准价 and quantity.
--
-- One index per column for brands and makes, the terms of tens of thousands of rows (a make
-- 72,000 at 1M, a brand 38,000 on average; both spread over every price). Part names (21,000 rows
-- on average) and vehicle strings (2,900) keep being read whole: each index costs every stock
-- write one more entry, and the first version, with part names' four too (14 indexes, 850 MB at
-- 1M), slowed the 100,000-line import on PostgreSQL from 5,879 to 4,460 rows/s. Each carries the
-- columns of the results page's usual filters (批发价, 标准价, the 零售价 pair a registered member
-- sees, quantity), so a walk passing rows outside a range stays index-only; a price sort with a
-- range on 批发价(含税) or 钉箱费 reads the term whole from the rank index, which carries every
-- price (a 名称 sort with one walks and reads the passed rows from the table, as quantity does).
--
-- 名称: the order is the name, then relevance (rank_key: in stock first, then 批发价), then id;
-- a part name's rows all share the name, so its rank index (0020/0250, (name, rank_key) with id
-- carried) is in that order but for ties of rank_key, which an incremental sort orders by id, and
-- brands and makes get (term, name, rank_key, id). Sorting a brand's 25,000 rows by name read
-- whole took 133 ms: every comparison of two names goes through the C.UTF-8 collation.
--
-- Size at 1M rows on PostgreSQL: 47-61 MB each for the prices, 78-80 MB for the names.
CREATE INDEX stock_brand_price1 ON stock (part_brand_id, price1, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_brand_price2 ON stock (part_brand_id, price2, id) INCLUDE (price0, price99, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_brand_price3 ON stock (part_brand_id, price3, id) INCLUDE (price0, price99, price2, quantity) WHERE state = 'on';
CREATE INDEX stock_brand_price5 ON stock (part_brand_id, price5, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_make_price1 ON stock (make_id, price1, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_make_price2 ON stock (make_id, price2, id) INCLUDE (price0, price99, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_make_price3 ON stock (make_id, price3, id) INCLUDE (price0, price99, price2, quantity) WHERE state = 'on';
CREATE INDEX stock_make_price5 ON stock (make_id, price5, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_brand_name ON stock (part_brand_id, name, rank_key, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
CREATE INDEX stock_make_name ON stock (make_id, name, rank_key, id) INCLUDE (price0, price99, price2, price3, quantity) WHERE state = 'on';
