-- Fill the keyword dictionary for databases that had stock before 0003 (the generator fills it
-- after bulk loads; stock writes of later features must add their new terms too).
INSERT INTO search_term (kind, term, ref_id)
SELECT 'name', name, NULL FROM (SELECT DISTINCT name FROM stock) n
UNION ALL SELECT 'brand', name, id FROM part_brand
UNION ALL SELECT 'make', name, id FROM make
UNION ALL SELECT 'vehicle', supplier_vehicle, NULL FROM (SELECT DISTINCT supplier_vehicle FROM stock WHERE supplier_vehicle <> '') v
ON CONFLICT (kind, term) DO NOTHING;
