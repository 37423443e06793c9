import Foundation
import LLMEngine
import ModelStore

/// Prints a Hub install's steps on standard error: the download's progress on one line that
/// rewrites itself on a terminal, every tenth of the file otherwise (logs stay short).
final class HubProgressPrinter {
    /// Whether only errors are printed.
    let quiet: Bool
    /// Whether standard error is a terminal.
    let terminal = isatty(STDERR_FILENO) == 1
    /// The tenth of the file last printed when not on a terminal.
    private var lastTenth: Int64 = -1
    /// Whether a progress line is open (not ended with a newline).
    private var lineOpen = false

    /// A printer; `quiet` prints nothing.
    init(quiet: Bool) { self.quiet = quiet }

    /// Shows one step.
    func show(_ step: HubProgress) {
        guard !quiet else { return }
        if case let .downloading(bytes, total) = step {
            if terminal {
                FileHandle.standardError.write(Data(("\r" + step.description + "\u{1B}[K").utf8))
                lineOpen = true
                return
            }
            let tenth = bytes * 10 / max(total, 1)
            guard tenth != lastTenth else { return }
            lastTenth = tenth
        }
        if lineOpen {
            FileHandle.standardError.write(Data("\n".utf8))
            lineOpen = false
        }
        Terminal.status(step.description)
    }
}

/// `fm model list --all`'s table of Hub models to try.
enum HubSuggestionTable {
    /// Prints the suggestions with whether this engine runs their architecture.
    static func print() {
        Swift.print("\nOn the Hugging Face Hub (install with `fm model install REFERENCE`; names and sizes not verified here):")
        var rows: [[String]] = [["REFERENCE", "ARCH", "RUNS HERE", "SIZE (APPROX.)", "MODEL"]]
        for suggestion in HubSuggestions.all {
            let runs = ModelArchitecture(rawValue: suggestion.architecture) != nil ? "yes" : "no (architecture not supported yet)"
            rows.append([
                suggestion.reference, suggestion.architecture, runs, String(format: "%.1f GB", suggestion.approximateGigabytes), suggestion.summary,
            ])
        }
        Terminal.printTable(rows)
    }
}
