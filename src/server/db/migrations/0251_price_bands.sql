-- Sorted by 标准价 (price99) with a 批发价 (price0) range (third pass). Prices go
-- together (标准价 is about a multiple of 批发价), so a walk of (term, price99) descending with
-- 批发价 up to 800 yuan passes every dearer row first: 49,812 index entries for 轮胎, 35,039 for
-- 长城 and its vehicles, for one page; ascending from 50 yuan, the cheaper ones (10,537).
--
-- price_band cuts 批发价 into bands of the Renard R10 series (1, 1.25, 1.6, 2, 2.5, 3.15, 4, 5,
-- 6.3, 8 times a power of ten, in fen: ten a decade, 1 yuan to 1,000,000 yuan; 0 below, 61 above;
-- null without a price). These indexes hold each term's rows by band, then 标准价, so a ranged
-- walk is one short walk per band the range touches (keyword.repo.ts, boundedScans): it passes no
-- row outside the range except in the two bands at its ends. 50 to 800 yuan is 13 bands, and
-- rows of [800, 1000) yuan the walk by 标准价 descending still passes in the top one. The walks
-- without a 批发价 range keep 0210's (term, price99) indexes. Carried columns as 0210 and 0250.
CREATE FUNCTION price_band(p integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT width_bucket(p, '{100,125,160,200,250,315,400,500,630,800,1000,1250,1600,2000,2500,3150,4000,5000,6300,8000,10000,12500,16000,20000,25000,31500,40000,50000,63000,80000,100000,125000,160000,200000,250000,315000,400000,500000,630000,800000,1000000,1250000,1600000,2000000,2500000,3150000,4000000,5000000,6300000,8000000,10000000,12500000,16000000,20000000,25000000,31500000,40000000,50000000,63000000,80000000,100000000}'::integer[])
$$;
CREATE INDEX stock_name_band_price99 ON stock (name, price_band(price0), price99, id)
  INCLUDE (price0, quantity, part_brand_id, make_id, supplier_vehicle) WHERE state = 'on';
CREATE INDEX stock_vehicle_band_price99 ON stock (supplier_vehicle, price_band(price0), price99, id) INCLUDE (price0, quantity) WHERE state = 'on';
CREATE INDEX stock_brand_band_price99 ON stock (part_brand_id, price_band(price0), price99, id) INCLUDE (price0, quantity) WHERE state = 'on';
CREATE INDEX stock_make_band_price99 ON stock (make_id, price_band(price0), price99, id) INCLUDE (price0, quantity) WHERE state = 'on';
-- statistics of the new expression price_band(price0), which the planner reads for the band walks
-- (PGlite has no autovacuum, and PostgreSQL's analyses only after enough rows change)
ANALYZE stock;
