import DreamCoffee
import Foundation
import Glibc
import TestSupport
import Testing

/// Plays the real `dream-coffee keys` (the game's terminal check, on `RawTerminal`) through a
/// pseudo-terminal.
@Suite(.serialized) struct RawTerminalTests {
    static var environment: [String: String] {
        var environment = PseudoTerminal.defaultEnvironment
        environment["COLORTERM"] = "truecolor"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    static func pid(from screen: String) -> pid_t? {
        guard let range = screen.range(of: "READY pid=") else { return nil }
        return pid_t(screen[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func keysArriveWithoutEnterAndTheTerminalIsRestoredOnExit() throws {
        let pty = try PseudoTerminal(executable: TestPaths.game, arguments: ["keys"], environment: Self.environment, columns: 80, rows: 24)
        try pty.waitFor("READY")
        try pty.waitFor("size: 80x24")
        #expect(pty.screen.isAlternateScreen)
        #expect(!pty.screen.cursorVisible)
        try pty.send("x")
        try pty.waitFor("last: char(x)")
        for (key, name) in [
            (PseudoTerminal.Key.up, "up"), (.left, "left"), (.control("c"), "ctrl-c"),
            (.control("s"), "ctrl-s"), (.enter, "enter"), (.delete, "delete"), (.escape, "escape"),
        ] {
            try pty.sendKey(key)
            try pty.waitFor("last: \(name)")
        }
        try pty.send("é")
        try pty.waitFor("last: char(é)")
        #expect(pty.isRunning) // Ctrl-C did not raise SIGINT: ISIG is off
        try pty.resize(columns: 60, rows: 20)
        try pty.waitFor("size: 60x20")
        try pty.waitFor("last: resize")
        try pty.send("q")
        #expect(try pty.waitForExit() == 0)
        try pty.waitFor("bye")
        #expect(!pty.screen.isAlternateScreen)
        #expect(pty.screen.cursorVisible)
        #expect(pty.rawOutput.contains("\u{1B}[?1049h"))
        #expect(pty.rawOutput.contains(RawTerminal.restoreSequence + "bye"))
        #expect(pty.rawOutput.contains("38;2;"))
    }

    @Test func termiosIsRestoredAfterSIGTERM() throws {
        let script = "'\(TestPaths.game.path)' keys; echo status=$?; stty -a"
        let pty = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
            environment: Self.environment, columns: 120, rows: 30)
        let demo = try #require(Self.pid(from: try pty.waitFor(timeout: .seconds(10)) { Self.pid(from: $0) != nil }))
        #expect(kill(demo, SIGTERM) == 0)
        let text = try pty.waitFor("status=143")
        try pty.waitFor("icanon")
        #expect(try pty.waitForExit() == 0)
        let flags = Set(pty.screenText.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        for flag in ["icanon", "echo", "isig", "icrnl", "ixon"] {
            #expect(flags.contains(flag) && !flags.contains("-" + flag), "\(flag) in \(text)")
        }
        #expect(!pty.screen.isAlternateScreen)
        #expect(pty.rawOutput.contains(RawTerminal.restoreSequence))
    }

    @Test func terminalIsRestoredWhenTheProgramCrashes() throws {
        let script = "'\(TestPaths.game.path)' keys; echo status=$?; stty -a"
        let pty = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
            environment: Self.environment, columns: 120, rows: 30)
        try pty.waitFor("READY")
        try pty.send("!")
        try pty.waitFor(timeout: .seconds(20)) { $0.contains("status=13") } // 128 + SIGILL/SIGTRAP
        try pty.waitFor("icanon")
        #expect(!pty.screenText.contains("-icanon"))
        #expect(!pty.screen.isAlternateScreen)
    }

    @Test func openWithoutATerminalIsAClearError() throws {
        let process = Process()
        process.executableURL = TestPaths.game
        process.arguments = ["keys"]
        let output = Pipe(), errors = Pipe()
        process.standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0)
        #expect(message.contains("not a terminal"), "\(message)")
    }
}
