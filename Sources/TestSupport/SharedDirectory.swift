import Foundation

/// The project's shared directory (Apple's interfaces, the seeds, the JSON Schema Test Suite),
/// which lives outside the repository: `$FM_SHARED_DIR`, else `../shared` beside the checkout,
/// else `../shared` beside the repository this checkout was cloned from (as
/// `scripts/interface_audit` finds it). `nil` when none exists.
package enum SharedDirectory {
    /// The directory, found once.
    package static let url: URL? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        var candidates: [URL] = []
        if let named = ProcessInfo.processInfo.environment["FM_SHARED_DIR"], !named.isEmpty {
            candidates.append(URL(fileURLWithPath: named))
        }
        candidates.append(repository.appendingPathComponent("../shared"))
        if let origin = originPath(of: repository) { candidates.append(URL(fileURLWithPath: origin).appendingPathComponent("../shared")) }
        return candidates.map(\.standardized).first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// A path inside the shared directory, if the directory and the path exist.
    package static func path(_ relative: String) -> URL? {
        guard let url = url?.appendingPathComponent(relative).standardized,
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return url
    }

    /// The `origin` remote of a checkout when it is a local path.
    static func originPath(of repository: URL) -> String? {
        guard let config = try? String(contentsOf: repository.appendingPathComponent(".git/config"), encoding: .utf8) else { return nil }
        var inOrigin = false
        for line in config.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("[") { inOrigin = line == #"[remote "origin"]"# }
            if inOrigin, line.hasPrefix("url") {
                let value = line.split(separator: "=", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                return value.hasPrefix("/") ? value : nil
            }
        }
        return nil
    }
}
