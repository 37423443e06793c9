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
