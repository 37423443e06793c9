/// The model's thoughts as they stream, cleaned the way chat templates clean them when they
/// render reasoning back (`reasoning_content.strip('\n')`): without the family's label (Gemma 4's
/// `thought\n`), leading and trailing whitespace, or a closer spelled as text (`</think>` in a
/// vocabulary without the special token).
///
/// Text that may still turn out to be trailing whitespace or the start of the closer is held
/// back until the next piece tells; `finish()` drops what is left of it.
///
/// ```swift
/// var thoughts = ReasoningText(label: "", closer: "</think>")
/// thoughts.append("\nThe user") + thoughts.append(" asks.\n</thi") + thoughts.append("nk>") + thoughts.finish()
/// // "The user asks."
/// ```
struct ReasoningText {
    /// Text the model writes before its thoughts.
    let label: String
    /// The closer's text.
    let closer: String
    /// Whether the thoughts' first character was seen.
    private var started = false
    /// Whether the label was looked for.
    private var labelChecked = false
    /// Text held back.
    private var pending = ""

    /// A cleaner for a family's label and closer.
    init(label: String, closer: String) {
        self.label = label
        self.closer = closer
    }

    /// Takes `text`; returns what can be shown now.
    mutating func append(_ text: String) -> String {
        pending += text
        if !started {
            var head = pending.drop(while: \.isWhitespace)
            if !labelChecked, !label.isEmpty {
                if head.count < label.count, label.hasPrefix(head) {
                    pending = String(head)
                    return "" // the label may still be arriving
                }
                if head.hasPrefix(label) { head = head.dropFirst(label.count).drop(while: \.isWhitespace) }
            }
            labelChecked = true
            pending = String(head)
            guard !pending.isEmpty else { return "" }
            started = true
        }
        let held = heldLength(of: pending)
        let shown = String(pending.dropLast(held))
        pending = String(pending.suffix(held))
        return shown
    }

    /// What is left to show once the thoughts are over.
    mutating func finish() -> String {
        var rest = Substring(pending)
        pending = ""
        if rest.hasSuffix(closer) { rest = rest.dropLast(closer.count) }
        while let last = rest.last, last.isWhitespace { rest = rest.dropLast() }
        if !started { rest = rest.drop(while: \.isWhitespace) }
        return String(rest)
    }

    /// How many trailing characters of `text` to hold: the longest start of the closer it ends
    /// with, and the whitespace before it.
    private func heldLength(of text: String) -> Int {
        var held = 0
        for length in stride(from: min(closer.count, text.count), through: 1, by: -1) where text.hasSuffix(closer.prefix(length)) {
            held = length
            break
        }
        for character in text.dropLast(held).reversed() {
            guard character.isWhitespace else { break }
            held += 1
        }
        return held
    }
}
