-- The operator's reference lists (system/dictionary, system/tradeArea, system/label;
-- requirements 001-2-2 and 001-7 name them without content): dictionary entries grouped by their type, trade areas
-- grouped by province, and company labels. One table, one kind per list; entries are disabled,
-- never deleted, so anything that names one keeps its meaning.
CREATE TABLE platform_list_entry (
  id          serial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('dictionary', 'trade_area', 'label')),
  -- dictionary: its type (配件品质, 付款方式 …); trade area: its province; label: ''
  group_name  text NOT NULL DEFAULT '',
  -- dictionary: the stored code; others: ''
  code        text NOT NULL DEFAULT '',
  name        text NOT NULL,
  sort        integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX platform_list_entry_name ON platform_list_entry (kind, group_name, name);
CREATE UNIQUE INDEX platform_list_entry_code ON platform_list_entry (kind, group_name, code) WHERE code <> '';
