import Foundation
import Synchronization
import TestSupport
import Testing

/// `fm chat` driven through its standard input, as a script (or a user) would.
@Suite struct FMChatTests {
    @Test func aConversationIsSavedLoadedAndContinued() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chat-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let script = "What is 2+2? Answer with a number.\n/save \(file)\n/reset\n/load \(file)\nAnd 3+3?\n/transcript\n/bogus\n/quit\n"
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("fm-home-\(UUID().uuidString)").path
        let out = try FMBinary.run(
            ["chat", "--greedy", "--max-tokens", "20", "--instructions", "Answer briefly."], stdin: script, environment: ["FM_HOME": home])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("saved 3 entries"))
        #expect(out.stderr.contains("loaded 3 entries"))
        #expect(out.stderr.contains("unknown command /bogus"))
        // After /load the conversation goes on from the saved turn: the transcript shows both turns.
        #expect(out.stdout.contains("Prompt: What is 2+2?") && out.stdout.contains("Prompt: And 3+3?"))
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        #expect(saved?["transcript"] != nil)
    }

    @Test func ctrlCStopsTheAnswerNotTheProgram() throws {
        let process = Process()
        process.executableURL = try FMBinary.url()
        process.arguments = ["chat", "--greedy", "--max-tokens", "2000"]
        process.environment = ProcessInfo.processInfo.environment.merging(FMBinary.baseEnvironment) { $1 }.merging(
            ["FM_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("fm-home-\(UUID().uuidString)").path]) { $1 }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let received = Mutex<Data>(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            received.withLock { $0.append(chunk) }
        }
        errors.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
        try process.run()
        input.fileHandleForWriting.write(Data("Write a very long story about a coffee shop, at least two thousand words.\n".utf8))
        let deadline = Date().addingTimeInterval(60)
        while received.withLock({ $0.count }) < 20, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        process.interrupt() // Ctrl-C
        input.fileHandleForWriting.write(Data("Say hi.\n/quit\n".utf8))
        try input.fileHandleForWriting.close()
        let stop = Date().addingTimeInterval(60)
        while process.isRunning, Date() < stop { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        let text = String(decoding: received.withLock { $0 }, as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(text.contains("[stopped]"), "\(text)")
        let afterStop = text.components(separatedBy: "[stopped]").last ?? ""
        #expect(!afterStop.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "no answer after the interrupted one")
    }
}
