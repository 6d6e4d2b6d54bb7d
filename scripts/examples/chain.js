// Chaining two Futhark functions with the data staying native.
// Run: scripts/futhark4j js scripts/examples/chain.js
// `f.native(...)` returns array results as native handles; passing a handle to the next entry
// point hands over the Futhark array itself, so nothing is copied between the two calls.
const prog = Polyglot.eval('futhark', `
entry smooth (xs: []f64) : []f64 =
  let n = length xs
  in tabulate n (\\i -> (xs[i64.max 0 (i - 1)] + xs[i] + xs[i64.min (n - 1) (i + 1)]) / 3)

entry energy (xs: []f64) : f64 = f64.sum (map (\\x -> x * x) xs)
`);

const n = 1 << 20;
const xs = new Float64Array(n);
for (let i = 0; i < n; i++) xs[i] = (i % 7) - 3;

let h = prog.smooth.native(xs);         // stays in native memory
for (let k = 0; k < 4; k++) h = prog.smooth.native(h);
console.log(`handle of type ${h.type}, still native`);
console.log(`energy before: ${prog.energy(xs)}, after 5 smoothing passes: ${prog.energy(h).toFixed(3)}`);
