-- A sum-type constructor without a known type is ambiguous.
-- ==
-- error: [Tt]ype is ambiguous
def f (x: bool) = #some x
entry main (x: bool) : bool = match f x case #some y -> y case _ -> false
