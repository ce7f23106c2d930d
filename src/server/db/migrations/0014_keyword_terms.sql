-- Keyword terms kept up to date by the database itself.
--
-- We keep the term dictionary of 0003 rather than an n-gram GIN index (docs/search.md): a 1-character
-- query hits a large share of a million rows, and a GIN index can only hand those over as an
-- unordered bitmap that must be fetched and ranked whole (hundreds of ms on PGlite), while the
-- dictionary turns it into a few short index scans that already come in rank order (or in the
-- order of the chosen sort column) and stop after one page. Measured at 1,000,000 rows on PGlite
-- with queries that all find stock: p95 exact 41 ms, fuzzy 42 ms, 1 character 21 ms, 2 characters
-- 17 ms (README, "Benchmark"; 20-40 % more on a busy machine).
--
-- Its defect was that only the seed generator filled it, so stock written later under a new
-- name or vehicle, and new or renamed part brands and makes, could not be found. These triggers
-- add the terms of every write in the same transaction. Terms no longer used are left in place:
-- they match no stock row and cost one dictionary row each.

CREATE FUNCTION search_term_from_new_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_term (kind, term, ref_id)
  SELECT 'name', name, NULL::integer FROM (SELECT DISTINCT name FROM added) n
  UNION ALL
  SELECT 'vehicle', supplier_vehicle, NULL::integer FROM (SELECT DISTINCT supplier_vehicle FROM added WHERE supplier_vehicle <> '') v
  ON CONFLICT (kind, term) DO NOTHING;
  RETURN NULL;
END $$;

-- one statement per bulk insert, not one per row: the generator loads a million rows this way
CREATE TRIGGER stock_terms_insert AFTER INSERT ON stock
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION search_term_from_new_stock();

CREATE FUNCTION search_term_from_changed_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_term (kind, term, ref_id) VALUES ('name', NEW.name, NULL) ON CONFLICT (kind, term) DO NOTHING;
  IF NEW.supplier_vehicle <> '' THEN
    INSERT INTO search_term (kind, term, ref_id) VALUES ('vehicle', NEW.supplier_vehicle, NULL) ON CONFLICT (kind, term) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- price and quantity updates (the common ones) do not fire this
CREATE TRIGGER stock_terms_update AFTER UPDATE OF name, supplier_vehicle ON stock
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.supplier_vehicle IS DISTINCT FROM NEW.supplier_vehicle)
  EXECUTE FUNCTION search_term_from_changed_stock();

-- Brands and makes are matched through their id: a renamed one takes its new name and drops the old.
CREATE FUNCTION search_term_from_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_term WHERE kind = TG_ARGV[0] AND ref_id = NEW.id AND term <> NEW.name;
  INSERT INTO search_term (kind, term, ref_id) VALUES (TG_ARGV[0], NEW.name, NEW.id)
  ON CONFLICT (kind, term) DO UPDATE SET ref_id = EXCLUDED.ref_id;
  RETURN NULL;
END $$;

CREATE TRIGGER part_brand_terms AFTER INSERT OR UPDATE OF name ON part_brand
  FOR EACH ROW EXECUTE FUNCTION search_term_from_catalogue('brand');
CREATE TRIGGER make_terms AFTER INSERT OR UPDATE OF name ON make
  FOR EACH ROW EXECUTE FUNCTION search_term_from_catalogue('make');

-- Terms are looked up by kind and ref_id when a brand or make is renamed.
CREATE INDEX search_term_ref ON search_term (kind, ref_id) WHERE ref_id IS NOT NULL;
