-- An anonymous size in an ascription that nothing determines is ambiguous: here the payload of the
-- constructor not used.
-- ==
-- error: Ambiguous size "d[^"]*" arising from explicit type ascription
type~ two = #one ([]i32) | #other ([]i32)

entry main (xs: []i32) : i64 =
  let v : two = #one xs
  in match v
     case #one ys -> length ys
     case #other _ -> 0
