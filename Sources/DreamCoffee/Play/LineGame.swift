import Foundation

/// The game as lines of text, for when standard output is not a terminal (a pipe, a script, a
/// screen reader): one command per line, answers streamed as they are generated.
///
/// ```
/// look                      the map and who is around
/// go barista | go counter | go customer [NAME] | go item N
/// w / a / s / d [N]         steps (or up, down, left, right)
/// talk WORDS                say something to whoever is next to you
/// customer                  open the door for a new customer
/// brew espresso, oat milk   serve the first waiting customer
/// create DESCRIPTION        the level creator
/// end day | save | load | help | quit
/// ```
@MainActor
package final class LineGame {
    private let game: Game
    private let output: (String) -> Void
    private var shownSpeaker: String?
    private var shownText = ""
    private var capturing = false
    /// The speech on screen when the action began (not printed again).
    private var baseline: Speech?

    /// A line interface for `game`, writing to `output` (standard output by default).
    package init(game: Game, output: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) {
        self.game = game
        self.output = output
    }

    /// The help text.
    package static let help = """
        Commands: look · go barista|counter|customer [NAME]|item N · w/a/s/d [N] · talk WORDS · \
        customer · brew INGREDIENT, … · create DESCRIPTION · end day · save · load · help · quit
        Ingredients: \(Ingredient.all.map(\.name).joined(separator: ", "))
        """

    /// Reads commands from `lines` until `quit` or the end of input.
    package func run(lines: AsyncStream<String>) async {
        game.onChange = { [weak self] in self?.showSpeech() }
        output("Dream Coffee. \(game.status)\n\(LineGame.help)\n")
        for await line in lines {
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.isEmpty || command.hasPrefix("#") { continue }
            output("> \(command)\n")
            guard await perform(command) else { break }
        }
        game.onChange = {}
        output("Goodbye!\n")
    }

    /// Runs one command; returns `false` to quit.
    package func perform(_ command: String) async -> Bool {
        let (verb, rest) = LineGame.split(command)
        switch verb {
        case "quit", "exit", "q": return false
        case "help", "?": output(LineGame.help + "\n")
        case "look", "map": look()
        case "w", "a", "s", "d", "up", "down", "left", "right":
            let steps = Int(rest) ?? 1
            let direction: Direction =
                ["w", "up"].contains(verb) ? .up : ["s", "down"].contains(verb) ? .down : ["a", "left"].contains(verb) ? .left : .right
            for _ in 0..<max(1, min(steps, 20)) { game.move(direction) }
            say(game.status)
        case "go": go(rest)
        case "talk", "say":
            guard !rest.isEmpty else { game.approach(); break }
            beginSpeech()
            await game.talk(rest)
            endSpeech()
        case "customer", "n":
            beginSpeech()
            await game.inviteCustomer()
            endSpeech()
            if let customer = game.state.customers.last?.customer {
                output("[\(customer.displayName): \(customer.npc.picture.imageDescription)]\n")
                output(customer.npc.picture.pixels.joined(separator: "\n") + "\n")
            }
        case "brew", "serve":
            let names = rest.split(separator: ",").map { String($0) }
            let unknown = names.filter { Ingredient.named($0) == nil }
            guard unknown.isEmpty else {
                say("Unknown ingredient: \(unknown.joined(separator: ", ")). \(LineGame.help.split(separator: "\n").last ?? "")")
                break
            }
            beginSpeech()
            await game.serve(Drink(names.compactMap(Ingredient.named)))
            endSpeech()
        case "create":
            guard !rest.isEmpty else { say("Describe what to create, e.g. create a riddle with multiple-choice answers"); break }
            beginSpeech()
            await game.createItem(rest)
            endSpeech()
        case "end": game.endDay(); say(game.status)
        case "save": game.save(); say(game.status)
        case "load": game.load(); say(game.status)
        default: say("Unknown command \"\(verb)\". Type help.")
        }
        return true
    }

    private func go(_ target: String) {
        let (what, name) = LineGame.split(target)
        let arrived: Bool
        switch what {
        case "barista": arrived = game.walkToBarista()
        case "counter": arrived = game.walkToCounter()
        case "customer": arrived = game.walkToCustomer(named: name)
        case "item": arrived = game.walkToItem(Int(name) ?? 1)
        default:
            say("Go where? barista, counter, customer [NAME], item N")
            return
        }
        if arrived, what == "counter" {
            say(
                "At the counter. \(game.state.waiting.isEmpty ? "Nobody is waiting." : "brew INGREDIENT, … serves \(game.state.waiting[0].customer.displayName).")"
            )
        } else if arrived {
            game.approach()
            if let speech = game.speech { output("\(speech.speaker): \(speech.text)\n") }
            say(game.status)
        } else {
            say("There is no way there.")
        }
    }

    private func look() {
        output(game.mapText + "\n")
        let today = game.today
        output("Day \(today.day): \(today.served) served, \(today.stars) stars. ")
        output(
            game.state.customers.isEmpty
                ? "No customers.\n"
                : "Customers: "
                    + game.state.customers.map {
                        "\($0.customer.displayName) (\($0.customer.isServed ? "served" : "waiting: \($0.customer.npc.coffeeOrder)"))"
                    }.joined(separator: "; ") + "\n")
        for (index, placement) in game.state.items.enumerated() {
            output("Item \(index + 1): \(placement.item.kindName) — \(placement.item.request)\n")
        }
        if let next = game.interlocutor { say("You are next to \(game.name(of: next)).") }
    }

    private func say(_ text: String) {
        output(text + "\n")
    }

    private func beginSpeech() {
        capturing = true
        baseline = game.speech
        shownSpeaker = nil
        shownText = ""
    }

    /// Prints what the speech bubble gained since the last change.
    private func showSpeech() {
        guard capturing, let speech = game.speech, !speech.text.isEmpty,
            speech.speaker != baseline?.speaker || speech.text != baseline?.text
        else { return }
        baseline = nil
        if speech.speaker != shownSpeaker || !speech.text.hasPrefix(shownText) {
            if shownSpeaker != nil { output("\n") }
            output("\(speech.speaker): \(speech.text)")
        } else {
            output(String(speech.text.dropFirst(shownText.count)))
        }
        shownSpeaker = speech.speaker
        shownText = speech.text
    }

    private func endSpeech() {
        showSpeech()
        capturing = false
        if shownSpeaker != nil { output("\n") }
        shownSpeaker = nil
        say(game.status)
    }

    static func split(_ text: String) -> (String, String) {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        return (parts.first?.lowercased() ?? "", parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
    }

    /// Standard input as lines, read on a thread of its own.
    package static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            thread.start()
        }
    }
}
