import Foundation
import Kernels

/// Which positions' logits a forward call returns.
public enum LogitRows: Sendable, Equatable {
    /// The last position's (`[vocabularySize]`): what sampling the next token needs.
    case last
    /// Every position's (`[tokens.count, vocabularySize]` row-major): for checks and scoring.
    case all
    /// None (an empty array): a prompt's earlier chunks, whose next token is known.
    case none
}

extension Transformer {
    /// The failure a step of `tokens` (and `candidates`) would meet in `cache`, checked before
    /// anything runs: its tokens and candidates must be in the vocabulary, and its tokens must fit
    /// in the cache. The one bounds check of a step, for `forward` and `StepScheduler`'s batches.
    func stepFailure(tokens: [Int], candidates: [Int]?, cache: KVCache) -> GenerationFailure? {
        let vocabulary = hyperparameters.vocabularySize
        if let bad = (tokens + (candidates ?? [])).first(where: { !(0..<vocabulary).contains($0) }) {
            return .tokenOutOfRange(bad, vocabularySize: vocabulary)
        }
        if cache.count >= cache.capacity { return .contextFull(capacity: cache.capacity) }
        if cache.count + tokens.count > cache.capacity {
            return .exceedsContext(tokens: tokens.count, used: cache.count, capacity: cache.capacity)
        }
        return nil
    }

    /// Runs `tokens` at positions `cache.count...`, appends their keys and values to the cache,
    /// and returns the logits `rows` asks for. Long inputs run in chunks of `batchCapacity`
    /// positions through matrix-matrix products (prefill); one token runs through
    /// matrix-vector products (decode).
    ///
    /// Throws before touching the cache when a token is outside the vocabulary or the tokens do
    /// not fit in the cache.
    ///
    /// With `candidates` (`.last` only), the last position's logits are computed for those
    /// vocabulary entries alone, every other one `-infinity` (see `candidateLimit`).
    public func forward(
        tokens: [Int], cache: inout KVCache, logits rows: LogitRows = .last, candidates: [Int]? = nil
    ) throws(GenerationFailure) -> [Float] {
        let hp = hyperparameters
        guard !tokens.isEmpty else { return [] }
        if let failure = stepFailure(tokens: tokens, candidates: candidates, cache: cache) { throw failure }
        lock.lock()
        defer { lock.unlock() }
        let vocabulary = hp.vocabularySize
        let count =
            switch rows {
            case .all: tokens.count * vocabulary
            case .last: vocabulary
            case .none: 0
            }
        var result = [Float](repeating: 0, count: count)
        var done = 0
        while done < tokens.count {
            let n = min(batchCapacity, tokens.count - done)
            let chunk = tokens[done..<(done + n)]
            runChunk(chunk, cache: &cache)
            result.withUnsafeMutableBufferPointer { out in
                switch rows {
                case .all: outputLogits(rows: 0..<n, into: out.baseAddress! + done * vocabulary)
                case .last where done + n == tokens.count:
                    outputLogits(rows: (n - 1)..<n, candidates: [candidates], into: out.baseAddress!)
                case .last, .none: break
                }
            }
            done += n
        }
        return result
    }

    /// Embeds `chunk`, runs every block over it and commits its positions to the cache;
    /// `scratch.x` then holds the final residual rows.
    private func runChunk(_ chunk: ArraySlice<Int>, cache: inout KVCache) {
        let start = cache.count
        withUnsafeMutablePointer(to: &cache) { p in
            runRows(Array(chunk), RowPlacement(start: start, count: chunk.count, cache: p))
        }
        cache.commit(upTo: start + chunk.count)
    }

    /// Embeds `tokens` (one per row of `placement`) and runs every block over them, storing
    /// each row's keys and values in its cache (the caller commits them); `scratch.x` then holds
    /// the final residual rows (`[n, d]`).
    func runRows(_ tokens: [Int], _ placement: RowPlacement) {
        let hp = hyperparameters, s = scratch, d = hp.embeddingLength
        let n = tokens.count
        precondition(n == placement.count && n <= batchCapacity)
        for (r, token) in tokens.enumerated() {
            kernels.dequantize(embedding, row: token, into: UnsafeMutableBufferPointer(start: s.x + r * d, count: d))
        }
        if let scale = hp.embeddingScale {
            for i in 0..<(n * d) { s.x[i] *= scale }
        }
        perLayerEmbedding?.inputs(tokens, embedded: s.x, model: self)
        for r in 0..<n {
            let capacity = placement.caches[placement.cacheOfRow[r]].pointee.capacity
            for (table, schedule) in ropeSchedules.enumerated() {
                let half = schedule.frequencies.count
                schedule.angles(
                    position: placement.positions[r], capacity: capacity, cos: s.rope[table].cos + r * half,
                    sin: s.rope[table].sin + r * half)
            }
        }
        let family = hp.architecture.definition
        for (index, layer) in layers.enumerated() {
            family.block(BlockPass(model: self, index: index, weights: layer, placement: placement))
        }
    }

    /// One decode step for several sequences at once: `tokens[i]` (a few tokens) runs after the
    /// positions `caches[i]` holds, and the logits after its last token come back as
    /// `result[i]` (`[vocabularySize]`). Each weight matrix is read once for all rows, which is
    /// what makes concurrent generations cheaper together than one after another; each row's
    /// logits are bit-identical to a step of its sequence alone while the batch stays below the
    /// matrix-matrix kernels' threshold (the same dot products compute every row).
    ///
    /// `candidates[i]`, when given, limits sequence `i`'s logits to those entries (the rest
    /// `-infinity`; see `candidateLimit`).
    ///
    /// The caller has checked the tokens and the room in each cache (`StepScheduler`); the rows
    /// together fit in `batchCapacity`.
    func decodeStep(_ tokens: [[Int]], caches: [UnsafeMutablePointer<KVCache>], candidates: [[Int]?] = []) -> [[Float]] {
        lock.lock()
        defer { lock.unlock() }
        let placement = RowPlacement(rows: tokens.map(\.count), caches: caches)
        runRows(tokens.flatMap { $0 }, placement)
        var lastRows: [Int] = [], row = 0
        for sequence in tokens {
            row += sequence.count
            lastRows.append(row - 1)
        }
        // Gather the last row of each sequence to the front, then project them together.
        let d = hyperparameters.embeddingLength, v = hyperparameters.vocabularySize
        for (i, r) in lastRows.enumerated() where i != r {
            (scratch.x + i * d).update(from: scratch.x + r * d, count: d)
        }
        var logits = [Float](repeating: 0, count: tokens.count * v)
        logits.withUnsafeMutableBufferPointer { outputLogits(rows: 0..<tokens.count, candidates: candidates, into: $0.baseAddress!) }
        for (i, cache) in caches.enumerated() {
            cache.pointee.commit(upTo: cache.pointee.count + tokens[i].count)
        }
        return (0..<tokens.count).map { Array(logits[($0 * v)..<(($0 + 1) * v)]) }
    }
}
