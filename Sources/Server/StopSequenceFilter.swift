/// Cuts response text at the first stop sequence (OpenAI's `stop`), streaming as much as it
/// can: text that might be the start of a stop sequence is held back until the next piece
/// shows it is not.
///
/// ```swift
/// var filter = StopSequenceFilter(["\n\n"])
/// filter.feed("Hello\n")     // "Hello" (the "\n" is held)
/// filter.feed("\nBye")       // "" and filter.isStopped == true
/// ```
struct StopSequenceFilter {
    /// The sequences that end the response.
    let sequences: [String]
    /// Text received but not yet released.
    private var held = ""
    /// Whether a stop sequence was seen (the rest is dropped).
    private(set) var isStopped = false

    /// A filter for `sequences` (none: everything passes at once).
    init(_ sequences: [String]) {
        self.sequences = sequences.filter { !$0.isEmpty }
    }

    /// Takes the next piece of text; returns what can be released now.
    mutating func feed(_ text: String) -> String {
        guard !isStopped else { return "" }
        guard !sequences.isEmpty else { return text }
        held += text
        if let cut = sequences.compactMap({ held.range(of: $0)?.lowerBound }).min() {
            isStopped = true
            let released = String(held[..<cut])
            held = ""
            return released
        }
        // Hold the longest tail that is a proper prefix of some sequence.
        var keep = 0
        for sequence in sequences {
            for length in stride(from: min(sequence.count - 1, held.count), to: keep, by: -1)
            where held.hasSuffix(sequence.prefix(length)) {
                keep = length
                break
            }
        }
        let released = String(held.dropLast(keep))
        held = String(held.suffix(keep))
        return released
    }

    /// The text still held at the end of the response (no stop sequence followed it).
    mutating func flush() -> String {
        defer { held = "" }
        return isStopped ? "" : held
    }
}
