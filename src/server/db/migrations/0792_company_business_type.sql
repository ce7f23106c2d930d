-- 企业类型 (docs/reports.md#company-types): what a company is in the trade, chosen at registration
-- and kept on 企业信息. The market reports count 维修厂 by it (docs/reports.md#weipei).
-- Before this column the reports took every buying company in China that is not a seller for a
-- repair shop; existing companies keep that reading: sellers become 汽配商, the other companies
-- (but the platform) 维修厂, and each can correct it on 企业信息.
ALTER TABLE company ADD COLUMN business_type text NOT NULL DEFAULT 'other'
  CHECK (business_type IN ('repair', 'parts_dealer', 'dealer_4s', 'fleet', 'other'));
-- Overseas companies were never counted as repair shops: they stay 其他 until they say.
UPDATE company SET business_type = CASE WHEN is_seller THEN 'parts_dealer' ELSE 'repair' END WHERE id <> 1 AND country = 'CN';
UPDATE company SET business_type = 'parts_dealer' WHERE is_seller AND country <> 'CN';
