import Foundation

/// Runs the built `fm` executable as a subprocess, the way users and scripts run it.
package enum FMBinary {
    /// The result of one run.
    package struct Output: Sendable {
        /// Exit status, or the signal number negated when the process was killed by a signal.
        package let status: Int32
        /// Standard output.
        package let stdout: String
        /// Standard error.
        package let stderr: String
        /// Whether the process ended by a signal (a crash), not an exit.
        package let crashed: Bool
    }

    /// The binary built next to the test bundle (`.build/<config>/fm`), or `$FM_BINARY`.
    package static func url() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["FM_BINARY"] { return URL(fileURLWithPath: path) }
        // The test bundle lives in the same build products directory as the executable.
        let products = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [products.appendingPathComponent("fm"), products.deletingLastPathComponent().appendingPathComponent("fm")] {
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let fallback = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/release/fm").standardized
        guard FileManager.default.isExecutableFile(atPath: fallback.path) else {
            throw TestModels.Missing(path: fallback.path + " (build it: swift build -c release -Xswiftc -enable-testing --build-tests)")
        }
        return fallback
    }

    /// The variables every run gets unless the caller gives its own: no prompt cache, so that
    /// each run prefills its whole prompt as a first run does (a test of the cache names a
    /// directory of its own).
    package static let baseEnvironment = ["FM_PROMPT_CACHE": "off"]

    /// Runs `fm` with `arguments`, feeding `stdin`, with extra environment variables.
    package static func run(
        _ arguments: [String], stdin: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(baseEnvironment) { $1 }.merging(environment) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        let errData = LockedData()
        let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self),
            crashed: process.terminationReason == .uncaughtSignal)
    }
}

/// A value handed from the stderr reader thread.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return data != nil }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
}
