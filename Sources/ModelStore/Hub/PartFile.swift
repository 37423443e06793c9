import Foundation
import Kernels

/// The `.part` file a download appends to, beside its final path: opened for appending (what
/// an earlier run wrote stays and is resumed), locked against a second writer (`flock`), and
/// written with `write(2)` so that a full disk is named as such (`ENOSPC`, `EDQUOT`).
final class PartFile {
    /// Where the part is.
    let path: String
    /// The open descriptor, or -1 once closed.
    private var descriptor: Int32

    /// Opens (creating if needed) the part at `path` for appending; `.busy` when another
    /// process holds it.
    init(path: String) throws(HubInstallError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .fileSystem(operation: "opening", path: path, detail: Self.lastError()) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let detail = Self.lastError()
            closeDescriptor(descriptor)
            descriptor = -1
            throw busy ? .busy(path: path) : .fileSystem(operation: "locking", path: path, detail: detail)
        }
    }

    deinit {
        if descriptor >= 0 { closeDescriptor(descriptor) }
    }

    /// The bytes written so far.
    var size: Int64 {
        var stats = stat()
        return fstat(descriptor, &stats) == 0 ? Int64(stats.st_size) : 0
    }

    /// Empties the part, to start the download again.
    func truncate() throws(HubInstallError) {
        guard ftruncate(descriptor, 0) == 0 else { throw .fileSystem(operation: "truncating", path: path, detail: Self.lastError()) }
    }

    /// Appends `bytes`, all of them.
    func append(_ bytes: UnsafeRawBufferPointer) throws(HubInstallError) {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == ENOSPC || errno == EDQUOT { throw .diskFull(path: path) }
                throw .fileSystem(operation: "writing", path: path, detail: Self.lastError())
            }
            offset += written
        }
    }

    /// Flushes the part to disk and closes it.
    func finish() throws(HubInstallError) {
        guard descriptor >= 0 else { return }
        let synced = fsync(descriptor) == 0 || errno == EINVAL // character devices cannot sync
        let detail = Self.lastError()
        closeDescriptor(descriptor)
        descriptor = -1
        guard synced else { throw .fileSystem(operation: "flushing", path: path, detail: detail) }
    }

    /// Hashes the first `count` bytes of the file at `path` into `hash` (a resumed part's
    /// bytes, or an installed file's), calling `progress` with the bytes hashed so far.
    static func hash(_ path: String, count: Int64, into hash: inout SHA256, progress: (Int64) -> Void = { _ in }) throws(HubInstallError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .fileSystem(operation: "reading", path: path, detail: "cannot open")
        }
        defer { try? handle.close() }
        var done: Int64 = 0
        while done < count {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: Int(min(8 << 20, count - done))) } catch {
                throw .fileSystem(operation: "reading", path: path, detail: "\(error)")
            }
            guard let chunk, !chunk.isEmpty else { break }
            chunk.withUnsafeBytes { hash.update($0) }
            done += Int64(chunk.count)
            progress(done)
        }
        guard done == count else { throw .fileSystem(operation: "reading", path: path, detail: "ended after \(done) of \(count) bytes") }
    }

    /// The size of the file at `path`, or nil when there is none.
    static func size(of path: String) -> Int64? {
        var stats = stat()
        return stat(path, &stats) == 0 ? Int64(stats.st_size) : nil
    }

    /// Free bytes on the file system holding `directory`.
    static func freeSpace(_ directory: URL) -> Int64? {
        var stats = statvfs()
        guard statvfs(directory.path, &stats) == 0 else { return nil }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// `close(2)` and `write(2)` under names the type's methods do not shadow.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
