/// The merge rules of a BPE vocabulary (`tokenizer.ggml.merges`: `"left right"`, ranked by their
/// position), as the pair table both rank-driven models look merges up in.
enum MergeRules {
    /// Parses `merges` against `spellings` (token spelling -> id) into
    /// `(left << 32 | right)` -> `(rank << 32 | merged)`. A repeated pair keeps its first rank.
    /// - Throws: `TokenizerError.invalidMerge` for a rule that is not two pieces separated by one
    ///   space, or whose pieces or their concatenation are not tokens.
    static func pairTable(_ merges: [String], spellings: ByteStringTable) throws(TokenizerError) -> [UInt64: UInt64] {
        var pairs: [UInt64: UInt64] = [:]
        pairs.reserveCapacity(merges.count)
        for (rank, rule) in merges.enumerated() {
            let bytes = Array(rule.utf8)
            guard let space = bytes.firstIndex(of: 0x20), space > 0, space < bytes.count - 1,
                !bytes[(space + 1)...].contains(0x20)
            else { throw .invalidMerge(index: rank, rule: rule, reason: "expected two pieces separated by one space") }
            let left = Array(bytes[..<space]), right = Array(bytes[(space + 1)...])
            guard let l = spellings.lookup(left), let r = spellings.lookup(right),
                let m = spellings.lookup(left + right)
            else { throw .invalidMerge(index: rank, rule: rule, reason: "a piece or their concatenation is not in the vocabulary") }
            let key = UInt64(UInt32(l)) << 32 | UInt64(UInt32(r))
            if pairs[key] == nil { pairs[key] = UInt64(rank) << 32 | UInt64(UInt32(m)) }
        }
        return pairs
    }
}
