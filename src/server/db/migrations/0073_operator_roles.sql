-- Operator roles (privilege): a role is a named group of D codes; head-company staff
-- hold roles, and their D codes are the union of their roles' codes, written into
-- app_user.permissions in the transaction that changes a role or an assignment, so the change
-- applies on the staff member's next request (codes are read from the user row on every call).
CREATE TABLE operator_role (
  id          serial PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  codes       text[] NOT NULL DEFAULT '{}',
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_role_member (
  role_id  integer NOT NULL REFERENCES operator_role(id) ON DELETE CASCADE,
  user_id  integer NOT NULL REFERENCES app_user(id),
  PRIMARY KEY (role_id, user_id)
);
CREATE INDEX operator_role_member_user ON operator_role_member (user_id);

-- Every operator code: the role the platform's first administrator holds.
INSERT INTO operator_role (name, codes, note)
SELECT '超级管理员', array_agg(c ORDER BY c), '全部运营权限'
FROM (SELECT 'D' || lpad(g::text, 2, '0') AS c FROM generate_series(0, 12) g
      UNION ALL SELECT 'D' || lpad(g::text, 2, '0') || '-' || lpad(e::text, 2, '0') FROM generate_series(1, 12) g, generate_series(1, 3) e) codes;

-- A database seeded before roles existed: its head-company staff holding every operator code keep
-- them through the administrator role (the seed does the same for a new database).
INSERT INTO operator_role_member (role_id, user_id)
SELECT r.id, u.id FROM operator_role r, app_user u
WHERE r.name = '超级管理员' AND u.company_id = 1 AND u.permissions @> r.codes;
