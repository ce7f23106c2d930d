-- The operator platform's audit log: every write of an operator, in the transaction of
-- the write, with who, when, what (entity and id), the action, and the values before and after.
-- Append-only: the triggers below refuse UPDATE, DELETE and TRUNCATE whoever asks, so neither a
-- call nor a slip in code can rewrite what happened.
CREATE TABLE operator_audit (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  user_id     integer NOT NULL,
  username    text NOT NULL,
  entity      text NOT NULL,
  entity_id   text NOT NULL,
  action      text NOT NULL,
  old_value   jsonb,
  new_value   jsonb,
  note        text NOT NULL DEFAULT ''
);

CREATE INDEX operator_audit_at ON operator_audit (at DESC, id DESC);
CREATE INDEX operator_audit_entity ON operator_audit (entity, entity_id, at DESC);
CREATE INDEX operator_audit_user ON operator_audit (user_id, at DESC);

CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '操作日志只能追加，不能修改或删除' USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER operator_audit_no_change BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();
