import ArgumentParser
import DreamCoffee
import Foundation

/// `dream-coffee keys`: a check of the terminal — its size, the keys it sends, and a half-block
/// picture — for when the shop does not look or respond right. `q` quits; `!` crashes on
/// purpose, to show (and test) that the terminal is restored after a crash.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Check the terminal: size, keys, colours (q quits).")

    @MainActor
    func run() async throws {
        let terminal: RawTerminal
        do {
            terminal = try RawTerminal.open(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError("dream-coffee keys needs a terminal: \(error)")
        }
        var renderer = ScreenRenderer(colorMode: terminal.colorMode)
        var history: [String] = []
        let cup: [[RGB?]] = [
            [nil, .cream, .cream, .cream, .cream, nil, nil],
            [nil, .cream, .coffee, .coffee, .cream, .cream, .cream],
            [nil, .cream, .coffee, .coffee, .cream, nil, .cream],
            [nil, .cream, .cream, .cream, .cream, .cream, nil],
            [.wood, .wood, .wood, .wood, .wood, .wood, .wood],
        ]
        func draw() throws {
            let size = terminal.size
            var frame = ScreenBuffer(columns: size.columns, rows: size.rows)
            frame.box(column: 0, row: 0, width: size.columns, height: size.rows, title: "dream-coffee keys", foreground: .latte)
            frame.write("READY pid=\(getpid())", column: 2, row: 1, foreground: .green, bold: true)
            frame.write("size: \(size)", column: 2, row: 2)
            frame.write("last: \(history.last ?? "none")", column: 2, row: 3, foreground: .yellow)
            frame.write("keys: " + history.suffix(6).joined(separator: " "), column: 2, row: 4, maxWidth: size.columns - 4)
            var canvas = PixelCanvas(width: 7, height: 6)
            canvas.blit(cup, x: 0, y: 1)
            frame.draw(canvas, column: 2, row: 5, background: .darkGray)
            try terminal.write(renderer.render(frame))
        }
        try draw()
        loop: for await event in terminal.events {
            switch event {
            case .character("q"), .endOfInput:
                break loop
            case .character("!"):
                fatalError("crash requested with !")
            case .resize:
                renderer.invalidate()
                history.append("resize")
            default:
                history.append(event.description)
            }
            try draw()
        }
        terminal.restore()
        print("bye")
    }
}
