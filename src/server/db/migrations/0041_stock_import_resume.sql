-- An import whose server stopped is taken over and run on: the running process marks
-- each committed batch (heartbeat_at); an import running without a mark for a while is claimed by
-- the next process that looks, with the column mapping it was started with.
ALTER TABLE stock_import ADD COLUMN heartbeat_at timestamptz;
ALTER TABLE stock_import ADD COLUMN mapping jsonb;
CREATE INDEX stock_import_running ON stock_import (heartbeat_at) WHERE state = 'running';
