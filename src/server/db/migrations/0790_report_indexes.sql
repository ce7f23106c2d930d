-- The operator's market reports (docs/reports.md): 搜索-询价-订单 转化报表 and 维修厂采购报表 read
-- a range of China days from each table below; these indexes let them read only that range.
CREATE INDEX IF NOT EXISTS goods_order_created_at ON goods_order (created_at);
CREATE INDEX IF NOT EXISTS enquiry_sent_at ON enquiry (sent_at) WHERE sent_at IS NOT NULL;
-- an enquiry's priced quotes (a price of -1 is 无货)
CREATE INDEX IF NOT EXISTS quote_enquiry_priced ON quote (enquiry_id) WHERE price_fen >= 0;
CREATE INDEX IF NOT EXISTS quote_created_at ON quote (created_at);
CREATE INDEX IF NOT EXISTS stock_query_count_day ON stock_query_count (day);
CREATE INDEX IF NOT EXISTS search_history_created_at ON search_history (created_at);
