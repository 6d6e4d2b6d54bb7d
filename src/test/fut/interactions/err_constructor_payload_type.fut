-- A constructor applied to a payload of the wrong type.
-- ==
-- error: [Cc]ouldn.t match|[Cc]annot unify|do not match|bool|Cannot apply "pick"
type t = #a i32 | #b
def pick (v: t) : i32 = match v case #a n -> n case #b -> 0
entry main (x: bool) : i32 = pick (#a x)
