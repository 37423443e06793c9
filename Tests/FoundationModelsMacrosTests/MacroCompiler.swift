import Foundation
import Testing

/// Compiles a source file the way a user's build does: the real `swiftc`, `import FoundationModels`
/// from this build, and the `@Generable`/`@Guide` plugin this build made — then reports what the
/// macros wrote and said.
///
/// Testing through the compiler instead of linking the macro library into the tests means the
/// test bundle never needs swift-syntax built for the target: SwiftPM builds it once, for the
/// plugin (a second copy for the tests cost about 5 of CI's 23 build minutes on 2 cores).
enum MacroCompiler {
    /// What one compile of a fixture produced.
    struct Result: Sendable {
        /// One macro expansion buffer, in the order the compiler dumped them.
        struct Expansion: Sendable {
            /// The compiler's buffer name, e.g. `@__swiftmacro_7Fixture10CatProfile9GenerablefMm_.swift`.
            var buffer: String
            /// The generated code (empty when the macro added nothing).
            var text: String
            /// The macro role, from the buffer name's suffix.
            var role: Role
        }

        /// The role of an attached macro expansion.
        enum Role: String, Sendable {
            case member = "fMm_", `extension` = "fMe_", peer = "fMp_", other = ""
        }

        /// A diagnostic, with its position in the fixture as written (before the import line
        /// the compiler saw).
        struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
            var line: Int
            var column: Int
            var severity: String
            var message: String
            /// Whether a macro emitted it (the compiler appends "(from macro '…')").
            var fromMacro: Bool
            var description: String { "\(line):\(column): \(severity): \(message)" }
        }

        var expansions: [Expansion]
        var diagnostics: [Diagnostic]
        /// The compiler's whole output, for failure messages.
        var output: String

