-- The platform warranty (平台质保, docs/warranty.md): the operator's warranty terms (system/warranty),
-- the months of warranty a seller bought as a paid service (`warranty`, pay/product), and the
-- after-sales a buyer opened under it past the ordinary window (质保售后).

-- a term: how many months after receipt a buyer may still ask for an after-sale for a quality
-- problem, for which parts categories (stock.category_name; empty: all parts); switched off, never deleted
CREATE TABLE warranty_term (
  id           serial PRIMARY KEY,
  name         text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 30),
  months       integer NOT NULL CHECK (months BETWEEN 1 AND 36),
  categories   text[] NOT NULL DEFAULT '{}',
  description  text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
  enabled      boolean NOT NULL DEFAULT true,
  created_by   integer REFERENCES app_user (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   integer REFERENCES app_user (id),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- the end of the seller's bought warranty; null: never bought. A purchase extends it from
-- max(now, this) by the months bought.
ALTER TABLE company ADD COLUMN warranty_until timestamptz;
CREATE INDEX company_warranty_until ON company (warranty_until) WHERE warranty_until IS NOT NULL;

-- an after-sale opened under the seller's warranty: the term and its months at the time
ALTER TABLE after_sale
  ADD COLUMN warranty_term_id integer REFERENCES warranty_term (id),
  ADD COLUMN warranty_months integer CHECK (warranty_months BETWEEN 1 AND 36),
  ADD CONSTRAINT after_sale_warranty CHECK ((warranty_term_id IS NULL) = (warranty_months IS NULL));

-- `warranty` joins the services of the catalogue, the purchases and the promotions. The lists are
-- widened by appending to whatever each CHECK allows now, so another service added by a migration
-- of its own keeps its place whichever runs first.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.conrelid::regclass::text AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c
    WHERE c.contype = 'c'
      AND c.conrelid IN ('paid_service_product'::regclass, 'paid_service_purchase'::regclass, 'paid_service_promotion'::regclass, 'paid_service_promotion_use'::regclass)
      AND pg_get_constraintdef(c.oid) LIKE '%''vin''::text%'
      AND pg_get_constraintdef(c.oid) NOT LIKE '%''warranty''::text%'
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.conname);
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.tbl, r.conname, replace(r.def, '''vin''::text', '''vin''::text, ''warranty''::text'));
  END LOOP;
END $$;
