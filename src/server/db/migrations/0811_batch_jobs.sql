-- The operators' batch jobs (批量工具, docs/batch-jobs.md): rebuilding the keyword dictionary's
-- entries of stock, recomputing the price bounds (price_ratio, migration 0283) and marking stock
-- rows with a system label (促销 or 清仓), in the background, in chunks of stock rows by id. A job
-- keeps where it got to (cursor_id), so a server that stops leaves it to be run on from there.
CREATE TABLE batch_job (
  id             serial PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('reindex', 'prices', 'label')),
  -- null: every company's stock
  company_id     integer REFERENCES company (id),
  -- the label job's label, mark and filter: {"label": "clearance", "on": true, "k": "刹车"}
  params         jsonb NOT NULL DEFAULT '{}',
  state          text NOT NULL CHECK (state IN ('running', 'done', 'cancelled', 'failed')),
  -- stock rows in scope at the start, and how many of them were passed
  total          integer NOT NULL,
  done           integer NOT NULL DEFAULT 0,
  -- what the job changed: dictionary entries added, price bounds moved, rows marked
  changed        integer NOT NULL DEFAULT 0,
  -- the last stock id passed; rows above last_id came after the start and are not the job's
  cursor_id      integer NOT NULL DEFAULT 0,
  last_id        integer NOT NULL,
  started_by     integer NOT NULL REFERENCES app_user (id),
  started_name   text NOT NULL,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  finished_at    timestamptz,
  cancelled_by   text NOT NULL DEFAULT ''
);
-- one job of a kind at a time
CREATE UNIQUE INDEX batch_job_one_running ON batch_job (kind) WHERE state = 'running';
CREATE INDEX batch_job_newest ON batch_job (id DESC);

CREATE TABLE batch_job_log (
  id      bigserial PRIMARY KEY,
  job_id  integer NOT NULL REFERENCES batch_job (id) ON DELETE CASCADE,
  at      timestamptz NOT NULL,
  text    text NOT NULL
);
CREATE INDEX batch_job_log_job ON batch_job_log (job_id, id);

-- The price bounds as a running prices job rebuilds them: the job widens these from its chunks,
-- and while it runs every write of stock widens them too (below), so when the job swaps them in,
-- they bound every row, the rows written meanwhile included.
CREATE TABLE price_ratio_next (
  x text NOT NULL,
  y text NOT NULL,
  r double precision NOT NULL,
  PRIMARY KEY (x, y)
);

-- The stock triggers' widening, now also of price_ratio_next while a prices job runs, and that
-- one first: the job's swap locks price_ratio_next, so a write that widened it is waited for, and
-- a write that comes after the swap widens the swapped-in bounds (docs/batch-jobs.md).
DO $$ BEGIN
  EXECUTE format('CREATE OR REPLACE FUNCTION price_ratio_widen() RETURNS trigger LANGUAGE plpgsql AS %L',
    'BEGIN IF EXISTS (SELECT 1 FROM batch_job WHERE kind = ''prices'' AND state = ''running'') THEN '
    || replace(price_ratio_widening('changed'), 'price_ratio', 'price_ratio_next')
    || '; END IF; ' || price_ratio_widening('changed') || '; RETURN NULL; END');
END $$;