        /// The diagnostics a macro emitted.
        var macroDiagnostics: [Diagnostic] { diagnostics.filter(\.fromMacro) }
        /// The errors, from the compiler or the macros.
        var errors: [Diagnostic] { diagnostics.filter { $0.severity == "error" } }
        /// The non-empty expansions of `role`, in source order.
        func expansions(_ role: Role) -> [String] {
            expansions.filter { $0.role == role && !$0.text.isEmpty }.map(\.text)
        }
    }

    /// A missing piece of the build the compile needs.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Type-checks `source` (prefixed with `import FoundationModels`) in a module named `Fixture`.
    static func compile(_ source: String) throws -> Result {
        let products = try productsDirectory()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("macro-fixture-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Fixture.swift")
        try Data(("import FoundationModels\n" + source).utf8).write(to: file)

        let process = Process()
        process.executableURL = try swiftc()
        process.arguments =
            [
                "-typecheck", "-swift-version", "6", "-module-name", "Fixture", "-diagnostic-style", "llvm",
                "-I", products.appendingPathComponent("Modules").path,
            ] + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] } + [
                "-load-plugin-executable", products.appendingPathComponent("FoundationModelsMacros-tool").path + "#FoundationModelsMacros",
                "-Xfrontend", "-dump-macro-expansions", file.path,
            ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        return Result(
            expansions: parseExpansions(output), diagnostics: parseDiagnostics(output, file: file.path), output: output)
    }

    /// A diagnostic of a compile of files as they are.
    struct FileDiagnostic: Sendable, Equatable, CustomStringConvertible {
        /// The file's name (without its directory).
        var file: String
        var line: Int
        var severity: String
        var message: String
        var description: String { "\(file):\(line): \(severity): \(message)" }
    }

    /// Type-checks `files` together, as they are, in a module named `Samples` (with this build's
    /// `FoundationModels` and macro plugin), and returns the diagnostics about them.
    static func typecheck(files: [URL]) throws -> (diagnostics: [FileDiagnostic], output: String) {
        let products = try productsDirectory()
        let process = Process()
        process.executableURL = try swiftc()
        process.arguments =
            [
                "-typecheck", "-swift-version", "6", "-module-name", "Samples", "-diagnostic-style", "llvm",
                "-I", products.appendingPathComponent("Modules").path,
            ] + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] } + [
                "-load-plugin-executable", products.appendingPathComponent("FoundationModelsMacros-tool").path + "#FoundationModelsMacros",
            ] + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        var found: [FileDiagnostic] = []
        for line in output.split(separator: "\n") {
            guard let file = files.first(where: { line.hasPrefix($0.path + ":") }) else { continue }
            let parts = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let row = Int(parts[0]) else { continue }
            found.append(
                FileDiagnostic(
                    file: file.lastPathComponent, line: row, severity: parts[2].trimmingCharacters(in: .whitespaces),
                    message: String(parts[3].drop { $0 == " " })))
        }
        return (found, output)
    }

    /// The module maps of the build's C modules (ours and those of the dependencies, e.g.
    /// `_NumericsShims` under AsyncHTTPClient): whatever `FoundationModels` imports transitively
    /// must be found, as SwiftPM finds it for a package that depends on us. Found once.
    static let moduleMaps: [String] = (try? productsDirectory()).map(moduleMaps(in:)) ?? []

    /// SwiftPM writes the maps of C targets without one of their own beside their objects
    /// (`<target>.build/module.modulemap` in the products `directory`); the others ship theirs
    /// in their sources (under the package's `.build/checkouts`).
    static func moduleMaps(in directory: URL) -> [String] {
        let files = FileManager.default, products = directory.resolvingSymlinksInPath()
        let entries = (try? files.contentsOfDirectory(atPath: products.path)) ?? []
        let generated = entries.filter { $0.hasSuffix(".build") }.sorted().compactMap { entry in
            let map = products.appendingPathComponent(entry).appendingPathComponent("module.modulemap").path
            return files.fileExists(atPath: map) ? map : nil
        }
        let checkouts = products.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("checkouts")
        var shipped: [String] = []
        if let walk = files.enumerator(atPath: checkouts.path) {
            for case let path as String in walk where path.hasSuffix("/module.modulemap") && path.contains("/Sources/") {
                shipped.append(checkouts.appendingPathComponent(path).path)
            }
        }
        return generated + shipped.sorted()
    }

    /// The expansion buffers of `-dump-macro-expansions`: a line naming the buffer, a rule, the
    /// code, a rule.
    static func parseExpansions(_ output: String) -> [Result.Expansion] {
        let rule = String(repeating: "-", count: 30)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Result.Expansion] = []
        var i = 0
        while i + 1 < lines.count {
            guard lines[i].hasPrefix("@__swiftmacro_"), lines[i + 1] == rule,
                let end = lines[(i + 2)...].firstIndex(of: rule)
            else {
                i += 1
                continue
            }
            let name = lines[i]
            let role = [Result.Role.member, .extension, .peer].first { name.hasSuffix($0.rawValue + ".swift") } ?? .other
            found.append(.init(buffer: name, text: lines[(i + 2)..<end].joined(separator: "\n"), role: role))
            i = end + 1
        }
        return found
    }

    /// `file:line:column: severity: message` lines about the fixture, lines shifted back over
    /// the import the compile added.
    static func parseDiagnostics(_ output: String, file: String) -> [Result.Diagnostic] {
        let suffix = #/ \(from macro '[A-Za-z]+'\)$/#
        var found: [Result.Diagnostic] = []
        for line in output.split(separator: "\n") where line.hasPrefix(file + ":") {
            let parts = line.dropFirst(file.count + 1).split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let row = Int(parts[0]), let column = Int(parts[1]) else { continue }
            var message = String(parts[3].drop { $0 == " " })
            let fromMacro = message.contains(suffix)
            message = message.replacing(suffix, with: "")
            found.append(
                .init(
                    line: row - 1, column: column, severity: parts[2].trimmingCharacters(in: .whitespaces),
                    message: message, fromMacro: fromMacro))
        }
        return found
    }

    /// The build products directory holding the test bundle, the modules and the plugin.
    static func productsDirectory() throws -> URL {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent().deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/release")
                .standardized,
        ]
        for candidate in candidates
        where FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("FoundationModelsMacros-tool").path) {
            return candidate
        }
        throw Unavailable(description: "no FoundationModelsMacros-tool beside the test bundle (tried \(candidates.map(\.path)))")
    }

    /// `swiftc` of the toolchain running the tests: `$SWIFTC`, or the first on `PATH`.
    static func swiftc() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SWIFTC"] { return URL(fileURLWithPath: path) }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Unavailable(description: "no swiftc on PATH (set SWIFTC)")
    }
}
