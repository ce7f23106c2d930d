-- The open platform's API keys, replay guard, call log and scope bundles (docs/open-platform.md,
-- "Keys and signing").

-- A company's API key. The secret is kept encrypted (AES-256-GCM under OPEN_KEY_SECRET, never in
-- clear): base64 of iv(12) || ciphertext || tag(16). After a rotation the previous secret still
-- signs until prev_valid_until (the grace period), then only the new one does.
CREATE TABLE open_key (
  id               text PRIMARY KEY CHECK (id ~ '^ak_[A-Za-z0-9]{20,40}$'),
  company_id       integer NOT NULL REFERENCES company (id),
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  created_by       integer NOT NULL REFERENCES app_user (id),
  scopes           text[] NOT NULL DEFAULT '{}',
  -- exact addresses or CIDR blocks (IPv4 or IPv6); empty: any address
  ip_allow         text[] NOT NULL DEFAULT '{}',
  secret_enc       text NOT NULL,
  prev_secret_enc  text,
  prev_valid_until timestamptz,
  expires_at       timestamptz,
  revoked_at       timestamptz,
  revoked_by       integer REFERENCES app_user (id),
  rotated_at       timestamptz,
  last_call_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX open_key_company ON open_key (company_id, created_at);

-- Nonces seen in the replay window (5 minutes either way): a second call with one is refused.
-- Purged after 10 minutes (the verifier deletes a key's old nonces as it goes; the sweep the rest).
CREATE TABLE open_nonce (
  key_id  text NOT NULL REFERENCES open_key (id) ON DELETE CASCADE,
  nonce   text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, nonce)
);
CREATE INDEX open_nonce_seen ON open_nonce (seen_at);

-- Every signed call of a known key, answered or refused. Kept 90 days (sweep.ts).
CREATE TABLE open_call_log (
  id          bigserial PRIMARY KEY,
  key_id      text NOT NULL REFERENCES open_key (id) ON DELETE CASCADE,
  company_id  integer NOT NULL REFERENCES company (id),
  call_name   text NOT NULL,
  method      text NOT NULL,
  path        text NOT NULL,
  status      integer NOT NULL,
  duration_ms integer NOT NULL,
  request_id  text NOT NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX open_call_log_key ON open_call_log (key_id, at DESC, id DESC);
CREATE INDEX open_call_log_company ON open_call_log (company_id, at DESC, id DESC);
CREATE INDEX open_call_log_at ON open_call_log (at);

-- The operator's scope bundles (interface/group) and which one each company level may grant
-- (interface/permission). A level with no bundle grants nothing.
CREATE TABLE open_scope_bundle (
  id         serial PRIMARY KEY,
  name       text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 30),
  scopes     text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE open_level_bundle (
  level_id   integer PRIMARY KEY REFERENCES company_level (id) ON DELETE CASCADE,
  bundle_id  integer NOT NULL REFERENCES open_scope_bundle (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO open_scope_bundle (name, scopes) VALUES
  ('只读接口', '{company:read,stock:read,orders:read,quotes:read}'),
  ('全部接口', '{company:read,stock:read,stock:write,orders:read,orders:write,quotes:read}');
-- paid levels of a database that already has them: every scope; free levels: none
INSERT INTO open_level_bundle (level_id, bundle_id)
  SELECT l.id, b.id FROM company_level l, open_scope_bundle b WHERE l.level_type = 'paid' AND b.name = '全部接口';
