#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file mapped read-only into memory (`mmap(PROT_READ, MAP_PRIVATE)`); unmapped in `deinit`.
///
/// The only platform code of the `GGUF` module. Pages are loaded by the kernel as they are
/// touched, so opening a 500 MB model costs only the pages the header occupies.
final class MappedFile: @unchecked Sendable {
    /// The mapped bytes (empty, with no base address, for an empty file).
    let bytes: UnsafeRawBufferPointer

    /// Opens and maps `path`.
    init(path: String) throws(GGUFError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: Self.lastError()) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(path: path, reason: Self.lastError()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .cannotOpen(path: path, reason: "not a regular file")
        }
        guard let size = Int(exactly: info.st_size), size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != MAP_FAILED else {
            throw .cannotOpen(path: path, reason: "mmap failed: " + Self.lastError())
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
