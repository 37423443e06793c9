import Foundation

/// Reads a file's bytes for the two parsers, reporting a missing or unreadable file.
enum SourceFile {
    /// Why a file could not be read.
    enum Failure: Error, Sendable {
        /// Nothing exists at the path.
        case notFound
        /// The path exists but could not be read (a directory, no permission, …).
        case unreadable(String)
    }

    /// The bytes of the file at `url`.
    static func bytes(at url: URL) throws(Failure) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .notFound
        }
        guard !isDirectory.boolValue else { throw .unreadable("it is a directory") }
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw .unreadable(error.localizedDescription)
        }
    }
}
