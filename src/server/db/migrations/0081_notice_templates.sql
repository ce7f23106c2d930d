-- The texts the platform sends by SMS, one per scene (system/notice): operators edit them,
-- the server renders the stored text at each send. The rows hold the texts used before templates
-- existed; a scene without a row falls back to the same text in shared/domain/notice-templates.ts.
CREATE TABLE notice_template (
  scene       text PRIMARY KEY,
  body        text NOT NULL,
  -- null until an operator changes the text
  updated_at  timestamptz
);

INSERT INTO notice_template (scene, body) VALUES
  ('sms_register', '【汽配汇】您的注册验证码是{code}，{minutes}分钟内有效。如非本人操作，请忽略本短信。'),
  ('sms_reset', '【汽配汇】您的找回密码验证码是{code}，{minutes}分钟内有效。如非本人操作，请忽略本短信。'),
  ('sms_temp_password', '【汽配汇】{name}，平台已为您重置登录密码，临时密码：{password}，请登录后立即修改。');
