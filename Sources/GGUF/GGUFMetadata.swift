/// A GGUF file's key-value metadata, in file order, with typed accessors.
///
/// ```swift
/// let meta = file.metadata
/// let arch = try meta.requireString("general.architecture")      // "qwen2"
/// let layers = meta.int("\(arch).block_count") ?? 0              // any integer type
/// let eps = meta.double("\(arch).attention.layer_norm_rms_epsilon")
/// for entry in meta { print(entry.key, entry.value.typeDescription) }
/// ```
public struct GGUFMetadata: Sendable, RandomAccessCollection {
    /// One key and its value.
    public struct Entry: Sendable, Equatable {
        /// The key, e.g. `"general.architecture"`.
        public let key: String
        /// The value.
        public let value: GGUFValue

        /// Pairs `key` with `value`.
        public init(key: String, value: GGUFValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in file order.
    public let entries: [Entry]
    private let index: [String: Int]

    /// Empty metadata.
    public init() {
        entries = []
        index = [:]
    }

    /// Metadata from key-value pairs in order; throws `GGUFError.duplicateKey` (offset -1)
    /// if a key repeats.
    public init(_ pairs: [(String, GGUFValue)]) throws(GGUFError) {
        var index: [String: Int] = [:]
        for (position, (key, _)) in pairs.enumerated() {
            guard index[key] == nil else { throw .duplicateKey(key, offset: -1) }
            index[key] = position
        }
        self.entries = pairs.map { Entry(key: $0.0, value: $0.1) }
        self.index = index
    }

    /// Metadata from already-checked entries and their index (used by the parser).
    init(entries: [Entry], index: [String: Int]) {
        self.entries = entries
        self.index = index
    }

    /// The keys in file order.
    public var keys: [String] { entries.map(\.key) }

    /// The value for `key`, or `nil` if absent.
    public subscript(key: String) -> GGUFValue? {
        index[key].map { entries[$0].value }
    }

    /// Whether `key` is present.
    public func contains(_ key: String) -> Bool { index[key] != nil }

    /// The first position (always 0).
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { entries.count }
    /// The entry at `position` (file order).
    public subscript(position: Int) -> Entry { entries[position] }
}
