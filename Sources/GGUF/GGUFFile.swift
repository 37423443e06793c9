/// A parsed GGUF v2/v3 file: metadata, tensor infos, and the tensor bytes through a memory map.
///
/// ```swift
/// let file = try GGUFFile(path: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf")
/// print(file.metadata.string("general.architecture") ?? "?")    // "qwen2"
/// if let output = file.tensor(named: "output.weight") {
///     let bytes = file.data(for: output)                          // mapped, not copied
///     print(output.type.name, output.dimensions, bytes.count)     // Q8_0 [896, 151936] 144643072
/// }
/// ```
///
/// Opening a file maps it read-only and parses only the header; tensor pages are read by the
/// kernel when first touched. The object is immutable and can be shared across threads. Every
/// structural problem is reported as a `GGUFError` at `init`; a file that opens has tensors
/// whose data lies inside the file and does not overlap.
public final class GGUFFile: Sendable {
    /// The path the file was opened from; `nil` when parsed from memory.
    public let path: String?
    /// The format version (2 or 3).
    public let version: UInt32
    /// The key-value metadata, in file order.
    public let metadata: GGUFMetadata
    /// The tensor infos, in file order.
    public let tensors: [GGUFTensorInfo]
    /// The data section's alignment: `general.alignment`, else 32.
    public let alignment: Int
    /// Where the tensor data section starts, in bytes from the start of the file.
    public let dataOffset: Int
    /// Where the tensor infos start (just after the metadata), in bytes from the start of the file.
    public let tensorInfoOffset: Int

    private let storage: GGUFStorage
    private let tensorIndex: [String: Int]

    /// Maps the file at `path` read-only and parses it.
    public convenience init(path: String) throws(GGUFError) {
        try self.init(storage: GGUFStorage(mapping: MappedFile(path: path)), path: path)
    }

    /// Parses a GGUF file held in memory (the bytes are copied once). The end of `bytes` is
    /// the end of the file, so a header-only prefix of a large file parses up to the point
    /// where tensor data would be needed.
    public convenience init(bytes: [UInt8]) throws(GGUFError) {
        let storage = bytes.withUnsafeBytes { GGUFStorage(copying: $0) }
        try self.init(storage: storage, path: nil)
    }

    /// Parses a GGUF file from raw memory (the bytes are copied once).
    public convenience init(copying buffer: UnsafeRawBufferPointer) throws(GGUFError) {
        try self.init(storage: GGUFStorage(copying: buffer), path: nil)
    }

    private init(storage: GGUFStorage, path: String?) throws(GGUFError) {
        let header = try GGUFParser.parse(storage)
        self.storage = storage
        self.path = path
        self.version = header.version
        self.metadata = header.metadata
        self.tensors = header.tensors
        self.alignment = header.alignment
        self.tensorInfoOffset = header.tensorInfoOffset
        self.dataOffset = header.dataOffset
        self.tensorIndex = Dictionary(uniqueKeysWithValues: header.tensors.enumerated().map { ($1.name, $0) })
    }

    /// The size of the file in bytes.
    public var fileSize: Int { storage.bytes.count }

    /// `general.architecture`, e.g. `"qwen2"`, `"gemma3"`.
    public var architecture: String? { metadata.string("general.architecture") }

    /// The tensor called `name`, or `nil`.
    public func tensor(named name: String) -> GGUFTensorInfo? {
        tensorIndex[name].map { tensors[$0] }
    }

    /// The bytes of `tensor`'s data, straight from the map. Valid while this file object is
    /// alive; `tensor` must come from this file.
    public func data(for tensor: GGUFTensorInfo) -> UnsafeRawBufferPointer {
        precondition(
            tensor.absoluteOffset >= dataOffset && tensor.absoluteEnd <= fileSize,
            "GGUFFile.data(for:): tensor '\(tensor.name)' is not from this file")
        return UnsafeRawBufferPointer(rebasing: storage.bytes[tensor.absoluteOffset..<tensor.absoluteEnd])
    }

    /// Calls `body` with `tensor`'s bytes while keeping the file alive.
    public func withData<R, E: Error>(
        for tensor: GGUFTensorInfo, _ body: (UnsafeRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        try withExtendedLifetime(self) { () throws(E) -> R in try body(data(for: tensor)) }
    }

    /// Calls `body` with the whole file's bytes (the header included) while keeping it alive.
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(self) { () throws(E) -> R in try body(storage.bytes) }
    }
}
