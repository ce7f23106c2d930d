-- Keyword-type searches (关键词, 圈内, 拆车件) remember their mode (精确 / 模糊), so a search
-- replayed from the history runs the way it was made. OE and 企业黄页 searches have no mode (NULL);
-- rows written before this keep NULL and replay as 模糊, the search page's default.
ALTER TABLE search_history ADD COLUMN search_mode text CHECK (search_mode IN ('exact', 'fuzzy'));
