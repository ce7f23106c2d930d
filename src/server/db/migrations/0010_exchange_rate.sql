-- Exchange rates from the platform currency (CNY) to the currencies of the overseas mall (requirements 000-3, 000-9).
-- rate_value: units of to_curr_code for one yuan. Operators maintain the rows (001 system/exchangerate).
CREATE TABLE exchange_rate (
  id                 serial PRIMARY KEY,
  to_curr_code       text NOT NULL UNIQUE CHECK (to_curr_code ~ '^[A-Z]{3}$'),
  to_curr_txt        text NOT NULL,
  rate_value         numeric(18, 6) NOT NULL CHECK (rate_value > 0),
  updated_at         timestamptz NOT NULL DEFAULT now()
);

-- Vietnamese dong per yuan, the interbank level of late 2026 (about 26,300 VND and 7.27 CNY per US dollar).
INSERT INTO exchange_rate (to_curr_code, to_curr_txt, rate_value) VALUES ('VND', '越南盾', 3618.50);
