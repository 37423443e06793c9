import Foundation
import TestSupport
import Testing

/// `fm chat` sessions on disk, with Apple's options and slash commands: saved as transcripts
/// under `$FM_HOME/sessions`, resumed by name or `--continue`, listed by `/history`; a corrupt
/// session is reported by name and never written over.
@Suite struct FMChatSessionTests {
    /// A fresh `~/.fm` and its sessions folder.
    static func home() -> (environment: [String: String], sessions: URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("fm-home-\(UUID().uuidString)")
        return (["FM_HOME": home.path], home.appendingPathComponent("sessions"))
    }

    @Test func onATerminalASessionIsSavedListedAndContinued() throws {
        _ = try TestModels.qwenPath()
        let (home, sessions) = Self.home()
        var environment = PseudoTerminal.defaultEnvironment
        for key in ["FM_MODELS_DIR", "FM_MODEL"] { environment[key] = ProcessInfo.processInfo.environment[key] }
        environment.merge(home) { $1 }
        let pty = try PseudoTerminal(
            executable: try FMBinary.url(), arguments: ["chat", "-g", "--max-tokens", "12", "-i", "Answer in one word."],
            environment: environment, columns: 100, rows: 30)
        try pty.waitFor("ready in", timeout: .seconds(120))
        try pty.send("What color is the sky on a clear day?\r")
        try pty.send("/save first\r")
        try pty.waitFor("saved 3 entries", timeout: .seconds(120))
        try pty.send("/history\r")
        try pty.waitFor("* first", timeout: .seconds(10))
        try pty.send("/instructions\r")
        try pty.waitFor("instructions: Answer in one word.", timeout: .seconds(10))
        try pty.send("/model\r")
        try pty.waitFor("model: system", timeout: .seconds(10))
        try pty.send("/model pcc\r")
        try pty.waitFor("PCC inference is not available in this context.", timeout: .seconds(10))
        try pty.send("/help\r")
        try pty.waitFor("/instructions [TEXT]", timeout: .seconds(10))
        try pty.send("/increase-limit\r")
        try pty.waitFor("/increase-limit applies to PCC only", timeout: .seconds(10))
        try pty.send("/appearance light\r")
        try pty.waitFor("appearance: light", timeout: .seconds(10))
        // On a terminal the prompt is coloured for a light background from now on.
        try pty.waitForRawOutput(containing: "\u{1B}[1;34m>", timeout: .seconds(10))
        try pty.send("/appearance sepia\r")
        try pty.waitFor("usage: /appearance dark|light|auto", timeout: .seconds(10))
        try pty.send("exit\r")
        #expect(try pty.waitForExit(timeout: .seconds(30)) == 0)
        let saved = try String(contentsOf: sessions.appendingPathComponent("first.json"), encoding: .utf8)
        #expect(saved.contains("What color is the sky"))
        // The appearance is kept for the next chat.
        let appearance = try String(contentsOf: sessions.deletingLastPathComponent().appendingPathComponent("appearance"), encoding: .utf8)
        #expect(appearance == "light\n")

        // --continue picks the most recent session; the next answer is saved into it.
        let next = try FMBinary.run(["chat", "-g", "--max-tokens", "12", "--continue"], stdin: "And at night?\n", environment: home)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("resumed session first (3 entries)"))
        let continued = try String(contentsOf: sessions.appendingPathComponent("first.json"), encoding: .utf8)
        #expect(continued.contains("And at night?"))
    }

    @Test func everyConversationIsSavedAndResumedByName() throws {
        _ = try TestModels.qwenPath()
        let (home, sessions) = Self.home()
        let first = try FMBinary.run(
            ["chat", "-g", "--max-tokens", "8"], stdin: "Say hi.\n/save greeting\n/clear\nSay bye.\nexit\n", environment: home)
        #expect(first.status == 0, "\(first.stderr)")
        // /save named the first conversation; /clear started another, saved under a new name.
        let names = try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted()
        #expect(names.count == 2 && names.contains("greeting.json"), "\(names)")
        let resumed = try FMBinary.run(["chat", "-g", "--max-tokens", "8", "-r", "greeting"], stdin: "/transcript\nexit\n", environment: home)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("Say hi.") && !resumed.stdout.contains("Say bye."))
        let both = try FMBinary.run(["chat", "-r", "greeting", "--continue"], stdin: "", environment: home)
        #expect(both.status != 0 && both.stderr.contains("--continue"))
    }

    @Test func aCorruptSessionIsNamedAndNeverOverwritten() throws {
        _ = try TestModels.qwenPath()
        let (home, sessions) = Self.home()
        try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
        let bad = sessions.appendingPathComponent("bad.json")
        let garbage = Data("{\"transcript\": [trunc".utf8)
        try garbage.write(to: bad)
        let resume = try FMBinary.run(["chat", "-r", "bad"], stdin: "Hello\n", environment: home)
        #expect(resume.status == 1)
        #expect(resume.stderr.contains(bad.path), "\(resume.stderr)")
        let missing = try FMBinary.run(["chat", "-r", "nope"], stdin: "", environment: home)
        #expect(missing.status == 1 && missing.stderr.contains("nope"))
        // Loading it inside a chat reports it; the chat goes on and its saves go elsewhere.
        let chat = try FMBinary.run(["chat", "-g", "--max-tokens", "6"], stdin: "/load bad\nSay hi.\n/save\nexit\n", environment: home)
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(chat.stderr.contains("could not load bad") && chat.stderr.contains(bad.path))
        #expect(try Data(contentsOf: bad) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sessions.path).count == 2)
    }

    @Test func theDefaultModelIsSaved() throws {
        _ = try TestModels.qwenPath()
        let (home, _) = Self.home()
        let set = try FMBinary.run(["chat", "--set-default-model", "pcc"], stdin: "", environment: home)
        // Saved, then the chat cannot start on it, in Apple's words.
        #expect(set.status == 1 && set.stderr.contains("PCC inference is not available in this context."))
        let again = try FMBinary.run(["chat"], stdin: "", environment: home)
        #expect(again.status == 1 && again.stderr.contains("PCC inference"))
        let system = try FMBinary.run(["chat", "--set-default-model", "system"], stdin: "exit\n", environment: home)
        #expect(system.status == 0, "\(system.stderr)")
    }
}
