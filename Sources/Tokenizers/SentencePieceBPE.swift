/// SentencePiece-style BPE (GGUF `tokenizer.ggml.model = llama`): the model behind Gemma and
/// Llama 2.
///
/// Spaces become `▁` (U+2581) and the text starts as one symbol per character. The adjacent pair
/// whose concatenation is the highest-scoring piece is merged, leftmost first among equal scores,
/// until no concatenation is a piece. A leftover symbol that is not a piece falls back to its
/// UTF-8 bytes (`<0xE2>`...), or to the unknown token when the vocabulary has no byte tokens.
/// Only normal, user-defined and unused pieces take part in merges, as in SentencePiece; unused
/// pieces are split back into the pair that formed them.
struct SentencePieceBPE: Sendable {
    /// Mergeable pieces (normal, user-defined, unused), keyed by their spelling with `▁`.
    let pieces: ByteStringTable
    /// Scores by token id.
    let scores: [Float]
    /// Which ids are unused pieces (resegmented after merging).
    let unused: Set<Int32>
    /// `byteTokens[b]` is the `<0xBB>` token, or -1.
    let byteTokens: [Int32]
    /// The unknown token, when there are no byte tokens.
    let unknown: Int32?
    /// Whether a space is put in front of the text (`add_space_prefix`).
    let addSpacePrefix: Bool
    /// Whether any `<0xBB>` token exists (byte fallback is on).
    let hasByteTokens: Bool

    init(tokens: [String], types: [TokenType], scores: [Float], unknown: Int?, addSpacePrefix: Bool) {
        var entries: [(key: [UInt8], value: Int32)] = []
        var byteTokens = [Int32](repeating: -1, count: 256)
        var unused = Set<Int32>()
        for (id, (token, type)) in zip(tokens, types).enumerated() {
            switch type {
            case .normal, .userDefined:
                entries.append((Array(token.utf8), Int32(id)))
            case .unused:
                entries.append((Array(token.utf8), Int32(id)))
                unused.insert(Int32(id))
            case .byte:
                if let b = Self.parseByteToken(token), byteTokens[Int(b)] < 0 { byteTokens[Int(b)] = Int32(id) }
            case .control, .unknown:
                break
            }
        }
        self.pieces = ByteStringTable(entries)
        self.scores = scores
        self.unused = unused
        self.byteTokens = byteTokens
        self.hasByteTokens = byteTokens.contains { $0 >= 0 }
        self.unknown = unknown.map(Int32.init)
        self.addSpacePrefix = addSpacePrefix
    }

    /// Parses `<0xAB>` into the byte 0xAB.
    static func parseByteToken(_ token: String) -> UInt8? {
        let u = Array(token.utf8)
        guard u.count == 6, u[0] == 0x3C, u[1] == 0x30, u[2] == 0x78, u[5] == 0x3E else { return nil }
        return UInt8(String(decoding: u[3...4], as: UTF8.self), radix: 16)
    }

    /// Appends the tokens of ordinary text to `output`; `atStart` says whether the text begins
    /// the input (where `add_space_prefix` puts its space).
    func encode(_ text: Substring, atStart: Bool, into output: inout [Int32], scratch: inout SPMScratch) {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 8)
        if addSpacePrefix && atStart { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) }
        for b in text.utf8 {
            if b == 0x20 { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) } else { escaped.append(b) }
        }
        guard !escaped.isEmpty else { return }
        escaped.withUnsafeBufferPointer { scratch.merge($0, model: self, into: &output) }
    }

    /// Emits the final symbol `text[range]`: its piece id, the pieces it was merged from when it
    /// is an unused piece (`formedBy` maps a range to its split point), or byte fallback.
    func emit(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, formedBy: [Int: Int],
              into output: inout [Int32]) {
        if let id = pieces.lookup(text.baseAddress! + range.lowerBound, range.count) {
            if unused.contains(id), let split = formedBy[range.lowerBound << 32 | range.upperBound] {
                emit(text, range.lowerBound..<split, formedBy: formedBy, into: &output)
                emit(text, split..<range.upperBound, formedBy: formedBy, into: &output)
            } else {
                output.append(id)
            }
            return
        }
        if hasByteTokens {
            for b in text[range] {
                let t = byteTokens[Int(b)]
                if t >= 0 { output.append(t) } else if let unknown { output.append(unknown) }
            }
        } else if let unknown {
            output.append(unknown)
        }
    }
}

