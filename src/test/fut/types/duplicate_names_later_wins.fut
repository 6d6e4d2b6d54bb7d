-- A name bound twice in a loop parameter, a for-in element or a case pattern is no error (as in
-- the reference): the later binding is the one in scope.
-- ==
-- entry: in_loop
-- input { 1 } output { 12 102 }

-- ==
-- entry: in_case
-- input { 1 } output { 2 }

-- ==
-- entry: in_element
-- input { [1, 2, 3] [10, 20, 30] } output { 60 }

entry in_loop (x: i32) = loop (a, a) = (x, 2) for i < 1 do (a + 10, a + 100)

entry in_case (x: i32) = match (x, 2) case (a, a) -> a

entry in_element (xs: []i32) (ys: []i32) = loop s = 0 for (b, b) in zip xs ys do s + b
