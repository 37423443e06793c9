import Testing

@testable import DreamCoffee

@Suite struct ScreenBufferTests {
    let top = RGB(10, 20, 30), bottom = RGB(200, 0, 0), back = RGB(5, 5, 5)

    @Test func halfBlockForTheFourPixelPairs() {
        var canvas = PixelCanvas(width: 4, height: 2)
        canvas[0, 0] = top; canvas[0, 1] = bottom // both opaque
        canvas[1, 0] = top // only the upper one
        canvas[2, 1] = bottom // only the lower one
        // column 3: both transparent
        var buffer = ScreenBuffer(columns: 4, rows: 1)
        buffer.draw(canvas, column: 0, row: 0)
        #expect(buffer[0, 0] == ScreenCell("▀", foreground: top, background: bottom))
        #expect(buffer[1, 0] == ScreenCell("▀", foreground: top, background: nil))
        #expect(buffer[2, 0] == ScreenCell("▄", foreground: bottom, background: nil))
        #expect(buffer[3, 0] == .blank)
    }

    @Test func transparentPixelsShowTheBackgroundOrWhatWasThere() {
        var canvas = PixelCanvas(width: 3, height: 2)
        canvas[0, 0] = top
        canvas[1, 1] = bottom
        var buffer = ScreenBuffer(columns: 3, rows: 1)
        buffer.draw(canvas, column: 0, row: 0, background: back)
        #expect(buffer[0, 0] == ScreenCell("▀", foreground: top, background: back))
        #expect(buffer[1, 0] == ScreenCell("▀", foreground: back, background: bottom))
        #expect(buffer[2, 0] == ScreenCell("▀", foreground: back, background: back))

        // Layering: a sprite whose lower pixel is transparent keeps the floor pixel below it.
        var layered = ScreenBuffer(columns: 1, rows: 1)
        layered.draw(PixelCanvas(width: 1, height: 2, fill: back), column: 0, row: 0)
        layered.draw(PixelCanvas(rows: [[top], [nil]]), column: 0, row: 0)
        #expect(layered[0, 0] == ScreenCell("▀", foreground: top, background: back))
        layered.draw(PixelCanvas(rows: [[nil], [bottom]]), column: 0, row: 0)
        #expect(layered[0, 0] == ScreenCell("▀", foreground: top, background: bottom))
    }

    @Test func drawClipsAndHandlesOddHeights() {
        let canvas = PixelCanvas(width: 3, height: 3, fill: top)
        var buffer = ScreenBuffer(columns: 2, rows: 2)
        buffer.draw(canvas, column: -1, row: -1)
        #expect(buffer[0, 0] == ScreenCell("▀", foreground: top, background: nil))
        #expect(buffer[1, 0] == ScreenCell("▀", foreground: top, background: nil))
        #expect(buffer[0, 1] == .blank)
        buffer.draw(canvas, column: 1, row: 1)
        #expect(buffer[1, 1] == ScreenCell("▀", foreground: top, background: top))
    }

    @Test func writeClipsAndSanitises() {
        var buffer = ScreenBuffer(columns: 6, rows: 2)
        #expect(buffer.write("hello world", column: 2, row: 0, foreground: top, bold: true) == 11)
        #expect(buffer.lines == ["  hell", ""])
        #expect(buffer[2, 0].bold && buffer[2, 0].foreground == top)
        buffer.write("abcdef", column: -2, row: 1, maxWidth: 4)
        #expect(buffer.lines[1] == "cd")
        buffer.write("a\t漢😀\u{1B}é", column: 0, row: 1)
        #expect(buffer.lines[1] == "a????é")
        buffer.write("x", column: 0, row: 5)
        #expect(buffer.lines.count == 2)
    }

    @Test func displayableCharacters() {
        #expect(ScreenCell.displayable("a") == "a")
        #expect(ScreenCell.displayable("▀") == "▀")
        #expect(ScreenCell.displayable("☕") == "?")
        #expect(ScreenCell.displayable("\u{0301}") == "?")
        #expect(ScreenCell.displayable("e\u{0301}") == "é")
        #expect(ScreenCell.displayable("\u{85}") == "?")
        #expect(ScreenCell.displayable("ｱ") == "ｱ") // halfwidth katakana is narrow
        #expect(ScreenCell.displayable("Ａ") == "?") // fullwidth
    }

    @Test func wrapBreaksAtWordsAndSplitsLongWords() {
        #expect(ScreenBuffer.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(ScreenBuffer.wrap("a supercalifragilistic b", width: 5) == ["a", "super", "calif", "ragil", "istic", "b"])
        #expect(ScreenBuffer.wrap("one\n\ntwo  three", width: 20) == ["one", "", "two three"])
        #expect(ScreenBuffer.wrap("", width: 5) == [""])
        #expect(ScreenBuffer.wrap("abc", width: 0).isEmpty)
        for line in ScreenBuffer.wrap(String(repeating: "lorem ipsum dolorsitametconsectetur ", count: 5), width: 7) {
            #expect(line.count <= 7)
        }
    }

    @Test func boxWithTitleAndFill() {
        var buffer = ScreenBuffer(columns: 12, rows: 4)
        buffer.box(column: 0, row: 0, width: 12, height: 4, title: "Menu", fill: back)
        #expect(buffer.lines == ["╭ Menu ────╮", "│          │", "│          │", "╰──────────╯"])
        #expect(buffer[1, 1].background == back)
        #expect(buffer[0, 1].background == nil)
        var clipped = ScreenBuffer(columns: 3, rows: 2)
        clipped.box(column: 1, row: 1, width: 5, height: 5, title: "A long title")
        #expect(clipped.lines == ["", " ╭"]) // the title's first cell is a space
    }

    @Test func fillAndWriteWrapped() {
        var buffer = ScreenBuffer(columns: 8, rows: 3)
        buffer.fill(column: 1, row: 1, width: 3, height: 9, character: "#", background: back)
        #expect(buffer.lines == ["", " ###", " ###"])
        var text = ScreenBuffer(columns: 8, rows: 3)
        #expect(text.writeWrapped("one two three four", column: 0, row: 0, width: 8, height: 2) == 2)
        #expect(text.lines == ["one two", "three", ""])
    }
}
