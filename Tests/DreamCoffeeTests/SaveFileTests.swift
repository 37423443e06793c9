import Foundation
import Testing

@testable import DreamCoffee

/// Saves are atomic: written beside the target, synced, renamed over it.
@Suite struct SaveFileTests {
    @Test func aSaveRoundTrips() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = SaveFile(url: folder.appendingPathComponent("nested/save.json"))
        var state = ShopState()
        state.day = 3
        state.pastDays = [DaySummary(day: 1, served: 2, stars: 9)]
        try file.save(state)
        #expect(try file.load() == state)
        // Nothing is left beside the save.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("nested").path) == ["save.json"])
    }

    @Test func unreadableSavesNameTheFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = SaveFile(url: folder.appendingPathComponent("none.json"))
        #expect(throws: SaveFileError.self) { try missing.load() }
        let future = folder.appendingPathComponent("future.json")
        try Data(#"{"version": 9, "day": 1, "player": {"x": 1, "y": 1}}"#.utf8).write(to: future)
        do {
            _ = try SaveFile(url: future).load()
            Issue.record("a save of version 9 loaded")
        } catch {
            #expect(error.description.contains("version 9") && error.description.contains("future.json"))
        }
    }

    @Test func aSaveIntoAFolderThatCannotExistFails() {
        let file = SaveFile(url: URL(fileURLWithPath: "/proc/self/status/save.json"))
        #expect(throws: SaveFileError.self) { try file.save(ShopState()) }
    }

    /// `dream-coffee save-stress` saves in a loop; killed with SIGKILL at random moments, it must
    /// always leave a save that loads (the old one or the new one, never a torn one).
    @Test func killDashNineDuringASaveLeavesALoadableSave() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("save.json")
        var generator = SystemRandomNumberGenerator()
        var lastDay = 0
        for round in 0..<12 {
            let process = Process()
            process.executableURL = TestPaths.game
            process.arguments = ["save-stress", "--file", url.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            if round == 0 {
                // A kill before the first save ever written tests nothing (there is no old save to
                // keep), and on a loaded machine the process may take longer than the shortest
                // sleep below to start: wait for the first save.
                let deadline = Date().addingTimeInterval(30)
                while !FileManager.default.fileExists(atPath: url.path) && process.isRunning && Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.005)
                }
                try #require(FileManager.default.fileExists(atPath: url.path), "the saver wrote no save within 30 s")
            }
            // Let it write a few hundred saves, then kill it wherever it is.
            Thread.sleep(forTimeInterval: 0.05 + Double.random(in: 0..<0.25, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the saver ended by itself")
            let state = try SaveFile(url: url).load()
            #expect(state.day >= 1 && state.pastDays.count == state.day, "round \(round): a torn save")
            lastDay = state.day
        }
        #expect(lastDay > 0)
    }
}
