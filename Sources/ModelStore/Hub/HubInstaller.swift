import Foundation
import Kernels

/// Installs GGUF models from the Hugging Face Hub into a models directory, at
/// `hf/<owner>/<repo>/<file>`: lists the repository (`/api/models/{repo}/tree/{revision}`),
/// picks the quantization (`HubQuantization`), asks the file's metadata with `HEAD` (the
/// commit it is pinned to, its SHA-256 and size), checks free space, downloads into
/// `<file>.part` (resuming an earlier part with `Range`, hashing while writing), verifies
/// size and SHA-256, and renames the part into place. An installed file that verifies is
/// left alone.
///
/// ```swift
/// let installer = HubInstaller(
///     directory: ModelCatalog.directory(environment: environment),
///     configuration: HubConfiguration(environment: environment))
/// let url = try await installer.install(try HubReference.parse("hf:Qwen/Qwen3-0.6B-GGUF:Q8_0")) { print($0) }
/// ```
package struct HubInstaller: Sendable {
    /// The models directory (the Hub's files go in its `hf/` folder).
    package let directory: URL
    /// The endpoint and token.
    package let configuration: HubConfiguration

    /// An installer into `directory` from `configuration`'s Hub.
    package init(directory: URL, configuration: HubConfiguration) {
        self.directory = directory
        self.configuration = configuration
    }

    /// Installs the file `reference` names unless a verified copy is there; returns its path.
    @discardableResult
    package func install(_ reference: HubReference, progress: (HubProgress) -> Void = { _ in }) async throws(HubInstallError) -> URL {
        let http = HubHTTP(configuration: configuration)
        do {
            let url = try await install(reference, http: http, progress: progress)
            await http.shutdown()
            return url
        } catch {
            await http.shutdown()
            throw error
        }
    }

    /// The install's steps with one client, which the caller shuts down.
    func install(_ reference: HubReference, http: HubHTTP, progress: (HubProgress) -> Void) async throws(HubInstallError) -> URL {
        progress(.listing(repository: reference.repository))
        let files = try await listFiles(reference, http: http)
        var file = try HubQuantization.choose(reference.quantization, among: files, repository: reference.repository)
        progress(.chosen(path: file.path, size: file.size))
        let folder = reference.directory(in: directory)
        let destination = folder.appendingPathComponent(file.name)
        if PartFile.size(of: destination.path) != nil {
            switch verify(destination, file, progress: progress) {
            case .success: progress(.alreadyInstalled(destination)); return destination
            case let .failure(problem): progress(.replacing(destination, reason: problem.description))
            }
        }
        let metadata = try await head(reference, file, http: http)
        if let sha = metadata.sha256, sha != file.sha256 {
            // The repository changed between the listing and now: the newer answer wins.
            file = HubFile(path: file.path, size: metadata.size ?? file.size, sha256: sha)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(operation: "creating directory", path: folder.path, detail: "\(error)")
        }
        let part = URL(fileURLWithPath: destination.path + ".part")
        let needed = file.size - min(PartFile.size(of: part.path) ?? 0, file.size)
        if let free = PartFile.freeSpace(folder), free < needed {
            throw .insufficientDiskSpace(directory: folder.path, needed: needed, available: free)
        }
        let url = configuration.resolveURL(reference.repository, revision: metadata.commit ?? reference.revision, path: file.path)
        try await download(url, to: part, file: file, repository: reference.repository, http: http, progress: progress)
        guard rename(part.path, destination.path) == 0 else {
            throw .fileSystem(operation: "renaming into", path: destination.path, detail: PartFile.lastError())
        }
        progress(.installed(destination))
        return destination
    }

    /// Checks an installed file's size and (when the Hub publishes one) SHA-256.
    func verify(_ url: URL, _ file: HubFile, progress: (HubProgress) -> Void) -> Result<Void, HubInstallError> {
        let size = PartFile.size(of: url.path) ?? -1
        guard size == file.size else { return .failure(.sizeMismatch(path: url.path, expected: file.size, actual: size)) }
        guard let expected = file.sha256 else { return .success(()) }
        progress(.verifying(path: url.path))
        var hash = SHA256()
        do { try PartFile.hash(url.path, count: size, into: &hash) } catch { return .failure(error) }
        let digest = SHA256.hex(hash.finalize())
        return digest == expected ? .success(()) : .failure(.checksumMismatch(path: url.path, expected: expected, actual: digest))
    }
}
