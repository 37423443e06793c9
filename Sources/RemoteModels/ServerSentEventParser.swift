/// Cuts a `text/event-stream` body into events as its bytes arrive, in any pieces: lines end
/// with LF, CRLF or CR; an event is its `data:` lines (joined with LF) up to a blank line;
/// comments (`: keep-alive`) and the other fields (`event:`, `id:`, `retry:`) are skipped.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// parser.feed(Array("data: {\"a\"".utf8))   // []
/// parser.feed(Array(":1}\n\ndata: [DONE]\n\n".utf8))   // [#"{"a":1}"#, "[DONE]"]
/// ```
struct ServerSentEventParser {
    /// The bytes of the line being read.
    private var line: [UInt8] = []
    /// The data lines of the event being read.
    private var data: [String] = []
    /// Whether the last byte was a CR (a LF right after it ends no second line).
    private var afterCarriageReturn = false

    /// Reads `bytes`; returns the data of each event they complete, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [String] {
        var events: [String] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where afterCarriageReturn:
                afterCarriageReturn = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                afterCarriageReturn = false
                line.append(byte)
            }
        }
        return events
    }

    /// Ends the body: the data of an event the body ended in without a blank line, if any.
    mutating func finish() -> String? {
        if !line.isEmpty { _ = endLine() }
        return endLine()
    }

    /// Ends the current line; returns an event's data when the line was blank.
    private mutating func endLine() -> String? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            guard !data.isEmpty else { return nil }
            defer { data.removeAll() }
            return data.joined(separator: "\n")
        }
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        if field == "data" { data.append(String(value)) }
        return nil
    }
}
