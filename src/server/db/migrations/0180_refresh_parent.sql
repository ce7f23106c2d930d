-- The token a refresh token was issued for (null for a sign-in's first): a spent token sent again is
-- a lost answer while none of the tokens issued for it has been used, and reuse once one has
-- (auth.service.ts refresh). Kept by hash like the token itself.
ALTER TABLE refresh_token ADD COLUMN parent_hash text;
CREATE INDEX refresh_token_parent ON refresh_token(parent_hash) WHERE parent_hash IS NOT NULL;
