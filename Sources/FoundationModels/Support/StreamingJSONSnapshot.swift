internal import StructuredDecoding

/// The snapshots of a structured response while it streams, parsed incrementally: each new piece
/// of text is fed once to one `PartialJSONParser`, instead of re-parsing the whole response at
/// every event (which made a long response quadratic). A response whose text was replaced rather
/// than extended is parsed again from the start.
struct StreamingJSONSnapshot {
    private var parser = PartialJSONParser()
    /// The text fed so far.
    private var fed: [UInt8] = []
    /// Whether the text fed so far is invalid JSON (no snapshot until the text is replaced).
    private var failed = false

    /// The content `text` shows, or `nil` when it shows nothing yet (or is not JSON).
    mutating func snapshot(of text: String) -> GeneratedContent? {
        let bytes = text.utf8
        if bytes.count < fed.count || !bytes.starts(with: fed) {
            parser = PartialJSONParser()
            fed.removeAll(keepingCapacity: true)
            failed = false
        }
        let new = Array(bytes.dropFirst(fed.count))
        if !new.isEmpty, !failed {
            do {
                try parser.append(new)
            } catch {
                failed = true
            }
            fed += new
        }
        guard !failed else { return nil }
        var ended = parser
        if let whole = try? ended.finish() { return GeneratedContent(partial: whole) }
        return parser.value.map(GeneratedContent.init(partial:))
    }
}
