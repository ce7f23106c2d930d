-- Sorted keyword searches with a second word (third pass). A search of two words is
-- driven by the word naming a part ("大众 发电机", "博世 刹车片": the part name's rows, walked in
-- the sort column's order), and each walked row must also match the other word: a brand
-- (part_brand_id), a make (make_id) and its vehicles (supplier_vehicle: 大众 matches the make and
-- 28 vehicle strings such as '大众朗逸 大众速腾'). The part name's walk indexes (0210 for 标准价
-- and quantity, 0020's rank index for 批发价) did not carry supplier_vehicle, and 0210's not the
-- brand or the make either, so each walked row was read from the table (8,000-10,000 rows for a
-- quantity walk, 10,438 for 比亚迪 发电机 by 批发价), or PostgreSQL read the name's whole rank
-- index instead (33,552 entries for 采埃孚 转向助力泵 by 标准价), and a 标准价 walk with a price
-- range read the term whole (130,349 entries for 马勒 滤清器).
--
-- The part name's three walk indexes now carry the columns any other word is matched on, so the
-- walk stays index-only and reads about a page divided by the other word's share of the name's
-- rows (a make's about 1/14). supplier_vehicle is text (24 bytes on average at 1M rows): the two
-- 0210 name indexes grow from 68 and 75 MB to 94 MB each; the rank index measured 132 MB. Brand,
-- make and vehicle walks (a search with no part name in any word) keep reading other words'
-- columns from the table.
DROP INDEX stock_name_price99;
CREATE INDEX stock_name_price99 ON stock (name, price99, id)
  INCLUDE (price0, quantity, part_brand_id, make_id, supplier_vehicle) WHERE state = 'on';
DROP INDEX stock_name_quantity;
CREATE INDEX stock_name_quantity ON stock (name, quantity, id)
  INCLUDE (price0, price99, part_brand_id, make_id, supplier_vehicle) WHERE state = 'on';
DROP INDEX stock_name_rank;
CREATE INDEX stock_name_rank ON stock (name, rank_key)
  INCLUDE (id, state, quantity, price99, price0, price1, price2, price3, price5, make_id, part_brand_id, company_id, quality_id, supplier_vehicle);
