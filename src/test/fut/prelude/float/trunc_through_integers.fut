-- f16/f32/f64.trunc as the reference's prelude defines them: through the signed integer of the
-- same width, so NaN and infinities give 0 and values beyond that integer's range what the
-- conversion gives (not C's trunc: found by fuzzing against the reference).
-- ==
-- entry: t32
-- input { [f32.nan, f32.inf, -f32.inf, 3e9f32, -2.5f32, 70000f32, 1.75f32] }
-- output { [0f32, 0f32, 0f32, -2147483648f32, -2f32, 70000f32, 1f32] }

-- ==
-- entry: t64
-- input { [f64.nan, f64.inf, 3e9f64, 1e20f64, -2.5f64] }
-- output { [0f64, 0f64, 3e9f64, -9223372036854775808f64, -2f64] }

-- ==
-- entry: t16
-- input { [f16.nan, -f16.inf, 40000f16, -2.5f16] }
-- output { [0f16, 0f16, -25536f16, -2f16] }

entry t32 (xs: []f32) : []f32 = map f32.trunc xs
entry t64 (xs: []f64) : []f64 = map f64.trunc xs
entry t16 (xs: []f16) : []f16 = map f16.trunc xs
