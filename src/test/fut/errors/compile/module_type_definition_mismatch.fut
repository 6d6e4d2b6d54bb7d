-- A module type's type defined as another of its types (type pos = idx) must be that type in the
-- module, not just any type.
-- ==
-- error: i64.*i32|i32.*i64
module type grid = { type idx type pos = idx val origin : pos }
module g : grid = { type idx = i64 type pos = i32 def origin : pos = 0 }
