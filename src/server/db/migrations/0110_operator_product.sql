-- Operator product pages (product group): taking a seller's row off sale, part brands
-- and car makes kept by operators, and merged brand spellings.
--
-- A row the platform took off sale is an ordinary 'off' row (every search, shop, cart and chat
-- query reads state = 'on' only, so it leaves them at once) that carries the platform's reason.
-- The seller sees the reason and cannot put the row back on sale; only an operator can. Nullable
-- columns without defaults: adding them rewrites nothing, however large the table.
ALTER TABLE stock ADD COLUMN op_off_reason text, ADD COLUMN op_off_at timestamptz, ADD COLUMN op_off_by text;
CREATE INDEX stock_op_off ON stock (op_off_at DESC) WHERE op_off_reason IS NOT NULL;

-- A disabled brand or make leaves the pickers and the import's name lookup; rows that carry it
-- keep it. A merged brand spelling stays as a row pointing at the brand it was merged into, so an
-- import or an old form naming the spelling lands on the kept brand.
ALTER TABLE part_brand
  ADD COLUMN active boolean NOT NULL DEFAULT true,
  ADD COLUMN merged_into integer REFERENCES part_brand(id),
  ADD COLUMN merged_at timestamptz,
  ADD CONSTRAINT part_brand_not_self_merged CHECK (merged_into IS NULL OR merged_into <> id),
  ADD CONSTRAINT part_brand_merged_inactive CHECK (merged_into IS NULL OR NOT active);
CREATE INDEX part_brand_merged ON part_brand (merged_into) WHERE merged_into IS NOT NULL;
-- names are compared trimmed and case-blind ("BOSCH" and "Bosch " are one spelling)
CREATE INDEX part_brand_lower_name ON part_brand (lower(btrim(name)));

ALTER TABLE make ADD COLUMN active boolean NOT NULL DEFAULT true;
CREATE INDEX make_lower_name ON make (lower(btrim(name)));
