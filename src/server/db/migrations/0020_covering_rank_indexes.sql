-- Keyword search reads stock rows per matched term from these four indexes (0003). A sorted or
-- filtered search (price, quantity, name; price and stock ranges) must look at every row of its
-- terms, and with the old indexes each of those rows was a visit to the table: at 1M rows a make
-- of 70,000 rows sorted by price took 190 ms on PGlite. The same indexes now carry the columns
-- such a search reads and filters on, so it is an index-only scan (55 ms for that make), and the
-- ranked (unsorted) pages and the counts are index-only too.
--
-- Why not an index per sort column: a price index walked in price order and filtered by the term
-- is fast for makes (their prices are spread evenly) but reads tens of thousands of rows for a part
-- name whose parts all cost more than the cheapest others; an index per term kind and sort column
-- would be 32 indexes. Index-only scans need the table's visibility map: PostgreSQL's autovacuum
-- keeps it, and the seed vacuums after a bulk load (PGlite has no autovacuum; rows written later
-- are read from the table until the next VACUUM, which is correct, only slower).
DROP INDEX stock_name_rank;
CREATE INDEX stock_name_rank ON stock (name, rank_key)
  INCLUDE (id, state, quantity, price99, price0, price1, price2, price3, price5, make_id, part_brand_id, company_id, quality_id);
DROP INDEX stock_brand_rank;
CREATE INDEX stock_brand_rank ON stock (part_brand_id, rank_key)
  INCLUDE (id, state, quantity, price99, price0, price1, price2, price3, price5, name, make_id, company_id, quality_id);
DROP INDEX stock_make_rank;
CREATE INDEX stock_make_rank ON stock (make_id, rank_key)
  INCLUDE (id, state, quantity, price99, price0, price1, price2, price3, price5, name, part_brand_id, company_id, quality_id);
DROP INDEX stock_vehicle_rank;
CREATE INDEX stock_vehicle_rank ON stock (supplier_vehicle, rank_key)
  INCLUDE (id, state, quantity, price99, price0, price1, price2, price3, price5, name, make_id, part_brand_id, company_id, quality_id);
