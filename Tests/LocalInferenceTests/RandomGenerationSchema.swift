import FoundationModels
import LLMEngine

/// Seeded random `GenerationSchema`s, built the way an app builds them at run time: Apple's
/// `DynamicGenerationSchema` values handed to `GenerationSchema(root:dependencies:)`.
///
/// A schema holds nested structures (1-4 properties with random names, some optional, some
/// structures writing absent values as explicit `null`), arrays with element bounds, string
/// enumerations, choices (`anyOf`) between named structures, integers and doubles with `.range`
/// guides, strings with `.pattern` guides (alone, two of them, or with an `.anyOf` guide),
/// booleans, a structure shared through the dependencies (`$defs`), and recursion: a reference to
/// the root only inside an optional property or an array without a minimum, so finite values
/// always exist. The root is a structure, a choice between structures, or an array. Nesting
/// stops at `maximumDepth`.
///
/// The same seed gives the same schema:
///
/// ```swift
/// let generated = try RandomGenerationSchema.make(seed: 7)
/// let json = try JSONEncoder().encode(generated.schema)
/// ```
struct RandomGenerationSchema {
    /// One generated schema and what a validator needs to know beyond Apple's JSON dialect.
    struct Case: Sendable {
        /// The schema.
        let schema: GenerationSchema
        /// The seed it was made from.
        let seed: UInt64
        /// Names of the structures made with `representNilExplicitlyInGeneratedContent: true`:
        /// their optional properties are always written, as a value or `null`, which the encoded
        /// schema does not say (Apple's dialect has no keyword for it).
        let explicitNilTypes: [String]
    }

    /// Patterns of `.pattern` guides; all read the same in Swift's regex syntax, the decoder's
    /// and Python's `re` (used by `jsonschema`).
    static let patterns = [
        #"[A-Z][a-z]{2,6}"#, #"\d{3}-\d{4}"#, #"(red|green|blue)"#, #"[a-z]+(-[a-z]+)*"#,
        #"#[0-9a-f]{6}"#, #"[A-Z]{2}\d{2,3}"#, #"(Mr|Mrs|Ms)\. [A-Z][a-z]+"#, #"v\d+\.\d+(\.\d+)?"#,
    ]

    /// Makes the schema of `seed`.
    static func make(seed: UInt64, maximumDepth: Int = 3) throws -> Case {
        var generator = RandomGenerationSchema(seed: seed, maximumDepth: maximumDepth)
        return try generator.make()
    }

    private var random: SeededGenerator
    private let seed: UInt64
    private let maximumDepth: Int
    private var typeCount = 0
    private var rootName = ""
    private var isRecursive = false
    private var explicitNilTypes: [String] = []
    private var shared: (name: String, schema: DynamicGenerationSchema)?

    private init(seed: UInt64, maximumDepth: Int) {
        random = SeededGenerator(seed: seed)
        self.seed = seed
        self.maximumDepth = maximumDepth
    }

    private mutating func make() throws -> Case {
        let root: DynamicGenerationSchema
        switch int(0...19) {
        case 0...2:
            isRecursive = chance(0.3)
            rootName = typeName("Choice")
            root = DynamicGenerationSchema(name: rootName, anyOf: (0..<int(2...3)).map { _ in object(depth: 1) })
        case 3...4:
            // An unnamed root: nothing can refer to it.
            root = array(depth: 0)
        default:
            isRecursive = chance(0.3)
            rootName = typeName("Root")
            root = object(named: rootName, depth: 0)
        }
        let schema = try GenerationSchema(root: root, dependencies: shared.map { [$0.schema] } ?? [])
        return Case(schema: schema, seed: seed, explicitNilTypes: explicitNilTypes)
    }

    // MARK: - Values

    private enum Kind: CaseIterable {
        case string, pattern, enumeration, integer, double, boolean, array, object, choice, shared
    }

    /// A value of any kind; only scalars at the depth limit.
    private mutating func value(depth: Int) -> DynamicGenerationSchema {
        let scalars: [Kind] = [.string, .pattern, .enumeration, .integer, .double, .boolean]
        let kinds = depth >= maximumDepth ? scalars : scalars + [.array, .array, .object, .object, .choice, .shared]
        switch kinds[int(0...(kinds.count - 1))] {
        case .string:
            return DynamicGenerationSchema(type: String.self)
        case .pattern:
            return patternString()
        case .enumeration:
            return DynamicGenerationSchema(name: typeName("Kind"), anyOf: choices())
        case .integer:
            if chance(0.15) { return DynamicGenerationSchema(type: Int.self) }
            let low = int(-60...60)
            return DynamicGenerationSchema(type: Int.self, guides: [.range(low...(low + [0, 1, 9, 99, 1000][int(0...4)]))])
        case .double:
            if chance(0.15) { return DynamicGenerationSchema(type: Double.self) }
            let low = Double(int(-400...400)) / 4
            let high = low + Double(int(1...800)) / 8
            return DynamicGenerationSchema(type: Double.self, guides: [.range(low...high)])
        case .boolean:
            return DynamicGenerationSchema(type: Bool.self)
        case .array:
            return array(depth: depth)
        case .object:
            return object(depth: depth + 1)
        case .choice:
            return DynamicGenerationSchema(name: typeName("Choice"), anyOf: (0..<int(2...3)).map { _ in object(depth: depth + 1) })
        case .shared:
            return sharedReference()
        }
    }

