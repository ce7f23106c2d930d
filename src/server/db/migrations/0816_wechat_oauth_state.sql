-- WeChat binding (docs/wechat.md, "Binding"): the one-time `state` of each web authorisation a
-- signed-in user starts, kept on the server and tied to that user's session; it expires after a
-- few minutes and is spent by the first callback that presents it.
CREATE TABLE wechat_oauth_state (
  state       text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  session_id  bigint NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX wechat_oauth_state_user ON wechat_oauth_state (user_id);
