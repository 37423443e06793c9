import Foundation

/// One file of a Hub repository, as the tree endpoint lists it
/// (`GET {endpoint}/api/models/{repo}/tree/{revision}?recursive=true`):
///
/// ```json
/// [{"type": "file", "oid": "<git sha1>", "size": 484220320, "path": "Qwen3-0.6B-Q4_K_M.gguf",
///   "lfs": {"oid": "<sha256>", "size": 484220320, "pointerSize": 135}}]
/// ```
///
/// Large files are stored with Git LFS; their `lfs.oid` is the SHA-256 of the content, which
/// the installer checks. Directories (`"type": "directory"`) are left out.
package struct HubFile: Sendable, Hashable {
    /// The path inside the repository (`Q4_K_M/model-Q4_K_M.gguf` in a folder).
    package let path: String
    /// The size in bytes (the LFS object's size for LFS files).
    package let size: Int64
    /// The lowercase hex SHA-256 of the content, published for LFS files; nil otherwise.
    package let sha256: String?

    /// Describes a file.
    package init(path: String, size: Int64, sha256: String? = nil) {
        self.path = path
        self.size = size
        self.sha256 = sha256?.lowercased()
    }

    /// The last path component: the name the file is installed under.
    package var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// One entry of the tree listing, as JSON.
    struct Entry: Decodable {
        struct LFS: Decodable {
            let oid: String
            let size: Int64
        }
        let type: String
        let path: String
        let size: Int64?
        let lfs: LFS?
    }

    /// The files of one page of a tree listing; throws when the JSON is not one.
    static func listing(from data: [UInt8]) throws -> [HubFile] {
        try JSONDecoder().decode([Entry].self, from: Data(data)).compactMap { entry in
            guard entry.type == "file" else { return nil }
            if let lfs = entry.lfs { return HubFile(path: entry.path, size: lfs.size, sha256: lfs.oid) }
            return HubFile(path: entry.path, size: entry.size ?? 0)
        }
    }
}
