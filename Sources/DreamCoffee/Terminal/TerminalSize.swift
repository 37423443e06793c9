/// A terminal size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Number of columns.
    public var columns: Int
    /// Number of rows.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// `COLUMNSxROWS`, e.g. `80x24`.
    public var description: String { "\(columns)x\(rows)" }
}
