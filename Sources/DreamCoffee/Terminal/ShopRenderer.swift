import Foundation

/// What the terminal interface is doing besides walking, for the renderer.
package enum InputMode: Equatable, Sendable {
    /// Walking around.
    case walking
    /// Typing words to a character.
    case talking(String)
    /// Describing something for the level creator.
    case creating(String)
    /// Putting a drink together.
    case brewing(Drink)
}

/// Draws the game into a screen buffer: the shop floor in half-block pixels on the left, the
/// customer panel on the right, the speech bubble, the status line and the key help below.
package struct ShopRenderer {
    /// The smallest terminal the game draws in.
    package static let minimumSize = (columns: 80, rows: 24)

    /// A renderer.
    package init() {}

    private let ink = RGB(250, 240, 225)
    private let paper = RGB(42, 30, 36)
    private let accent = RGB(240, 180, 90)
    private let dim = RGB(170, 150, 140)

    /// The frame for `game` in a terminal of `columns` × `rows`.
    @MainActor
    package func frame(_ game: Game, mode: InputMode, columns: Int, rows: Int) -> ScreenBuffer {
        var screen = ScreenBuffer(columns: columns, rows: rows, fill: ScreenCell(" ", foreground: ink, background: paper))
        guard columns >= ShopRenderer.minimumSize.columns, rows >= ShopRenderer.minimumSize.rows else {
            let message =
                "Dream Coffee needs a terminal of at least \(ShopRenderer.minimumSize.columns)×\(ShopRenderer.minimumSize.rows) (this one is \(columns)×\(rows))."
            screen.writeWrapped(message, column: 1, row: max(0, rows / 2 - 1), width: max(1, columns - 2), foreground: ink)
            return screen
        }
        let map = game.map
        screen.draw(shopCanvas(game), column: 0, row: 0)
        let mapColumns = map.width * TileArt.size
        let mapRows = map.height * TileArt.size / 2
        drawPanel(game, into: &screen, column: mapColumns + 1, width: columns - mapColumns - 1, height: mapRows)
        drawBottom(game, mode: mode, into: &screen, row: mapRows, columns: columns, rows: rows)
        return screen
    }

    /// The shop floor with everyone on it.
    @MainActor
    func shopCanvas(_ game: Game) -> PixelCanvas {
        let map = game.map
        let size = TileArt.size
        var canvas = PixelCanvas(width: map.width * size, height: map.height * size)
        for y in 0..<map.height {
            for x in 0..<map.width {
                canvas.blit(TileArt.tile(map.tile(at: Position(x, y))), x: x * size, y: y * size)
            }
        }
        for placement in game.state.items {
            canvas.blit(TileArt.item, x: placement.position.x * size, y: placement.position.y * size)
        }
        canvas.blit(TileArt.barista, x: map.baristaPosition.x * size, y: map.baristaPosition.y * size)
        for placement in game.state.customers {
            let small = PixelCanvas.downsample(placement.customer.npc.picture.sprite.pixels, width: size, height: size)
            canvas.blit(small, x: placement.position.x * size, y: placement.position.y * size)
        }
        canvas.blit(TileArt.player, x: game.state.player.x * size, y: game.state.player.y * size)
        return canvas
    }

    @MainActor
    private func drawPanel(_ game: Game, into screen: inout ScreenBuffer, column: Int, width: Int, height: Int) {
        var row = 0
        screen.write("Dream Coffee", column: column, row: row, foreground: accent, bold: true, maxWidth: width)
        row += 1
        let today = game.today
        screen.write("Day \(today.day) · \(today.served) served · \(today.stars)★", column: column, row: row, foreground: dim, maxWidth: width)
        row += 2
        let shown: CustomerPlacement? = {
            if case .customer(let id)? = game.interlocutor { return game.state.customers.first { $0.customer.id == id } }
            return game.state.waiting.first
        }()
        if let shown {
            let customer = shown.customer
            screen.write(customer.displayName, column: column, row: row, foreground: ink, bold: true, maxWidth: width)
            row += 1
            screen.draw(PixelCanvas(rows: customer.npc.picture.sprite.pixels), column: column, row: row, background: paper)
            row += Sprite.size / 2 + 1
            let order = customer.isServed ? "Served: \(customer.servedDrink ?? "")" : "Order: \(customer.npc.coffeeOrder)"
            row += screen.writeWrapped(order, column: column, row: row, width: width, height: max(0, height - row), foreground: dim)
        } else {
            row += screen.writeWrapped(
                "No customers yet. Press N to open the door.", column: column, row: row, width: width, height: 3, foreground: dim)
        }
        let waiting = game.state.waiting.count
        if row < height { screen.write("Waiting: \(waiting)", column: column, row: height - 1, foreground: dim, maxWidth: width) }
    }

    @MainActor
    private func drawBottom(_ game: Game, mode: InputMode, into screen: inout ScreenBuffer, row top: Int, columns: Int, rows: Int) {
        let boxHeight = rows - top - 2
        let inner = columns - 4
        switch mode {
        case .brewing(let drink):
            screen.box(
                column: 0, row: top, width: columns, height: boxHeight, title: " Brewing: \(drink.description) ", foreground: accent, fill: paper)
            var line = top + 1, column = 2
            for ingredient in Ingredient.all {
                let label = "[\(ingredient.key)] \(ingredient.name)"
                if column + label.count > columns - 2 { line += 1; column = 2 }
                guard line < top + boxHeight - 1 else { break }
                let chosen = drink.ingredients.contains(ingredient)
                screen.write(label, column: column, row: line, foreground: chosen ? paper : ink, background: chosen ? accent : paper, bold: chosen)
                column += label.count + 2
            }
        default:
            let speech = game.speech
            let title = speech.map { " \($0.speaker)\($0.isStreaming ? " …" : "") " } ?? (game.activity.map { " \($0) " })
            screen.box(column: 0, row: top, width: columns, height: boxHeight, title: title, foreground: accent, fill: paper)
            if let speech {
                let lines = ScreenBuffer.wrap(speech.text, width: inner)
                let visible = lines.suffix(boxHeight - 2)
                for (index, line) in visible.enumerated() {
                    screen.write(line, column: 2, row: top + 1 + index, foreground: ink, maxWidth: inner)
                }
            } else if let activity = game.activity {
                screen.write(activity, column: 2, row: top + 1, foreground: dim, maxWidth: inner)
            }
        }
        let statusRow = rows - 2
        screen.write(game.activity.map { "⏳ " + $0 } ?? game.status, column: 0, row: statusRow, foreground: accent, maxWidth: columns)
        let help: String
        switch mode {
        case .walking: help = "←↑→↓/WASD move  T talk  N customer  B brew  C create  E end day  ^S save  ^O load  Q quit"
        case .talking(let text): help = "You: \(text)▏"
        case .creating(let text): help = "Describe something new for the shop: \(text)▏"
        case .brewing: help = "Keys add or remove ingredients · Enter serves · Esc cancels"
        }
        screen.write(String(help.suffix(columns)), column: 0, row: rows - 1, foreground: ink, bold: mode != .walking, maxWidth: columns)
    }
}
