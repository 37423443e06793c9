import Foundation
import Kernels

/// Which positions' logits a forward call returns.
public enum LogitRows: Sendable, Equatable {
    /// The last position's (`[vocabularySize]`): what sampling the next token needs.
    case last
    /// Every position's (`[tokens.count, vocabularySize]` row-major): for checks and scoring.
    case all
}

extension Transformer {
    /// Runs `tokens` at positions `cache.count...`, appends their keys and values to the cache,
    /// and returns the logits `rows` asks for. Long inputs run in chunks of `batchCapacity`
    /// positions through matrix-matrix products (prefill); one token runs through
    /// matrix-vector products (decode).
    ///
    /// Throws before touching the cache when a token is outside the vocabulary or the tokens do
    /// not fit in the cache.
    public func forward(tokens: [Int], cache: inout KVCache, logits rows: LogitRows = .last) throws(GenerationFailure) -> [Float] {
        let hp = hyperparameters
        guard !tokens.isEmpty else { return [] }
        if let bad = tokens.first(where: { !(0..<hp.vocabularySize).contains($0) }) {
            throw .tokenOutOfRange(bad, vocabularySize: hp.vocabularySize)
        }
        guard cache.count < cache.capacity else { throw .contextFull(capacity: cache.capacity) }
        guard cache.count + tokens.count <= cache.capacity else {
            throw .exceedsContext(tokens: tokens.count, used: cache.count, capacity: cache.capacity)
        }
        lock.lock()
        defer { lock.unlock() }
        let vocabulary = hp.vocabularySize
        var result = [Float](repeating: 0, count: rows == .all ? tokens.count * vocabulary : vocabulary)
        var done = 0
        while done < tokens.count {
            let n = min(batchCapacity, tokens.count - done)
            let chunk = tokens[done..<(done + n)]
            runChunk(chunk, cache: &cache)
            result.withUnsafeMutableBufferPointer { out in
                switch rows {
                case .all: outputLogits(rows: 0..<n, into: out.baseAddress! + done * vocabulary)
                case .last where done + n == tokens.count: outputLogits(rows: (n - 1)..<n, into: out.baseAddress!)
                case .last: break
                }
            }
            done += n
        }
        return result
    }

    /// Embeds `chunk`, runs every block over it and commits its positions to the cache;
    /// `scratch.x` then holds the final residual rows.
    private func runChunk(_ chunk: ArraySlice<Int>, cache: inout KVCache) {
        let hp = hyperparameters, s = scratch, d = hp.embeddingLength
        let start = cache.count, n = chunk.count
        for (r, token) in chunk.enumerated() {
            kernels.dequantize(embedding, row: token, into: UnsafeMutableBufferPointer(start: s.x + r * d, count: d))
        }
        if hp.architecture.traits.scalesEmbeddings {
            let scale = Float(d).squareRoot()
            for i in 0..<(n * d) { s.x[i] *= scale }
        }
        let half = hp.ropeDimensions / 2
        for r in 0..<n {
            let position = Float(start + r)
            TensorOps.ropeAngles(
                position: position / hp.ropeScaleFactor, frequencies: ropeFrequencies.global,
                cos: s.ropeGlobal.cos + r * half, sin: s.ropeGlobal.sin + r * half)
            // Sliding-window layers are not linearly scaled (as llama.cpp's gemma3).
            TensorOps.ropeAngles(
                position: position, frequencies: ropeFrequencies.local,
                cos: s.ropeLocal.cos + r * half, sin: s.ropeLocal.sin + r * half)
        }
        for (index, layer) in layers.enumerated() {
            block(index, layer, rows: n, start: start, cache: &cache)
        }
        cache.commit(upTo: start + n)
    }

    /// Final norm and output projection of `rows` of `scratch.x` into `out`
    /// (`[rows.count, vocabularySize]`), with Gemma's final soft-capping where set.
    private func outputLogits(rows: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        let hp = hyperparameters, s = scratch, d = hp.embeddingLength
        rmsNormRows(s.x + rows.lowerBound * d, outputNorm, into: s.normed, rows: rows.count, width: d)
        project(s.normed, rows: rows.count, [(output, out)])
        if let cap = hp.finalLogitSoftcap {
            for i in 0..<(rows.count * hp.vocabularySize) { out[i] = cap * tanhf(out[i] / cap) }
        }
    }
}
