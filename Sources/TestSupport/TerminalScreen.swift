/// A small VT100/xterm screen emulator: feed it a program's output bytes and read
/// back the characters a terminal of `columns` × `rows` would show.
///
/// Handles printable UTF-8 (every character one column wide), CR, LF (scrolling at
/// the bottom), BS, TAB, auto-wrap at the right margin (xterm's deferred wrap),
/// cursor movement and erase CSI sequences, the alternate screen (`?1049`, `?1047`,
/// `?47`), and skips SGR, other modes, OSC/DCS strings and unknown sequences
/// without touching the grid. Colours and attributes are not kept. Pure value type.
package struct TerminalScreen: Sendable, Equatable {
    /// Width in columns.
    package private(set) var columns: Int
    /// Height in rows.
    package private(set) var rows: Int
    /// Zero-based cursor row.
    package internal(set) var cursorRow = 0
    /// Zero-based cursor column.
    package internal(set) var cursorColumn = 0
    /// Whether the cursor is shown (`?25h` / `?25l`).
    package internal(set) var cursorVisible = true
    /// Whether the alternate screen is active (`?1049h`).
    package internal(set) var isAlternateScreen = false

    var grid: [[Character]]
    /// The primary screen and cursor while the alternate screen is active.
    var savedPrimary: (grid: [[Character]], row: Int, column: Int)?
    var savedCursor: (row: Int, column: Int)?
    /// Set after printing into the last column; the next printable character wraps first.
    var pendingWrap = false
    var parser = ParserState.ground
    var sequence: [UInt8] = []
    var utf8: [UInt8] = []
    var utf8Remaining = 0

    enum ParserState: Sendable, Equatable {
        case ground, escape, escapeIntermediate, csi, osc, oscEscape, string, stringEscape
    }

    /// Creates a blank screen with the cursor at the top-left corner.
    package init(columns: Int = 80, rows: Int = 24) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        grid = TerminalScreen.blankGrid(columns: self.columns, rows: self.rows)
    }

    /// Screens are equal when size, contents, cursor and active buffer match (parser state is ignored).
    package static func == (lhs: TerminalScreen, rhs: TerminalScreen) -> Bool {
        lhs.grid == rhs.grid && lhs.cursorRow == rhs.cursorRow && lhs.cursorColumn == rhs.cursorColumn
            && lhs.columns == rhs.columns && lhs.rows == rhs.rows && lhs.isAlternateScreen == rhs.isAlternateScreen
    }

    static func blankGrid(columns: Int, rows: Int) -> [[Character]] {
        Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The character at (`row`, `column`); a space when out of range.
    package subscript(row: Int, column: Int) -> Character {
        guard row >= 0, row < rows, column >= 0, column < columns else { return " " }
        return grid[row][column]
    }

    /// Each row's characters with trailing spaces trimmed.
    package var lines: [String] {
        grid.map { row in
            var line = String(row)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// `lines` joined by `"\n"`.
    package var text: String { lines.joined(separator: "\n") }

    /// Interprets the UTF-8 of `text` as terminal output.
    package mutating func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    /// Interprets `bytes` as terminal output; sequences may be split across calls.
    package mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { consume(byte) }
    }

    /// Changes the size, keeping the top-left part of the contents that still fits.
    package mutating func resize(columns newColumns: Int, rows newRows: Int) {
        let newColumns = max(1, newColumns), newRows = max(1, newRows)
        func fit(_ old: [[Character]]) -> [[Character]] {
            var fresh = TerminalScreen.blankGrid(columns: newColumns, rows: newRows)
            for row in 0..<min(newRows, old.count) {
                for column in 0..<min(newColumns, old[row].count) { fresh[row][column] = old[row][column] }
            }
            return fresh
        }
        grid = fit(grid)
        if let saved = savedPrimary {
            savedPrimary = (fit(saved.grid), min(saved.row, newRows - 1), min(saved.column, newColumns - 1))
        }
        columns = newColumns
        rows = newRows
        cursorRow = min(cursorRow, rows - 1)
        cursorColumn = min(cursorColumn, columns - 1)
        pendingWrap = false
    }

    // MARK: Ground state

    /// Writes a character at the cursor and advances it (deferred wrap at the right margin).
    mutating func print(_ character: Character) {
        if pendingWrap {
            pendingWrap = false
            cursorColumn = 0
            lineFeed()
        }
        grid[cursorRow][cursorColumn] = character
        if cursorColumn == columns - 1 { pendingWrap = true } else { cursorColumn += 1 }
    }

    /// Moves down one row, scrolling the screen up when on the last row.
    mutating func lineFeed() {
        pendingWrap = false
        if cursorRow == rows - 1 {
            scrollUp(1)
        } else {
            cursorRow += 1
        }
    }

    /// Scrolls the whole screen up by `count` lines (new blank lines at the bottom).
    mutating func scrollUp(_ count: Int) {
        let count = min(count, rows)
        grid.removeFirst(count)
        grid.append(contentsOf: TerminalScreen.blankGrid(columns: columns, rows: count))
    }

    /// Scrolls the whole screen down by `count` lines (new blank lines at the top).
    mutating func scrollDown(_ count: Int) {
        let count = min(count, rows)
        grid.removeLast(count)
        grid.insert(contentsOf: TerminalScreen.blankGrid(columns: columns, rows: count), at: 0)
    }

    mutating func consume(_ byte: UInt8) {
        // CAN and SUB abort any sequence; ESC restarts one.
        if byte == 0x18 || byte == 0x1A { parser = .ground; utf8Remaining = 0; return }
        switch parser {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .escapeIntermediate:
            if !(0x20...0x2F).contains(byte) { parser = byte == 0x1B ? .escape : .ground }
        case .csi:
            if byte == 0x1B { parser = .escape; return }
            if (0x40...0x7E).contains(byte) {
                parser = .ground
                dispatchCSI(final: byte, body: sequence)
            } else if (0x20...0x3F).contains(byte) {
                if sequence.count < 64 { sequence.append(byte) }
            } else if byte < 0x20 {
                ground(byte) // C0 controls execute inside CSI
                parser = .csi
            } else {
                parser = .ground
            }
        case .osc:
            if byte == 0x07 { parser = .ground } else if byte == 0x1B { parser = .oscEscape }
        case .oscEscape:
            parser = byte == UInt8(ascii: "\\") ? .ground : (byte == 0x1B ? .oscEscape : .osc)
        case .string:
            if byte == 0x1B { parser = .stringEscape }
        case .stringEscape:
            parser = byte == UInt8(ascii: "\\") ? .ground : (byte == 0x1B ? .stringEscape : .string)
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if utf8Remaining > 0 {
            if (0x80...0xBF).contains(byte) {
                utf8.append(byte)
                utf8Remaining -= 1
                if utf8Remaining == 0 {
                    let scalar = String(decoding: utf8, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
                    print(Character(scalar))
                }
                return
            }
            utf8Remaining = 0
            print("\u{FFFD}")
        }
        switch byte {
        case 0x1B: parser = .escape
        case 0x08:
            pendingWrap = false
            cursorColumn = max(0, cursorColumn - 1)
        case 0x09:
            cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8)
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D:
            pendingWrap = false
            cursorColumn = 0
        case 0x00..<0x20, 0x7F: break
        case 0x20..<0x7F: print(Character(Unicode.Scalar(byte)))
        case 0xC2...0xDF: startUTF8(byte, remaining: 1)
        case 0xE0...0xEF: startUTF8(byte, remaining: 2)
        case 0xF0...0xF4: startUTF8(byte, remaining: 3)
        default: print("\u{FFFD}")
        }
    }

    private mutating func startUTF8(_ byte: UInt8, remaining: Int) {
        utf8 = [byte]
        utf8Remaining = remaining
    }

    private mutating func escape(_ byte: UInt8) {
        parser = .ground
        switch byte {
        case UInt8(ascii: "["): parser = .csi; sequence.removeAll(keepingCapacity: true)
        case UInt8(ascii: "]"): parser = .osc
        case UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"): parser = .string
        case 0x20...0x2F: parser = .escapeIntermediate
        case 0x1B: parser = .escape
        case UInt8(ascii: "7"): savedCursor = (cursorRow, cursorColumn)
        case UInt8(ascii: "8"): restoreCursor()
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): cursorColumn = 0; lineFeed()
        case UInt8(ascii: "M"):
            pendingWrap = false
            if cursorRow == 0 { scrollDown(1) } else { cursorRow -= 1 }
        case UInt8(ascii: "c"):
            grid = TerminalScreen.blankGrid(columns: columns, rows: rows)
            moveCursor(row: 0, column: 0)
        default: break
        }
    }

    mutating func restoreCursor() {
        let saved = savedCursor ?? (0, 0)
        moveCursor(row: saved.row, column: saved.column)
    }

    /// Moves the cursor, clamped to the screen, cancelling a pending wrap.
    mutating func moveCursor(row: Int, column: Int) {
        cursorRow = min(max(0, row), rows - 1)
        cursorColumn = min(max(0, column), columns - 1)
        pendingWrap = false
    }
}
