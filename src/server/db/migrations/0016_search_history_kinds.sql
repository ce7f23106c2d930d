-- Search history remembers what a search was (圈内搜索, 拆车件 and 企业黄页 besides OE and
-- keyword), so replaying it from the history opens the same kind of search.
ALTER TABLE search_history DROP CONSTRAINT search_history_search_type_check;
ALTER TABLE search_history ADD CONSTRAINT search_history_search_type_check
  CHECK (search_type IN ('oe', 'keyword', 'circle', 'dismantle', 'company'));
