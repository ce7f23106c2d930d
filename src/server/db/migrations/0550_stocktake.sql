-- Stocktakes (盘点), docs/warehouse.md "Stocktake".
--
-- A stocktake is opened per warehouse (at most one open at a time). Each count is one scanned
-- (location, stock row) with the counted quantity and the device's time of the scan; the server
-- stores what it expected at that moment (the location's quantity minus the stock_move deltas
-- after the scan) and the difference. A count is named by the key the device made when the count
-- was typed, so a replay from the offline queue finds the first one and changes nothing.
-- Differences wait for a supervisor: approving one applies it to the location (stock_move reason
-- 'stocktake'); rejecting one leaves the stock as it is. Times are the database's own.
CREATE TABLE stocktake (
  id            serial PRIMARY KEY,
  company_id    integer NOT NULL REFERENCES company(id),
  warehouse_id  integer NOT NULL REFERENCES warehouse(id),
  note          text NOT NULL DEFAULT '',
  state         text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
  opened_by     integer NOT NULL REFERENCES app_user(id),
  opened_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
  closed_by     integer REFERENCES app_user(id),
  closed_at     timestamptz
);
CREATE UNIQUE INDEX stocktake_one_open ON stocktake (warehouse_id) WHERE state = 'open';
CREATE INDEX stocktake_company ON stocktake (company_id, id DESC);

CREATE TABLE stocktake_count (
  id            bigserial PRIMARY KEY,
  stocktake_id  integer NOT NULL REFERENCES stocktake(id),
  company_id    integer NOT NULL REFERENCES company(id),
  location_id   integer NOT NULL REFERENCES warehouse_location(id),
  -- no foreign key: a count of a row deleted since stays readable
  stock_id      bigint NOT NULL,
  counted       integer NOT NULL CHECK (counted >= 0),
  -- the device's time of the scan, clamped to [the stocktake's opening, the server's now]
  counted_at    timestamptz NOT NULL,
  expected      integer NOT NULL,
  delta         integer NOT NULL,
  client_key    text NOT NULL,
  counted_by    integer NOT NULL REFERENCES app_user(id),
  -- matched: no difference; pending: a difference waiting for a supervisor; approved / rejected;
  -- superseded: a later count of the same row at the same location replaced it before a decision
  state         text NOT NULL CHECK (state IN ('matched', 'pending', 'approved', 'rejected', 'superseded')),
  decided_by    integer REFERENCES app_user(id),
  decided_at    timestamptz,
  -- what approval changed the location by (differs from delta when the location would have gone below 0)
  applied       integer,
  received_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (company_id, client_key)
);
CREATE INDEX stocktake_count_take ON stocktake_count (stocktake_id, id);
CREATE INDEX stocktake_count_row ON stocktake_count (stocktake_id, location_id, stock_id);

-- 盘点审核 (M03-01) approves or rejects differences. Owners and level templates that hold 产品管理
-- (M03) get it, so an owner can hand it to an employee (an owner may approve in any case).
UPDATE app_user SET permissions = array_append(permissions, 'M03-01')
 WHERE is_owner AND 'M03' = ANY(permissions) AND NOT ('M03-01' = ANY(permissions));
UPDATE company_level SET owner_codes = array_append(owner_codes, 'M03-01')
 WHERE 'M03' = ANY(owner_codes) AND NOT ('M03-01' = ANY(owner_codes));
UPDATE company_level SET seller_codes = array_append(seller_codes, 'M03-01')
 WHERE 'M03' = ANY(seller_codes) AND NOT ('M03-01' = ANY(seller_codes));
ALTER TABLE company_level ALTER COLUMN seller_codes SET DEFAULT '{M01-00,M01-01,M03,M03-01,M04,M05,M07,M10,M12,M14,C10,C11,C12}';
