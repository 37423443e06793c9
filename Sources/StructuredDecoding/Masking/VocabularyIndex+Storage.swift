/// A compact binary form of a `VocabularyIndex`'s token trie, so a model's preprocessing can be
/// stored beside it and loaded without rebuilding (the caller reads and writes the file).
///
/// ```swift
/// let bytes = index.serializedTrie()                    // write to e.g. model.gguf.fmtrie
/// let again = try VocabularyIndex(vocabulary, serializedTrie: bytes)
/// ```
///
/// Layout (little-endian): `"FMTRIE01"`, the vocabulary fingerprint (UInt64), the token count,
/// the node count, the deepest node, then the node arrays (`bytes` UInt8, `depths` UInt16,
/// `subtreeEnds` Int32, `tokenStarts` Int32 with one more entry), the token count of `tokens`
/// and `tokens` (Int32), and an FNV-1a checksum (UInt64) of everything before it.
extension VocabularyIndex {
    /// Why stored trie bytes were refused.
    public enum StorageError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Not a stored trie, or one of another format version.
        case notATrie
        /// The bytes end early, at `offset`.
        case truncated(offset: Int)
        /// The trie was made from a different vocabulary.
        case vocabularyMismatch
        /// A value breaks the trie's invariants (`what` names it).
        case corrupt(what: String)

        /// The problem in one line.
        public var description: String {
            switch self {
            case .notATrie: "not a stored token trie (or another format version)"
            case .truncated(let offset): "stored token trie ends early at byte \(offset)"
            case .vocabularyMismatch: "stored token trie belongs to another vocabulary"
            case .corrupt(let what): "stored token trie is corrupt: \(what)"
            }
        }
    }

    private static let magic = Array("FMTRIE01".utf8)

    /// The trie and the vocabulary fingerprint as bytes.
    public func serializedTrie() -> [UInt8] {
        var out = Self.magic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        put(fingerprint)
        put(UInt64(tokenCount))
        put(UInt64(trie.nodeCount))
        put(UInt64(trie.maxDepth))
        out.append(contentsOf: trie.bytes)
        for depth in trie.depths { put(depth) }
        for end in trie.subtreeEnds { put(end) }
        for start in trie.tokenStarts { put(start) }
        put(UInt64(trie.tokens.count))
        for token in trie.tokens { put(token) }
        put(Self.checksum(out[...]))
        return out
    }

    /// Prepares `vocabulary` with a trie stored by `serializedTrie()`; throws if the bytes are
    /// damaged or belong to another vocabulary.
    public convenience init(_ vocabulary: some Vocabulary, serializedTrie bytes: [UInt8]) throws(StorageError) {
        let table = TokenTable(vocabulary)
        guard bytes.count >= Self.magic.count + 8, Array(bytes[..<Self.magic.count]) == Self.magic else { throw .notATrie }
        var reader = Reader(bytes: bytes)
        reader.offset = bytes.count - 8
        guard try reader.read(UInt64.self) == Self.checksum(bytes[..<(bytes.count - 8)]) else { throw .corrupt(what: "checksum") }
        reader.offset = Self.magic.count
        guard try reader.read(UInt64.self) == table.fingerprint, try reader.read(UInt64.self) == UInt64(table.count) else {
            throw .vocabularyMismatch
        }
        let nodes = try reader.count(limit: bytes.count)
        let maxDepth = try reader.count(limit: Int(UInt16.max))
        let nodeBytes = try reader.array(UInt8.self, nodes)
        let depths = try reader.array(UInt16.self, nodes)
        let ends = try reader.array(Int32.self, nodes)
        let starts = try reader.array(Int32.self, nodes + 1)
        let tokens = try reader.array(Int32.self, try reader.count(limit: bytes.count))
        guard reader.offset == bytes.count - 8 else { throw .corrupt(what: "trailing bytes") }
        // Invariants the walks rely on (they index with these values unchecked).
        guard starts.first == 0, starts.last == Int32(tokens.count) else { throw .corrupt(what: "token ranges") }
        for i in 0..<nodes {
            let depth = Int(depths[i])
            guard depth >= 1, depth <= maxDepth, i > 0 || depth == 1, i == 0 || depth <= Int(depths[i - 1]) + 1 else {
                throw .corrupt(what: "depth of node \(i)")
            }
            guard Int(ends[i]) > i, Int(ends[i]) <= nodes, starts[i] <= starts[i + 1] else { throw .corrupt(what: "node \(i)") }
        }
        guard tokens.allSatisfy({ $0 >= 0 && Int($0) < table.count }) else { throw .corrupt(what: "token id") }
        let trie = TokenTrie(
            bytes: nodeBytes, depths: depths, subtreeEnds: ends, tokenStarts: starts, tokens: tokens,
            maxDepth: maxDepth, vocabularySize: table.count)
        self.init(trie: trie, table: table)
    }

    /// The fingerprint of the vocabulary this index was built from.
    var fingerprint: UInt64 {
        var table = TokenTable.empty
        table.count = tokenCount
        table.endOfSequence = endOfSequenceTokens
        table.offsets = tokenOffsets
        table.data = tokenData
        table.special = special
        return table.fingerprint
    }

    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        return hash
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func read<T: FixedWidthInteger>(_: T.Type) throws(StorageError) -> T {
            let size = MemoryLayout<T>.size
            guard offset + size <= bytes.count else { throw .truncated(offset: offset) }
            var value: T = 0
            for k in 0..<size { value |= T(bytes[offset + k]) << (8 * k) }
            offset += size
            return value
        }

        mutating func count(limit: Int) throws(StorageError) -> Int {
            let value = try read(UInt64.self)
            guard value <= UInt64(limit) else { throw .corrupt(what: "count \(value)") }
            return Int(value)
        }

        mutating func array<T: FixedWidthInteger>(_ type: T.Type, _ count: Int) throws(StorageError) -> [T] {
            guard offset + count * MemoryLayout<T>.size <= bytes.count else { throw .truncated(offset: offset) }
            var result: [T] = []
            result.reserveCapacity(count)
            for _ in 0..<count { result.append(try read(T.self)) }
            return result
        }
    }
}

extension VocabularyIndex.TokenTable {
    /// A table to fill field by field.
    static var empty: Self { Self(ArrayVocabulary(pieces: [])) }
}

extension TokenTrie {
    /// A trie from stored arrays (checked by the caller).
    init(
        bytes: [UInt8], depths: [UInt16], subtreeEnds: [Int32], tokenStarts: [Int32], tokens: [Int32],
        maxDepth: Int, vocabularySize: Int
    ) {
        self.bytes = bytes
        self.depths = depths
        self.subtreeEnds = subtreeEnds
        self.tokenStarts = tokenStarts
        self.tokens = tokens
        self.maxDepth = maxDepth
        self.vocabularySize = vocabularySize
    }
}
