-- OE cleaning by operators (product/clean/oe). Supersession gets its direction: for a
-- supersession row, `newer` says whether related_norm replaced oe_norm (true) or was replaced by
-- it (false); seeded rows and aliases leave it null. oe_merge records which duplicate number was
-- merged into which kept one: the merge itself is an alias pair in oe_relation (so OE search, VIN
-- parts and everything else that reads relations follow it at once), this table says it was a
-- merge, by whom, and keeps a number from being merged twice.
ALTER TABLE oe_relation ADD COLUMN newer boolean;

CREATE TABLE oe_merge (
  merged_norm  text PRIMARY KEY,
  kept_norm    text NOT NULL,
  merged_at    timestamptz NOT NULL,
  username     text NOT NULL,
  CHECK (merged_norm <> kept_norm)
);
CREATE INDEX oe_merge_kept ON oe_merge (kept_norm);
