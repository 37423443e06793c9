import Testing

@testable import Tokenizers

@Suite struct PreTokenizerTests {
    func pieces(_ text: String, _ pre: PreTokenizer = .qwen2) -> [String] {
        let scalars = text.unicodeScalars.map(\.value)
        var out: [String] = []
        scalars.withUnsafeBufferPointer { buffer in
            pre.split(buffer) { range in
                out.append(String(String.UnicodeScalarView(scalars[range].map { Unicode.Scalar($0)! })))
            }
        }
        return out
    }

    @Test func wordsKeepTheirLeadingSpaceOrPunctuation() {
        #expect(pieces("Hello world") == ["Hello", " world"])
        #expect(pieces("(hello)") == ["(hello", ")"])
        #expect(pieces("a, b") == ["a", ",", " b"])
    }

    @Test func contractionsAreCaseInsensitive() {
        #expect(pieces("it's I'LL we'Re") == ["it", "'s", " I", "'LL", " we", "'Re"])
        #expect(pieces("'sup") == ["'s", "up"])
    }

    @Test func digitsSplitOneByOneForQwenAndByThreesForLlama3() {
        #expect(pieces("12345") == ["1", "2", "3", "4", "5"])
        #expect(pieces("12345", .llama3) == ["123", "45"])
        #expect(pieces("x2024", .llama3) == ["x", "202", "4"])
    }

    @Test func whitespaceRunsLeaveTheLastSpaceToTheNextWord() {
        #expect(pieces("a   b") == ["a", "  ", " b"])
        #expect(pieces("a \n\n b") == ["a", " \n\n", " b"])
        #expect(pieces("x  ") == ["x", "  "])
        #expect(pieces("\t\tx") == ["\t", "\tx"])
        #expect(pieces("a \u{3000}b") == ["a", " ", "\u{3000}b"])
    }

    @Test func punctuationRunsTakeTrailingNewlines() {
        #expect(pieces("x;\n\ny") == ["x", ";\n\n", "y"])
        #expect(pieces(" {}") == [" {}"])
    }

    @Test func piecesCoverTheInput() {
        let text = "Déjà vu — 東京 2024!! 👩‍💻\r\n\tend  "
        #expect(pieces(text).joined() == text)
    }
}
