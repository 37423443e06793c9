import TestSupport
import Testing

@testable import DreamCoffee

@Suite struct ScreenRendererTests {
    static let palette: [RGB?] = [nil, .black, .white, .coffee, .latte, RGB(1, 2, 3), RGB(254, 0, 128)]
    static let glyphs: [Character] = [" ", " ", "a", "Z", "▀", "▄", "█", "é", "─", "│", "?", "~"]

    static func randomCell(_ rng: inout SeededGenerator) -> ScreenCell {
        ScreenCell(
            glyphs.randomElement(using: &rng)!, foreground: palette.randomElement(using: &rng)!,
            background: palette.randomElement(using: &rng)!, bold: Bool.random(using: &rng))
    }

    static func randomFrame(columns: Int, rows: Int, _ rng: inout SeededGenerator) -> ScreenBuffer {
        var frame = ScreenBuffer(columns: columns, rows: rows)
        for row in 0..<rows {
            for column in 0..<columns where Int.random(in: 0..<3, using: &rng) > 0 {
                frame[column, row] = randomCell(&rng)
            }
        }
        return frame
    }

    static func mutate(_ frame: inout ScreenBuffer, _ rng: inout SeededGenerator) {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: // a few scattered cells
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                frame[Int.random(in: 0..<frame.columns, using: &rng), Int.random(in: 0..<frame.rows, using: &rng)] =
                    randomCell(&rng)
            }
        case 1: // a text line, including the last row and column
            frame.write(
                String(repeating: "xy ", count: 10), column: Int.random(in: -3..<frame.columns, using: &rng),
                row: Int.random(in: 0..<frame.rows, using: &rng), foreground: .red)
        case 2: // a sprite
            var canvas = PixelCanvas(width: 5, height: 5)
            for y in 0..<5 { for x in 0..<5 { canvas[x, y] = palette.randomElement(using: &rng)! } }
            frame.draw(
                canvas, column: Int.random(in: -2..<frame.columns, using: &rng),
                row: Int.random(in: -2..<frame.rows, using: &rng), background: nil)
        default: // nothing changes
            break
        }
    }

    @Test(arguments: [1, 2, 3, 42, 1234] as [UInt64], [ColorMode.trueColor, .palette256])
    func diffsApplyOnTopOfThePreviousFrame(seed: UInt64, mode: ColorMode) {
        var rng = SeededGenerator(seed: seed)
        var renderer = ScreenRenderer(colorMode: mode)
        var columns = 20, rows = 6
        var screen = TerminalScreen(columns: columns, rows: rows)
        screen.feed("garbage that the first frame must clear\r\n1\r\n2\r\n3\r\n4\r\n5\r\n6")
        var frame = Self.randomFrame(columns: columns, rows: rows, &rng)
        for step in 0..<60 {
            if step % 20 == 19 { // resize: terminal and frame change size
                columns = Int.random(in: 5...30, using: &rng)
                rows = Int.random(in: 2...10, using: &rng)
                screen.resize(columns: columns, rows: rows)
                frame = Self.randomFrame(columns: columns, rows: rows, &rng)
            } else if step % 13 == 12 {
                renderer.invalidate()
            } else {
                Self.mutate(&frame, &rng)
            }
            let output = renderer.render(frame)
            screen.feed(output)
            #expect(screen.lines == frame.lines, "seed \(seed) step \(step)")
            #expect(output.isEmpty || output.hasSuffix("\u{1B}[0m"))
        }
    }

    @Test func firstFrameClearsAndLaterFramesOnlyTouchChanges() {
        var renderer = ScreenRenderer(colorMode: .trueColor)
        var frame = ScreenBuffer(columns: 10, rows: 3)
        frame.write("hello", column: 0, row: 0, foreground: RGB(1, 2, 3), background: RGB(4, 5, 6), bold: true)
        let first = renderer.render(frame)
        #expect(first.hasPrefix("\u{1B}[0m\u{1B}[2J\u{1B}[H"))
        #expect(first.contains("\u{1B}[0;1;38;2;1;2;3;48;2;4;5;6mhello"))
        #expect(renderer.render(frame) == "")
        frame.write("J", column: 0, row: 0, foreground: RGB(1, 2, 3), background: RGB(4, 5, 6), bold: true)
        frame.write("!", column: 9, row: 2)
        let diff = renderer.render(frame)
        #expect(diff == "\u{1B}[1;1H\u{1B}[0;1;38;2;1;2;3;48;2;4;5;6mJ\u{1B}[3;10H\u{1B}[0m!\u{1B}[0m")
        renderer.invalidate()
        #expect(renderer.render(frame).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test func nearbyChangesShareOneCursorMove() {
        var renderer = ScreenRenderer()
        var frame = ScreenBuffer(columns: 20, rows: 1)
        _ = renderer.render(frame)
        frame.write("a", column: 2, row: 0)
        frame.write("b", column: 5, row: 0)
        frame.write("c", column: 15, row: 0)
        let diff = renderer.render(frame)
        #expect(diff == "\u{1B}[1;3H\u{1B}[0ma  b\u{1B}[1;16Hc\u{1B}[0m")
    }

    @Test func palette256() {
        #expect(ColorMode.paletteIndex(for: .black) == 16)
        #expect(ColorMode.paletteIndex(for: .white) == 231)
        #expect(ColorMode.paletteIndex(for: RGB(255, 0, 0)) == 196)
        #expect(ColorMode.paletteIndex(for: RGB(128, 128, 128)) == 244)
        #expect(ColorMode.palette256.parameters(for: RGB(0, 0, 255), background: true) == "48;5;21")
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorMode.detect(environment: [:]) == .palette256)
    }
}
