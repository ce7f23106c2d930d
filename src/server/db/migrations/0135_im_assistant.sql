-- The message assistant (消息助手, requirements 001-9) for databases seeded before it existed: system notices
-- (orders, quotes, company audit) come from it. It cannot sign in ('!' is no password hash) and
-- nobody may write to it. A fresh database gets it from the seed, after the platform company exists.
insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
select '00000000-0000-4000-8000-0000000000a1', 1, 'im-assistant', '消息助手', '!', '{}'
where exists (select 1 from company where id = 1)
on conflict do nothing;
