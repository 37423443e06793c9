import Testing

@testable import StructuredDecoding

/// JSON Schema equality (`enum`, `const`) through its hash: values equal by `isSchemaEqual` must
/// hash alike, or deduplicating an enumeration and proving two enumerations disjoint would miss
/// equal values.
@Suite struct JSONSchemaEqualityTests {
    static func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    static func hash(_ value: JSONValue) -> Int {
        var hasher = Hasher()
        value.hashSchema(into: &hasher)
        return hasher.finalize()
    }

    /// Spellings of equal values, and near misses that must stay apart.
    static let pool = [
        "1", "1.0", "1e0", "10e-1", "0.1e1", "-0", "0", "0.0", "2", "1.5", "15e-1", "12345678901234567890123", "1.2345678901234567890123e22",
        #""a""#, #""\u0061""#, #""é""#, #""e\u0301""#, #""""#, "null", "true", "false", "[]", "[1]", "[1.0]", "[1,2]", "[2,1]",
        #"{"a":1,"b":[true]}"#, #"{"b":[true],"a":1.0}"#, #"{"a":1}"#, #"{"a":1,"a":1}"#, "{}",
    ]

    @Test func equalValuesHashAlike() throws {
        let values = try Self.pool.map(Self.value)
        var equalPairs = 0
        for a in values {
            for b in values where a.isSchemaEqual(to: b) {
                #expect(Self.hash(a) == Self.hash(b), "\(a) and \(b) are equal but hash differently")
                equalPairs += 1
            }
        }
        // 1 = 1.0 = 1e0 = 10e-1 = 0.1e1, -0 = 0 = 0.0, 1.5 = 15e-1, the two big numbers, "a" = "\u0061",
        // [1] = [1.0], the two reordered objects; the duplicate-key object equals nothing, itself included.
        #expect(equalPairs == 5 * 5 + 3 * 3 + 2 * 2 + 2 * 2 + 2 * 2 + 2 * 2 + 2 * 2 + (values.count - 5 - 3 - 2 * 5 - 1))
    }

    @Test func uniqueKeepsTheFirstOfEachEqualGroupInOrder() throws {
        let values = try Self.pool.map(Self.value)
        let unique = JSONValue.schemaUnique(values)
        var expected: [JSONValue] = []
        for value in values where !expected.contains(where: { $0.isSchemaEqual(to: value) }) { expected.append(value) }
        #expect(unique == expected)
        #expect(unique.count == values.count - 4 - 2 - 1 - 1 - 1 - 1 - 1)
    }

    @Test func aLargeEnumerationIsDeduplicatedExactly() throws {
        // Thousands of values (country subdivisions in a real schema), each twice in two spellings.
        let numbers = (0..<6000).map { JSONValue.number(String($0)) }
        let respelled = (0..<6000).map { JSONValue.number("\($0).0") }
        let strings = (0..<6000).map { JSONValue.string("US-\($0)") }
        let unique = JSONValue.schemaUnique(numbers + strings + respelled + strings)
        #expect(unique == numbers + strings)
    }

    @Test func intersectionFindsEqualValuesInAnySpelling() throws {
        let left = try ["1.0", #""x""#, #"{"b":2,"a":1}"#].map(Self.value)
        #expect(JSONValue.schemaIntersects(left, try ["3", "1e0"].map(Self.value)))
        #expect(JSONValue.schemaIntersects(left, try [#"{"a":1,"b":2.0}"#].map(Self.value)))
        #expect(!JSONValue.schemaIntersects(left, try ["2", #""X""#, #"{"a":1}"#, #"{"a":1,"a":1}"#].map(Self.value)))
        #expect(!JSONValue.schemaIntersects([], left) && !JSONValue.schemaIntersects(left, []))
    }
}
