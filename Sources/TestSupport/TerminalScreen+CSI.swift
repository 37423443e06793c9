extension TerminalScreen {
    /// Executes the CSI sequence with parameter/intermediate bytes `body` and final byte `final`.
    mutating func dispatchCSI(final: UInt8, body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
        let privateMarker = text.first.flatMap { "<=>?".contains($0) ? $0 : nil }
        let parameterText = privateMarker == nil ? Substring(text) : text.dropFirst()
        if parameterText.contains(where: { (0x20...0x2F).contains($0.asciiValue ?? 0) }) { return } // intermediates: ignore
        let parameters = parameterText.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0.split(separator: ":").first ?? "") ?? 0
        }
        func parameter(_ index: Int, default value: Int = 1) -> Int {
            index < parameters.count && parameters[index] != 0 ? parameters[index] : value
        }
        if let privateMarker {
            if privateMarker == "?", final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
                for mode in parameters { setPrivateMode(mode, enabled: final == UInt8(ascii: "h")) }
            }
            return
        }
        switch Character(Unicode.Scalar(final)) {
        case "A": moveCursor(row: cursorRow - parameter(0), column: cursorColumn)
        case "B", "e": moveCursor(row: cursorRow + parameter(0), column: cursorColumn)
        case "C", "a": moveCursor(row: cursorRow, column: cursorColumn + parameter(0))
        case "D": moveCursor(row: cursorRow, column: cursorColumn - parameter(0))
        case "E": moveCursor(row: cursorRow + parameter(0), column: 0)
        case "F": moveCursor(row: cursorRow - parameter(0), column: 0)
        case "G", "`": moveCursor(row: cursorRow, column: parameter(0) - 1)
        case "d": moveCursor(row: parameter(0) - 1, column: cursorColumn)
        case "H", "f": moveCursor(row: parameter(0) - 1, column: parameter(1) - 1)
        case "J": eraseInDisplay(parameter(0, default: 0))
        case "K": eraseInLine(parameter(0, default: 0))
        case "X": blank(row: cursorRow, from: cursorColumn, to: min(columns, cursorColumn + parameter(0)))
        case "P": deleteCharacters(parameter(0))
        case "@": insertCharacters(parameter(0))
        case "L": insertLines(parameter(0))
        case "M": deleteLines(parameter(0))
        case "S": scrollUp(parameter(0))
        case "T": scrollDown(parameter(0))
        case "s": savedCursor = (cursorRow, cursorColumn)
        case "u": restoreCursor()
        default: break // SGR (m), DECSTBM (r), modes (h/l), reports (n, c) …: no effect on the text
        }
    }

    private mutating func setPrivateMode(_ mode: Int, enabled: Bool) {
        switch mode {
        case 25: cursorVisible = enabled
        case 47, 1047, 1049:
            if enabled, !isAlternateScreen {
                savedPrimary = (grid, cursorRow, cursorColumn)
                grid = TerminalScreen.blankGrid(columns: columns, rows: rows)
                isAlternateScreen = true
            } else if !enabled, isAlternateScreen, let saved = savedPrimary {
                grid = saved.grid
                isAlternateScreen = false
                savedPrimary = nil
                if mode == 1049 { moveCursor(row: saved.row, column: saved.column) }
            }
        default: break
        }
    }

    /// Sets columns `from..<to` of `row` to spaces.
    mutating func blank(row: Int, from: Int, to: Int) {
        guard row >= 0, row < rows, from < to else { return }
        for column in max(0, from)..<min(columns, to) { grid[row][column] = " " }
    }

    private mutating func eraseInDisplay(_ mode: Int) {
        switch mode {
        case 0:
            blank(row: cursorRow, from: cursorColumn, to: columns)
            for row in (cursorRow + 1)..<rows { blank(row: row, from: 0, to: columns) }
        case 1:
            for row in 0..<cursorRow { blank(row: row, from: 0, to: columns) }
            blank(row: cursorRow, from: 0, to: cursorColumn + 1)
        case 2:
            grid = TerminalScreen.blankGrid(columns: columns, rows: rows)
        default:
            break // 3 erases the scrollback, which this emulator does not keep
        }
    }

    private mutating func eraseInLine(_ mode: Int) {
        switch mode {
        case 0: blank(row: cursorRow, from: cursorColumn, to: columns)
        case 1: blank(row: cursorRow, from: 0, to: cursorColumn + 1)
        case 2: blank(row: cursorRow, from: 0, to: columns)
        default: break
        }
    }

    private mutating func deleteCharacters(_ count: Int) {
        var line = grid[cursorRow]
        let count = min(count, columns - cursorColumn)
        line.removeSubrange(cursorColumn..<(cursorColumn + count))
        line.append(contentsOf: repeatElement(" ", count: count))
        grid[cursorRow] = line
        pendingWrap = false
    }

    private mutating func insertCharacters(_ count: Int) {
        var line = grid[cursorRow]
        let count = min(count, columns - cursorColumn)
        line.insert(contentsOf: repeatElement(" ", count: count), at: cursorColumn)
        grid[cursorRow] = Array(line.prefix(columns))
        pendingWrap = false
    }

    private mutating func insertLines(_ count: Int) {
        let count = min(count, rows - cursorRow)
        grid.insert(contentsOf: TerminalScreen.blankGrid(columns: columns, rows: count), at: cursorRow)
        grid.removeLast(count)
        moveCursor(row: cursorRow, column: 0)
    }

    private mutating func deleteLines(_ count: Int) {
        let count = min(count, rows - cursorRow)
        grid.removeSubrange(cursorRow..<(cursorRow + count))
        grid.append(contentsOf: TerminalScreen.blankGrid(columns: columns, rows: count))
        moveCursor(row: cursorRow, column: 0)
    }
}
