-- Chat beyond two people (requirements 001-2-3, 001-3, 001-7): friends with their remarks, group
-- conversations (conversationType 3) and their members, the platform's customer-service staff and
-- each seller company's quick replies. A group message is an im_message with group_id set instead
-- of the private conversation and recipient; it is stored once and pushed to every member.
alter table app_user add column is_customer_service boolean not null default false;

-- one row per direction: each side keeps its own remark (note); an empty note shows the user's own name
create table im_friend (
  user_id int not null references app_user(id) on delete cascade,
  friend_id int not null references app_user(id) on delete cascade,
  note text not null default '',
  created_at timestamptz not null default now(),
  primary key (user_id, friend_id),
  check (user_id <> friend_id)
);
create index im_friend_friend on im_friend (friend_id);

create table im_group (
  id serial primary key,
  uuid uuid not null unique,
  name text not null,
  owner_id int not null references app_user(id) on delete cascade,
  -- made by inviting customer service into a private chat (邀请客服)
  is_service boolean not null default false,
  last_message_id bigint,
  -- strictly increasing per group, as in im_conversation
  last_sent_at timestamptz,
  created_at timestamptz not null default now()
);

create table im_group_member (
  group_id int not null references im_group(id) on delete cascade,
  user_id int not null references app_user(id) on delete cascade,
  unread int not null default 0 check (unread >= 0),
  read_at timestamptz,
  joined_at timestamptz not null default now(),
  primary key (user_id, group_id)
);
create index im_group_member_group on im_group_member (group_id);

alter table im_message alter column conversation_id drop not null;
alter table im_message alter column recipient_id drop not null;
alter table im_message add column group_id int references im_group(id) on delete cascade;
alter table im_message add constraint im_message_one_target check (
  (group_id is null and conversation_id is not null and recipient_id is not null)
  or (group_id is not null and conversation_id is null and recipient_id is null));
create index im_message_group_history on im_message (group_id, sent_at desc) where group_id is not null;

-- a seller company's quick replies (快捷回复), in Chinese and Vietnamese (requirements 001-3)
create table im_quick_reply (
  id serial primary key,
  company_id int not null references company(id) on delete cascade,
  cn_message text not null,
  vn_message text not null default '',
  sort int not null default 0,
  created_at timestamptz not null default now()
);
create index im_quick_reply_company on im_quick_reply (company_id, sort, id);
