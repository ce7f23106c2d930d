-- WeChat template messages (docs/wechat.md): per scene the official account's template id, the
-- mapping of its keywords to our texts and whether it is sent; who has a WeChat binding (openid);
-- and every message the platform sent or skipped, for the operator's send log.
CREATE TABLE wechat_template (
  scene        text PRIMARY KEY CHECK (scene IN ('weChat-001', 'weChat-002', 'weChat-003')),
  template_id  text NOT NULL DEFAULT '',
  -- [{"key": "keyword1", "value": "询价单号 {enquiry_no}"}, …] in the template's order
  fields       jsonb NOT NULL DEFAULT '[]',
  enabled      boolean NOT NULL DEFAULT false,
  updated_at   timestamptz,
  updated_by   text NOT NULL DEFAULT ''
);
INSERT INTO wechat_template (scene) VALUES ('weChat-001'), ('weChat-002'), ('weChat-003');

-- a user's openid under the platform's official account
CREATE TABLE wechat_binding (
  user_id   integer PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
  openid    text NOT NULL UNIQUE,
  bound_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wechat_message (
  id           bigserial PRIMARY KEY,
  scene        text NOT NULL,
  user_id      integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  openid       text,
  template_id  text NOT NULL,
  -- {"keyword1": "XJ…", …}: the template's data as sent
  data         jsonb NOT NULL,
  link         text NOT NULL DEFAULT '',
  -- what it is about (an enquiry or order number), for the log's search
  ref_no       text NOT NULL DEFAULT '',
  state        text NOT NULL CHECK (state IN ('pending', 'sent', 'failed', 'skipped')),
  reason       text NOT NULL DEFAULT '',
  provider     text NOT NULL DEFAULT '',
  attempts     integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL,
  sent_at      timestamptz
);
CREATE INDEX wechat_message_newest ON wechat_message (created_at DESC, id DESC);
CREATE INDEX wechat_message_pending ON wechat_message (id) WHERE state = 'pending';
CREATE INDEX wechat_message_user ON wechat_message (user_id);
