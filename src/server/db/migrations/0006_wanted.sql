-- Uploaded images (fileUpload) and wanted requests (publishWanted, requirements 001-3).
-- The image bytes live on disk under the server's upload folder; the row says who uploaded them,
-- so a wanted request can only carry images of the publisher's own company.
create table uploaded_file (
  name text primary key,
  company_id int not null references company(id),
  user_id int not null references app_user(id),
  original_name text not null,
  content_type text not null,
  size int not null check (size > 0),
  created_at timestamptz not null default now()
);
create index uploaded_file_company on uploaded_file (company_id);

create table wanted_request (
  id serial primary key,
  company int not null references company(id),
  "user" int not null references app_user(id),
  content text not null check (length(content) between 1 and 500),
  make_id int not null references make(id),
  vin text not null default '',
  img_infos jsonb not null default '[]',
  quote_count int not null default 0 check (quote_count >= 0),
  created timestamptz not null default now()
);
create index wanted_request_company_created on wanted_request (company, created desc, id desc);
