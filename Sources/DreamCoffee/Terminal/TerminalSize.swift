/// A terminal size in character cells.
package struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Number of columns.
    package var columns: Int
    /// Number of rows.
    package var rows: Int

    /// Creates a size.
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// `COLUMNSxROWS`, e.g. `80x24`.
    package var description: String { "\(columns)x\(rows)" }
}
