-- Searches that found nothing (the operator home's 无结果搜索 and, later, the catalogue's
-- gaps in the reports): per China day, kind and normalised text, how often. One row per distinct
-- text a day, so a busy day costs an upsert, not a row per search.
CREATE TABLE search_miss (
  day   date NOT NULL,
  kind  text NOT NULL CHECK (kind IN ('oe', 'keyword')),
  text  text NOT NULL,
  n     integer NOT NULL DEFAULT 1 CHECK (n > 0),
  PRIMARY KEY (day, kind, text)
);
