/// Parses the header of a GGUF v2/v3 file and validates its layout.
///
/// File layout (all little-endian):
/// ```
/// "GGUF" | uint32 version | uint64 tensor_count | uint64 metadata_kv_count
/// metadata_kv_count x (string key, uint32 value type, value)
/// tensor_count x (string name, uint32 n_dims, n_dims x uint64 ne, uint32 ggml type, uint64 offset)
/// padding to a multiple of `general.alignment` (default 32)
/// tensor data: each tensor at data offset + its (aligned) offset
/// ```
/// Nothing is allocated in proportion to a count until the count has been checked against the
/// bytes left in the file, so a lying header costs no memory.
struct GGUFParser {
    /// What a successful parse produces.
    struct Header {
        var version: UInt32
        var metadata: GGUFMetadata
        var tensors: [GGUFTensorInfo]
        var alignment: Int
        var tensorInfoOffset: Int
        var dataOffset: Int
    }

    static let magic: [UInt8] = [0x47, 0x47, 0x55, 0x46] // "GGUF"
    static let defaultAlignment = 32
    static let maxDimensions: UInt32 = 4
    /// Smallest metadata entry: empty key (8) + value type (4) + a one-byte value.
    static let minimumEntrySize = 13
    /// Smallest tensor info: empty name (8) + n_dims (4) + type (4) + offset (8).
    static let minimumTensorInfoSize = 24

    var cursor: GGUFCursor

    /// Parses `storage`, whose end is taken as the end of the file.
    static func parse(_ storage: GGUFStorage) throws(GGUFError) -> Header {
        var parser = GGUFParser(cursor: GGUFCursor(storage: storage))
        return try parser.parseHeader()
    }

    private mutating func parseHeader() throws(GGUFError) -> Header {
        try readMagic()
        let version = try cursor.read(UInt32.self, "version")
        guard version == 2 || version == 3 else { throw .unsupportedVersion(version) }
        let tensorCount = try cursor.readCount("tensor count", minimumSize: Self.minimumTensorInfoSize)
        let entryCount = try cursor.readCount("metadata entry count", minimumSize: Self.minimumEntrySize)

        let (metadata, alignment) = try readMetadata(count: entryCount)
        let tensorInfoOffset = cursor.offset
        let infos = try readTensorInfos(count: tensorCount, alignment: alignment)
        // The data section starts at the next multiple of the alignment (offsets are bounded
        // by the buffer size and the alignment by 2^31, so this cannot overflow).
        let dataOffset = (cursor.offset + alignment - 1) / alignment * alignment
        let tensors = try place(infos, dataOffset: dataOffset)
        return Header(
            version: version, metadata: metadata, tensors: tensors, alignment: alignment,
            tensorInfoOffset: tensorInfoOffset, dataOffset: dataOffset)
    }

    private mutating func readMagic() throws(GGUFError) {
        let found = Array(cursor.bytes.prefix(Self.magic.count))
        guard found == Array(Self.magic.prefix(found.count)) else { throw .badMagic(found: found) }
        try cursor.skip(Self.magic.count, "magic")
    }

    private mutating func readMetadata(count: Int) throws(GGUFError) -> (GGUFMetadata, alignment: Int) {
        var entries: [GGUFMetadata.Entry] = []
        var index: [String: Int] = [:]
        entries.reserveCapacity(count)
        var alignmentOffset = 0
        for position in 0..<count {
            let keyOffset = cursor.offset
            let key = try cursor.readString("key of metadata entry \(position)")
            guard index[key] == nil else { throw .duplicateKey(key, offset: keyOffset) }
            let type = try cursor.readValueType(key: key, "value type of '\(key)'")
            if key == "general.alignment" { alignmentOffset = cursor.offset }
            let value = try cursor.readValue(of: type, key: key)
            index[key] = entries.count
            entries.append(.init(key: key, value: value))
        }
        let metadata = GGUFMetadata(entries: entries, index: index)

        guard let value = metadata["general.alignment"] else { return (metadata, Self.defaultAlignment) }
        guard case .uint32(let alignment) = value, alignment != 0, alignment & (alignment - 1) == 0 else {
            throw .badAlignment(found: value, offset: alignmentOffset)
        }
        return (metadata, Int(alignment))
    }
}
