import Foundation
import TestSupport
import Testing

/// The real `dream-coffee` binary on the real default model (greedy), played through a
/// pseudo-terminal with keys as a player would: walk, talk to the barista, serve a generated
/// customer (named through the contacts tool), talk to them about the calendar (the calendar
/// tool), create a level item, resize, save, quit, and load the save in a new game.
@Suite(.serialized) struct PlayThroughTests {
    /// The pseudo-terminal's environment, with the model location of the test run.
    static var environment: [String: String] {
        var environment = PseudoTerminal.defaultEnvironment
        environment["COLORTERM"] = "truecolor"
        for key in ["FM_MODELS_DIR", "FM_MODEL"] { environment[key] = ProcessInfo.processInfo.environment[key] }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    /// Types a line in the game's input mode and sends it.
    static func type(_ pty: PseudoTerminal, _ text: String) throws {
        try pty.send(text)
        try pty.sendKey(.enter)
    }

    @Test func aDayAtTheShopThroughTheTerminal() throws {
        _ = try TestModels.qwenPath()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dream-coffee-play-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let save = folder.appendingPathComponent("save.json")
        let timings = folder.appendingPathComponent("timings.jsonl")
        let arguments = ["--greedy", "--save", save.path, "--timings", timings.path]
        let generation = Duration.seconds(240)

        let pty = try PseudoTerminal(
            executable: TestPaths.game, arguments: arguments,
            environment: Self.environment, columns: 120, rows: 32)
        try pty.waitFor("Welcome to Dream Coffee", timeout: .seconds(60))
        #expect(pty.screen.isAlternateScreen && !pty.screen.cursorVisible)
        #expect(pty.rawOutput.contains("▀") || pty.rawOutput.contains("▄"))

        // Walk to the counter, facing the barista across it, and talk.
        try pty.sendKey(.left)
        try pty.sendKey(.up)
        try pty.waitFor("Next to Barista")
        try pty.send("t")
        try pty.waitFor("Hey there. Can you get the dream orders?")
        try Self.type(pty, "How long have you worked here?")
        try pty.waitFor("Press T to keep talking", timeout: generation)

        // A customer comes in, named after a contact through the contacts tool.
        try pty.send("n")
        let arrival = try pty.waitFor("walked in", timeout: generation)
        #expect(arrival.contains("(from your contacts)"), "\(arrival)")

        // Brew at the counter: espresso, oat milk, honey; the customer judges it.
        try pty.send("b")
        try pty.waitFor("Brewing")
        for key in ["1", "4", "h"] { try pty.send(key) }
        try pty.waitFor("Brewing: an espresso with oat milk and honey")
        try pty.sendKey(.enter)
        let judged = try pty.waitFor(timeout: generation, description: "a rating") { $0.contains(" gave ") }
        #expect(judged.contains("★"))

        // The customer now sits at the first seat (10, 2); walk below it and ask about plans.
        for _ in 0..<7 { try pty.sendKey(.right) }
        try pty.waitFor("Press T to talk")
        try pty.send("t")
        try Self.type(pty, "When is our next plan together? Check my calendar.")
        try pty.waitFor("Press T to keep talking", timeout: generation)

        // The level creator: a riddle goes up on the wall.
        try pty.send("c")
        try pty.waitFor("Describe something new for the shop")
        try Self.type(pty, "a riddle about coffee with multiple-choice answers")
        try pty.waitFor("is up on the wall", timeout: generation)

        // A terminal too small gets a message, and the shop comes back at a usable size.
        try pty.resize(columns: 60, rows: 20)
        try pty.waitFor("needs a terminal of at least 80×24")
        try pty.resize(columns: 120, rows: 32)
        try pty.waitFor("Dream Coffee")

        try pty.sendKey(.control("s"))
        try pty.waitFor("Saved to")
        try pty.send("q")
        #expect(try pty.waitForExit(timeout: .seconds(20)) == 0)
        #expect(!pty.screen.isAlternateScreen && pty.screen.cursorVisible)

        // The save holds the customer (a contact), the item, and the conversations, the
        // customer's with its calendar tool call.
        let saved = try String(contentsOf: save, encoding: .utf8)
        #expect(saved.contains(#""isContact" : true"#))
        #expect(saved.contains("getCalendarEvent"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: save)) as? [String: Any])
        #expect((json["customers"] as? [Any])?.count == 1)
        #expect((json["items"] as? [Any])?.count == 1)
        #expect((json["served"] as? [Any])?.count == 1)

        // A new game continues from the save.
        let again = try PseudoTerminal(
            executable: TestPaths.game, arguments: arguments + ["--continue"],
            environment: Self.environment, columns: 120, rows: 32)
        try again.waitFor("Loaded day 1: 1 customer, 1 item", timeout: .seconds(60))
        try again.send("q")
        #expect(try again.waitForExit(timeout: .seconds(20)) == 0)

        let records = try String(contentsOf: timings, encoding: .utf8).split(separator: "\n")
        #expect(records.contains { $0.contains("first-character") } && records.contains { $0.contains("customer-on-screen") })
    }
}
