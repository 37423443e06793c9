import Foundation
import Testing

/// Misuse of `@Generable` and `@Guide` is a compile-time error that names the problem.
@Suite struct GenerableDiagnosticsTests {
    /// A misuse: the source, the expected message, and
    /// the text the diagnostic points at.
    struct Misuse: Sendable, CustomTestStringConvertible {
        var source: String
        var message: String
        var at: String
        var testDescription: String { message }
    }

    static let generableMisuses: [Misuse] = [
        Misuse(
            source: "@Generable\nclass Cat {\n    var name: String\n}",
            message: "@Generable can only be applied to a struct or an enum, not to a class", at: "@Generable"),
        Misuse(
            source: "@Generable\nactor Cat {\n    var name: String\n}",
            message: "@Generable can only be applied to a struct or an enum, not to an actor", at: "@Generable"),
        Misuse(
            source: "@Generable\nprotocol Cat {\n    var name: String { get }\n}",
            message: "@Generable can only be applied to a struct or an enum, not to a protocol", at: "@Generable"),
        Misuse(
            source: "@Generable\nstruct S {\n    var count = 3\n}",
            message: "'count' needs an explicit type annotation for @Generable to know its schema", at: "count = 3"),
        Misuse(
            source: "@Generable\nstruct S {\n    var pair: (Int, Int)\n}",
            message: "'pair' cannot be generated: its type is a tuple; use a @Generable structure", at: "(Int, Int)"),
        Misuse(
            source: "@Generable\nstruct S {\n    var map: [String: Int]\n}",
            message: "'map' cannot be generated: its type is a dictionary; use an array of a @Generable structure with key and value properties",
            at: "[String: Int]"),
        Misuse(
            source: "@Generable\nstruct S {\n    var map: Dictionary<String, Int>\n}",
            message: "'map' cannot be generated: its type is a dictionary; use an array of a @Generable structure with key and value properties",
            at: "Dictionary"),
        Misuse(
            source: "@Generable\nstruct S {\n    var make: () -> Int\n}",
            message: "'make' cannot be generated: its type is a function type", at: "() -> Int"),
        Misuse(
            source: "@Generable\nstruct S {\n    var thing: any Sendable\n}",
            message: "'thing' cannot be generated: its type is an existential or opaque type; use a concrete @Generable type", at: "any Sendable"),
        Misuse(
            source: "@Generable\nstruct S {\n    var name: String!\n}",
            message: "'name' cannot be generated: its type is the implicitly unwrapped optional 'String!'; use 'String?'", at: "String!"),
        Misuse(
            source: "@Generable\nstruct S {\n    var scores: [Int?]\n}",
            message: "'scores' cannot be generated: its type is an array of optionals '[Int?]'", at: "[Int?]"),
        Misuse(
            source: "@Generable\nstruct S {\n    var score: Optional<Int>?\n}",
            message: "'score' cannot be generated: its type is a nested optional 'Optional<Int>?'", at: "Optional<Int>?"),
        Misuse(
            source: "let explicitNil = true\n@Generable(representNilExplicitlyInGeneratedContent: explicitNil)\nstruct S {\n    var a: Int\n}",
            message: "'representNilExplicitlyInGeneratedContent' must be the literal 'true' or 'false'", at: "explicitNil)"),
        Misuse(
            source: "@Generable\nenum Empty {\n}",
            message: "@Generable enum 'Empty' has no cases; the model could not generate any value", at: "Empty"),
        Misuse(
            source: "@Generable\nenum E {\n    case a(type: String)\n}",
            message: "The case 'a' has an associated value labeled 'type', which @Generable uses to tell cases apart; rename it", at: "type: String"),
        Misuse(
            source: "@Generable\nenum E {\n    case a(value1: Int, Int, Bool)\n}",
            message: "The case 'a' has two associated values named 'value1' in generated content; label them distinctly", at: "Bool"),
        Misuse(
            source: "@Generable\nenum E {\n    case a(x: Int)\n    case a(y: Int)\n}",
            message: "@Generable cannot tell apart several cases named 'a'; give them distinct names", at: "a(y"),
        Misuse(
            source: "@Generable\nenum E {\n    case a((Int, Int))\n}",
            message: "'a.value' cannot be generated: its type is a tuple; use a @Generable structure", at: "(Int, Int)"),
    ]

