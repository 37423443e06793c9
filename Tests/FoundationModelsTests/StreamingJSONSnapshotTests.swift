import Testing

@testable import FoundationModels

/// Incremental snapshots of a streaming structured response: the same contents as parsing the
/// whole text each time, a replaced text parsed again, invalid text showing nothing.
@Suite struct StreamingJSONSnapshotTests {
    @Test func growingTextGivesTheSameSnapshotsAsWholeParses() throws {
        let text = #"{"name": "Café ☕", "shots": [1, 2], "hot": true, "note": "a \"quoted\" word"}"#
        var streaming = StreamingJSONSnapshot()
        var previous = ""
        for end in text.indices.dropFirst() + [text.endIndex] {
            let prefix = String(text[..<end])
            let incremental = streaming.snapshot(of: prefix)
            let whole = try? GeneratedContent(json: prefix)
            #expect(incremental == whole && incremental?.isComplete == whole?.isComplete, "after \(prefix)")
            previous = prefix
        }
        #expect(previous == text)
        #expect(streaming.snapshot(of: text)?.isComplete == true)
    }

    @Test func replacedTextIsParsedAgainAndInvalidTextShowsNothing() {
        var streaming = StreamingJSONSnapshot()
        #expect(streaming.snapshot(of: #"{"a": 1"#) != nil)
        #expect(streaming.snapshot(of: #"{"b": 2}"#)?.jsonString == #"{"b": 2}"#)
        #expect(streaming.snapshot(of: #"{"b": 2}}"#) == nil)
        #expect(streaming.snapshot(of: #"["#)?.jsonString == "[]")
    }
}
