-- Bulk stock import: each uploaded file and its progress, the rows of a file already
-- applied (so uploading the same file again changes nothing), and each company's remembered
-- column mapping. The file itself lies on the server's disk (path) until it is imported.
CREATE TABLE stock_import (
  id           serial PRIMARY KEY,
  company_id   integer NOT NULL REFERENCES company(id),
  user_id      integer NOT NULL REFERENCES app_user(id),
  file_name    text NOT NULL,
  -- sha256 of the file's bytes, hex
  file_hash    text NOT NULL,
  format       text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  path         text NOT NULL,
  headers      jsonb NOT NULL DEFAULT '[]',
  -- uploaded -> running -> done | failed
  state        text NOT NULL DEFAULT 'uploaded',
  total_rows   integer NOT NULL DEFAULT 0,
  done_rows    integer NOT NULL DEFAULT 0,
  added        integer NOT NULL DEFAULT 0,
  updated      integer NOT NULL DEFAULT 0,
  unchanged    integer NOT NULL DEFAULT 0,
  skipped      integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0,
  error_path   text,
  message      text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  finished_at  timestamptz
);
CREATE INDEX stock_import_company ON stock_import (company_id, id);

-- One row per applied line of a file (by content hash), committed with the line's change.
CREATE TABLE stock_import_row (
  company_id  integer NOT NULL,
  file_hash   text NOT NULL,
  row_no      integer NOT NULL,
  PRIMARY KEY (company_id, file_hash, row_no)
);

CREATE TABLE stock_import_mapping (
  company_id  integer PRIMARY KEY REFERENCES company(id),
  -- {field: header text}
  mapping     jsonb NOT NULL,
  updated_at  timestamptz NOT NULL
);
