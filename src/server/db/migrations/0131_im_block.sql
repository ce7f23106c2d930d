-- Blocking (拉黑): user_id will not receive private messages from blocked_id. The blocked
-- user's sends to them (imSend, order links, messages routed from RongCloud) are refused and not
-- stored; group chats are not affected. Deleting the row unblocks.
create table im_block (
  user_id int not null references app_user(id) on delete cascade,
  blocked_id int not null references app_user(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, blocked_id),
  check (user_id <> blocked_id)
);
create index im_block_blocked on im_block (blocked_id);
