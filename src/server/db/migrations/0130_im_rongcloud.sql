-- The RongCloud transport: each user's RongCloud user token, fetched from RongCloud's
-- server API (user/getToken) on the first getLoginIm and reused after; kept per app key, so a
-- change of RONGCLOUD_APP_KEY fetches new ones. Messages sent through RongCloud reach im_message
-- through the message-routing callback, with no table of their own.
create table im_rong_token (
  user_id int not null references app_user(id) on delete cascade,
  app_key text not null,
  token text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, app_key)
);
