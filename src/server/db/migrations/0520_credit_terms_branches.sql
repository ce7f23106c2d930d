-- 账期 (credit terms) and 分公司 (branch companies), docs/customers.md "Credit terms" and "Branch companies".

-- a seller's credit term for one customer: days to pay (1 to 180) and the most its unpaid credit
-- orders may come to (fen); both or neither
alter table company_customer
  add column credit_days int check (credit_days between 1 and 180),
  add column credit_limit_fen bigint check (credit_limit_fen between 0 and 1000000000000),
  add constraint company_customer_credit_both check ((credit_days is null) = (credit_limit_fen is null));

-- an order placed on credit (账期): whose term it used (the buyer's own row, or its head company's)
-- and the China date it falls due (the order's China date plus the term's days)
alter table goods_order
  add column credit_company_id int references company(id),
  add column credit_due_date date,
  add constraint goods_order_credit_both check ((credit_company_id is null) = (credit_due_date is null));
create index goods_order_credit on goods_order (seller_company_id, credit_company_id) where credit_company_id is not null;

-- 分公司: a head company's invitation to another company to become its branch. Only the branch's
-- owner's consent makes the link (a row of company_relation, the table the operators' 总分公司
-- page reads); a pending or declined invitation has no effect.
create table company_branch_invite (
  id bigserial primary key,
  head_id int not null references company(id) on delete cascade,
  branch_id int not null references company(id) on delete cascade,
  state text not null default 'pending' check (state in ('pending', 'accepted', 'declined', 'withdrawn')),
  invited_by int not null references app_user(id),
  invited_at timestamptz not null,
  decided_by int references app_user(id),
  decided_at timestamptz,
  check (head_id <> branch_id),
  check (head_id <> 1 and branch_id <> 1)
);
create unique index company_branch_invite_pending on company_branch_invite (head_id, branch_id) where state = 'pending';
create index company_branch_invite_branch on company_branch_invite (branch_id, state);
create index company_branch_invite_head on company_branch_invite (head_id, invited_at desc);

-- how a link was made: by the branch's consent (the invitation) or by an operator on 总分公司
alter table company_relation add column invite_id bigint references company_branch_invite(id);
