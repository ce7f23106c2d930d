-- An order line keeps the brand its stock row was sold under: the catalogue brand, else the
-- seller's own text (docs/api.md, "The brand of a line"). Lines written before kept an empty brand
-- for a seller's own text, and 原厂件 in place of the brand of an original part; they take their
-- stock row's brand where the row is still there.
UPDATE goods_order_line l
SET brand_name = coalesce(b.name, nullif(s.custom_brand_name, ''), l.brand_name)
FROM stock s LEFT JOIN part_brand b ON b.id = s.part_brand_id
WHERE s.id = l.stock_id
  AND (l.brand_name = '' OR (l.brand_name = '原厂件' AND l.quality_name = '原厂件'));
