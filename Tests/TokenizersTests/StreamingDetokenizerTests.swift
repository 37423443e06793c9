import Testing

@testable import Tokenizers

@Suite struct StreamingDetokenizerTests {
    @Test func holdsBackCharactersSplitAcrossTokens() throws {
        // With no merges every UTF-8 byte is its own token.
        let tok = try ToyVocabularies.byteLevel(merges: [])
        let text = "a👩‍💻é日"
        let ids = tok.encode(text)
        #expect(ids.count == text.utf8.count)
        var detok = tok.makeStreamingDetokenizer()
        var pieces: [String] = []
        for id in ids { pieces.append(detok.append(id)) }
        pieces.append(detok.finish())
        #expect(pieces.joined() == text)
        // Never a replacement character, and every emitted piece is whole characters.
        #expect(!pieces.joined().unicodeScalars.contains("\u{FFFD}"))
        #expect(pieces.filter { !$0.isEmpty }.count == text.unicodeScalars.count)
    }

    @Test func invalidSequencesBecomeReplacementCharacters() {
        #expect(StreamingDetokenizer.completePrefixLength([0x61, 0xE2, 0x82]) == 1)
        #expect(StreamingDetokenizer.completePrefixLength([0x61, 0xE2, 0x82, 0xAC]) == 4)
        // 0xE0 0x80 can never become valid: emit it now rather than wait forever.
        #expect(StreamingDetokenizer.completePrefixLength([0xE0, 0x80]) == 2)
        #expect(StreamingDetokenizer.completePrefixLength([0x80, 0x80]) == 2)
        #expect(StreamingDetokenizer.completePrefixLength([0xF0, 0x9F, 0x98]) == 0)
    }

    @Test func finishFlushesAnUnfinishedSequence() throws {
        let tok = try ToyVocabularies.byteLevel(merges: [])
        var detok = tok.makeStreamingDetokenizer()
        #expect(detok.append(0xE2) == "")
        #expect(detok.finish() == "\u{FFFD}")
        #expect(detok.append(Int(UInt8(ascii: "z"))) == "z")
    }
}
