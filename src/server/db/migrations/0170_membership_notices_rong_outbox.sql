-- The rest of the message assistant, and RongCloud retries.
--
-- membership_notice: one row per membership event the assistant has told a company about
-- ('expiring' 7 days before level_end_at, 'expired' once it has passed), keyed by the end date it
-- was about. The hourly check inserts the row and posts the notice in one transaction, so a
-- restart, a second server process or a second run posts nothing twice; a renewal moves
-- level_end_at and so makes new events.
create table membership_notice (
  company_id int not null references company(id) on delete cascade,
  kind text not null check (kind in ('expiring', 'expired')),
  level_end_at timestamptz not null,
  posted_at timestamptz not null default now(),
  primary key (company_id, kind, level_end_at)
);

-- im_rong_outbox: the server's calls to RongCloud's server API that must happen (a group's
-- members, a block, a stored message published), written in the transaction of the change that
-- needs them and deleted once RongCloud accepted them. `key` makes one row per thing: a message is
-- published once (publish:<our message id>), a group's or a block's later changes fold into the
-- row already waiting (the call reads the current state when it runs; `version` tells the worker a
-- change came in while its call was out, so the row is not deleted then). Failed calls wait
-- exponentially longer (next_at); a row with many attempts is reported as stuck.
create table im_rong_outbox (
  id bigserial primary key,
  key text not null unique,
  kind text not null check (kind in ('publish', 'group', 'block')),
  payload jsonb not null default '{}'::jsonb,
  version int not null default 0,
  attempts int not null default 0,
  next_at timestamptz not null default now(),
  last_error text not null default '',
  created_at timestamptz not null default now()
);
create index im_rong_outbox_due on im_rong_outbox (next_at, id);
