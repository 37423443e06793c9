/// A columns × rows grid of `ScreenCell`s: the frame a `ScreenRenderer` turns into ANSI output.
///
/// All drawing operations clip to the grid, so callers may draw partly (or
/// entirely) off-screen. Coordinates are zero-based: column 0, row 0 is top-left.
package struct ScreenBuffer: Hashable, Sendable {
    /// Width in character cells.
    package let columns: Int
    /// Height in character cells.
    package let rows: Int
    /// Row-major cell storage (`row * columns + column`).
    package private(set) var cells: [ScreenCell]

    /// Creates a buffer filled with `fill`.
    package init(columns: Int, rows: Int, fill: ScreenCell = .blank) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.cells = Array(repeating: fill, count: self.columns * self.rows)
    }

    /// The cell at (`column`, `row`); `.blank` when out of range. Writes out of range are ignored.
    package subscript(column: Int, row: Int) -> ScreenCell {
        get { contains(column: column, row: row) ? cells[row * columns + column] : .blank }
        set { if contains(column: column, row: row) { cells[row * columns + column] = newValue } }
    }

    /// Whether (`column`, `row`) lies inside the buffer.
    package func contains(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows
    }

    /// The characters of each row, trailing spaces trimmed (what a terminal would show).
    package var lines: [String] {
        (0..<rows).map { row in
            var line = String((0..<columns).map { cells[row * columns + $0].character })
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// `lines` joined by newlines.
    package var text: String { lines.joined(separator: "\n") }

    /// Sets every cell in the clipped rectangle to `character` with the given attributes.
    package mutating func fill(
        column: Int = 0, row: Int = 0, width: Int? = nil, height: Int? = nil,
        character: Character = " ", foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false
    ) {
        let cell = ScreenCell(character, foreground: foreground, background: background, bold: bold)
        let c0 = max(0, column), r0 = max(0, row)
        let c1 = min(columns, column + (width ?? columns)), r1 = min(rows, row + (height ?? rows))
        guard c0 < c1, r0 < r1 else { return }
        for r in r0..<r1 {
            for c in c0..<c1 { cells[r * columns + c] = cell }
        }
    }

    /// Draws `canvas` with its top-left pixel at cell (`column`, `row`): pixel rows
    /// 2k and 2k+1 share cell row `row + k` as the upper and lower half of a cell.
    ///
    /// Both pixels opaque: `"▀"` (foreground = upper, background = lower). One pixel
    /// transparent: `"▀"` or `"▄"` over the pixel behind it. Behind a transparent
    /// pixel shows `background` when given, otherwise what the cell already showed
    /// (a previous half-block or the cell background), so canvases can be layered.
    /// A cell whose two pixels are both transparent with no `background` is left untouched.
    package mutating func draw(_ canvas: PixelCanvas, column: Int, row: Int, background: RGB? = nil) {
        let cellRows = (canvas.height + 1) / 2
        for k in 0..<cellRows {
            let r = row + k
            guard r >= 0, r < rows else { continue }
            for x in 0..<canvas.width {
                let c = column + x
                guard c >= 0, c < columns else { continue }
                let upper = canvas[x, 2 * k], lower = canvas[x, 2 * k + 1]
                if upper == nil, lower == nil, background == nil { continue }
                let old = cells[r * columns + c]
                let behind = ScreenBuffer.pixels(of: old)
                let top = upper ?? background ?? behind.upper
                let bottom = lower ?? background ?? behind.lower
                cells[r * columns + c] = ScreenBuffer.halfBlock(upper: top, lower: bottom)
            }
        }
    }

    /// The cell showing the pixel pair (`upper`, `lower`) using `"▀"`, `"▄"` or `" "`.
    package static func halfBlock(upper: RGB?, lower: RGB?) -> ScreenCell {
        switch (upper, lower) {
        case (nil, nil): ScreenCell(" ")
        case let (top?, nil): ScreenCell("▀", foreground: top)
        case let (nil, bottom?): ScreenCell("▄", foreground: bottom)
        case let (top?, bottom?): ScreenCell("▀", foreground: top, background: bottom)
        }
    }

    /// The (upper, lower) pixel colours a cell shows, as far as they are colours.
    static func pixels(of cell: ScreenCell) -> (upper: RGB?, lower: RGB?) {
        switch cell.character {
        case "▀": (cell.foreground, cell.background)
        case "▄": (cell.background, cell.foreground)
        case "█": (cell.foreground, cell.foreground)
        default: (cell.background, cell.background)
        }
    }

    /// Writes `text` starting at (`column`, `row`), one cell per character, clipped to
    /// the buffer and to `maxWidth` columns. Characters that are not one column wide
    /// (controls, CJK, emoji) are stored as `"?"`. A `nil` background keeps each cell's
    /// current background. Returns the number of columns the text occupies (before clipping to the buffer).
    @discardableResult
    package mutating func write(
        _ text: String, column: Int, row: Int,
        foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false, maxWidth: Int? = nil
    ) -> Int {
        var count = 0
        for character in text {
            if let maxWidth, count >= maxWidth { break }
            let c = column + count
            count += 1
            guard contains(column: c, row: row) else { continue }
            let behind = cells[row * columns + c].background
            cells[row * columns + c] = ScreenCell(
                character, foreground: foreground, background: background ?? behind, bold: bold)
        }
        return count
    }
}
