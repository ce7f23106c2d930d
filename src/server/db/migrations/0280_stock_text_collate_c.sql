-- Stock's searched text columns compare byte by byte (COLLATE "C"), as PGlite's whole database
-- does (its initdb's collation is C). A PostgreSQL database created as docs/operations.md says (LC_COLLATE
-- 'C.UTF-8') compares text through glibc's strcoll, and PostgreSQL 15 does not abbreviate such
-- keys, so every comparison in an index on name, supplier_vehicle or oe_norm copies both strings
-- and calls strcoll: 13 of stock's indexes (14 with stock_oe_prefix, whose text_pattern_ops
-- compares bytes already), descended for every row the import writes, and the sorts of 名称. For
-- valid UTF-8, byte order is code point order, which is what glibc's C.UTF-8 collation gives too,
-- so no search, sort or equality answers differently. Case-insensitive matching does: under "C"
-- ILIKE and lower() fold ASCII letters only, so the queries that match these columns ignoring case
-- (db/helpers.ts `containsIgnoringCase`: the back office's stock filters, the operators' product
-- list) say COLLATE "default".
--
-- The ALTER holds stock's ACCESS EXCLUSIVE lock while it rebuilds those indexes: 6 minutes at 10M
-- rows on PostgreSQL, during which stock is not read.
--
-- The terms trigger names two of these columns (UPDATE OF name, supplier_vehicle), which stops
-- their type changing: it is dropped and made again as 0014 made it. The indexes on the columns
-- are rebuilt by the ALTER.
DROP TRIGGER stock_terms_update ON stock;
ALTER TABLE stock
  ALTER COLUMN name TYPE text COLLATE "C",
  ALTER COLUMN supplier_vehicle TYPE text COLLATE "C",
  ALTER COLUMN oe_norm TYPE text COLLATE "C";
CREATE TRIGGER stock_terms_update AFTER UPDATE OF name, supplier_vehicle ON stock
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.supplier_vehicle IS DISTINCT FROM NEW.supplier_vehicle)
  EXECUTE FUNCTION search_term_from_changed_stock();
-- A column whose type changes loses its statistics; without them the OE batch search was planned
-- as a scan of stock_oe_prefix for every number (82 ms instead of 8 at 1M rows) until autovacuum
-- came by.
ANALYZE stock (name, supplier_vehicle, oe_norm);
