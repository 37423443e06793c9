extension ScreenBuffer {
    /// Greedy word wrap of `text` into lines of at most `width` characters.
    /// Newlines start new lines (blank lines are kept); words longer than `width`
    /// are split; runs of spaces between words collapse to one.
    package static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = Substring(word)
                if !line.isEmpty, line.count + 1 + word.count <= width {
                    line += " " + word
                    continue
                }
                if !line.isEmpty { result.append(line); line = "" }
                while word.count > width {
                    result.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                line = String(word)
            }
            result.append(line)
        }
        return result
    }

    /// Writes `text` word-wrapped into the rectangle at (`column`, `row`) of `width` × `height`
    /// cells; returns the number of rows used (at most `height`).
    @discardableResult
    package mutating func writeWrapped(
        _ text: String, column: Int, row: Int, width: Int, height: Int = .max,
        foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false
    ) -> Int {
        let lines = ScreenBuffer.wrap(text, width: width).prefix(max(0, height))
        for (index, line) in lines.enumerated() {
            write(
                line, column: column, row: row + index, foreground: foreground,
                background: background, bold: bold, maxWidth: width)
        }
        return lines.count
    }

    /// Draws a rounded line-drawing frame (`╭─╮ │ ╰─╯`) occupying the rectangle, with an
    /// optional `title` in the top border. When `fill` is given the interior is
    /// cleared to that background colour. Frames smaller than 2 × 2 draw nothing.
    package mutating func box(
        column: Int, row: Int, width: Int, height: Int, title: String? = nil,
        foreground: RGB? = nil, background: RGB? = nil, fill: RGB? = nil, bold: Bool = false
    ) {
        guard width >= 2, height >= 2 else { return }
        if let fill {
            self.fill(
                column: column + 1, row: row + 1, width: width - 2, height: height - 2,
                background: fill)
        }
        let right = column + width - 1, bottom = row + height - 1
        func put(_ character: Character, _ c: Int, _ r: Int) {
            guard contains(column: c, row: r) else { return }
            let behind = self[c, r].background
            self[c, r] = ScreenCell(character, foreground: foreground, background: background ?? behind, bold: bold)
        }
        for c in (column + 1)..<right {
            put("─", c, row)
            put("─", c, bottom)
        }
        for r in (row + 1)..<bottom {
            put("│", column, r)
            put("│", right, r)
        }
        put("╭", column, row)
        put("╮", right, row)
        put("╰", column, bottom)
        put("╯", right, bottom)
        if let title, !title.isEmpty, width >= 5 {
            write(
                " " + title + " ", column: column + 1, row: row, foreground: foreground,
                background: background, bold: true, maxWidth: width - 2)
        }
    }
}
