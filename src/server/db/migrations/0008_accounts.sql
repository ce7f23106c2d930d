-- Accounts: the verified mobile and a contact phone per user, case-insensitive usernames, and
-- the SMS verification codes of registration and password reset.

ALTER TABLE app_user ADD COLUMN mobile text;
ALTER TABLE app_user ADD COLUMN contact_phone text NOT NULL DEFAULT '';
-- one account per mobile: password reset finds the user by it
CREATE UNIQUE INDEX app_user_mobile ON app_user(mobile) WHERE mobile IS NOT NULL;
-- "Admin" and "admin" are the same name to a person reading it
CREATE UNIQUE INDEX app_user_username_lower ON app_user(lower(username));

-- One row per code sent. Only a salted SHA-256 of the code is kept; a code is bound to its
-- mobile and purpose, dies after expires_at, after use (consumed_at) or after 5 wrong tries.
CREATE TABLE sms_code (
  id                 bigserial PRIMARY KEY,
  mobile             text NOT NULL,
  purpose            text NOT NULL CHECK (purpose IN ('register', 'reset')),
  salt               text NOT NULL,
  code_hash          text NOT NULL,
  address            text NOT NULL,
  attempts           integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL,
  expires_at         timestamptz NOT NULL,
  consumed_at        timestamptz
);
CREATE INDEX sms_code_mobile ON sms_code(mobile, created_at DESC);
CREATE INDEX sms_code_address ON sms_code(address, created_at);
