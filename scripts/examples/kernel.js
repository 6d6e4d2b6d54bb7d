// A numeric kernel on a typed array, from JavaScript.
// Run: scripts/futhark4j js scripts/examples/kernel.js [N]
// The Float64Array is read in one bulk copy through its buffer; the result is viewed as a
// Float64Array over the result's own memory, without a copy.
const standardise = Polyglot.eval('futhark', `
entry standardise (xs: []f64) : []f64 =
  let n = f64.i64 (length xs)
  let mean = f64.sum xs / n
  let sd = f64.sqrt (f64.sum (map (\\x -> (x - mean) * (x - mean)) xs) / n)
  in map (\\x -> (x - mean) / sd) xs
`);

const n = arguments.length > 0 ? parseInt(arguments[0]) : 1000000;
const xs = new Float64Array(n);
for (let i = 0; i < n; i++) xs[i] = Math.sin(i) * 10 + 3;

const r = standardise(xs);
const z = new Float64Array(r);          // zero-copy view of the result
let mean = 0, sq = 0;
for (let i = 0; i < z.length; i++) { mean += z[i]; sq += z[i] * z[i]; }
mean /= z.length;
mean = Math.round(mean * 1e6) / 1e6 + 0;   // no "-0.000000" for a tiny negative rounding error
console.log(`standardise: ${z.length} values (${r.type}), mean ${mean.toFixed(6)}, variance ${(sq / z.length).toFixed(6)}`);
console.log(`first values: ${Array.from(z.subarray(0, 3), (v) => v.toFixed(4)).join(', ')}`);
