import Foundation
import TestSupport
import Testing

/// `fm chat` on a real terminal (a pseudo-terminal), as a person uses it: the model loads with
/// progress, the answer streams, Ctrl-C stops the answer and not the program, `/save` works,
/// `/quit` ends it.
@Suite struct FMChatTerminalTests {
    @Test func ctrlCOnATerminalStopsTheAnswerAndTheChatGoesOn() throws {
        _ = try TestModels.qwenPath()
        var environment = PseudoTerminal.defaultEnvironment
        for key in ["FM_MODELS_DIR", "FM_MODEL"] { environment[key] = ProcessInfo.processInfo.environment[key] }
        environment.merge(FMBinary.baseEnvironment) { $1 }
        environment["FM_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("fm-home-\(UUID().uuidString)").path
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chat-pty-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let pty = try PseudoTerminal(
            executable: try FMBinary.url(), arguments: ["chat", "--greedy", "--max-tokens", "3000"],
            environment: environment, columns: 100, rows: 30)
        try pty.waitFor("loading", timeout: .seconds(30))
        try pty.waitFor("ready in", timeout: .seconds(120))
        try pty.send("Write a very long story about a coffee shop, at least two thousand words.\r")
        // The answer streams: the screen grows while it is being written.
        let early = try pty.waitFor(timeout: .seconds(120), description: "the answer starting") { $0.count > 300 }
        let later = try pty.waitFor(timeout: .seconds(60), description: "the answer growing") { $0.count > early.count + 100 }
        #expect(later.count > early.count)
        try pty.sendKey(.control("c"))
        try pty.waitFor("[stopped]", timeout: .seconds(30))
        #expect(pty.isRunning)
        // The chat goes on: the next question is answered, and the conversation saves.
        try pty.send("Now answer with one word: what do baristas make?\r")
        try pty.send("/save \(file.path)\r")
        try pty.waitFor("saved 2 entries", timeout: .seconds(120))
        try pty.send("/quit\r")
        #expect(try pty.waitForExit(timeout: .seconds(30)) == 0)
    }
}
