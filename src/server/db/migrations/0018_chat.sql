-- Real-time chat (requirements 001-2-3, 001-3, 001-4): private conversations between two users, their messages and
-- each member's unread count. A message is stored here first and only then pushed over /ws; the
-- sender's client message id makes a repeated send store nothing new.
create table im_conversation (
  id serial primary key,
  -- the pair, smaller user id first, so one pair has exactly one conversation
  user_low int not null references app_user(id) on delete cascade,
  user_high int not null references app_user(id) on delete cascade,
  last_message_id bigint,
  -- strictly increasing per conversation (see im.service), so paging by sentTime never skips one
  last_sent_at timestamptz,
  created_at timestamptz not null default now(),
  check (user_low < user_high),
  unique (user_low, user_high)
);

create table im_member (
  conversation_id int not null references im_conversation(id) on delete cascade,
  user_id int not null references app_user(id) on delete cascade,
  unread int not null default 0 check (unread >= 0),
  read_at timestamptz,
  primary key (user_id, conversation_id)
);

create table im_message (
  id bigserial primary key,
  conversation_id int not null references im_conversation(id) on delete cascade,
  sender_id int not null references app_user(id) on delete cascade,
  recipient_id int not null references app_user(id) on delete cascade,
  client_msg_id text not null,
  message_type text not null check (message_type in ('RC:TxtMsg', 'RC:ImgMsg')),
  text text not null default '',
  image_uri text not null default '',
  sent_at timestamptz not null,
  unique (sender_id, client_msg_id)
);
create index im_message_history on im_message (conversation_id, sent_at desc);
-- what a reconnecting client missed: every message to or from the user since a time
create index im_message_to on im_message (recipient_id, sent_at);
create index im_message_from on im_message (sender_id, sent_at);
