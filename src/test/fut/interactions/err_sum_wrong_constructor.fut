-- A match on a sum type with a constructor that does not belong to it.
-- ==
-- error: [Cc]ouldn.t match|[Cc]annot unify|do not match|#blue|[Uu]nknown constructor
type colour = #red | #green
entry main (b: bool) : i32 =
  let c : colour = if b then #red else #green
  in match c case #red -> 1 case #green -> 2 case #blue -> 3
