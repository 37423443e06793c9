import CalendarContacts
import Foundation
import FoundationModels

/// The game's logic, shared by the terminal screen and the line mode: the shop, the player's
/// moves, and every model-backed action (talking, customers, judging, the level creator),
/// which stream their progress into `speech` and `activity` and call `onChange`.
///
/// One model-backed action runs at a time; the interface runs it in a task and cancels the task
/// to stop it.
@MainActor
package final class Game {
    /// The floor plan.
    package let map = ShopMap()
    /// The shop.
    package private(set) var state: ShopState
    /// The line on screen.
    package private(set) var speech: Speech?
    /// What the game is doing ("Chike is thinking…"), `nil` when idle.
    package private(set) var activity: String?
    /// The last message to the player ("Saved.", "Nobody to talk to here.").
    package private(set) var status = "Welcome to Dream Coffee! Walk with the arrow keys or WASD."
    /// Called after every change, for the screen to redraw.
    package var onChange: @MainActor () -> Void = {}
    /// Tool calls made so far, by tool name (for the status line and tests).
    package private(set) var toolCallCounts: [String: Int] = [:]

    private let configuration: GameConfiguration
    private let dialog: DialogEngine
    private let encounters: EncounterEngine
    private let levels: LevelCreator
    private let timings: TimingLog
    private let barista = Barista()

    /// A new game (call `load()` to continue a saved one).
    package init(configuration: GameConfiguration) {
        self.configuration = configuration
        state = ShopState()
        let calendar = configuration.calendar
        let today = configuration.today
        dialog = DialogEngine(model: configuration.model, options: configuration.options, blockList: configuration.blockList) { character in
            guard let customer = character as? GeneratedCustomer, let calendar else { return [] }
            return [CalendarTool(contactName: customer.displayName, calendar: calendar, today: today)]
        }
        encounters = EncounterEngine(
            model: configuration.model, options: configuration.options,
            contactsTool: configuration.contacts.map(ContactTool.init(contacts:)))
        levels = LevelCreator(model: configuration.model, options: configuration.options)
        timings = TimingLog(url: configuration.timingsURL)
    }

    // MARK: Moving

    /// Takes a step; returns whether the player moved.
    @discardableResult
    package func move(_ direction: Direction) -> Bool {
        let target = Position(state.player.x + direction.offset.dx, state.player.y + direction.offset.dy)
        guard map.tile(at: target).isWalkable, !isOccupied(target) else { return false }
        state.player = target
        if let next = interlocutor {
            status = "Next to \(name(of: next)). Press T to talk\(map.isAtCounter(target) && !state.waiting.isEmpty ? ", B to brew" : "")."
        }
        changed()
        return true
    }

    private func isOccupied(_ position: Position) -> Bool {
        position == map.baristaPosition || state.customers.contains { $0.position == position }
            || state.items.contains { $0.position == position }
    }

    /// Whom or what the player can talk to from where they stand (the barista first, then
    /// customers, then items).
    package var interlocutor: Interlocutor? {
        if map.canReach(state.player, map.baristaPosition) { return .barista }
        if let customer = state.customers.first(where: { map.canReach(state.player, $0.position) }) { return .customer(customer.customer.id) }
        if let index = state.items.firstIndex(where: { map.canReach(state.player, $0.position) }) { return .item(index) }
        return nil
    }

    /// The display name of an interlocutor.
    package func name(of interlocutor: Interlocutor) -> String {
        switch interlocutor {
        case .barista: barista.displayName
        case .customer(let id): customer(id)?.displayName ?? "someone"
        case .item(let index): state.items.indices.contains(index) ? state.items[index].item.kindName : "an item"
        }
    }

    private func customer(_ id: UUID) -> GeneratedCustomer? {
        state.customers.first { $0.customer.id == id }?.customer
    }

    private func character(_ interlocutor: Interlocutor) -> (any GameCharacter)? {
        switch interlocutor {
        case .barista: barista
        case .customer(let id): customer(id)
        case .item: nil
        }
    }

    // MARK: Talking

    /// Walks up to whoever is next to the player: a character says their first line (or what
    /// they last said), an item shows its content.
    package func approach() {
        guard let next = interlocutor else {
            status = "Nobody to talk to here."
            return changed()
        }
        switch next {
        case .item(let index):
            let item = state.items[index].item
            speech = Speech(speaker: item.kindName, text: item.lines.joined(separator: "\n"), isStreaming: false)
        default:
            guard let character = character(next) else { return }
            let last = dialog.lastResponse(of: character)
            speech = Speech(speaker: character.displayName, text: last ?? character.firstLine, isStreaming: false)
            status = "Say something to \(character.displayName) (Enter to send, Esc to leave)."
        }
        changed()
    }

    /// Says `text` to the character next to the player; their answer streams into `speech`.
    package func talk(_ text: String) async {
        guard activity == nil else { return busy() }
        guard let next = interlocutor, let character = character(next) else {
            status = "Nobody to talk to here."
            return changed()
        }
        let start = ContinuousClock.now
        var first = true
        begin("\(character.displayName) is thinking…")
        speech = Speech(speaker: character.displayName, text: "", isStreaming: true)
        let before = dialog.session(for: character).transcript.count
        let reply = await dialog.talk(to: character, userInput: text) { partial in
            if first, !partial.isEmpty {
                first = false
                self.timings.record("first-character", since: start)
            }
            self.speech = Speech(speaker: character.displayName, text: partial, isStreaming: true)
            self.changed()
        }
        countToolCalls(in: dialog.session(for: character).transcript.dropFirst(before))
        speech = Speech(speaker: character.displayName, text: reply.text, isStreaming: false)
        switch reply.outcome {
        case .answered: status = "Press T to keep talking, or walk away."
        case .condensed: status = "(The conversation was long; \(character.displayName) kept a summary of it.)"
        case .blocked(let phrase): status = "(\(character.displayName) went off script — \"\(phrase)\" — and starts over.)"
        case .failed(let reason): status = "(Generation failed: \(reason))"
        case .cancelled: status = "(Stopped.)"
        }
        end()
    }

    private func countToolCalls(in entries: some Sequence<Transcript.Entry>) {
        for case .toolCalls(let calls) in entries {
            for call in calls { toolCallCounts[call.toolName, default: 0] += 1 }
        }
    }

    // MARK: Customers

    /// A new customer walks in and queues at the counter.
    package func inviteCustomer() async {
        guard activity == nil else { return busy() }
        guard let spot = map.queue.first(where: { spot in !state.customers.contains { $0.position == spot } && spot != state.player }) else {
            status = "The queue is full; serve someone first."
            return changed()
        }
        let start = ContinuousClock.now
        begin("A customer is on the way…")
        let before = encounters.contactsTool?.pickedNames.count ?? 0
        do {
            let silhouette = Silhouette.all[state.visitors % Silhouette.all.count]
            let month = (Calendar(identifier: .gregorian).component(.month, from: configuration.today) + state.visitors - 1) % 12 + 1
            let customer = try await encounters.generateCustomer(silhouette: silhouette, birthMonth: month, rotation: state.visitors)
            state.visitors += 1
            if (encounters.contactsTool?.pickedNames.count ?? 0) > before { toolCallCounts["getContactName", default: 0] += 1 }
            state.customers.append(CustomerPlacement(customer: customer, position: spot))
            timings.record("customer-on-screen", since: start)
            speech = Speech(speaker: customer.displayName, text: customer.firstLine, isStreaming: false)
            status = "\(customer.displayName) walked in\(customer.isContact ? " (from your contacts)" : ""). Go to the counter and press B to brew."
        } catch is CancellationError {
            status = "(Stopped.)"
        } catch {
            status = "No customer came: \(error)"
        }
        end()
    }

    /// Serves `drink` to the first waiting customer; they judge it aloud and rate it.
    package func serve(_ drink: Drink) async {
        guard activity == nil else { return busy() }
        guard map.isAtCounter(state.player) else {
            status = "Go to the counter to brew."
            return changed()
        }
        guard let index = state.customers.firstIndex(where: { !$0.customer.isServed }) else {
            status = "Nobody is waiting. Press N to open the door for a customer."
            return changed()
        }
        let customer = state.customers[index].customer
        begin("\(customer.displayName) tastes the drink…")
        speech = Speech(speaker: customer.displayName, text: "", isStreaming: true)
        do {
            let verdict = try await encounters.judgeDrink(drink: drink.description, customer: customer.npc) { partial in
                await MainActor.run {
                    self.speech = Speech(speaker: customer.displayName, text: partial, isStreaming: true)
                    self.changed()
                }
            }
            let feedback = configuration.blockList.textIsOK(verdict.feedback) ? verdict.feedback : customer.errorResponse
            state.customers[index].customer.servedDrink = drink.description
            state.customers[index].customer.feedback = feedback
            state.customers[index].customer.stars = verdict.stars
            state.served.append(
                ServiceRecord(
                    customerName: customer.displayName, order: customer.npc.coffeeOrder,
                    drink: drink.description, stars: verdict.stars))
            seat(index)
            speech = Speech(speaker: customer.displayName, text: feedback, isStreaming: false)
            status =
                "\(customer.displayName) gave \(String(repeating: "★", count: verdict.stars))\(String(repeating: "☆", count: 5 - verdict.stars)) for \(drink.description)."
        } catch is CancellationError {
            status = "(Stopped.)"
        } catch {
            status = "\(customer.displayName) could not judge the drink: \(error)"
        }
        end()
    }

    /// Moves a served customer to a free seat (the longest-seated one leaves when all are taken).
    private func seat(_ index: Int) {
        let taken = Set(state.customers.map(\.position))
        if let seat = map.seats.first(where: { !taken.contains($0) && $0 != state.player }) {
            state.customers[index].position = seat
            return
        }
        let id = state.customers[index].customer.id
        if let leaving = state.customers.firstIndex(where: { $0.customer.isServed && $0.customer.id != id && map.seats.contains($0.position) }) {
            let seat = state.customers[leaving].position
            dialog.forget(state.customers[leaving].customer)
            state.customers.remove(at: leaving)
            if let moved = state.customers.firstIndex(where: { $0.customer.id == id }) { state.customers[moved].position = seat }
        }
    }

    /// Ends the day: its totals, and a new day starts with an empty shop.
    @discardableResult
    package func endDay() -> DaySummary {
        let summary = DaySummary(day: state.day, served: state.served.count, stars: state.served.reduce(0) { $0 + $1.stars })
        state.pastDays.append(summary)
        for placement in state.customers { dialog.forget(placement.customer) }
        state.customers = []
        state.served = []
        state.day += 1
        speech = nil
        status = Game.describe(summary)
        changed()
        return summary
    }

    /// "Day 1: 3 drinks, 11 stars (3.7 on average)."
    package static func describe(_ summary: DaySummary) -> String {
        "Day \(summary.day): \(summary.served) drink\(summary.served == 1 ? "" : "s"), \(summary.stars) star\(summary.stars == 1 ? "" : "s")"
            + (summary.served > 0 ? String(format: " (%.1f on average).", summary.average) : ".")
    }

    /// Today's totals so far.
    package var today: DaySummary {
        DaySummary(day: state.day, served: state.served.count, stars: state.served.reduce(0) { $0 + $1.stars })
    }

    // MARK: Level creator

    /// Designs and generates a new kind of content from the player's description, and puts it
    /// up on a wall.
    package func createItem(_ request: String) async {
        guard activity == nil else { return busy() }
        guard let spot = map.itemSpots.first(where: { spot in !state.items.contains { $0.position == spot } && spot != state.player }) else {
            status = "The walls are full."
            return changed()
        }
        begin("Designing \(request)…")
        do {
            let item = try await levels.create(request)
            state.items.append(ItemPlacement(item: item, position: spot))
            speech = Speech(speaker: item.kindName, text: item.lines.joined(separator: "\n"), isStreaming: false)
            status = "A new \(item.kindName) is up on the wall."
        } catch is CancellationError {
            status = "(Stopped.)"
        } catch {
            status = "The level creator failed: \(error)"
        }
        end()
    }

    // MARK: Saving

    /// Saves the shop and every conversation.
    package func save() {
        var snapshot = state
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        snapshot.transcripts = [:]
        for (id, transcript) in dialog.transcripts {
            if let data = try? encoder.encode(transcript) {
                snapshot.transcripts[id.uuidString] = TranscriptData(json: String(decoding: data, as: UTF8.self))
            }
        }
        do {
            try configuration.saveFile.save(snapshot)
            status = "Saved to \(configuration.saveFile.url.path)."
        } catch {
            status = "Not saved: \(error)"
        }
        changed()
    }

    /// Loads the saved shop and its conversations; returns whether it did.
    @discardableResult
    package func load() -> Bool {
        do {
            let loaded = try configuration.saveFile.load()
            var transcripts: [UUID: Transcript] = [:]
            for (key, data) in loaded.transcripts {
                guard let id = UUID(uuidString: key) else { continue }
                transcripts[id] = try JSONDecoder().decode(Transcript.self, from: Data(data.json.utf8))
            }
            state = loaded
            dialog.restore(transcripts, characters: [barista] + loaded.customers.map(\.customer))
            speech = nil
            status =
                "Loaded day \(loaded.day): \(loaded.customers.count) customer\(loaded.customers.count == 1 ? "" : "s"), \(loaded.items.count) item\(loaded.items.count == 1 ? "" : "s")."
            changed()
            return true
        } catch {
            status = "Could not load: \(error)"
            changed()
            return false
        }
    }

    // MARK: Bookkeeping

    private func begin(_ what: String) {
        activity = what
        changed()
    }

    private func end() {
        activity = nil
        changed()
    }

    private func busy() {
        status = "Wait a moment: \(activity ?? "busy")"
        changed()
    }

    private func changed() {
        onChange()
    }

    /// Replaces the status line.
    package func setStatus(_ text: String) {
        status = text
        changed()
    }

    /// Clears the speech bubble.
    package func dismissSpeech() {
        speech = nil
        changed()
    }
}
