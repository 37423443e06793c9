import Testing

@testable import DreamCoffee

@Suite struct KeyParserTests {
    private func parse(_ text: String) -> [KeyEvent] {
        var parser = KeyParser()
        return parser.feed(Array(text.utf8))
    }

    @Test(arguments: [
        ("\u{1B}[A", KeyEvent.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left), ("\u{1B}[1;3C", .right),
        ("\u{1B}[3~", .delete), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
        ("\u{1B}[Z", .tab),
    ])
    func escapeSequences(sequence: String, expected: KeyEvent) {
        #expect(parse(sequence) == [expected])
    }

    @Test func plainKeys() {
        #expect(parse("aZ 1~") == [.character("a"), .character("Z"), .character(" "), .character("1"), .character("~")])
        #expect(parse("\r") == [.enter])
        #expect(parse("\n") == [.enter])
        #expect(parse("\r\n") == [.enter])
        #expect(parse("\r\r") == [.enter, .enter])
        #expect(parse("\t") == [.tab])
        #expect(parse("\u{7F}\u{08}") == [.backspace, .backspace])
    }

    @Test func controlKeys() {
        #expect(parse("\u{03}") == [.control("c")])
        #expect(parse("\u{13}") == [.control("s")])
        #expect(parse("\u{01}\u{1A}") == [.control("a"), .control("z")])
        #expect(parse("\u{00}\u{1C}\u{1F}") == [.control("@"), .control("\\"), .control("_")])
    }

    @Test func unknownSequencesAreSkipped() {
        #expect(parse("\u{1B}[15~x\u{1B}OPy\u{1B}[200~z") == [.character("x"), .character("y"), .character("z")])
    }

    @Test func sequencesSplitAcrossReads() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.hasPendingEscape)
        #expect(parser.feed(Array("[1;".utf8)).isEmpty)
        #expect(parser.feed(Array("5".utf8)).isEmpty)
        #expect(parser.feed(Array("Ax".utf8)) == [.up, .character("x")])
        #expect(!parser.hasPendingBytes)
        #expect(parser.feed([0x1B, UInt8(ascii: "O")]).isEmpty)
        #expect(parser.feed([UInt8(ascii: "B")]) == [.down])
        #expect(parser.feed(Array("\u{1B}[3".utf8)).isEmpty)
        #expect(parser.feed(Array("~".utf8)) == [.delete])
    }

    @Test func everySplitOfAMixedStreamGivesTheSameEvents() {
        let stream = Array("a\u{1B}[Aé\u{1B}OD☕\u{1B}[3~\r\n😀\u{1B}[1;5Cz".utf8)
        let expected: [KeyEvent] = [
            .character("a"), .up, .character("é"), .left, .character("☕"), .delete, .enter,
            .character("😀"), .right, .character("z"),
        ]
        for split in 0...stream.count {
            var parser = KeyParser()
            let events = parser.feed(stream[..<split]) + parser.feed(stream[split...])
            #expect(events == expected, "split at \(split)")
        }
        var parser = KeyParser()
        #expect(stream.flatMap { parser.feed([$0]) } == expected)
    }

    @Test func utf8SplitAcrossReads() {
        var parser = KeyParser()
        let bytes = Array("€".utf8) // E2 82 AC
        #expect(parser.feed(bytes[0..<1]).isEmpty)
        #expect(parser.feed(bytes[1..<2]).isEmpty)
        #expect(parser.hasPendingBytes && !parser.hasPendingEscape)
        #expect(parser.feed(bytes[2..<3]) == [.character("€")])
    }

    @Test func invalidUTF8IsSkipped() {
        #expect(parse("a") + [] == [.character("a")])
        var parser = KeyParser()
        #expect(parser.feed([0x80, 0xFF, UInt8(ascii: "b"), 0xC3, UInt8(ascii: "c")]) == [.character("b"), .character("c")])
    }

    @Test func loneEscapeNeedsAFlush() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.flushPendingEscape() == [.escape])
        #expect(!parser.hasPendingBytes)
        #expect(parser.flushPendingEscape().isEmpty)
    }

    @Test func escapeFollowedByOtherBytes() {
        #expect(parse("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(parse("\u{1B}x") == [.escape, .character("x")])
        var parser = KeyParser()
        #expect(parser.feed(Array("\u{1B}[".utf8)).isEmpty)
        #expect(parser.flushPendingEscape() == [.escape, .character("[")])
    }
}
