/// Where the rows of one forward step belong: each row's position and the cache of its sequence.
///
/// A prefill chunk is one sequence at consecutive positions in one cache; a batched decode step
/// (`StepScheduler`) holds a row or a few for each of several sequences, each in its own cache.
/// Rows of one sequence are consecutive and in position order, so each row attends to the rows
/// of its sequence before it, already stored in its cache.
struct RowPlacement {
    /// The position of each row: `[n]`.
    let positions: [Int]
    /// The index in `caches` of each row's cache: `[n]`.
    let cacheOfRow: [Int]
    /// The caches the rows are stored in and attend over; valid for the duration of the step,
    /// and each reached by this step alone.
    let caches: [UnsafeMutablePointer<KVCache>]

    /// One sequence: `count` rows at positions `start...` in `cache`.
    init(start: Int, count: Int, cache: UnsafeMutablePointer<KVCache>) {
        positions = Array(start..<(start + count))
        cacheOfRow = Array(repeating: 0, count: count)
        caches = [cache]
    }

    /// Several sequences: `rows[i]` new rows for `caches[i]`, placed after the positions it holds.
    init(rows: [Int], caches: [UnsafeMutablePointer<KVCache>]) {
        var positions: [Int] = [], cacheOfRow: [Int] = []
        for (i, n) in rows.enumerated() {
            let start = caches[i].pointee.count
            positions += start..<(start + n)
            cacheOfRow += repeatElement(i, count: n)
        }
        self.positions = positions
        self.cacheOfRow = cacheOfRow
        self.caches = caches
    }

    /// The number of rows.
    var count: Int { positions.count }

    /// The runs of consecutive rows that share a cache, as (cache index, rows).
    var runs: [(cache: Int, rows: Range<Int>)] {
        var result: [(cache: Int, rows: Range<Int>)] = []
        guard count > 0 else { return result }
        var first = 0
        for r in 1...count where r == count || cacheOfRow[r] != cacheOfRow[first] {
            result.append((cacheOfRow[first], first..<r))
            first = r
        }
        return result
    }
}
