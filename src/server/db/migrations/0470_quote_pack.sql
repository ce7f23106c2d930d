-- Quote packs (报价包, docs/money.md#paid-services): a daily quote limit per company level
-- (company_level.quote_per_day, NULL = unlimited), the free quotes counted per company and China
-- day (quote_count), and `quote` as a paid service: bought quotes are taken one by one once the
-- day's free ones are used (paid_service_balance.remaining; the use per China day in paid_service_use).

ALTER TABLE company_level ADD COLUMN quote_per_day integer CHECK (quote_per_day IS NULL OR quote_per_day >= 0);
-- the free levels cannot quote at all (enquiry module), the sold ones 200 a day, the platform's own level no limit
UPDATE company_level SET quote_per_day = CASE WHEN level_type = 'free' THEN 20 ELSE 200 END
  WHERE id IS DISTINCT FROM (SELECT level_id FROM company WHERE id = 1);

-- the day's free quotes of a company (bought ones are counted in paid_service_use)
CREATE TABLE quote_count (
  company_id  integer NOT NULL REFERENCES company (id),
  day         date NOT NULL,
  used        integer NOT NULL CHECK (used > 0),
  PRIMARY KEY (company_id, day)
);

ALTER TABLE paid_service_product DROP CONSTRAINT IF EXISTS paid_service_product_service_check;
ALTER TABLE paid_service_product ADD CONSTRAINT paid_service_product_service_check CHECK (service IN ('user', 'stock', 'vin', 'quote'));
ALTER TABLE paid_service_purchase DROP CONSTRAINT IF EXISTS paid_service_purchase_service_check;
ALTER TABLE paid_service_purchase ADD CONSTRAINT paid_service_purchase_service_check CHECK (service IN ('user', 'stock', 'vin', 'quote'));
ALTER TABLE paid_service_balance DROP CONSTRAINT IF EXISTS paid_service_balance_service_check;
ALTER TABLE paid_service_balance ADD CONSTRAINT paid_service_balance_service_check CHECK (service IN ('user', 'stock', 'quote'));
ALTER TABLE paid_service_use DROP CONSTRAINT IF EXISTS paid_service_use_service_check;
ALTER TABLE paid_service_use ADD CONSTRAINT paid_service_use_service_check CHECK (service IN ('stock', 'quote'));
ALTER TABLE paid_service_promotion DROP CONSTRAINT IF EXISTS paid_service_promotion_service_check;
ALTER TABLE paid_service_promotion ADD CONSTRAINT paid_service_promotion_service_check CHECK (service IN ('user', 'stock', 'vin', 'quote'));
ALTER TABLE paid_service_promotion_use DROP CONSTRAINT IF EXISTS paid_service_promotion_use_service_check;
ALTER TABLE paid_service_promotion_use ADD CONSTRAINT paid_service_promotion_use_service_check CHECK (service IN ('user', 'stock', 'vin', 'quote'));
