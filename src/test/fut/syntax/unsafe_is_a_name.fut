-- "unsafe" is no keyword (only an attribute, #[unsafe]): it can name a value.
-- ==
-- input { 41 } output { 42 }

def main (unsafe: i32) = #[unsafe] (unsafe + 1)
