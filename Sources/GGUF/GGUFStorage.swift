/// The immutable bytes a `GGUFFile` was parsed from: a memory map or an owned copy.
///
/// Shared by the file object and every lazily decoded `GGUFArray`, so array views stay valid
/// for as long as anyone holds them. The buffer's end is treated as the end of the file.
final class GGUFStorage: @unchecked Sendable {
    /// The bytes; never written after `init`.
    let bytes: UnsafeRawBufferPointer
    /// Keeps the mapping alive; `nil` when the bytes are an owned allocation.
    private let mapping: MappedFile?

    /// Wraps a memory-mapped file.
    init(mapping: MappedFile) {
        self.mapping = mapping
        self.bytes = mapping.bytes
    }

    /// Copies `source` into a new allocation (aligned for any scalar load).
    init(copying source: UnsafeRawBufferPointer) {
        mapping = nil
        guard !source.isEmpty else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 64)
        buffer.copyMemory(from: source)
        bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit {
        if mapping == nil, let base = bytes.baseAddress {
            base.deallocate()
        }
    }
}
