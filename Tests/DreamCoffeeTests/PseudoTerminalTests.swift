import Foundation
import Glibc
import TestSupport
import Testing

@Suite(.serialized) struct PseudoTerminalTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func childSeesATerminalOfTheGivenSizeAndItsResize() throws {
        let script = """
            test -t 0 && test -t 1 && test -t 2 && echo tty-yes
            stty size; read x; echo got:$x; stty size; read y; exit 7
            """
        let pty = try PseudoTerminal(executable: Self.shell, arguments: ["-c", script], columns: 90, rows: 30)
        try pty.waitFor("tty-yes")
        try pty.waitFor("30 90")
        try pty.resize(columns: 100, rows: 40)
        try pty.send("hello\n")
        try pty.waitFor("got:hello")
        try pty.waitFor("40 100")
        try pty.sendKey(.enter)
        #expect(try pty.waitForExit(timeout: .seconds(10)) == 7)
        #expect(pty.rawOutput.contains("tty-yes\r\n"))
        #expect(!pty.isRunning)
    }

    @Test func catEchoesAndEndsOnControlD() throws {
        let pty = try PseudoTerminal(executable: URL(fileURLWithPath: "/bin/cat"))
        try pty.send("ping\n")
        let text = try pty.waitFor(timeout: .seconds(10)) { $0.components(separatedBy: "ping").count == 3 }
        #expect(text.hasPrefix("ping\nping"))
        try pty.waitForRawOutput(containing: "ping\r\nping\r\n")
        try pty.sendKey(.control("d"))
        #expect(try pty.waitForExit() == 0)
    }

    @Test func theChildIsInTheForegroundGroupAndGetsSIGWINCH() throws {
        let script = "trap 'echo WINCH; stty size' WINCH; echo ready; while :; do sleep 0.05; done"
        let pty = try PseudoTerminal(executable: Self.shell, arguments: ["-c", script])
        try pty.waitFor("ready")
        try pty.resize(columns: 50, rows: 12)
        try pty.waitFor("WINCH")
        try pty.waitFor("12 50")
        #expect(pty.screen.columns == 50 && pty.screen.rows == 12)
        #expect(try pty.terminate() == -SIGTERM)
    }

    @Test func terminateKillsAChildThatIgnoresSIGTERM() throws {
        let script = "trap '' TERM; echo ready; while :; do sleep 0.1; done"
        let pty = try PseudoTerminal(executable: Self.shell, arguments: ["-c", script])
        try pty.waitFor("ready")
        let start = ContinuousClock.now
        #expect(try pty.terminate(grace: .milliseconds(300)) == -SIGKILL)
        #expect(ContinuousClock.now - start >= .milliseconds(300))
    }

    @Test func exitStatusAndSignals() throws {
        let exiting = try PseudoTerminal(executable: Self.shell, arguments: ["-c", "echo done; exit 3"])
        #expect(try exiting.waitForExit() == 3)
        #expect(exiting.screenText.contains("done"))
        let sleeper = try PseudoTerminal(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
        sleeper.signal(SIGUSR1)
        #expect(try sleeper.waitForExit() == -SIGUSR1)
        #expect(try sleeper.terminate() == -SIGUSR1) // already exited: returns the status
    }

    @Test func timeoutsDescribeTheScreen() throws {
        let pty = try PseudoTerminal(executable: Self.shell, arguments: ["-c", "echo visible text; sleep 30"])
        try pty.waitFor("visible")
        do {
            try pty.waitFor("never shown", timeout: .milliseconds(100))
            Issue.record("waitFor should have timed out")
        } catch let error as PseudoTerminalError {
            #expect(String(describing: error).contains("visible text"))
            #expect(String(describing: error).contains("never shown"))
        }
        #expect(throws: PseudoTerminalError.self) { try pty.waitForExit(timeout: .milliseconds(50)) }
    }

    @Test func spawningAMissingExecutableThrows() {
        #expect(throws: PseudoTerminalError.self) {
            _ = try PseudoTerminal(executable: URL(fileURLWithPath: "/nonexistent/program"))
        }
    }

    @Test func deinitKillsARunningChild() throws {
        var pid: pid_t = 0
        do {
            let pty = try PseudoTerminal(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
            pid = pty.processID
            #expect(kill(pid, 0) == 0)
        }
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func keyEncodings() {
        #expect(PseudoTerminal.Key.up.bytes == [0x1B, 0x5B, 0x41])
        #expect(PseudoTerminal.Key.control("c").bytes == [0x03])
        #expect(PseudoTerminal.Key.control("S").bytes == [0x13])
        #expect(PseudoTerminal.Key.enter.bytes == [0x0D])
        #expect(PseudoTerminal.Key.character("é").bytes == [0xC3, 0xA9])
    }
}
