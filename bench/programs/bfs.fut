-- Breadth-first search over a directed graph in compressed sparse row (CSR) form: the
-- out-edges of vertex v are edges[offsets[v]:offsets[v+1]]. Returns each vertex's distance
-- (number of edges) from the source, or -1 where it is unreachable.
--
-- `bfs_csr` takes the graph as given. `main` first builds a random graph in which every
-- vertex has `deg` out-edges whose targets come from an integer hash of (seed, vertex, edge
-- number), so that benchmark inputs are valid graphs of any size.
--
-- Parallelism: a sequential while loop over BFS levels; each level expands the frontier's
-- edges with a flattened, irregular nested map (segment starts by scan, segment ids by a
-- scatter of the segment heads and a max-scan), deduplicates the newly reached vertices
-- with reduce_by_index (min), compacts them with filter into the next frontier and records
-- their distance with scatter. Irregular and memory-bound (random gathers and scatters).
-- ==
-- entry: bfs_csr
-- input { [0i64, 2i64, 3i64, 3i64, 5i64, 6i64, 7i64, 7i64]
--         [1i64, 3i64, 2i64, 2i64, 5i64, 0i64, 4i64]
--         0i64 }
-- output { [0i64, 1i64, 2i64, 1i64, 3i64, 2i64, -1i64] }

-- ==
-- entry: main
-- input { 20i64 2i64 7i32 3i64 }
-- output { [1i64, -1i64, 2i64, 0i64, 3i64, 2i64, -1i64, -1i64, 2i64, 3i64,
--           -1i64, -1i64, -1i64, 2i64, 3i64, 3i64, 3i64, 4i64, 1i64, 4i64] }
-- random input { 100000i64 8i64 1i32 0i64 }
-- random input { 20000i64 32i64 2i32 0i64 }

def bfs [m] (n: i64) (offsets: []i64) (edges: [m]i64) (source: i64) : [n]i64 =
  let dist = replicate n (-1) with [source] = 0
  let (dist, _, _) =
    loop (dist, frontier, level) = (dist, [source], 0)
    while length frontier > 0 do
      -- The frontier's out-edges, one slot each: slot s belongs to frontier vertex seg[s].
      let degs = map (\v -> offsets[v + 1] - offsets[v]) frontier
      let starts = map2 (-) (scan (+) 0 degs) degs
      let total = i64.sum degs
      let heads = map2 (\st d -> if d > 0 then st else -1) starts degs
      let seg = scan i64.max 0 (scatter (replicate total 0) heads (indices frontier))
      let targets = map2 (\f s -> edges[offsets[frontier[f]] + s - starts[f]]) seg (iota total)
      -- Each newly reached vertex is claimed by the first slot that reaches it.
      let fresh = map (\u -> if dist[u] < 0 then u else -1) targets
      let claim = reduce_by_index (replicate n total) i64.min total fresh (iota total)
      let next = filter (\s -> fresh[s] >= 0 && claim[fresh[s]] == s) (iota total)
                 |> map (\s -> fresh[s])
      let dist = scatter dist next (map (\_ -> level + 1) next)
      in (dist, next, level + 1)
  in dist

entry bfs_csr [n1][m] (offsets: [n1]i64) (edges: [m]i64) (source: i64) : []i64 =
  bfs (n1 - 1) offsets edges source

-- A 64-bit mixing function (the finaliser of SplitMix64).
def mix (x: u64) : u64 =
  let x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
  let x = (x ^ (x >> 27)) * 0x94d049bb133111eb
  in x ^ (x >> 31)

entry main (n: i64) (deg: i64) (seed: i32) (source: i64) : [n]i64 =
  let offsets = map (* deg) (iota (n + 1))
  let key = u64.i32 seed * 0x9e3779b97f4a7c15
  let edges = tabulate (n * deg) (\e -> i64.u64 (mix (key + u64.i64 e) % u64.i64 n))
  in bfs n offsets edges source
