import Foundation

/// Why a save could not be written or read.
package struct SaveFileError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, naming the file.
    package let description: String
}

/// Saves and loads the shop as JSON. A save is written to a temporary file beside the target,
/// flushed to disk, and renamed over the old save in one step, so a crash or a `kill -9` in the
/// middle of saving leaves either the old save or the new one, never half of one.
package struct SaveFile: Sendable {
    /// Where the save lives.
    package let url: URL

    /// A save at `url`.
    package init(url: URL) {
        self.url = url
    }

    /// The default save under `environment` (the executable passes its own):
    /// `$XDG_DATA_HOME/dream-coffee/save.json` (or `~/.local/share/…`).
    package static func defaultURL(environment: [String: String]) -> URL {
        let base =
            environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return base.appendingPathComponent("dream-coffee/save.json")
    }

    /// Writes `state` atomically.
    package func save(_ state: ShopState) throws(SaveFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(state) } catch {
            throw SaveFileError(description: "could not encode the save: \(error)")
        }
        try write(data)
    }

    /// Writes bytes to a temporary file, syncs it, renames it over the save, syncs the folder.
    func write(_ data: Data) throws(SaveFileError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SaveFileError(description: "could not create \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SaveFileError(description: "could not write \(temporary.path): \(String(cString: strerror(errno)))") }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if let failure {
            unlink(temporary.path)
            throw SaveFileError(description: "could not write \(temporary.path): \(failure)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw SaveFileError(description: "could not replace \(url.path): \(reason)")
        }
        let folderFD = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Whether a save exists.
    package var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Reads the save.
    package func load() throws(SaveFileError) -> ShopState {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SaveFileError(description: "could not read \(url.path): \(error.localizedDescription)")
        }
        struct Header: Decodable { var version: Int }
        if let header = try? JSONDecoder().decode(Header.self, from: data), header.version != 1 {
            throw SaveFileError(description: "\(url.path) is a save of version \(header.version); this game reads version 1")
        }
        do {
            return try JSONDecoder().decode(ShopState.self, from: data)
        } catch {
            throw SaveFileError(description: "\(url.path) is not a Dream Coffee save: \(error)")
        }
    }
}
