import Foundation
import FoundationModels
import RegexBuilder

// Types that the real `@Generable` and `@Guide` macros expand, for the behaviour tests. Several
// mirror the hand-written conformances of TestTypes.swift so the schemas can be compared.

/// Apple's recursive Person example, written with the macros.
@Generable
struct MacroPerson {
    @Guide(description: "The person's age", .range(18...100))
    var age: Int?
    @Guide(description: "The person's children", .maximumCount(3))
    var children: [MacroPerson]
    @Guide(description: "The person's name")
    var name: String
}

@Generable(description: "How dark the beans are")
enum MacroRoast {
    case light, medium, dark
}

@Generable(description: "A coffee bean")
struct MacroBean {
    var origin: String
    @Guide(description: "The roast level")
    var roast: MacroRoast
}

/// Every guide kind.
@Generable
struct MacroOrder {
    @Guide(.anyOf(["latte", "mocha"])) var drink: String
    @Guide(.constant("tall")) var size: String
    @Guide(.pattern(/[A-Z]{3}-\d{2}/)) var code: String
    @Guide(/T\d+/) var ticket: String?
    @Guide(.minimum(1), .maximum(4)) var shots: Int
    @Guide(.range(1.5...9.0)) var price: Double
    @Guide(.minimum(0.5)) var temperature: Float
    @Guide(.maximum(Decimal(string: "2.25")!)) var tip: Decimal
    @Guide(.count(2), .element(.anyOf(["foam", "syrup"]))) var extras: [String]
    @Guide(.count(1...5), .element(.range(1...10))) var ratings: [Int]
    @Guide(.minimumCount(1)) var notes: [String]
    @Guide(.maximumCount(2)) var beans: [MacroBean]
    var favorite: MacroBean?
    var paid: Bool
}

/// Mutual recursion through a nested type.
@Generable
struct MacroFolder {
    var files: [MacroFile]
}

@Generable
struct MacroFile {
    var name: String
    var parent: MacroFolder?
}

/// The WWDC encounter: cases with associated values.
@Generable
enum Encounter {
    case orderCoffee(String)
    case wantToTalkToManager(complaint: String)
}

/// Cases of every shape: plain, unlabeled values, labeled values, optional values.
@Generable(description: "Something a guest does")
enum GuestAction {
    case wait
    case pay(Int, Double)
    case order(drink: String, size: MacroRoast)
    case leave(review: String?)
}

/// Recursion through the enumeration itself.
@Generable
indirect enum Expression {
    case number(Int)
    case sum([Expression])
    case negate(Expression)
}

/// An enumeration and a structure that refer to each other.
@Generable
indirect enum Step {
    case stop
    case next(Plan)
}

@Generable
struct Plan {
    var label: String
    var step: Step
}

/// Absent optionals written as `null`.
@Generable(description: "A newsletter", representNilExplicitlyInGeneratedContent: true)
struct Newsletter {
    var title: String
    var sponsor: String?
}

/// A public type with guides that apply to elements, a regex builder guide, keyword and `id`
/// names, a property with a default value and properties the macro leaves alone.
@Generable
public struct Menu {
    public var id: Int
    @Guide(.anyOf(["tea", "coffee"])) public var drinks: [String]
    @Guide(.range(1...3)) public var sizes: [Int]
    @Guide(
        Regex {
            OneOrMore(.digit)
            "-"
            OneOrMore(.word)
        })
    public var code: String
    public var `default`: Bool = false
    public let version = 2
    public static let shared = 0
    public var summary: String { "\(drinks.count) drinks" }
    public var notes: [String] = [] {
        didSet { _ = oldValue }
    }
}

/// The macro's names survive user types named like FoundationModels' own.
enum Shadowing {
    struct GeneratedContent {}
    struct GenerationSchema {}
    struct GenerationID {}
    struct DynamicGenerationSchema {}
    struct LanguageModelSession {}

    @Generable
    struct Item {
        var name: String
        var count: Int?
    }

    @Generable
    enum Flavor {
        case sweet, sour
    }

    @Generable
    enum Wrapped {
        case item(Item)
    }
}

/// A generic structure.
@Generable
struct Box<Content: Generable> {
    var content: Content
    var labels: [String]
}

/// A type that states its conformance itself: the macro adds the members, not the conformance.
@Generable
struct Tagged: Generable {
    var tag: String
}

// `@Generable(name:)`: twins of the types above under schema names of their own.

/// Apple's Person under the name of its twin: the schemas must be equal.
@Generable(name: "MacroPerson")
struct NamedPerson {
    @Guide(description: "The person's age", .range(18...100))
    var age: Int?
    @Guide(description: "The person's children", .maximumCount(3))
    var children: [NamedPerson]
    @Guide(description: "The person's name")
    var name: String
}

/// Every guide kind, under the name of its twin.
@Generable(name: "MacroOrder")
struct NamedOrder {
    @Guide(.anyOf(["latte", "mocha"])) var drink: String
    @Guide(.constant("tall")) var size: String
    @Guide(.pattern(/[A-Z]{3}-\d{2}/)) var code: String
    @Guide(/T\d+/) var ticket: String?
    @Guide(.minimum(1), .maximum(4)) var shots: Int
    @Guide(.range(1.5...9.0)) var price: Double
    @Guide(.minimum(0.5)) var temperature: Float
    @Guide(.maximum(Decimal(string: "2.25")!)) var tip: Decimal
    @Guide(.count(2), .element(.anyOf(["foam", "syrup"]))) var extras: [String]
    @Guide(.count(1...5), .element(.range(1...10))) var ratings: [Int]
    @Guide(.minimumCount(1)) var notes: [String]
    @Guide(.maximumCount(2)) var beans: [MacroBean]
    var favorite: MacroBean?
    var paid: Bool
}

/// Mutual recursion through a type whose name is its own.
@Generable(name: "Directory")
struct NamedFolder {
    var files: [NamedFile]
}

@Generable
struct NamedFile {
    var name: String
    var parent: NamedFolder?
}

@Generable(name: "Roast level", description: "How dark the beans are")
enum NamedRoast {
    case light, medium, dark
}

@Generable(name: "Visit")
enum NamedEncounter {
    case orderCoffee(String)
    case wantToTalkToManager(complaint: String)
}

@Generable(name: "Sparse", representNilExplicitlyInGeneratedContent: true)
struct NamedSparse {
    var note: String?
    var count: Int
}

/// The typed twin of `NamedSparse`.
@Generable(representNilExplicitlyInGeneratedContent: true)
struct MacroSparse {
    var note: String?
    var count: Int
}
