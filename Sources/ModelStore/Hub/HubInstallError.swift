/// Why a model could not be installed from the Hugging Face Hub. Nothing is ever left at the
/// final path; a download cut short keeps its `.part` file so that the next run resumes it,
/// and a part that fails its checksum is deleted.
package enum HubInstallError: Error, Equatable, CustomStringConvertible {
    /// The name is not `hf:owner/repo[:QUANT]`.
    case invalidReference(String, reason: String)
    /// The Hub has no such repository (404), or it is private and no token was sent.
    case repositoryNotFound(repository: String, tokenSent: Bool)
    /// The repository is gated or private and the request was refused (401, 403).
    case accessDenied(repository: String, status: Int, gated: Bool, tokenSent: Bool)
    /// The repository has no such file or revision (404 on a file).
    case fileNotFound(repository: String, path: String)
    /// The repository holds no GGUF model file.
    case noGGUF(repository: String)
    /// No GGUF file matches the quantization tag; `available` lists the tags there are.
    case quantizationNotFound(repository: String, requested: String, available: [String])
    /// The chosen quantization is split into several files, which this engine does not load.
    case splitModel(repository: String, file: String, parts: Int)
    /// The Hub answered with a status this installer does not expect.
    case unexpectedResponse(url: String, status: Int, detail: String)
    /// The tree listing could not be read.
    case badListing(repository: String, detail: String)
    /// The connection failed or was cut; `partial` is the part file kept for resuming, if any.
    case network(url: String, detail: String, partial: String?)
    /// Not enough free space for the rest of the file (checked before downloading).
    case insufficientDiskSpace(directory: String, needed: Int64, available: Int64)
    /// The disk filled up while writing (ENOSPC); the part is kept for resuming.
    case diskFull(path: String)
    /// The downloaded file is not the size the Hub published; the part was deleted.
    case sizeMismatch(path: String, expected: Int64, actual: Int64)
    /// The downloaded file's SHA-256 is not the one the Hub published; the part was deleted.
    case checksumMismatch(path: String, expected: String, actual: String)
    /// Another process is downloading the same file.
    case busy(path: String)
    /// A file system operation failed.
    case fileSystem(operation: String, path: String, detail: String)

    /// A sentence naming the problem and what to do.
    package var description: String {
        switch self {
        case let .invalidReference(text, reason):
            "'\(text)' is not a Hub model name: \(reason)"
        case let .repositoryNotFound(repository, tokenSent):
            "the Hub has no repository \(repository)"
                + (tokenSent ? " that this HF_TOKEN can see" : " (if it is private, set HF_TOKEN to an access token that can read it)")
        case let .accessDenied(repository, status, gated, tokenSent):
            (gated ? "\(repository) is a gated repository" : "access to \(repository) was refused")
                + " (HTTP \(status)): "
                + (tokenSent
                    ? "the token in HF_TOKEN may not read it\(gated ? "; accept the model's terms on its Hub page with that account" : "")"
                    : "set HF_TOKEN to a Hugging Face access token\(gated ? " of an account that accepted the model's terms on its Hub page" : "")")
        case let .fileNotFound(repository, path):
            "\(repository) has no file \(path)"
        case let .noGGUF(repository):
            "\(repository) has no GGUF model file (only .gguf files can be installed; mmproj projectors are skipped)"
        case let .quantizationNotFound(repository, requested, available):
            "\(repository) has no \(requested) GGUF file; available: \(available.joined(separator: ", "))"
        case let .splitModel(repository, file, parts):
            "\(repository): \(file) is one of \(parts) split files; split GGUF models are not supported (pick another quantization, or merge the parts with llama-gguf-split --merge and use the file)"
        case let .unexpectedResponse(url, status, detail):
            "unexpected HTTP \(status) from \(url)" + (detail.isEmpty ? "" : ": \(detail)")
        case let .badListing(repository, detail):
            "cannot read the file list of \(repository): \(detail)"
        case let .network(url, detail, partial):
            "downloading \(url) failed: \(detail)"
                + (partial.map { "; the part is kept at \($0) and the next install resumes it" } ?? "")
        case let .insufficientDiskSpace(directory, needed, available):
            "not enough disk space in \(directory): need \(needed / 1_048_576) MiB, \(available / 1_048_576) MiB free"
        case let .diskFull(path):
            "the disk is full while writing \(path); free some space and install again to resume"
        case let .sizeMismatch(path, expected, actual):
            "\(path) has \(actual) bytes, the Hub publishes \(expected); the download was deleted, nothing was installed"
        case let .checksumMismatch(path, expected, actual):
            "\(path) has sha256 \(actual), the Hub publishes \(expected); the download was deleted, nothing was installed"
        case let .busy(path):
            "another process is downloading \(path); wait for it to finish"
        case let .fileSystem(operation, path, detail):
            "\(operation) \(path) failed: \(detail)"
        }
    }
}
