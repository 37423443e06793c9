/// Reusable buffers for one encoding call: decoded scalars, the merge heap and a piece cache.
struct BPEScratch {
    /// Unicode scalars of the text being split.
    var scalars: [UInt32] = []
    /// `byteOffsets[k]` is the UTF-8 offset of scalar `k`; one extra entry holds the length.
    var byteOffsets: [Int] = []
    /// Pieces already encoded in this call (text repeats words a lot).
    var cache: [[UInt8]: [Int32]] = [:]

    /// The symbols being merged: a token id per symbol, -1 for a symbol that is no token (it
    /// never merges). Merged-away symbols are unlinked from `next`.
    private(set) var ids: [Int32] = []
    /// `next[k]` is the symbol after symbol `k`, or -1.
    private(set) var next: [Int32] = []
    private var prev: [Int32] = []
    private var heap = PriorityHeap<MergeCandidate>()

    /// Decodes well-formed UTF-8 into scalars and their byte offsets.
    mutating func decodeScalars(_ utf8: [UInt8]) {
        scalars.removeAll(keepingCapacity: true)
        byteOffsets.removeAll(keepingCapacity: true)
        var i = 0
        let n = utf8.count
        while i < n {
            byteOffsets.append(i)
            let b0 = UInt32(utf8[i])
            if b0 < 0x80 {
                scalars.append(b0); i += 1
            } else if b0 < 0xE0 {
                scalars.append((b0 & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F)); i += 2
            } else if b0 < 0xF0 {
                scalars.append((b0 & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)); i += 3
            } else {
                scalars.append(
                    (b0 & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12
                        | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F));
                i += 4
            }
        }
        byteOffsets.append(n)
    }

    /// Byte-level BPE over one piece: lowest rank first, leftmost among equal ranks.
    mutating func merge(
        _ bytes: UnsafeBufferPointer<UInt8>, byteToken: [Int32],
        pairs: [UInt64: UInt64], into output: inout [Int32]
    ) {
        ids.removeAll(keepingCapacity: true)
        for k in 0..<bytes.count { ids.append(byteToken[Int(bytes[k])]) }
        runMerges(pairs: pairs)
        var k = 0
        while k >= 0 { output.append(ids[k]); k = Int(next[k]) }
    }

    /// Starts a merge over the given initial symbols (see `ids`).
    mutating func setSymbols(_ body: (inout [Int32]) -> Void) {
        ids.removeAll(keepingCapacity: true)
        body(&ids)
    }

    /// Merges `ids` in place by rank (lowest first, leftmost among equal ranks) until no adjacent
    /// pair has a rule; afterwards the symbols left are `0, next[0], next[next[0]], ...`.
    mutating func runMerges(pairs: [UInt64: UInt64]) {
        let n = ids.count
        next.removeAll(keepingCapacity: true)
        prev.removeAll(keepingCapacity: true)
        for k in 0..<n {
            next.append(Int32(k + 1 < n ? k + 1 : -1))
            prev.append(Int32(k - 1))
        }
        heap.removeAll()
        guard n >= 2 else { return }
        for k in 0..<(n - 1) { pushPair(at: k, pairs: pairs) }
        while let top = heap.pop() {
            let left = Int(top.position)
            let right = Int(next[left])
            // Skip entries made stale by earlier merges.
            guard ids[left] == top.left, right >= 0, ids[right] == top.right else { continue }
            ids[left] = top.merged
            ids[right] = -1
            let after = next[right]
            next[left] = after
            if after >= 0 { prev[Int(after)] = Int32(left) }
            if prev[left] >= 0 { pushPair(at: Int(prev[left]), pairs: pairs) }
            if after >= 0 { pushPair(at: left, pairs: pairs) }
        }
    }

    private mutating func pushPair(at left: Int, pairs: [UInt64: UInt64]) {
        let right = Int(next[left])
        // A symbol that is no token (-1) takes part in no merge.
        guard right >= 0, ids[left] >= 0, ids[right] >= 0 else { return }
        let key = UInt64(UInt32(ids[left])) << 32 | UInt64(UInt32(ids[right]))
        guard let rule = pairs[key] else { return }
        heap.push(
            MergeCandidate(
                rank: UInt32(rule >> 32), position: Int32(left), left: ids[left],
                right: ids[right], merged: Int32(truncatingIfNeeded: rule)))
    }
}

/// One candidate merge of the pair starting at `position`: lowest rank first, then leftmost.
struct MergeCandidate: HeapOrdered {
    var rank: UInt32
    var position: Int32
    var left: Int32
    var right: Int32
    var merged: Int32

    @inline(__always)
    func precedes(_ other: MergeCandidate) -> Bool {
        rank != other.rank ? rank < other.rank : position < other.position
    }
}