/// Reusable buffers for SentencePiece BPE merging.
struct SPMScratch {
    private var start: [Int32] = []
    private var end: [Int32] = []
    private var prev: [Int32] = []
    private var next: [Int32] = []
    private var heap: [Candidate] = []
    /// Split points of merges that formed unused pieces, keyed by `start << 32 | end`.
    private var formedBy: [Int: Int] = [:]

    /// One candidate merge of the symbols at `left` and `right` into a piece of the given score.
    private struct Candidate {
        var score: Float
        var left: Int32
        var right: Int32
        var length: Int32

        /// Higher score first; the leftmost pair among equal scores.
        @inline(__always) func precedes(_ o: Candidate) -> Bool {
            score != o.score ? score > o.score : left < o.left
        }
    }

    mutating func merge(_ text: UnsafeBufferPointer<UInt8>, model: SentencePieceBPE, into output: inout [Int32]) {
        start.removeAll(keepingCapacity: true); end.removeAll(keepingCapacity: true)
        prev.removeAll(keepingCapacity: true); next.removeAll(keepingCapacity: true)
        heap.removeAll(keepingCapacity: true)
        formedBy.removeAll(keepingCapacity: true)
        var i = 0
        while i < text.count {
            let b = text[i]
            let len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            let j = min(i + len, text.count)
            prev.append(Int32(start.count - 1))
            start.append(Int32(i)); end.append(Int32(j))
            next.append(Int32(j < text.count ? start.count : -1))
            i = j
        }
        for k in 0..<(start.count - 1) { consider(k, k + 1, text, model) }
        while !heap.isEmpty {
            let top = popTop()
            let l = Int(top.left), r = Int(top.right)
            // Stale if either side was merged away or grew since this candidate was pushed.
            guard end[l] >= 0, end[r] >= 0, next[l] == top.right,
                  end[r] - start[l] == top.length else { continue }
            if !model.unused.isEmpty,
               let id = model.pieces.lookup(text.baseAddress! + Int(start[l]), Int(top.length)),
               model.unused.contains(id) {
                formedBy[Int(start[l]) << 32 | Int(end[r])] = Int(end[l])
            }
            end[l] = end[r]
            end[r] = -1
            next[l] = next[r]
            if next[r] >= 0 { prev[Int(next[r])] = Int32(l) }
            if prev[l] >= 0 { consider(Int(prev[l]), l, text, model) }
            if next[l] >= 0 { consider(l, Int(next[l]), text, model) }
        }
        var k = 0
        while k >= 0 {
            model.emit(text, Int(start[k])..<Int(end[k]), formedBy: formedBy, into: &output)
            k = Int(next[k])
        }
    }

    private mutating func consider(_ l: Int, _ r: Int, _ text: UnsafeBufferPointer<UInt8>, _ model: SentencePieceBPE) {
        let s = Int(start[l]), e = Int(end[r])
        guard let id = model.pieces.lookup(text.baseAddress! + s, e - s) else { return }
        push(Candidate(score: model.scores[Int(id)], left: Int32(l), right: Int32(r), length: Int32(e - s)))
    }

    private mutating func push(_ c: Candidate) {
        heap.append(c)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent); child = parent
        }
    }

    private mutating func popTop() -> Candidate {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var p = 0
            while true {
                let l = 2 * p + 1, r = l + 1
                var best = p
                if l < heap.count, heap[l].precedes(heap[best]) { best = l }
                if r < heap.count, heap[r].precedes(heap[best]) { best = r }
                if best == p { break }
                heap.swapAt(p, best); p = best
            }
        }
        return top
    }
}
