import TestSupport
import Testing

@Suite struct TerminalScreenTests {
    private func screen(_ output: String, columns: Int = 10, rows: Int = 4) -> TerminalScreen {
        var screen = TerminalScreen(columns: columns, rows: rows)
        screen.feed(output)
        return screen
    }

    @Test func printableCarriageReturnLineFeed() {
        let s = screen("ab\r\ncd\ré")
        #expect(s.lines == ["ab", "éd", "", ""])
        #expect(s.cursorRow == 1 && s.cursorColumn == 1)
        #expect(screen("ab\ncd").lines[1] == "  cd") // LF keeps the column
    }

    @Test func lineFeedScrollsAtTheBottom() {
        let s = screen("1\r\n2\r\n3\r\n4\r\n5", rows: 3)
        #expect(s.lines == ["3", "4", "5"])
    }

    @Test func backspaceAndTab() {
        #expect(screen("abc\u{8}\u{8}X").lines[0] == "aXc")
        #expect(screen("\u{8}\u{8}Y").lines[0] == "Y")
        #expect(screen("a\tb", columns: 20).lines[0] == "a       b")
        #expect(screen("\t\t\tc").lines[0] == "         c") // tabs stop at the last column
    }

    @Test func autoWrapIsDeferredAtTheRightMargin() {
        var s = screen("0123456789")
        #expect(s.cursorRow == 0 && s.cursorColumn == 9)
        s.feed("A")
        #expect(s.lines[0] == "0123456789" && s.lines[1] == "A")
        // A cursor move after filling the last column cancels the wrap.
        #expect(screen("0123456789\u{1B}[1;1HX").lines == ["X123456789", "", "", ""])
        // Filling the last cell of the last row does not scroll.
        #expect(screen("\u{1B}[4;10HZ").lines == ["", "", "", "         Z"])
    }

    @Test func cursorPositioning() {
        #expect(screen("\u{1B}[2;3HX").lines == ["", "  X", "", ""])
        #expect(screen("\u{1B}[3;2fY").lines == ["", "", " Y", ""])
        #expect(screen("\u{1B}[HZ").lines[0] == "Z")
        #expect(screen("\u{1B}[99;99HE").lines[3] == "         E")
        #expect(screen("\u{1B}[3;5H\u{1B}[2AU\u{1B}[B\u{1B}[3CF\u{1B}[10DB").lines == ["    U", "B       F", "", ""])
        #expect(screen("\u{1B}[2;4H\u{1B}[7GG\u{1B}[4dV").lines == ["", "      G", "", "       V"])
        #expect(screen("\u{1B}[2;5H\u{1B}[AQ").lines == ["    Q", "", "", ""])
    }

    @Test func eraseInDisplay() {
        let full = "aaaaaaaaaabbbbbbbbbbccccccccccdddddddddd"
        #expect(screen(full + "\u{1B}[2;5H\u{1B}[J").lines == ["aaaaaaaaaa", "bbbb", "", ""])
        #expect(screen(full + "\u{1B}[2;5H\u{1B}[0J").lines == ["aaaaaaaaaa", "bbbb", "", ""])
        #expect(screen(full + "\u{1B}[2;5H\u{1B}[1J").lines == ["", "     bbbbb", "cccccccccc", "dddddddddd"])
        #expect(screen(full + "\u{1B}[2;5H\u{1B}[2J").lines == ["", "", "", ""])
        #expect(screen(full + "\u{1B}[3J").lines[0] == "aaaaaaaaaa")
        let cleared = screen(full + "\u{1B}[2;5H\u{1B}[2J")
        #expect(cleared.cursorRow == 1 && cleared.cursorColumn == 4) // ED does not move the cursor
    }

    @Test func eraseInLine() {
        #expect(screen("0123456789\u{1B}[1;4H\u{1B}[K").lines[0] == "012")
        #expect(screen("0123456789\u{1B}[1;4H\u{1B}[1K").lines[0] == "    456789")
        #expect(screen("0123456789\u{1B}[1;4H\u{1B}[2K").lines[0] == "")
    }

    @Test func sgrAndModesAreIgnored() {
        let s = screen("\u{1B}[0;1;38;2;10;20;30;48;5;21mA\u{1B}[m\u{1B}[38:2::1:2:3mB\u{1B}[?1h\u{1B}=\u{1B}[?25lC")
        #expect(s.lines[0] == "ABC")
        #expect(!s.cursorVisible)
        #expect(screen("\u{1B}[?25l\u{1B}[?25h").cursorVisible)
    }

    @Test func alternateScreenIsSeparateAndRestored() {
        var s = screen("main\r\nline")
        s.feed("\u{1B}[?1049h")
        #expect(s.isAlternateScreen)
        #expect(s.lines == ["", "", "", ""])
        s.feed("\u{1B}[Halt")
        #expect(s.lines[0] == "alt")
        s.feed("\u{1B}[?1049l")
        #expect(!s.isAlternateScreen)
        #expect(s.lines == ["main", "line", "", ""])
        #expect(s.cursorRow == 1 && s.cursorColumn == 4)
    }

    @Test func oscAndUnknownSequencesAreSkipped() {
        let s = screen("a\u{1B}]0;window title\u{07}b\u{1B}]8;;http://x\u{1B}\\c\u{1B}[>4;1md\u{1B}(Be\u{1B}P1$r\u{1B}\\f\u{1B}[12;34#zg")
        #expect(s.lines[0] == "abcdefg")
    }

    @Test func sequencesSplitAcrossFeeds() {
        var s = TerminalScreen(columns: 10, rows: 2)
        for byte in Array("\u{1B}[2;3H€\u{1B}]0;t\u{1B}\\x".utf8) { s.feed([byte]) }
        #expect(s.lines == ["", "  €x"])
    }

    @Test func saveRestoreCursorAndLineEditing() {
        #expect(screen("ab\u{1B}7\u{1B}[3;3Hc\u{1B}8d").lines == ["abd", "", "  c", ""])
        #expect(screen("abcdef\u{1B}[1;2H\u{1B}[2P").lines[0] == "adef")
        #expect(screen("abcdef\u{1B}[1;2H\u{1B}[2@").lines[0] == "a  bcdef")
        #expect(screen("abcdef\u{1B}[1;2H\u{1B}[3X").lines[0] == "a   ef")
        #expect(screen("1\r\n2\r\n3\u{1B}[2;1H\u{1B}[L").lines == ["1", "", "2", "3"])
        #expect(screen("1\r\n2\r\n3\u{1B}[1;1H\u{1B}[M").lines == ["2", "3", "", ""])
        #expect(screen("1\r\n2\u{1B}[H\u{1B}M").lines == ["", "1", "2", ""])
    }

    @Test func resizeKeepsWhatFits() {
        var s = screen("0123456789\r\nabc\r\nxyz\r\nlast")
        s.resize(columns: 4, rows: 2)
        #expect(s.lines == ["0123", "abc"])
        #expect(s.cursorRow == 1 && s.cursorColumn == 3)
        s.resize(columns: 6, rows: 3)
        #expect(s.lines == ["0123", "abc", ""])
        s.feed("\u{1B}[3;6HZ")
        #expect(s.lines[2] == "     Z")
    }
}
