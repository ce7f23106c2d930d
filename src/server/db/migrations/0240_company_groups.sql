-- 企业分组 (requirements 001-2-2 company/group, report/groupMessage): the operations team's named groups
-- of companies (重点客户, 华南经销商 …) and the notices sent to a group through the message
-- assistant. A group's name is the operators' own word and is never shown to the companies.
CREATE TABLE company_group (
  id           serial PRIMARY KEY,
  name         text NOT NULL CHECK (length(name) BETWEEN 2 AND 20),
  description  text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
  created_by   integer REFERENCES app_user(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- one name a group, whatever its case
CREATE UNIQUE INDEX company_group_name ON company_group (lower(name));

CREATE TABLE company_group_member (
  group_id    integer NOT NULL REFERENCES company_group(id) ON DELETE CASCADE,
  company_id  integer NOT NULL REFERENCES company(id),
  added_by    integer REFERENCES app_user(id),
  added_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, company_id)
);
-- the company list's 分组 filter and a company's groups
CREATE INDEX company_group_member_company ON company_group_member (company_id, group_id);

-- one row a notice sent to a group: who sent it, to how many, the text. The group's name is kept
-- here so the record reads the same after the group is renamed or deleted. (sent_by, idem_key)
-- makes a replay of the same send store nothing, however late it comes.
CREATE TABLE company_group_message (
  id           serial PRIMARY KEY,
  group_id     integer REFERENCES company_group(id) ON DELETE SET NULL,
  group_name   text NOT NULL,
  audience     text NOT NULL CHECK (audience IN ('owners', 'all')),
  body         text NOT NULL CHECK (length(body) BETWEEN 2 AND 500),
  companies    integer NOT NULL CHECK (companies >= 0),
  users        integer NOT NULL CHECK (users >= 0),
  sent_by      integer NOT NULL REFERENCES app_user(id),
  sent_by_name text NOT NULL,
  sent_at      timestamptz NOT NULL DEFAULT now(),
  idem_key     text NOT NULL,
  UNIQUE (sent_by, idem_key)
);
CREATE INDEX company_group_message_sent ON company_group_message (sent_at DESC, id DESC);
CREATE INDEX company_group_message_group ON company_group_message (group_id, sent_at DESC);
