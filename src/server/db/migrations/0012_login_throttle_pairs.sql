-- Sign-in throttling per (account, client address) pair, with a softer account-wide guard
-- (auth/rate-limit.ts). `account` ties the pair and account rows to their account, so a
-- successful sign-in can clear them. Old 'account' rows meant the former per-account lock.
ALTER TABLE login_throttle DROP CONSTRAINT login_throttle_scope_check;
DELETE FROM login_throttle WHERE scope = 'account';
ALTER TABLE login_throttle ADD CONSTRAINT login_throttle_scope_check CHECK (scope IN ('pair', 'address', 'account'));
ALTER TABLE login_throttle ADD COLUMN account text;
CREATE INDEX login_throttle_account ON login_throttle(account) WHERE account IS NOT NULL;
