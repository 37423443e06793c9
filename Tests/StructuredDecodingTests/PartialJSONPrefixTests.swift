import FMSupport
import Foundation
import StructuredDecoding
import TestSupport
import Testing

/// Every prefix of each document gives a snapshot that is a prefix of the final value, and the
/// final value equals Foundation's parse.
@Suite struct PartialJSONPrefixTests {
    static let documents: [String] = [
        #"{"name": "Café ☕️", "tags": ["a", "b\"c", "\u00e9\u6F22"], "count": 3, "ratio": -0.25e-3, "ok": true, "none": null}"#,
        #"[1, -2, 3.5, 4e10, 5E+2, 6.25e-2, 0, -0, 1234567890, [], {}, [[]], {"a": {}}]"#,
        #"{"emoji": "\ud83d\ude00 and 😀", "pair": "\uD834\uDD1E", "escapes": "\" \\ \/ \b \f \n \r \t"}"#,
        #"{"nested": {"deeper": {"deepest": [1, [2, [3, [4, {"x": "y"}]]]]}}, "after": "z"}"#,
        #"  [ "spaced" ,\#t{ "k" :\#t"v" } ,  true , false , null ]  "#,
        #""just a string with 漢字 and 𠀋""#,
        #"-12.5e+3"#,
        #"{"recipe": {"title": "Iced Latte", "steps": [{"n": 1, "text": "Pull a shot"}, {"n": 2, "text": "Add ice & milk"}], "temperature": 4.5}}"#,
        #"[{"id": "2EB8AA08-AA98-11EA-B4AA-73B441D16380", "when": "2024-02-29T12:00:00Z"}, {"id": null, "when": ""}]"#,
        #"{"": "", "unicode key ключ": "значение", "\u0000": "\u001f"}"#,
    ]

    @Test(arguments: documents) func everyPrefixIsConsistent(_ document: String) throws {
        let bytes = Array(document.utf8)
        let final = try PartialJSON.parseComplete(document)
        #expect(final.isComplete)
        var parser = PartialJSONParser()
        var previous: PartialJSONValue?
        for (index, byte) in bytes.enumerated() {
            try parser.append([byte])
            let snapshot = parser.value
            if let snapshot {
                #expect(isPrefix(snapshot, of: final), "prefix \(index + 1): \(snapshot) vs \(final)")
                if let previous { #expect(isPrefix(previous, of: snapshot), "monotone at \(index)") }
            }
            previous = snapshot ?? previous
            // One-shot parsing of the prefix agrees with the incremental parser.
            #expect(PartialJSON.parse(bytes: bytes[...index]) == snapshot)
        }
        #expect(try parser.finish() == final)
        let foundation = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        #expect(sameValue(final, foundation), "\(final)")
    }

    @Test func chunkingDoesNotMatter() throws {
        var generator = SplitMix64(seed: 1)
        for document in Self.documents {
            let bytes = Array(document.utf8)
            var parser = PartialJSONParser()
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + 1 + Int(generator.next() % 9))
                try parser.append(bytes[index..<end])
                #expect(parser.value == PartialJSON.parse(bytes: bytes[..<end]))
                index = end
            }
            #expect(try parser.finish() == PartialJSON.parseComplete(document))
        }
    }

    /// Feeding a long document byte by byte with frequent snapshots stays linear enough to
    /// finish quickly (no timing assertion: a quadratic parser would take minutes here).
    @Test func longDocumentsStreamInLinearTime() throws {
        let item = #"{"text": "Lorem ipsum dolor sit amet, \u00e9 😀", "n": 12345.678},"#
        let document = "[" + String(repeating: item, count: 4000) + "0]"
        var parser = PartialJSONParser()
        for (index, byte) in document.utf8.enumerated() {
            try parser.append(CollectionOfOne(byte))
            if index % 4096 == 0 { _ = parser.value }
        }
        guard case .array(let items, true) = try parser.finish() else { Issue.record("not an array"); return }
        #expect(items.count == 4001)
        let long = "\"" + String(repeating: "abcdefgh", count: 50_000) + "\""
        var stringParser = PartialJSONParser()
        for chunk in long.utf8.chunked(16) {
            try stringParser.append(chunk)
            _ = stringParser.value // snapshot dropped at once: the buffer stays unique
        }
        #expect(stringParser.isComplete)
    }
}

/// Whether `partial` is a prefix of `final` in the natural sense: equal where complete; an open
/// string's scalars start the final string; an open container's members start the final
/// container's, all equal but the last, which is itself a prefix.
func isPrefix(_ partial: PartialJSONValue, of final: PartialJSONValue) -> Bool {
    switch (partial, final) {
    case (.number(let a, _), .number(let b, _)):
        return b.hasPrefix(a)
    case (.string(let a, let complete), .string(let b, let finalComplete)):
        return complete ? (a == b && finalComplete) : b.unicodeScalars.starts(with: a.unicodeScalars)
    case (.array(let a, let complete), .array(let b, let finalComplete)):
        if complete { return finalComplete && a == b }
        guard a.count <= b.count else { return false }
        return zip(a, b).enumerated().allSatisfy { index, pair in
            index == a.count - 1 ? isPrefix(pair.0, of: pair.1) : pair.0 == pair.1
        }
    case (.object(let a, let complete), .object(let b, let finalComplete)):
        if complete { return finalComplete && partial == final }
        guard a.count <= b.count else { return false }
        return zip(a, b).enumerated().allSatisfy { index, pair in
            pair.0.key == pair.1.key
                && (index == a.count - 1 ? isPrefix(pair.0.value, of: pair.1.value) : pair.0.value == pair.1.value)
        }
    default:
        return partial == final
    }
}

/// Whether our value equals what Foundation's `JSONSerialization` produced.
func sameValue(_ ours: PartialJSONValue, _ theirs: Any) -> Bool {
    switch ours {
    case .null: return theirs is NSNull
    case .bool(let value): return (theirs as? Bool) == value
    case .number(_, let value): return (theirs as? NSNumber)?.doubleValue == value
    case .string(let text, let complete): return complete && (theirs as? String) == text
    case .array(let items, let complete):
        guard complete, let array = theirs as? [Any], array.count == items.count else { return false }
        return zip(items, array).allSatisfy { sameValue($0, $1) }
    case .object(let members, let complete):
        guard complete, let object = theirs as? [String: Any], object.count == members.count else { return false }
        return members.allSatisfy { member in object[member.key].map { sameValue(member.value, $0) } ?? false }
    }
}

extension Collection {
    /// Consecutive slices of at most `size` elements.
    func chunked(_ size: Int) -> [SubSequence] {
        stride(from: 0, to: count, by: size).map { offset in
            let start = index(startIndex, offsetBy: offset)
            return self[start..<(index(start, offsetBy: size, limitedBy: endIndex) ?? endIndex)]
        }
    }
}
