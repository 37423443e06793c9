import Foundation
import FoundationModels

/// Chat sessions on disk, as Apple's `fm` keeps them: one transcript per session (the
/// `Transcript` Codable JSON) in `~/.fm/sessions/NAME.json`.
///
/// `FM_HOME` moves the whole `~/.fm` directory (tests use it). Files are written atomically
/// (a temporary file renamed into place), so a crash never leaves half a session; a file that
/// does not decode is reported by name and left as it is.
struct SessionStore {
    /// The directory holding the session files.
    let directory: URL

    /// The store under `$FM_HOME` (default `~/.fm`).
    static func standard() -> SessionStore {
        SessionStore(directory: FMHome.directory.appendingPathComponent("sessions", isDirectory: true))
    }

    /// A session's file.
    func url(of name: String) -> URL {
        directory.appendingPathComponent(name.hasSuffix(".json") ? name : name + ".json")
    }

    /// Throws when `name` cannot be a file name in the store.
    static func validate(name: String) throws {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw CLIError("'\(name)' is not a session name (no '/', not starting with '.')")
        }
    }

    /// Writes `transcript` as session `name`, atomically.
    func save(_ transcript: Transcript, as name: String) throws {
        try Self.validate(name: name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(transcript).write(to: url(of: name), options: .atomic)
    }

    /// Reads session `name`; a missing or corrupt file is an error naming it.
    func load(_ name: String) throws -> Transcript {
        try Self.validate(name: name)
        return try Self.readTranscript(at: url(of: name), label: "session '\(name)'")
    }

    /// Reads a transcript file (`fm respond --load-transcript`, a session file).
    static func readTranscript(at url: URL, label: String) throws -> Transcript {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CLIError("\(label) (\(url.path)) cannot be read: no such file or not readable")
        }
        do {
            return try JSONDecoder().decode(Transcript.self, from: data)
        } catch {
            throw CLIError("\(label) (\(url.path)) is not a valid transcript: \(error)")
        }
    }

    /// The saved sessions, most recently modified first.
    func list() -> [(name: String, modified: Date)] {
        let keys: [URLResourceKey] = [.contentModificationDateKey]
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return
            files
            .filter { $0.pathExtension == "json" }
            .map { url in
                let date = (try? url.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast
                return (name: url.deletingPathExtension().lastPathComponent, modified: date)
            }
            .sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.name < $1.name }
    }

    /// The most recently saved session's name.
    func mostRecent() -> String? {
        list().first?.name
    }

    /// A fresh session name: the local date and time, made unique in the store.
    func newName(now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        let base = formatter.string(from: now)
        var name = base
        var suffix = 2
        while FileManager.default.fileExists(atPath: url(of: name).path) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        return name
    }
}

/// `~/.fm`, or `$FM_HOME`.
enum FMHome {
    /// The directory.
    static var directory: URL {
        if let home = ProcessInfo.processInfo.environment["FM_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".fm", isDirectory: true)
    }

    /// The one-line setting kept in the file `name` (`default-model`, `appearance`), if set.
    static func setting(_ name: String) -> String? {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else { return nil }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    /// Keeps `value` as the setting `name`, written atomically.
    static func save(setting name: String, _ value: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data((value + "\n").utf8).write(to: directory.appendingPathComponent(name), options: .atomic)
    }
}

/// The model `fm chat` uses when none is named (`fm chat --set-default-model NAME`), kept in
/// `~/.fm/default-model`.
enum ChatDefaults {
    /// The saved name, if any.
    static func savedModel() -> String? {
        FMHome.setting("default-model")
    }

    /// Saves `name` as the default.
    static func save(_ name: String) throws {
        try FMHome.save(setting: "default-model", name)
    }
}
