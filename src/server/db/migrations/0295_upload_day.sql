-- What each company uploaded per China day (docs/operations.md, "Security settings"): files and
-- bytes of images and stock import files. The daily quota is taken from this row by one
-- conditional statement (upload.repo takeQuota), so uploads sent together cannot pass the limit
-- between a count and an insert. The housekeeping deletes the rows of earlier days.
CREATE TABLE upload_day (
  company_id  integer NOT NULL REFERENCES company(id),
  day         date NOT NULL,
  files       integer NOT NULL DEFAULT 0,
  bytes       bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, day)
);

-- the last day's images (China days are UTC+8), so a quota half used before this migration stays half used
INSERT INTO upload_day (company_id, day, files, bytes)
SELECT company_id, ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, count(*), coalesce(sum(size), 0)
FROM uploaded_file
WHERE created_at >= now() - interval '1 day'
GROUP BY 1, 2;
