/// Why a GGUF file could not be opened, parsed, or a metadata value read.
///
/// Every parse error names the problem and the byte offset where it was found; `description` is
/// a sentence such as
/// `GGUF: tensor 'output.weight' (offset 5947776): data ends at byte 150590848 past the end of the file (100000 bytes)`.
/// Errors do not name the file path (except `cannotOpen`); callers that know it prefix it.
public enum GGUFError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or mapped.
    case cannotOpen(path: String, reason: String)
    /// A fixed-size field at `offset` needs `needed` bytes but the file ends first.
    case truncated(offset: Int, needed: Int, what: String)
    /// The file does not start with `GGUF`; `found` holds its first (up to four) bytes.
    case badMagic(found: [UInt8])
    /// Only versions 2 and 3 are read (version 1 used 32-bit counts).
    case unsupportedVersion(UInt32)
    /// A count or length read at `offset` could not possibly fit in the rest of the file.
    case absurdCount(what: String, count: UInt64, offset: Int)
    /// A value (or array element) type tag at `offset` is not a known `GGUFValueType`.
    case unknownValueType(key: String, raw: UInt32, offset: Int)
    /// A key, string value or array string element at `offset` is not valid UTF-8.
    case invalidUTF8(what: String, offset: Int)
    /// The metadata key at `offset` was already defined (`offset` is -1 for in-memory metadata).
    case duplicateKey(String, offset: Int)
    /// Arrays nest deeper than `GGUFArray.maxNestingDepth` at `offset`.
    case nestingTooDeep(key: String, depth: Int, offset: Int)
    /// `general.alignment` (its value at `offset`) is not a non-zero power-of-two `uint32`.
    case badAlignment(found: GGUFValue, offset: Int)
    /// A tensor's ggml type id (at `offset`) is not a known `GGMLType`.
    case unknownTensorType(name: String, raw: UInt32, offset: Int)
    /// A tensor name (its info at `offset`) was already used.
    case duplicateTensor(String, offset: Int)
    /// A tensor (its info at `offset`) has more than four dimensions.
    case tooManyDimensions(name: String, count: UInt32, offset: Int)
    /// A tensor has a zero or negative dimension, or its element or byte count overflows.
    case badDimension(name: String, dimensions: [UInt64], offset: Int)
    /// A tensor's row length (`ne[0]`) is not a multiple of its type's block size.
    case rowNotMultipleOfBlock(name: String, type: GGMLType, rowLength: Int, offset: Int)
    /// A tensor's data offset (relative to the data section) is not a multiple of the alignment.
    case misalignedTensor(name: String, offset: UInt64, alignment: Int)
    /// A tensor's data, starting at absolute byte `start`, ends at `end`, past the end of the file.
    case tensorOutOfBounds(name: String, start: UInt64, end: UInt64, fileSize: Int)
    /// Two tensors' data ranges overlap; `offset` is where the second one starts.
    case overlappingTensors(first: String, second: String, offset: Int)
    /// A required metadata key is absent.
    case missingKey(String)
    /// A metadata value does not have the type (or range) the caller asked for.
    case typeMismatch(key: String, expected: String, found: String)

    /// A human-readable sentence naming the problem and where it is.
    public var description: String {
        "GGUF: " + detail
    }

    private var detail: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open '\(path)': \(reason)"
        case .truncated(let offset, let needed, let what):
            "the file ends inside the \(what) at byte \(offset) (\(needed) bytes needed)"
        case .badMagic(let found):
            "not a GGUF file: expected magic 47 47 55 46 (\"GGUF\"), found \(Self.hex(found))"
        case .unsupportedVersion(let version):
            "unsupported version \(version) (only 2 and 3 are supported"
                + ((2...3).contains(version.byteSwapped) ? "; this looks like a big-endian file)" : ")")
        case .absurdCount(let what, let count, let offset):
            "\(what) at byte \(offset) is \(count), more than the rest of the file could hold (truncated or corrupt file?)"
        case .unknownValueType(let key, let raw, let offset):
            "unknown value type \(raw) for '\(key)' at byte \(offset)"
        case .invalidUTF8(let what, let offset):
            "\(what) at byte \(offset) is not valid UTF-8"
        case .duplicateKey(let key, let offset):
            "metadata key '\(key)'" + (offset >= 0 ? " at byte \(offset)" : "") + " is defined twice"
        case .nestingTooDeep(let key, let depth, let offset):
            "arrays in '\(key)' nest \(depth) deep at byte \(offset) (at most \(GGUFArray.maxNestingDepth) allowed)"
        case .badAlignment(let found, let offset):
            "general.alignment at byte \(offset) must be a non-zero power-of-two uint32, found \(found.typeDescription) \(Self.brief(found))"
        case .unknownTensorType(let name, let raw, let offset):
            "tensor '\(name)' has unknown ggml type \(raw) at byte \(offset)"
        case .duplicateTensor(let name, let offset):
            "tensor '\(name)' at byte \(offset) is defined twice"
        case .tooManyDimensions(let name, let count, let offset):
            "tensor '\(name)' at byte \(offset) has \(count) dimensions (at most 4 allowed)"
        case .badDimension(let name, let dimensions, let offset):
            "tensor '\(name)' at byte \(offset) has invalid shape \(dimensions) (zero, negative or overflowing size)"
        case .rowNotMultipleOfBlock(let name, let type, let rowLength, let offset):
            "tensor '\(name)' at byte \(offset): row length \(rowLength) is not a multiple of \(type.name)'s block size \(type.blockSize)"
        case .misalignedTensor(let name, let offset, let alignment):
            "tensor '\(name)' data offset \(offset) is not a multiple of the alignment \(alignment)"
        case .tensorOutOfBounds(let name, let start, let end, let fileSize):
            "tensor '\(name)' (offset \(start)): data ends at byte \(end) past the end of the file (\(fileSize) bytes)"
        case .overlappingTensors(let first, let second, let offset):
            "tensor '\(second)' at byte \(offset) overlaps the data of tensor '\(first)'"
        case .missingKey(let key):
            "missing metadata key '\(key)'"
        case .typeMismatch(let key, let expected, let found):
            "metadata key '\(key)' should be \(expected), found \(found)"
        }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.isEmpty
            ? "nothing"
            : bytes.map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + digits : digits
            }.joined(separator: " ")
    }

    private static func brief(_ value: GGUFValue) -> String {
        switch value {
        case .string(let s): "\"\(s.prefix(40))\""
        case .array(let a): "(\(a.count) elements)"
        default: value.intValue.map(String.init) ?? value.doubleValue.map { "\($0)" } ?? "\(value)"
        }
    }
}
