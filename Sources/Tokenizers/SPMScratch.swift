/// Reusable buffers for SentencePiece BPE merging.
struct SPMScratch {
    private var start: [Int32] = []
    private var end: [Int32] = []
    private var prev: [Int32] = []
    private var next: [Int32] = []
    private var heap = PriorityHeap<Candidate>()
    /// Split points of merges that formed unused pieces, keyed by `start << 32 | end`.
    private var formedBy: [Int: Int] = [:]

    /// One candidate merge of the symbols at `left` and `right` into a piece of the given score.
    private struct Candidate: HeapOrdered {
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
        heap.removeAll()
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
        while let top = heap.pop() {
            let l = Int(top.left), r = Int(top.right)
            // Stale if either side was merged away or grew since this candidate was pushed.
            guard end[l] >= 0, end[r] >= 0, next[l] == top.right,
                end[r] - start[l] == top.length
            else { continue }
            if !model.unused.isEmpty,
                let id = model.pieces.lookup(text.baseAddress! + Int(start[l]), Int(top.length)),
                model.unused.contains(id)
            {
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
        heap.push(Candidate(score: model.scores[Int(id)], left: Int32(l), right: Int32(r), length: Int32(e - s)))
    }
}
