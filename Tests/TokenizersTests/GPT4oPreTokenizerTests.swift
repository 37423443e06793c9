import Foundation
import Testing

@testable import Tokenizers

/// The `gpt-4o` (o200k) split against Hugging Face `tokenizers`' `Split` with the published
/// pattern: `Fixtures/gpt4o_pretokenizer.json` holds, per text, the lengths in Unicode scalars of
/// the pieces HF cuts it into (made by `Fixtures/make_gpt4o_gemma4_fixtures.py`).
@Suite struct GPT4oPreTokenizerTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let tag: String
            let text: String
            let lengths: [Int]
        }
        let pattern: String
        let cases: [Case]
    }

    func lengths(_ text: String) -> [Int] {
        let scalars = text.unicodeScalars.map(\.value)
        var out: [Int] = []
        scalars.withUnsafeBufferPointer { buffer in PreTokenizer.gpt4o.split(buffer) { out.append($0.count) } }
        return out
    }

    func pieces(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var out: [String] = []
        var start = 0
        for length in lengths(text) {
            out.append(String(String.UnicodeScalarView(scalars[start..<(start + length)])))
            start += length
        }
        return out
    }

    @Test func matchesHuggingFaceOnTheWholeCorpus() throws {
        let url = try #require(
            Bundle.module.url(forResource: "gpt4o_pretokenizer", withExtension: "json", subdirectory: "Fixtures"))
        let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        #expect(fixture.cases.count >= 1000)
        var failures = 0
        for c in fixture.cases where lengths(c.text) != c.lengths {
            failures += 1
            if failures <= 5 { Issue.record("\(c.tag) \(c.text.debugDescription): got \(pieces(c.text)), want lengths \(c.lengths)") }
        }
        #expect(failures == 0, "\(failures) of \(fixture.cases.count) texts split differently")
    }

    @Test func wordsSplitAtLowerToUpperCaseChangesAndKeepTheirContraction() {
        #expect(pieces("HTMLParser iPhone helloWORLD") == ["HTMLParser", " i", "Phone", " hello", "WORLD"])
        #expect(pieces("don't WE'RE it's") == ["don't", " WE'RE", " it's"])
        #expect(pieces("'s") == ["'s"])
    }

    @Test func marksStayWithTheirLettersAndDigitsGoByThree() {
        #expect(pieces("cafe\u{301} 12345") == ["cafe\u{301}", " ", "123", "45"])
    }

    @Test func slashesAndNewlinesTrailPunctuation() {
        #expect(pieces("a;\n/b") == ["a", ";\n/", "b"])
    }

    @Test func ggufNameIsAccepted() {
        #expect(PreTokenizer(ggufName: "gpt-4o") == .gpt4o)
        #expect(PreTokenizer.allCases.map(\.rawValue).contains("gpt-4o"))
    }
}
