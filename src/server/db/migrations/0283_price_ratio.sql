-- A price sort walked with a range on another price (10M rows). Sorted by 零售价 (price2)
-- descending with 标准价 up to 800 yuan, the walk of (term, price2) passes every row dearer than
-- any row in the range before it reaches one: prices go together, so those are the term's dearest
-- rows, and at 10M rows ten times as many as at 1M (轮胎 by 零售价(含税) within 零售价: 178 ms cold,
-- 84 warm, against 12 at 1M). Band indexes like 0251's bound such walks, but one is needed per pair
-- of range and sort column and term kind (some 80), and every write would pay for them.
--
-- Instead, a row's prices keep to proportions (a seller's markups and 13 % VAT): price_ratio holds,
-- for each ordered pair of the five proportional prices (钉箱费 is a fee, not one of them), an upper
-- bound of x / y over the rows (y > 0). A row in a range y <= hi then has x <= r * hi, and a
-- descending walk of x starts there, passing only the rows between the range's dearest and that
-- bound; ascending from y >= lo, x >= lo / r(y, x). keyword.repo.ts (searchIds, ratioBound) reads
-- r and runs the walks in one repeatable-read snapshot, so r covers every row the walks can see.
--
-- A row whose prices are far apart (the dearest over 4 times the cheapest, or one price 0 while
-- another is not: price_odd) would widen the bound for every search. Such rows are left out of
-- price_ratio and read by the searches that use a bound through the small partial indexes below,
-- whole per term, as a walk beside the bounded one. A seller who enters 0 for "no price" beside
-- other prices makes such rows; many of them in one term would make that walk long.
--
-- r only widens: price_ratio_widen raises it after every insert or update of stock. A deleted or
-- repriced row leaves its ratio in place, which keeps the bound true (only less tight).
CREATE FUNCTION price_odd(p99 integer, p0 integer, p1 integer, p2 integer, p3 integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(greatest(p99, p0, p1, p2, p3)::bigint > 4 * least(p99, p0, p1, p2, p3)::bigint, false)
$$;

CREATE TABLE price_ratio (
  x text NOT NULL,
  y text NOT NULL,
  -- max(x / y) over the rows that are not price_odd, nudged up by 1e-9 so that float rounding
  -- never makes a bound tighter than the truth (floor(r * hi) >= x for every y <= hi)
  r double precision NOT NULL,
  PRIMARY KEY (x, y)
);

-- The widening of price_ratio by a set of rows, as a statement: one pass with twenty aggregates over
-- the table `source` names (the trigger's transition table, or stock itself when this migration
-- fills price_ratio), then only the pairs it widens written: an upsert locks its row even when it
-- changes nothing, and every seller's writes of stock would then queue on price_ratio's rows.
CREATE FUNCTION price_ratio_widening(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    WITH m AS (
      SELECT
        max(price0::float8 / nullif(price99, 0)) AS r0, max(price1::float8 / nullif(price99, 0)) AS r1,
        max(price2::float8 / nullif(price99, 0)) AS r2, max(price3::float8 / nullif(price99, 0)) AS r3,
        max(price99::float8 / nullif(price0, 0)) AS r4, max(price1::float8 / nullif(price0, 0)) AS r5,
        max(price2::float8 / nullif(price0, 0)) AS r6, max(price3::float8 / nullif(price0, 0)) AS r7,
        max(price99::float8 / nullif(price1, 0)) AS r8, max(price0::float8 / nullif(price1, 0)) AS r9,
        max(price2::float8 / nullif(price1, 0)) AS r10, max(price3::float8 / nullif(price1, 0)) AS r11,
        max(price99::float8 / nullif(price2, 0)) AS r12, max(price0::float8 / nullif(price2, 0)) AS r13,
        max(price1::float8 / nullif(price2, 0)) AS r14, max(price3::float8 / nullif(price2, 0)) AS r15,
        max(price99::float8 / nullif(price3, 0)) AS r16, max(price0::float8 / nullif(price3, 0)) AS r17,
        max(price1::float8 / nullif(price3, 0)) AS r18, max(price2::float8 / nullif(price3, 0)) AS r19
      FROM %I WHERE NOT price_odd(price99, price0, price1, price2, price3)
    ), pairs AS (
      SELECT p.x, p.y, p.r * (1 + 1e-9) AS r FROM m CROSS JOIN LATERAL (VALUES
        ('price0', 'price99', r0), ('price1', 'price99', r1), ('price2', 'price99', r2), ('price3', 'price99', r3),
        ('price99', 'price0', r4), ('price1', 'price0', r5), ('price2', 'price0', r6), ('price3', 'price0', r7),
        ('price99', 'price1', r8), ('price0', 'price1', r9), ('price2', 'price1', r10), ('price3', 'price1', r11),
        ('price99', 'price2', r12), ('price0', 'price2', r13), ('price1', 'price2', r14), ('price3', 'price2', r15),
        ('price99', 'price3', r16), ('price0', 'price3', r17), ('price1', 'price3', r18), ('price2', 'price3', r19)
      ) AS p(x, y, r) WHERE p.r IS NOT NULL
    )
    INSERT INTO price_ratio (x, y, r)
    SELECT pairs.x, pairs.y, pairs.r FROM pairs LEFT JOIN price_ratio o ON o.x = pairs.x AND o.y = pairs.y
    WHERE o.r IS NULL OR o.r < pairs.r
    ON CONFLICT (x, y) DO UPDATE SET r = greatest(price_ratio.r, excluded.r)
  $q$, source)
$f$;

-- The trigger function holds the statement as static SQL over its transition table, so PL/pgSQL
-- plans it once per session (an EXECUTE would plan it on every write: a quantity change of one row
-- fires the update trigger too, as transition tables allow no column list). Made from the same text.
DO $$ BEGIN
  EXECUTE format('CREATE FUNCTION price_ratio_widen() RETURNS trigger LANGUAGE plpgsql AS %L',
    'BEGIN ' || price_ratio_widening('changed') || '; RETURN NULL; END');
END $$;
CREATE TRIGGER stock_price_ratio_insert AFTER INSERT ON stock REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION price_ratio_widen();
CREATE TRIGGER stock_price_ratio_update AFTER UPDATE ON stock REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION price_ratio_widen();
DO $$ BEGIN EXECUTE price_ratio_widening('stock'); END $$;

-- The odd rows of each term kind, for the walk beside a bounded one (few: none in the generated
-- catalogue, whose prices keep to fixed proportions).
CREATE INDEX stock_name_odd ON stock (name) WHERE state = 'on' AND price_odd(price99, price0, price1, price2, price3);
CREATE INDEX stock_vehicle_odd ON stock (supplier_vehicle) WHERE state = 'on' AND price_odd(price99, price0, price1, price2, price3);
CREATE INDEX stock_brand_odd ON stock (part_brand_id) WHERE state = 'on' AND price_odd(price99, price0, price1, price2, price3);
CREATE INDEX stock_make_odd ON stock (make_id) WHERE state = 'on' AND price_odd(price99, price0, price1, price2, price3);
-- how few rows are odd, for the planner: without it a bare boolean function counts as a third of
-- the rows, and the odd walk would read the term's rows in a price range instead of these indexes
CREATE STATISTICS stock_price_odd ON (price_odd(price99, price0, price1, price2, price3)) FROM stock;
ANALYZE stock;
