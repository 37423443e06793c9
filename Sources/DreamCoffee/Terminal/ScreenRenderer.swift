/// Turns successive `ScreenBuffer`s into ANSI escape sequences.
///
/// The first frame, a frame after `invalidate()` and a frame whose size differs
/// from the previous one are drawn completely (reset, clear, home). Later frames
/// only rewrite the cells that changed: the cursor is moved to each run of changed
/// cells (short unchanged gaps are rewritten rather than jumped over), and SGR
/// attributes are emitted only where they change. Every frame ends with `ESC[0m`.
///
/// Applying the output of frame N on top of the terminal showing frame N-1 gives
/// exactly frame N. The renderer never relies on auto-wrap: every row starts
/// with an explicit cursor position. A value type: keep one per terminal.
package struct ScreenRenderer: Sendable {
    /// How colours are encoded.
    package var colorMode: ColorMode
    /// The frame the terminal is assumed to show, or `nil` when unknown.
    package private(set) var previous: ScreenBuffer?
    /// Unchanged cells shorter than this between two changed ones are rewritten instead of jumped over.
    package var maximumGap: Int = 4

    /// Creates a renderer whose first frame will be a full redraw.
    package init(colorMode: ColorMode = .trueColor) {
        self.colorMode = colorMode
    }

    /// Forgets what the terminal shows, so the next frame is a full redraw (e.g. after a resize).
    package mutating func invalidate() {
        previous = nil
    }

    /// The bytes that bring the terminal from the previous frame to `frame`
    /// (an empty string when nothing changed).
    package mutating func render(_ frame: ScreenBuffer) -> String {
        var output = ""
        var pen: ScreenCell? = nil
        if let previous, previous.columns == frame.columns, previous.rows == frame.rows {
            for row in 0..<frame.rows {
                for run in changedRuns(in: row, old: previous, new: frame) {
                    output += "\u{1B}[\(row + 1);\(run.lowerBound + 1)H"
                    for column in run { emit(frame[column, row], into: &output, pen: &pen) }
                }
            }
            if output.isEmpty { self.previous = frame; return "" }
        } else {
            output += "\u{1B}[0m\u{1B}[2J\u{1B}[H"
            pen = .blank
            for row in 0..<frame.rows {
                // Cells equal to a blank on default colours are already right after the clear.
                let columns = (0..<frame.columns).filter { frame[$0, row] != .blank }
                guard let first = columns.first, let last = columns.last else { continue }
                output += "\u{1B}[\(row + 1);\(first + 1)H"
                for column in first...last { emit(frame[column, row], into: &output, pen: &pen) }
            }
        }
        output += "\u{1B}[0m"
        previous = frame
        return output
    }

    /// Ranges of columns to rewrite in `row`, gaps shorter than `maximumGap` merged.
    private func changedRuns(in row: Int, old: ScreenBuffer, new: ScreenBuffer) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for column in 0..<new.columns where old[column, row] != new[column, row] {
            if let last = runs.last, column - last.upperBound <= maximumGap {
                runs[runs.count - 1] = last.lowerBound...column
            } else {
                runs.append(column...column)
            }
        }
        return runs
    }

    /// Appends `cell`, preceded by an SGR sequence when its attributes differ from `pen`.
    private func emit(_ cell: ScreenCell, into output: inout String, pen: inout ScreenCell?) {
        if pen.map({ !$0.sameAttributes(as: cell) }) ?? true {
            output += sgr(for: cell)
            pen = cell
        }
        output.append(cell.character)
    }

    /// A complete SGR sequence (starting from a reset) for the cell's attributes.
    package func sgr(for cell: ScreenCell) -> String {
        var parameters = ["0"]
        if cell.bold { parameters.append("1") }
        if let foreground = cell.foreground {
            parameters.append(colorMode.parameters(for: foreground, background: false))
        }
        if let background = cell.background {
            parameters.append(colorMode.parameters(for: background, background: true))
        }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}
