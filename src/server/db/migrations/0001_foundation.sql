-- Foundation: companies and levels, users and sessions, login throttling, idempotency,
-- system parameters, ads, search history.

CREATE TABLE company_level (
  id                 serial PRIMARY KEY,
  name               text NOT NULL UNIQUE,
  level_type         text NOT NULL CHECK (level_type IN ('free', 'paid')),
  is_trial           boolean NOT NULL DEFAULT false,
  employee_limit     integer NOT NULL CHECK (employee_limit >= 0),
  -- 9999 means unlimited (requirements 000-9)
  stock_per_day      integer NOT NULL CHECK (stock_per_day >= 0),
  vin_type           text NOT NULL CHECK (vin_type IN ('date', 'count')),
  vin_count          integer NOT NULL DEFAULT 0 CHECK (vin_count >= 0),
  sort               integer NOT NULL DEFAULT 0
);

CREATE TABLE company (
  id                 serial PRIMARY KEY,
  name               text NOT NULL,
  short_name         text NOT NULL,
  is_seller          boolean NOT NULL DEFAULT false,
  level_id           integer NOT NULL REFERENCES company_level(id),
  level_end_at       timestamptz,
  -- VIN decodes bought on a count basis, and the end of a date-based VIN period
  vin_sum_qty        integer NOT NULL DEFAULT 0,
  vin_end_at         timestamptz,
  province           text NOT NULL DEFAULT '',
  city               text NOT NULL DEFAULT '',
  address            text NOT NULL DEFAULT '',
  phone              text NOT NULL DEFAULT '',
  qq                 text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_user (
  id                 serial PRIMARY KEY,
  uuid               uuid NOT NULL UNIQUE,
  company_id         integer NOT NULL REFERENCES company(id),
  username           text NOT NULL UNIQUE,
  display_name       text NOT NULL,
  password_hash      text NOT NULL,
  head_image         text NOT NULL DEFAULT '',
  is_owner           boolean NOT NULL DEFAULT false,
  allow_im           boolean NOT NULL DEFAULT false,
  active             boolean NOT NULL DEFAULT true,
  permissions        text[] NOT NULL DEFAULT '{}',
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_user_company ON app_user(company_id);

-- One row per sign-in. Only token hashes are stored.
CREATE TABLE session (
  id                 bigserial PRIMARY KEY,
  user_id            integer NOT NULL REFERENCES app_user(id),
  device             text NOT NULL,
  family_id          uuid NOT NULL UNIQUE,
  access_hash        text NOT NULL UNIQUE,
  access_expires_at  timestamptz NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  revoked_at         timestamptz,
  revoked_reason     text
);
CREATE INDEX session_user_device ON session(user_id, device) WHERE revoked_at IS NULL;

CREATE TABLE refresh_token (
  token_hash         text PRIMARY KEY,
  session_id         bigint NOT NULL REFERENCES session(id),
  expires_at         timestamptz NOT NULL,
  used_at            timestamptz
);
CREATE INDEX refresh_token_session ON refresh_token(session_id);

-- Failed sign-ins per account and per client address (throttling, see auth/rate-limit.ts).
CREATE TABLE login_throttle (
  scope              text NOT NULL CHECK (scope IN ('account', 'address')),
  key                text NOT NULL,
  failures           integer NOT NULL DEFAULT 0,
  window_start       timestamptz NOT NULL,
  locked_until       timestamptz,
  lock_count         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, key)
);

CREATE TABLE idempotency_key (
  user_id            integer NOT NULL REFERENCES app_user(id),
  endpoint           text NOT NULL,
  key                text NOT NULL,
  body_hash          text NOT NULL,
  status             integer NOT NULL,
  answer             jsonb NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, endpoint, key)
);
CREATE INDEX idempotency_key_created ON idempotency_key(created_at);

CREATE TABLE system_param (
  key                text PRIMARY KEY,
  value              text NOT NULL,
  description        text NOT NULL DEFAULT ''
);

CREATE TABLE ad (
  id                 serial PRIMARY KEY,
  code               text NOT NULL,
  images_url         text NOT NULL,
  images_width       integer NOT NULL DEFAULT 0,
  click_url          text NOT NULL DEFAULT '',
  start_at           timestamptz NOT NULL,
  end_at             timestamptz NOT NULL,
  sort               integer NOT NULL DEFAULT 0,
  CHECK (end_at > start_at)
);
CREATE INDEX ad_code ON ad(code, sort);

CREATE TABLE search_history (
  user_id            integer NOT NULL REFERENCES app_user(id),
  search_type        text NOT NULL CHECK (search_type IN ('oe', 'keyword')),
  search_value       text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, search_value)
);
CREATE INDEX search_history_recent ON search_history(user_id, created_at DESC);

-- Stock queries counted per company per day (quota: company_level.stock_per_day).
CREATE TABLE stock_query_count (
  company_id         integer NOT NULL REFERENCES company(id),
  day                date NOT NULL,
  used               integer NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, day)
);

CREATE TABLE vin_query_log (
  id                 bigserial PRIMARY KEY,
  company_id         integer NOT NULL REFERENCES company(id),
  user_id            integer NOT NULL REFERENCES app_user(id),
  vin                text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vin_query_log_company ON vin_query_log(company_id, created_at);
