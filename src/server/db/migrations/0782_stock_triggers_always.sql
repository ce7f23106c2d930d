-- The stock import checks a batch's foreign keys in one query per key and inserts the batch with
-- session_replication_role = replica, which skips the per-row foreign key checks
-- (docs/benchmarks.md#stock-import, "Foreign keys checked per batch"; stock-import.repo.ts
-- insertMany). Replica mode also skips every trigger left at ENABLE (origin only), so each of
-- stock's own triggers fires ALWAYS: an imported row gets its search terms, price ratios, the
-- suspended company's state and changed_at exactly as before. The import uses that path only when
-- every non-internal trigger of stock is ALWAYS (a trigger created later without it turns the
-- path off, never skips the trigger); the tables these triggers write (search_term, price_ratio,
-- price_ratio_next) have no foreign keys or triggers of their own.
ALTER TABLE stock ENABLE ALWAYS TRIGGER stock_terms_insert;
ALTER TABLE stock ENABLE ALWAYS TRIGGER stock_terms_update;
ALTER TABLE stock ENABLE ALWAYS TRIGGER stock_qty_version;
ALTER TABLE stock ENABLE ALWAYS TRIGGER stock_suspended_insert;
ALTER TABLE stock ENABLE ALWAYS TRIGGER stock_price_ratio_insert;
ALTER TABLE stock ENABLE ALWAYS TRIGGER stock_price_ratio_update;
ALTER TABLE stock ENABLE ALWAYS TRIGGER stock_quantity_spread;
ALTER TABLE stock ENABLE ALWAYS TRIGGER stock_changed_at;
