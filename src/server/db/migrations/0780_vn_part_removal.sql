-- The Vietnam mall by part (docs/overseas.md, "Parts (海外商品)"): a part, its normalised OE number
-- and part brand name, taken out of the mall by the platform with the reason sellers read. Every
-- stock row of that part, of every seller and offered now or later, is out of the mall until the
-- row is deleted (撤销移出); vn_removal still takes single rows out.
CREATE TABLE vn_part_removal (
  oe_norm    text NOT NULL CHECK (oe_norm <> ''),
  brand_name text NOT NULL,
  supplier_oe text NOT NULL,
  reason     text NOT NULL,
  removed_at timestamptz NOT NULL,
  user_id    integer NOT NULL,
  username   text NOT NULL,
  PRIMARY KEY (oe_norm, brand_name)
);
