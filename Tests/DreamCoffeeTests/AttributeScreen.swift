import Testing

@testable import DreamCoffee

/// A test-only interpreter of exactly what `ScreenRenderer` emits (CUP, ED 2, SGR,
/// printable characters), keeping every cell's attributes, to check colours and bold
/// as well as text. `TerminalScreen` checks the text; this checks the attributes.
struct AttributeScreen {
    var cells: [ScreenCell]
    let columns: Int
    var row = 0, column = 0
    var pen = ScreenCell.blank

    init(columns: Int, rows: Int) {
        self.columns = columns
        cells = Array(repeating: .blank, count: columns * rows)
    }

    mutating func feed(_ output: String, mode: ColorMode) {
        var index = output.startIndex
        while index < output.endIndex {
            let character = output[index]
            index = output.index(after: index)
            guard character == "\u{1B}" else {
                cells[row * columns + column] = ScreenCell(
                    character, foreground: pen.foreground,
                    background: pen.background, bold: pen.bold)
                column += 1
                continue
            }
            index = output.index(after: index) // "["
            let body = output[index...].prefix { !$0.isLetter }
            index = output.index(index, offsetBy: body.count)
            let final = output[index]
            index = output.index(after: index)
            let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            switch final {
            case "H":
                row = max(1, numbers.first ?? 1) - 1
                column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
            case "J": cells = cells.map { _ in ScreenCell(" ", foreground: nil, background: pen.background) }
            case "m": applySGR(numbers, mode: mode)
            default: Issue.record("unexpected sequence \(body)\(final)")
            }
        }
    }

    private mutating func applySGR(_ numbers: [Int], mode: ColorMode) {
        var i = 0
        while i < numbers.count {
            switch numbers[i] {
            case 0: pen = .blank
            case 1: pen.bold = true
            case 38, 48:
                let color: RGB
                if numbers[i + 1] == 2 {
                    color = RGB(UInt8(numbers[i + 2]), UInt8(numbers[i + 3]), UInt8(numbers[i + 4]))
                    i += 4
                } else {
                    color = RGB(UInt8(numbers[i + 2]), 0, 0) // palette index kept in `r`
                    i += 2
                }
                if numbers[i - (mode == .trueColor ? 4 : 2)] == 38 { pen.foreground = color } else { pen.background = color }
            default: Issue.record("unexpected SGR \(numbers[i])")
            }
            i += 1
        }
    }
}

@Suite struct RendererAttributeTests {
    /// What `AttributeScreen` should hold for `cell` in `mode`.
    static func expected(_ cell: ScreenCell, _ mode: ColorMode) -> ScreenCell {
        guard mode == .palette256 else { return cell }
        func index(_ color: RGB?) -> RGB? { color.map { RGB(UInt8(ColorMode.paletteIndex(for: $0)), 0, 0) } }
        return ScreenCell(cell.character, foreground: index(cell.foreground), background: index(cell.background), bold: cell.bold)
    }

    @Test(arguments: [7, 99] as [UInt64], [ColorMode.trueColor, .palette256])
    func attributesOfEveryCellMatchTheFrame(seed: UInt64, mode: ColorMode) {
        var rng = SeededGenerator(seed: seed)
        var renderer = ScreenRenderer(colorMode: mode)
        var frame = ScreenRendererTests.randomFrame(columns: 16, rows: 5, &rng)
        var screen = AttributeScreen(columns: 16, rows: 5)
        for step in 0..<40 {
            if step % 10 == 9 { renderer.invalidate() } else { ScreenRendererTests.mutate(&frame, &rng) }
            screen.feed(renderer.render(frame), mode: mode)
            #expect(screen.cells == frame.cells.map { Self.expected($0, mode) }, "seed \(seed) step \(step)")
        }
    }
}
