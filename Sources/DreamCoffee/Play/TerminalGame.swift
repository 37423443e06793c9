import Foundation

/// The game on a full-screen terminal: keys move the player and start actions, the screen is
/// redrawn after every change (only the cells that changed are written), a resize redraws it
/// whole, and the terminal is restored however the game ends.
@MainActor
package final class TerminalGame {
    private let game: Game
    private let terminal: RawTerminal
    private var renderer: ScreenRenderer
    private let shopRenderer = ShopRenderer()
    private var mode = InputMode.walking
    private var action: Task<Void, Never>?
    private var renderScheduled = false

    /// A terminal interface for `game` on an opened raw terminal.
    package init(game: Game, terminal: RawTerminal) {
        self.game = game
        self.terminal = terminal
        renderer = ScreenRenderer(colorMode: terminal.colorMode)
    }

    /// Plays until the player quits or input ends.
    package func run() async {
        game.onChange = { [weak self] in self?.scheduleRender() }
        render()
        for await event in terminal.events {
            if !handle(event) { break }
            scheduleRender()
        }
        action?.cancel()
        game.onChange = {}
        terminal.restore()
    }

    private func scheduleRender() {
        guard !renderScheduled else { return }
        renderScheduled = true
        Task { @MainActor in
            self.renderScheduled = false
            self.render()
        }
    }

    private func render() {
        let size = terminal.size
        let frame = shopRenderer.frame(game, mode: mode, columns: size.columns, rows: size.rows)
        if frame.columns != renderer.previous?.columns || frame.rows != renderer.previous?.rows { renderer.invalidate() }
        try? terminal.write(renderer.render(frame))
    }

    /// Runs a model-backed action in the background (one at a time).
    private func start(_ work: @escaping @MainActor () async -> Void) {
        guard action == nil else {
            game.setStatus("Wait a moment: \(game.activity ?? "busy") (Esc stops it)")
            return
        }
        action = Task { @MainActor in
            await work()
            self.action = nil
            self.scheduleRender()
        }
    }

    /// Handles one key; returns `false` to quit.
    private func handle(_ event: KeyEvent) -> Bool {
        switch event {
        case .resize:
            renderer.invalidate()
            return true
        case .endOfInput:
            return false
        default:
            break
        }
        switch mode {
        case .walking: return walk(event)
        case .talking(let text):
            type(event, text: text) {
                self.mode = .talking($0)
            } submit: { line in
                self.start { await self.game.talk(line) }
            }
        case .creating(let text):
            type(event, text: text) {
                self.mode = .creating($0)
            } submit: { line in
                self.start { await self.game.createItem(line) }
            }
        case .brewing(var drink):
            switch event {
            case .escape: mode = .walking
            case .enter:
                mode = .walking
                start { await self.game.serve(drink) }
            case .character(let key):
                if let ingredient = Ingredient.all.first(where: { $0.key == Character(key.lowercased()) }) {
                    drink.toggle(ingredient)
                    mode = .brewing(drink)
                }
            default: break
            }
        }
        return true
    }

    private func walk(_ event: KeyEvent) -> Bool {
        switch event {
        case .up, .character("w"), .character("W"): game.move(.up)
        case .down, .character("s"): game.move(.down)
        case .left, .character("a"), .character("A"): game.move(.left)
        case .right, .character("d"), .character("D"): game.move(.right)
        case .character("t"), .character("T"), .enter:
            game.approach()
            if case .item? = game.interlocutor {} else if game.interlocutor != nil { mode = .talking("") }
        case .character("n"), .character("N"): start { await self.game.inviteCustomer() }
        case .character("b"), .character("B"):
            if game.map.isAtCounter(game.state.player), !game.state.waiting.isEmpty {
                mode = .brewing(Drink())
            } else {
                start { await self.game.serve(Drink()) }
            }
        case .character("c"), .character("C"): mode = .creating("")
        case .character("e"), .character("E"): game.endDay()
        case .control("s"): game.save()
        case .control("o"): game.load()
        case .escape:
            if let action { action.cancel() } else { game.dismissSpeech() }
        case .character("q"), .character("Q"), .control("c"), .control("d"):
            if let action, event == .control("c") {
                action.cancel()
            } else {
                return false
            }
        default: break
        }
        return true
    }

    private func type(_ event: KeyEvent, text: String, update: (String) -> Void, submit: @escaping (String) -> Void) {
        switch event {
        case .escape: mode = .walking
        case .control("c"):
            action?.cancel()
            mode = .walking
        case .backspace, .delete: update(String(text.dropLast()))
        case .enter:
            mode = .walking
            let line = text.trimmingCharacters(in: .whitespaces)
            if !line.isEmpty { submit(line) }
        case .character(let character): update(text + String(character))
        default: break
        }
    }
}
