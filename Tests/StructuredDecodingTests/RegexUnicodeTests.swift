import FMSupport
import TestSupport
import Testing

@testable import StructuredDecoding

/// Scalar semantics, 4-byte scalars, and the UTF-8 construction.
@Suite struct RegexUnicodeTests {
    @Test func scalarsNotGraphemes() throws {
        // `.` is one scalar: "é" written as e + U+0301 is two.
        #expect(try regexAccepts("..", "e\u{301}"))
        #expect(try !regexAccepts(".", "e\u{301}"))
        #expect(try regexAccepts("e\u{301}", "e\u{301}"))
        #expect(try !regexAccepts("e\u{301}", "\u{E9}")) // no canonical equivalence
        // A family emoji is 7 scalars joined by ZWJ.
        let family = "👨‍👩‍👧‍👦"
        #expect(try regexAccepts(".{7}", family))
        #expect(try regexAccepts(#"(?:\p{Emoji}\u200D?)+"#, family))
        #expect(try regexAccepts("[👨👩👧👦\u{200D}]+", family))
        // Flags are two regional indicators.
        #expect(try regexAccepts(#"[\u{1F1E6}-\u{1F1FF}]{2}"#, "🇯🇵"))
    }

    @Test func cjkAndFourByteScalars() throws {
        #expect(try regexAccepts(#"\p{Han}+"#, "漢字𠀋")) // U+2000B is 4 bytes
        #expect(try regexAccepts(#"[\u{20000}-\u{2A6DF}]"#, "𠀋"))
        #expect(try !regexAccepts(#"[\u{20000}-\u{2A6DF}]"#, "漢"))
        #expect(try regexAccepts(#"[^\u{0}-\u{FFFF}]"#, "😀"))
        #expect(try regexAccepts(#"[\u{10FFFF}]"#, "\u{10FFFF}"))
        #expect(try regexAccepts(#"\p{Script=Hiragana}+\p{Script=Katakana}+"#, "ひらがなカタカナ"))
    }

    /// `[\s\S]*` accepts exactly the well-formed UTF-8 byte strings: compared with the stdlib's
    /// validating decoder on seeded random bytes biased towards tricky lead bytes.
    @Test func invalidUTF8IsNeverAccepted() throws {
        let dfa = try RegexPattern.anyText.compile()
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF,
        ]
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 7)
            let bytes = (0..<count).map { _ in interesting[Int(generator.next() % UInt64(interesting.count))] }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect(dfa.matches(bytes: bytes) == valid, "\(bytes)")
        }
        for invalid: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE6, 0xBC], [0x80], [0xFF]] {
            #expect(!dfa.matches(bytes: invalid))
            #expect(!dfa.canReachAccept(dfa.walk(from: dfa.start, bytes: invalid)) || invalid == [0xE6, 0xBC])
        }
    }

    /// Every scalar of a range is accepted and its neighbours are not, for ranges crossing every
    /// UTF-8 length boundary.
    @Test func utf8SplittingIsExact() throws {
        let ranges: [ClosedRange<UInt32>] = [
            0x0...0x10FFFF, 0x7F...0x80, 0x7FF...0x800, 0xFFFF...0x10000, 0x80...0x10FFFF,
            0x3A9...0x1F61D, 0xD7FF...0xE000, 0x10000...0x10FFFF, 0x1234...0x5678,
        ]
        var generator = SplitMix64(seed: 11)
        for range in ranges {
            let pattern = "[\\u{\(String(range.lowerBound, radix: 16))}-\\u{\(String(range.upperBound, radix: 16))}]"
            let dfa = try RegexPattern(pattern).compile()
            var samples: [UInt32] = [range.lowerBound, range.upperBound]
            for _ in 0..<3000 { samples.append(range.lowerBound + UInt32(generator.next() % UInt64(range.count))) }
            samples += [range.lowerBound &- 1, range.upperBound + 1, 0xD7FF, 0xE000, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000]
            dfa.withStepper { step, isAccepting in
                for value in samples {
                    guard let scalar = Unicode.Scalar(value) else { continue }
                    var state = dfa.start
                    for byte in String(scalar).utf8 { state = step(state, byte) }
                    #expect(isAccepting(state) == range.contains(value), "\(pattern) U+\(String(value, radix: 16))")
                }
            }
        }
        #expect(UTF8Sequences.split(0x80...0x10FFFF).count <= 9)
        #expect(UTF8Sequences.split(0x0...0xD7FF).map(\.count) == [1, 2, 3, 3, 3])
    }

    @Test func unicodeClassesOption() throws {
        let options: RegexOptions = .unicodeCharacterClasses
        #expect(try regexAccepts(#"\w+"#, "héllo_漢字٣\u{301}", options: options))
        #expect(try !regexAccepts(#"\w"#, "-", options: options))
        #expect(try regexAccepts(#"\s+"#, "\u{85}\u{A0}\u{2028}", options: options))
        #expect(try regexAccepts(#"\d+"#, "٣۴५", options: options))
    }

    @Test func propertySetsMatchTheStandardLibrary() throws {
        var generator = SplitMix64(seed: 3)
        let checks: [(String, (Unicode.Scalar.Properties) -> Bool)] = [
            ("Lu", { $0.generalCategory == .uppercaseLetter }),
            ("Nd", { $0.generalCategory == .decimalNumber }),
            ("Alphabetic", { $0.isAlphabetic }),
            ("White_Space", { $0.isWhitespace }),
            ("Emoji", { $0.isEmoji }),
        ]
        for (name, predicate) in checks {
            let dfa = try RegexPattern("\\p{\(name)}").compile()
            for _ in 0..<2000 {
                guard let scalar = Unicode.Scalar(UInt32(generator.next() % 0x30000)) else { continue }
                #expect(dfa.matches(String(scalar)) == predicate(scalar.properties), "\\p{\(name)} U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    /// The generated category and binary-property tables equal what the standard library says
    /// about every scalar (a toolchain with newer Unicode data fails here: rerun
    /// `scripts/generate_unicode_tables.swift`).
    @Test func generatedTablesMatchTheStandardLibrary() throws {
        let generated = UnicodeProperties.categoryTable(fromRuns: UnicodeProperties.generatedCategoryRuns)
        let scanned = UnicodeProperties.scannedCategoryTable()
        #expect(generated.count == UnicodeProperties.allCategories.count)
        for (slot, category) in UnicodeProperties.allCategories.enumerated() {
            let same = generated[slot] == scanned[slot] // compared outside #expect: no diff of huge sets
            #expect(same, "\(category): \(generated[slot].count) vs \(scanned[slot].count) scalars")
        }
        #expect(UnicodeProperties.generatedBinaryProperties.count >= 6)
        for (name, text) in UnicodeProperties.generatedBinaryProperties {
            let predicate = try #require(UnicodeProperties.binaryProperty(name), "\(name)")
            let same = UnicodeProperties.scalarSet(fromRanges: text) == UnicodeProperties.scan(predicate)
            #expect(same, "\(name)")
        }
        // Negative control: a table that stops early differs.
        let truncated = UnicodeProperties.categoryTable(fromRuns: "0 Cc 20 Zs")
        #expect(
            truncated[UnicodeProperties.allCategories.firstIndex(of: .spaceSeparator)!]
                != scanned[UnicodeProperties.allCategories.firstIndex(of: .spaceSeparator)!])
    }
}