    /// A structure named `name` (a fresh name when `nil`) with 1-4 properties.
    private mutating func object(named name: String? = nil, depth: Int) -> DynamicGenerationSchema {
        let name = name ?? typeName(["Item", "Part", "Note", "Spec"][int(0...3)])
        var names: Set<String> = []
        var properties: [DynamicGenerationSchema.Property] = []
        for _ in 0..<int(1...4) {
            var propertyName = self.propertyName()
            while !names.insert(propertyName).inserted { propertyName += "\(int(0...9))" }
            let isOptional = chance(0.3)
            let schema: DynamicGenerationSchema
            if isOptional && isRecursive && chance(0.4) {
                schema = DynamicGenerationSchema(referenceTo: rootName) // optional: finite
            } else {
                schema = value(depth: depth + 1)
            }
            let description = chance(0.2) ? "The \(propertyName)" : nil
            properties.append(.init(name: propertyName, description: description, schema: schema, isOptional: isOptional))
        }
        switch int(0...5) {
        case 0:
            explicitNilTypes.append(name)
            return DynamicGenerationSchema(name: name, representNilExplicitlyInGeneratedContent: true, properties: properties)
        case 1:
            return DynamicGenerationSchema(name: name, representNilExplicitlyInGeneratedContent: false, properties: properties)
        default:
            return DynamicGenerationSchema(name: name, properties: properties)
        }
    }

    /// An array with random bounds; of the root (recursion) only when it may be empty.
    private mutating func array(depth: Int) -> DynamicGenerationSchema {
        var minimum: Int? = nil
        var maximum: Int? = nil
        switch int(0...4) {
        case 0: break
        case 1: minimum = int(0...2)
        case 2: maximum = int(0...3)
        case 3: minimum = int(0...2); maximum = minimum! + int(0...2)
        default: minimum = int(1...2); maximum = minimum
        }
        let items: DynamicGenerationSchema
        if isRecursive && (minimum ?? 0) == 0 && chance(0.3) {
            items = DynamicGenerationSchema(referenceTo: rootName) // may be empty: finite
        } else {
            items = value(depth: depth + 1)
        }
        return DynamicGenerationSchema(arrayOf: items, minimumElements: minimum, maximumElements: maximum)
    }

    /// A string with a pattern guide, sometimes also an `.anyOf` guide (of which the pattern
    /// keeps at least one choice).
    private mutating func patternString() -> DynamicGenerationSchema {
        let index = int(0...(Self.patterns.count - 1))
        // `try!`: every listed pattern is valid Swift regex syntax.
        let regex = try! Regex(Self.patterns[index])
        if index == 2 && chance(0.5) {
            return DynamicGenerationSchema(type: String.self, guides: [.anyOf(["red", "teal", "blue", "Blue"]), .pattern(regex)])
        }
        if index == 3 && chance(0.5) {
            // Two patterns: the second is encoded under `allOf`.
            return DynamicGenerationSchema(type: String.self, guides: [.pattern(regex), .pattern(try! Regex("[a-z-]{3,9}"))])
        }
        return DynamicGenerationSchema(type: String.self, guides: [.pattern(regex)])
    }

    /// The structure shared through the dependencies (`$defs`), made on first use, with scalar
    /// properties (and, in a recursive schema, perhaps an optional reference to the root).
    private mutating func sharedReference() -> DynamicGenerationSchema {
        if shared == nil {
            let name = typeName("Shared")
            shared = (name, object(named: name, depth: maximumDepth - 1))
        }
        return DynamicGenerationSchema(referenceTo: shared!.name)
    }

    // MARK: - Names and choices

    private static let words = [
        "name", "count", "size", "color", "label", "price", "tags", "owner", "title", "level",
        "score", "kind", "value", "items", "note", "active", "rating", "city", "code", "mood",
    ]

    /// A random property name: a word, a camel-case pair, letters, or now and then one that
    /// needs care in JSON (a space, a quote, a non-ASCII letter, a keyword of JSON Schema).
    private mutating func propertyName() -> String {
        switch int(0...9) {
        case 0...3: return pick(Self.words)
        case 4...5: return pick(Self.words) + pick(Self.words).capitalized
        case 6...7: return String((0..<int(2...8)).map { _ in Character(Unicode.Scalar(UInt8(int(97...122)))) })
        default: return pick(["first name", "say \"hi\"", "naïve", "type", "pattern", "$ref", "a/b", "x_1"])
        }
    }

    /// 2-4 distinct enumeration choices, sometimes with characters JSON escapes.
    private mutating func choices() -> [String] {
        var pool = ["small", "medium", "large", "tea", "coffee", "Yes", "no", "a b", "naïve", "quo\"te", "back\\slash", "☕"]
        var result: [String] = []
        for _ in 0..<int(2...4) { result.append(pool.remove(at: int(0...(pool.count - 1)))) }
        return result
    }

    private mutating func typeName(_ stem: String) -> String {
        typeCount += 1
        return "\(stem)\(typeCount)"
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    private mutating func pick(_ items: [String]) -> String { items[int(0...(items.count - 1))] }
}
