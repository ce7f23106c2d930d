-- Translated lines under what people write (docs/i18n.md, "Translated lines"): enquiry lines,
-- enquiry and quote notes, the Vietnam mall's product names. One row per source text and target
-- language, so a text is sent to the translation service once per language whoever reads it.
-- The key is the SHA-256 (hex) of the text as written; the text itself is kept beside it so a
-- row can be checked and read back. A failed call writes nothing (the next reader asks again).
CREATE TABLE text_translation (
  source_hash char(64) NOT NULL,
  target      text NOT NULL CHECK (target IN ('vi', 'zh')),
  source_text text NOT NULL,
  translated  text NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (source_hash, target)
);
