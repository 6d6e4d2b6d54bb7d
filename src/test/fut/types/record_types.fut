-- Record types in parameters; a record abbreviation with fields in another order.
-- ==
-- input { 30i32 1.75f32 }
-- output { 31i32 1.75f32 }
type person = {age: i32, height: f32}
def older (p: person) : person = p with age = p.age + 1
entry main (a: i32) (h: f32) : (i32, f32) =
  let p : {height: f32, age: i32} = older {height = h, age = a}
  in (p.age, p.height)
