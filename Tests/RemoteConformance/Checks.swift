import Foundation
import FoundationModels
import RemoteModels

/// An order with every kind of guide Apple's API has (the same guides the unit tests inject).
@Generable
struct ConformanceOrder {
    @Guide(description: "The customer's first name", .pattern(/[A-Z][a-z]+/)) var name: String
    @Guide(.anyOf(["latte", "mocha"])) var drink: String
    @Guide(.constant("oat")) var milk: String
    @Guide(.range(1...4)) var shots: Int
    @Guide(.minimum(1)) var cups: Int
    @Guide(.maximum(90)) var temperature: Int
    @Guide(.range(0.5...2.0)) var size: Double
    @Guide(.count(2)) var toppings: [String]
    @Guide(.minimumCount(1)) var notes: [String]
    @Guide(.maximumCount(2)) var extras: [String]
    @Guide(.element(.range(1...6))) var dice: [Int]

    /// The guides this value breaks (none, when the server enforced the schema).
    var brokenGuides: [String] {
        var broken: [String] = []
        if name.wholeMatch(of: /[A-Z][a-z]+/) == nil { broken.append("pattern (\(name))") }
        if !["latte", "mocha"].contains(drink) { broken.append("anyOf") }
        if milk != "oat" { broken.append("constant") }
        if !(1...4).contains(shots) { broken.append("range") }
        if cups < 1 { broken.append("minimum") }
        if temperature > 90 { broken.append("maximum") }
        if !(0.5...2.0).contains(size) { broken.append("number range") }
        if toppings.count != 2 { broken.append("count") }
        if notes.isEmpty { broken.append("minimumCount") }
        if extras.count > 2 { broken.append("maximumCount") }
        if !dice.allSatisfy({ (1...6).contains($0) }) { broken.append("element") }
        return broken
    }

    /// A valid order as JSON, with `member` replaced by `value` (a violation to inject).
    static func json(replacing member: String? = nil, with value: String = "") -> String {
        let members: [(String, String)] = [
            ("name", #""Ana""#), ("drink", #""latte""#), ("milk", #""oat""#), ("shots", "2"), ("cups", "1"),
            ("temperature", "60"), ("size", "1.5"), ("toppings", #"["foam", "cocoa"]"#), ("notes", #"["hot"]"#),
            ("extras", "[]"), ("dice", "[3]"),
        ]
        return "{" + members.map { "\"\($0.0)\": \($0.0 == member ? value : $0.1)" }.joined(separator: ", ") + "}"
    }

    /// One violation per guide kind.
    static let violations: [(String, String)] = [
        ("pattern", json(replacing: "name", with: #""Ana's Double Latte with Oat Milk""#)),
        ("anyOf", json(replacing: "drink", with: #""tea""#)),
        ("constant", json(replacing: "milk", with: #""soy""#)),
        ("range", json(replacing: "shots", with: "9")),
        ("minimum", json(replacing: "cups", with: "0")),
        ("maximum", json(replacing: "temperature", with: "95")),
        ("number range", json(replacing: "size", with: "0.25")),
        ("count", json(replacing: "toppings", with: #"["foam"]"#)),
        ("minimumCount", json(replacing: "notes", with: "[]")),
        ("maximumCount", json(replacing: "extras", with: #"["a", "b", "c"]"#)),
        ("element", json(replacing: "dice", with: "[7]")),
    ]
}

/// A drink, for streaming.
@Generable
struct ConformanceDrink {
    @Guide(description: "The drink's name") var name: String
    @Guide(description: "Espresso shots", .range(1...4)) var shots: Int
}

/// Reports the weather and counts its calls.
final class ConformanceWeatherTool: Tool, @unchecked Sendable {
    let name = "getWeather"
    let description = "Gets the current temperature in a city."
    private let lock = NSLock()
    private var calls: [String] = []
    /// The call that throws `Enough`, ending a `.required` request as Apple documents.
    let throwsAtCall: Int?

    /// The error that ends a `.required` request.
    struct Enough: Error {}

    init(throwsAtCall: Int? = nil) {
        self.throwsAtCall = throwsAtCall
    }

    @Generable
    struct Arguments {
        @Guide(description: "The city") var city: String
    }

    /// The cities it was called for.
    var cities: [String] { lock.withLock { calls } }

    func call(arguments: Arguments) async throws -> String {
        let count = lock.withLock {
            calls.append(arguments.city)
            return calls.count
        }
        if count == throwsAtCall { throw Enough() }
        return "It is 21°C in \(arguments.city)."
    }
}
