-- Illustrations (图解) of the EPC catalogue: one drawing per subgroup and, for the
-- numbers on it, where each sits. A drawing is an image an operator uploaded (image_url is the
-- fileUpload path, /api/uploads/<name>) or, for the demo, a schematic the seed drew (schematic_svg
-- holds it and image_url is /api/epc/schematic/<subgroup id>.svg, served from this row).
-- Hotspots are fractions of the image's width and height (0..1), so they scale with the picture;
-- a position must be one of the subgroup's parts (checked by the service, which knows the parts).

CREATE TABLE epc_diagram (
  subgroup_id    integer PRIMARY KEY REFERENCES epc_subgroup(id),
  image_url      text NOT NULL CHECK (image_url <> ''),
  schematic_svg  text,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  -- the operator who last set the image; null for the seeded schematics
  updated_by     integer
);

CREATE TABLE epc_hotspot (
  subgroup_id    integer NOT NULL REFERENCES epc_diagram(subgroup_id) ON DELETE CASCADE,
  position       integer NOT NULL CHECK (position > 0),
  x              double precision NOT NULL CHECK (x >= 0 AND x <= 1),
  y              double precision NOT NULL CHECK (y >= 0 AND y <= 1),
  PRIMARY KEY (subgroup_id, position)
);
