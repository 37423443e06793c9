import ArgumentParser
import CalendarContacts
import DreamCoffee
import Foundation
import FoundationModels
import ModelStore

/// `dream-coffee`: the sample game from Apple's Foundation Models walkthrough, in a terminal.
@main
struct DreamCoffeeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dream-coffee",
        abstract: "Dream Coffee: serve the creatures of the dream realm, on the local model.",
        discussion: """
            On a terminal the shop is drawn in colour: walk with the arrow keys or WASD, T talks, \
            N opens the door for a customer, B brews at the counter, C creates new content, \
            Ctrl-S saves, Ctrl-O loads, Q quits. When standard output is not a terminal (or with \
            --line-mode) the game reads one command per line; type help.
            """,
        subcommands: [Play.self, KeysCommand.self, SaveStress.self],
        defaultSubcommand: Play.self)
}

/// Plays the game.
struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "Play (the default).")

    @Option(help: "The player's calendar (iCalendar .ics; default: the sample calendar).")
    var calendar: String?

    @Option(help: "The player's contacts (vCard .vcf; default: the sample contacts).")
    var contacts: String?

    @Option(help: "The save file (default: $XDG_DATA_HOME/dream-coffee/save.json).")
    var save: String?

    @Flag(help: "Continue the saved game.")
    var `continue` = false

    @Flag(help: "Greedy sampling: the same input gives the same game.")
    var greedy = false

    @Flag(help: "Plain lines instead of the full-screen shop, even on a terminal.")
    var lineMode = false

    @Option(help: "Append timing records (JSON lines) to this file.")
    var timings: String?

    @MainActor
    func run() async throws {
        try installDefaultModelIfNeeded()
        let model = SystemLanguageModel.default
        guard model.isAvailable else {
            throw ValidationError(
                "The language model is not available (\(model.availability)). Install it with `fm model install`, or run scripts/play.")
        }
        let calendarURL =
            try calendar.map(URL.init(fileURLWithPath:)) ?? GameSamples.calendarURL.orThrow("the sample calendar is missing from the build")
        let contactsURL =
            try contacts.map(URL.init(fileURLWithPath:)) ?? GameSamples.contactsURL.orThrow("the sample contacts are missing from the build")
        let iCalendar: ICalendar
        let vCards: VCardFile
        do {
            iCalendar = try ICalendar(contentsOf: calendarURL)
            vCards = try VCardFile(contentsOf: contactsURL)
        } catch {
            throw ValidationError("\(error)")
        }
        let options = greedy ? GenerationOptions(samplingMode: .greedy) : GenerationOptions()
        let configuration = GameConfiguration(
            model: model, options: options,
            saveFile: SaveFile(url: save.map(URL.init(fileURLWithPath:)) ?? SaveFile.defaultURL(environment: ProcessInfo.processInfo.environment)),
            calendar: iCalendar, contacts: vCards.contacts,
            timingsURL: timings.map(URL.init(fileURLWithPath:)))
        let game = Game(configuration: configuration)
        if `continue` { game.load() }

        if !lineMode, isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 {
            let terminal = try RawTerminal.open(environment: ProcessInfo.processInfo.environment)
            await TerminalGame(game: game, terminal: terminal).run()
        } else {
            await LineGame(game: game).run(lines: LineGame.standardInputLines())
        }
    }
}

/// Installs the default catalog model when no model is chosen (`FM_MODEL`) and it is not
/// installed yet, so the game starts on a fresh machine. The game itself only uses the public
/// API; installing is the launcher's job.
func installDefaultModelIfNeeded() throws {
    let environment = ProcessInfo.processInfo.environment
    let chosen = environment["FM_MODEL"].map { !$0.isEmpty } ?? false
    let directory = ModelCatalog.directory(environment: environment)
    let path = ModelCatalog.path(of: ModelCatalog.defaultModel, in: directory).path
    guard !chosen, !FileManager.default.fileExists(atPath: path) else { return }
    FileHandle.standardError.write(Data("Installing the model \(ModelCatalog.defaultModel.name) (once)…\n".utf8))
    let installer = ModelInstaller(directory: directory, python: ModelInstaller.pythonInterpreter(environment: environment))
    _ = try installer.install(ModelCatalog.defaultModel) { step in
        FileHandle.standardError.write(Data("  \(step)\n".utf8))
    }
}

/// Saves over and over (a test kills it in the middle of a save to check that saves are atomic).
struct SaveStress: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "save-stress", abstract: "Write saves in a loop (for tests).", shouldDisplay: false)

    @Option(help: "The save file.")
    var file: String

    func run() throws {
        let saveFile = SaveFile(url: URL(fileURLWithPath: file))
        var state = ShopState()
        var round = 0
        while true {
            round += 1
            state.day = round
            // A save that grows, so a torn write would be visible as invalid JSON.
            state.pastDays.append(DaySummary(day: round, served: round % 7, stars: round % 31))
            try saveFile.save(state)
            print("saved \(round)")
        }
    }
}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw ValidationError(message) }
        return self
    }
}
