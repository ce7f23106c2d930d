-- Operator platform, companies (fourth part; requirements 001-2-2 company/recommend, relation, review).
-- 首页推荐: the companies the storefront home features, in the operators' order (sort ascending).
create table company_recommend (
  company_id int primary key references company(id) on delete cascade,
  sort int not null,
  created_at timestamptz not null default now()
);

-- 总分公司: a branch company has at most one head company; a head is never itself a branch and a
-- branch never a head (one level deep), so no cycle can form. Company 1 (the platform) is neither.
create table company_relation (
  branch_id int primary key references company(id) on delete cascade,
  head_id int not null references company(id) on delete cascade,
  created_at timestamptz not null default now(),
  check (branch_id <> head_id),
  check (branch_id <> 1 and head_id <> 1)
);
create index company_relation_head on company_relation (head_id);

-- 企业资料变更审核: with the parameter company_change_review = '1', a company's changes of the
-- reviewed fields (name, short name, province, city, address) wait here until an operator approves
-- (applied in the approval's transaction) or rejects them with a reason the company reads.
create table company_change (
  id serial primary key,
  company_id int not null references company(id) on delete cascade,
  -- the reviewed fields as they were when submitted, and as the company wants them
  old_value jsonb not null,
  new_value jsonb not null,
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected', 'withdrawn')),
  reason text not null default '',
  submitted_by int not null references app_user(id),
  submitted_at timestamptz not null,
  decided_by int references app_user(id),
  decided_at timestamptz
);
-- one change waits per company at a time; a new submission replaces its values
create unique index company_change_one_pending on company_change (company_id) where state = 'pending';
create index company_change_company on company_change (company_id, id desc);
create index company_change_state on company_change (state, submitted_at desc);

insert into system_param (key, value, description)
values ('company_change_review', '0', '企业资料变更审核（1 开启：企业名称、简称、省市、地址的修改须运营审核后生效；0 关闭：直接生效）')
on conflict (key) do nothing;
