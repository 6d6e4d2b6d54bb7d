-- A non-lifted type abbreviation may not be defined by a size-lifted type.
-- ==
-- error: Non-size-lifted type abbreviations may not contain size-lifted types
type~ row = []f32
type table = row