    static let guideMisuses: [Misuse] = [
        Misuse(
            source: "struct S {\n    @Guide(description: \"Sum\") var total: Int { 3 }\n}",
            message: "@Guide cannot be applied to the computed property 'total'; only stored properties are generated", at: "@Guide"),
        Misuse(
            source: "struct S {\n    @Guide(description: \"All\") static var all: [S] = []\n}",
            message: "@Guide cannot be applied to the static property 'all'; only instance properties are generated", at: "@Guide"),
        Misuse(
            source: "struct S {\n    @Guide(description: \"Version\") let version: Int = 2\n}",
            message:
                "@Guide cannot be applied to 'version', a 'let' with an initial value that the model cannot set; make it a 'var' or remove the initial value",
            at: "@Guide"),
        Misuse(
            source: "struct S {\n    @Guide(description: \"Run\") func run() {}\n}",
            message: "@Guide can only be applied to a stored property of a @Generable type", at: "@Guide"),
        Misuse(
            source: "struct S {\n    @Guide(.range(1...3)) var name: String\n}",
            message: "The guide .range does not fit 'name': .range applies to Int, Float, Double and Decimal values, not to a String", at: ".range"),
        Misuse(
            source: "struct S {\n    @Guide(.minimum(1)) var done: Bool\n}",
            message: "The guide .minimum does not fit 'done': .minimum applies to Int, Float, Double and Decimal values, not to a Bool",
            at: ".minimum"),
        Misuse(
            source: "struct S {\n    @Guide(.pattern(/a+/)) var count: Int\n}",
            message: "The guide .pattern does not fit 'count': .pattern applies to String values, not to an Int", at: ".pattern"),
        Misuse(
            source: "struct S {\n    @Guide(/[0-9]+/) var count: Int?\n}",
            message: "The guide a regex does not fit 'count': a regex applies to String values, not to an Int", at: "/[0-9]+/"),
        Misuse(
            source: "struct S {\n    @Guide(.anyOf([\"a\"])) var level: Double\n}",
            message: "The guide .anyOf does not fit 'level': .anyOf applies to String values, not to a floating-point number", at: ".anyOf"),
        Misuse(
            source: "struct S {\n    @Guide(.count(3)) var count: Int\n}",
            message: "The guide .count does not fit 'count': .count applies to arrays, not to an Int", at: ".count"),
        Misuse(
            source: "struct S {\n    @Guide(.maximumCount(3)) var name: String?\n}",
            message: "The guide .maximumCount does not fit 'name': .maximumCount applies to arrays, not to a String", at: ".maximumCount"),
        Misuse(
            source: "struct S {\n    @Guide(.element(.range(1...2))) var name: String\n}",
            message: "The guide .element does not fit 'name': .element applies to arrays, not to a String", at: ".element"),
        Misuse(
            source: "struct S {\n    @Guide(.anyOf([\"a\"])) var levels: [Int]\n}",
            message: "The guide .anyOf does not fit 'levels': .anyOf applies to String values, not to an Int", at: ".anyOf"),
        Misuse(
            source: "struct S {\n    @Guide(.range(1...2)) var grid: [[Int]]\n}",
            message: "The guide .range does not fit 'grid': .range applies to the elements of arrays of scalars, not to arrays of arrays",
            at: ".range"),
        Misuse(
            source: "struct S {\n    @Guide(description: \"Ok\", GenerationGuide.minimum(1)) var tags: [String]\n}",
            message: "The guide .minimum does not fit 'tags': .minimum applies to Int, Float, Double and Decimal values, not to a String",
            at: "GenerationGuide.minimum"),
    ]

    @Test(arguments: generableMisuses)
    func generableMisuseIsAnError(_ misuse: Misuse) throws {
        try check(misuse)
    }

    @Test(arguments: guideMisuses)
    func guideMisuseIsAnError(_ misuse: Misuse) throws {
        try check(misuse)
    }

    /// Compiles the misuse and expects exactly its diagnostic from the macros, and no code.
    private func check(_ misuse: Misuse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let position = Self.position(of: misuse.at, in: misuse.source)
        #expect(position != nil, "marker \(misuse.at) not in the source", sourceLocation: sourceLocation)
        guard let position else { return }
        let result = try MacroCompiler.compile(misuse.source)
        let expected = MacroCompiler.Result.Diagnostic(
            line: position.line, column: position.column, severity: "error", message: misuse.message, fromMacro: true)
        #expect(result.macroDiagnostics == [expected], "\(result.output)", sourceLocation: sourceLocation)
        #expect(!result.expansions.isEmpty, "the macro was not expanded:\n\(result.output)", sourceLocation: sourceLocation)
        #expect(result.expansions.allSatisfy { $0.text.isEmpty }, "code generated for a misuse", sourceLocation: sourceLocation)
    }

    /// The 1-based line and column of the first occurrence of `marker` in `source`.
    static func position(of marker: String, in source: String) -> (line: Int, column: Int)? {
        guard let range = source.range(of: marker) else { return nil }
        let before = source[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map(source.index(after:)) ?? source.startIndex
        return (line, source.utf8.distance(from: lineStart, to: range.lowerBound) + 1)
    }

    /// Every guide here fits its property: no diagnostic, and each `@Guide` expands (to nothing:
    /// `@Generable` reads the guides).
    @Test func guidesThatFitAreAccepted() throws {
        let result = try MacroCompiler.compile(
            """
            import Foundation
            import RegexBuilder
            @Generable struct Bean { var name: String }
            let shared = GenerationGuide<Int>.range(1...5)
            struct S {
                @Guide(.anyOf(["a", "b"])) var tags: [String]
                @Guide(.range(1...3)) var level: Int?
                @Guide(description: "Beans", .count(1...2)) var beans: [Bean]
                @Guide(/[a-z]+/) var code: String
                @Guide(Regex { "a" }) var word: Swift.String
                @Guide(.minimum(0.5)) var price: Decimal
                @Guide(shared) var rating: Int
                @Guide(description: "Notes") var notes: Array<String>
            }
            """)
        #expect(result.macroDiagnostics.isEmpty, "\(result.output)")
        #expect(result.expansions.filter { $0.role == .peer }.count == 8, "\(result.output)")
        #expect(result.expansions(.peer).isEmpty)
    }
}
