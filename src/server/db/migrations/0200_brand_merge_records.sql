-- Brand merge records (product/clean/brand 撤销合并): what each merge of brand spellings
-- moved, row by row, so that an operator can undo exactly that merge later. A merge changes four
-- things, and each has its own table of before-values: the spellings themselves (their state and,
-- for spellings merged into a merged one earlier, where they pointed), sellers' stock rows, the
-- companies' main brands, and the keyword terms. The undo moves back only what still is as the
-- merge left it; a row a seller changed since stays as it is.
--
-- No foreign key to stock: a seller may delete a row after the merge, and its record must not
-- keep the row alive nor fail the delete. Merges made before this table existed have no record
-- and cannot be undone.
CREATE TABLE brand_merge (
  id          serial PRIMARY KEY,
  kept_id     integer NOT NULL REFERENCES part_brand(id),
  merged_at   timestamptz NOT NULL,
  username    text NOT NULL,
  stock_rows  integer NOT NULL,
  companies   integer NOT NULL,
  undone_at   timestamptz,
  undone_by   text,
  -- what the undo moved back and what it left: stock rows and companies
  stock_restored     integer,
  stock_left         integer,
  companies_restored integer,
  companies_left     integer
);
CREATE INDEX brand_merge_recent ON brand_merge (merged_at DESC, id DESC);
CREATE INDEX brand_merge_kept ON brand_merge (kept_id);

CREATE TABLE brand_merge_brand (
  merge_id        integer NOT NULL REFERENCES brand_merge(id) ON DELETE CASCADE,
  brand_id        integer NOT NULL REFERENCES part_brand(id),
  -- true: a spelling the operator chose; false: one merged into it earlier that followed it
  chosen          boolean NOT NULL,
  name            text NOT NULL,
  was_active      boolean NOT NULL,
  was_merged_into integer REFERENCES part_brand(id),
  was_merged_at   timestamptz,
  PRIMARY KEY (merge_id, brand_id)
);
CREATE INDEX brand_merge_brand_of ON brand_merge_brand (brand_id);

CREATE TABLE brand_merge_stock (
  merge_id      integer NOT NULL REFERENCES brand_merge(id) ON DELETE CASCADE,
  stock_id      bigint NOT NULL,
  from_brand_id integer NOT NULL,
  -- the row's prod_write_date when merged: every seller edit of the row's details, state or
  -- import sets it, so a different value later means the seller has changed the row since
  written_at    timestamptz NOT NULL,
  PRIMARY KEY (merge_id, stock_id)
);

CREATE TABLE brand_merge_company (
  merge_id   integer NOT NULL REFERENCES brand_merge(id) ON DELETE CASCADE,
  company_id integer NOT NULL,
  old_ids    integer[] NOT NULL,
  new_ids    integer[] NOT NULL,
  PRIMARY KEY (merge_id, company_id)
);

CREATE TABLE brand_merge_term (
  merge_id    integer NOT NULL REFERENCES brand_merge(id) ON DELETE CASCADE,
  term_id     integer NOT NULL,
  from_ref_id integer NOT NULL,
  PRIMARY KEY (merge_id, term_id)
);
