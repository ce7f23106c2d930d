-- The performance setting of a stock row (requirements 001-3 "a performance flag and province_ids", 001-7
-- updatePerformanceSetting): whether the row takes part in the platform's performance bonus
-- (业绩奖励), and in which provinces (GB/T 2260 two-digit codes; none = the whole country).
-- Always editable, price lock or not (requirements 001-6).
ALTER TABLE stock ADD COLUMN performance boolean NOT NULL DEFAULT false;
ALTER TABLE stock ADD COLUMN province_ids smallint[] NOT NULL DEFAULT '{}';
