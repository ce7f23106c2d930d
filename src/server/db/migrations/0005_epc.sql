-- EPC catalogue for VIN and vehicle search: vehicles (make, model, years, engine), the VIN
-- patterns (WMI + the leading VDS characters) that identify them, the main groups shared by all
-- vehicles (发动机, 制动系统 …), each vehicle's subgroups and the parts in them with the maker's
-- OE number and quantity per car. Parts link to stock by oe_norm (no foreign key: the catalogue
-- lists numbers nobody stocks yet).

CREATE TABLE epc_vehicle (
  id            serial PRIMARY KEY,
  -- the make's name as in make.name (大众, 丰田 …), for logos and stock links
  make_name     text NOT NULL,
  factory_name  text NOT NULL,
  model         text NOT NULL,
  model_en      text NOT NULL DEFAULT '',
  chassis       text NOT NULL DEFAULT '',
  year_from     integer NOT NULL,
  year_to       integer NOT NULL CHECK (year_to >= year_from),
  engine_code   text NOT NULL,
  displacement  text NOT NULL,
  power_kw      integer NOT NULL,
  transmission  text NOT NULL,
  body          text NOT NULL DEFAULT '',
  sort          integer NOT NULL DEFAULT 0
);

-- A VIN matches a vehicle when its WMI equals wmi, positions 4.. start with vds, and its model
-- year lies within the vehicle's years; the longest vds wins.
CREATE TABLE epc_vehicle_vin (
  vehicle_id    integer NOT NULL REFERENCES epc_vehicle(id),
  wmi           text NOT NULL CHECK (length(wmi) = 3),
  vds           text NOT NULL CHECK (length(vds) BETWEEN 1 AND 5),
  PRIMARY KEY (wmi, vds, vehicle_id)
);

CREATE TABLE epc_group (
  id            serial PRIMARY KEY,
  code          text NOT NULL UNIQUE,
  name          text NOT NULL UNIQUE,
  icon          text NOT NULL DEFAULT '',
  sort          integer NOT NULL DEFAULT 0
);

CREATE TABLE epc_subgroup (
  id            serial PRIMARY KEY,
  vehicle_id    integer NOT NULL REFERENCES epc_vehicle(id),
  group_id      integer NOT NULL REFERENCES epc_group(id),
  code          text NOT NULL,
  name          text NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  UNIQUE (vehicle_id, code)
);
CREATE INDEX epc_subgroup_vehicle ON epc_subgroup (vehicle_id, group_id);

CREATE TABLE epc_part (
  id            serial PRIMARY KEY,
  subgroup_id   integer NOT NULL REFERENCES epc_subgroup(id),
  -- the number of the part in the subgroup's illustration
  position      integer NOT NULL,
  oe_number     text NOT NULL,
  oe_norm       text NOT NULL,
  name          text NOT NULL,
  qty           integer NOT NULL CHECK (qty > 0),
  note          text NOT NULL DEFAULT ''
);
CREATE INDEX epc_part_subgroup ON epc_part (subgroup_id, position);
CREATE INDEX epc_part_oe ON epc_part (oe_norm);
