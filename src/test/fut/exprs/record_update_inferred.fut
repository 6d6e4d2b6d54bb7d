-- Record updates of records whose type is known only later in the definition: from the return
-- type, and from the application of a local function.
-- ==
-- input { 5 }
-- output { 5 0 true 9 }
def reset r : {x: i32, y: bool} = r with x = 0
def deep r : {a: {b: i32}, c: bool} = r with a.b = 9

entry main (a: i32) : (i32, i32, bool, i32) =
  let g r = r with x = a
  in ((g {x = 1i32, y = true}).x, (reset {x = 7, y = false}).x, (reset {x = 7, y = true}).y,
      (deep {a = {b = 1}, c = false}).a.b)
