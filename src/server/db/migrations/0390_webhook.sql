-- Webhooks for partners (docs/open-platform.md, "Webhooks"): a company's endpoints, the outbox
-- of deliveries written in the business change's own transaction, and every attempt's outcome.

CREATE TABLE webhook_endpoint (
  id               bigserial PRIMARY KEY,
  company_id       integer NOT NULL REFERENCES company (id),
  url              text NOT NULL CHECK (length(url) BETWEEN 8 AND 500),
  events           text[] NOT NULL CHECK (cardinality(events) >= 1),
  -- stock.low: a stock row falling from at least this quantity to below it
  stock_threshold  integer NOT NULL DEFAULT 5 CHECK (stock_threshold BETWEEN 1 AND 1000000),
  -- the HMAC-SHA256 key of X-Qipei-Signature; answered once, when the endpoint is added
  secret           text NOT NULL,
  enabled          boolean NOT NULL DEFAULT true,
  -- why the platform disabled it (failing for 24 h); '' otherwise
  disabled_reason  text NOT NULL DEFAULT '',
  -- the first failed attempt of the current run of failures; null after a 2xx
  failing_since    timestamptz,
  created_by       integer NOT NULL REFERENCES app_user (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoint_company ON webhook_endpoint (company_id) WHERE enabled;

-- One row per event, company and endpoint (and per 重新发送). pending rows are claimed with
-- FOR UPDATE SKIP LOCKED: a claim moves next_at past the lease and sets a new claim token, so a
-- second worker never takes a row another is sending.
CREATE TABLE webhook_delivery (
  id                bigserial PRIMARY KEY,
  delivery_id       uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  event_id          uuid NOT NULL,
  endpoint_id       bigint NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
  company_id        integer NOT NULL REFERENCES company (id),
  event             text NOT NULL,
  -- the exact JSON body sent ({id, event, created_at, company_id, data}), the same on every attempt
  body              text NOT NULL,
  state             text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  attempts          integer NOT NULL DEFAULT 0,
  next_at           timestamptz NOT NULL DEFAULT now(),
  claim             uuid,
  -- retried until this moment (created_at + 24 h), then failed
  give_up_at        timestamptz NOT NULL,
  last_status       integer NOT NULL DEFAULT 0,
  last_error        text NOT NULL DEFAULT '',
  last_duration_ms  integer NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  finished_at       timestamptz,
  resend_of         bigint REFERENCES webhook_delivery (id) ON DELETE SET NULL
);
CREATE INDEX webhook_delivery_due ON webhook_delivery (next_at, id) WHERE state = 'pending';
CREATE INDEX webhook_delivery_company ON webhook_delivery (company_id, id DESC);
CREATE INDEX webhook_delivery_endpoint ON webhook_delivery (endpoint_id, id DESC);

CREATE TABLE webhook_attempt (
  id            bigserial PRIMARY KEY,
  delivery_id   bigint NOT NULL REFERENCES webhook_delivery (id) ON DELETE CASCADE,
  at            timestamptz NOT NULL,
  status_code   integer NOT NULL DEFAULT 0,
  duration_ms   integer NOT NULL DEFAULT 0,
  error         text NOT NULL DEFAULT ''
);
CREATE INDEX webhook_attempt_delivery ON webhook_attempt (delivery_id, id);
