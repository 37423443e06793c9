import Foundation
import FoundationModels
import Testing

@testable import RemoteModels

/// How a remote recipe's coffee is roasted (a string choice, sent as `enum`).
@Generable
enum RemoteWireRoast {
    case light, dark
}

/// What a guest does: cases with associated values, sent as `anyOf`.
@Generable
enum RemoteWireAction {
    case wait
    case pay(amount: Int)
    case order(drink: String, roast: RemoteWireRoast)
}

/// One ingredient, nested in a recipe.
@Generable
struct RemoteWireIngredient {
    @Guide(.pattern(/[a-z]+( [a-z]+)*/)) var name: String
    @Guide(.range(0.25...2.5)) var grams: Double
}

/// A recipe with every shape the wire schema rewrites: nested objects, enums, `anyOf`, arrays
/// with counts, bounded numbers and a pattern, properties declared out of alphabetical order.
@Generable
struct RemoteWireRecipe {
    @Guide(.pattern(/[A-Z][a-z]+/)) var title: String
    var roast: RemoteWireRoast
    @Guide(.anyOf(["cup", "mug"])) var vessel: String
    @Guide(.range(-1.5...90)) var temperature: Double
    @Guide(.range(1...4)) var shots: Int
    @Guide(.count(1...3)) var ingredients: [RemoteWireIngredient]
    @Guide(.element(.range(1...6))) var dice: [Int]
    var action: RemoteWireAction
    var note: String?
}

/// Bounds `JSONEncoder` spells in different ways: `Double`s with an exponent (`1e-07`,
/// `1e+21`), `Decimal`s digit for digit (`0.0000001`, every digit of π given).
@Generable
struct RemoteWireGauge {
    @Guide(.range(-0.25...0.0000001)) var drift: Double
    @Guide(.minimum(1e21)) var distance: Double
    @Guide(.range(Decimal(string: "-0.0000001")!...Decimal(string: "1000000000000000000000")!)) var ratio: Decimal
    @Guide(.maximum(Decimal(string: "3.14159265358979323846")!)) var pi: Decimal
    @Guide(.range(Decimal(string: "0.5")!...Decimal(string: "2.0")!)) var scale: Decimal
}

/// The exact bytes `WireSchema` sends for a Swift-built schema, so a change to how the document
/// is built (its JSON value type, key order, number text) cannot change what servers receive.
@Suite("Remote model: wire schema bytes")
struct RemoteWireSchemaBytesTests {
    @Test("a schema with nested objects, enums, anyOf, arrays, bounds and patterns is sent byte for byte")
    func recipeBytes() {
        let wire = WireSchema(RemoteWireRecipe.generationSchema)
        #expect(wire.json == Self.recipe)
    }

    @Test("a tool's arguments with a nested enum of associated values are sent byte for byte")
    func actionBytes() {
        let wire = WireSchema(RemoteWireAction.generationSchema)
        #expect(wire.json == Self.action)
    }

    @Test("bounds are sent as the schema's JSONEncoder encoding spells them, Decimals digit for digit")
    func boundBytes() throws {
        let wire = WireSchema(RemoteWireGauge.generationSchema)
        #expect(wire.json == Self.gauge)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let dialect = String(decoding: try encoder.encode(RemoteWireGauge.generationSchema), as: UTF8.self)
        for bounds in [
            #""maximum":1e-07,"minimum":-0.25"#, #""minimum":1e+21"#, #""maximum":1000000000000000000000,"minimum":-0.0000001"#,
            #""maximum":3.14159265358979323846"#, #""maximum":2,"minimum":0.5"#,
        ] {
            #expect(dialect.contains(bounds) && wire.json.contains(bounds), "\(bounds)")
        }
    }

    /// `RemoteWireGauge`'s wire schema.
    static let gauge =
        ##"{"additionalProperties":false,"properties":{"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"distance":{"minimum":1e+21,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"}},"required":["drift","distance","ratio","pi","scale"],"title":"RemoteWireGauge","type":"object"}"##

    /// `RemoteWireRecipe`'s wire schema.
    static let recipe =
        ##"{"$defs":{"RemoteWireAction":{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["wait"],"type":"string"}},"required":["type"],"title":"RemoteWireAction.wait","type":"object"},{"additionalProperties":false,"properties":{"type":{"enum":["pay"],"type":"string"},"amount":{"type":"integer"}},"required":["type","amount"],"title":"RemoteWireAction.pay","type":"object"},{"additionalProperties":false,"properties":{"type":{"enum":["order"],"type":"string"},"drink":{"type":"string"},"roast":{"$ref":"#/$defs/RemoteWireRoast"}},"required":["type","drink","roast"],"title":"RemoteWireAction.order","type":"object"}],"title":"RemoteWireAction"},"RemoteWireIngredient":{"additionalProperties":false,"properties":{"name":{"pattern":"^(?:[a-z]+( [a-z]+)*)$","type":"string"},"grams":{"maximum":2.5,"minimum":0.25,"type":"number"}},"required":["name","grams"],"title":"RemoteWireIngredient","type":"object"},"RemoteWireRoast":{"enum":["light","dark"],"title":"RemoteWireRoast","type":"string"}},"additionalProperties":false,"properties":{"title":{"pattern":"^(?:[A-Z][a-z]+)$","type":"string"},"roast":{"$ref":"#/$defs/RemoteWireRoast"},"vessel":{"enum":["cup","mug"],"type":"string"},"temperature":{"maximum":90,"minimum":-1.5,"type":"number"},"shots":{"maximum":4,"minimum":1,"type":"integer"},"ingredients":{"items":{"$ref":"#/$defs/RemoteWireIngredient"},"maxItems":3,"minItems":1,"type":"array"},"dice":{"items":{"maximum":6,"minimum":1,"type":"integer"},"type":"array"},"action":{"$ref":"#/$defs/RemoteWireAction"},"note":{"type":"string"}},"required":["title","roast","vessel","temperature","shots","ingredients","dice","action"],"title":"RemoteWireRecipe","type":"object"}"##

    /// `RemoteWireAction`'s wire schema.
    static let action =
        ##"{"$defs":{"RemoteWireRoast":{"enum":["light","dark"],"title":"RemoteWireRoast","type":"string"}},"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["wait"],"type":"string"}},"required":["type"],"title":"RemoteWireAction.wait","type":"object"},{"additionalProperties":false,"properties":{"type":{"enum":["pay"],"type":"string"},"amount":{"type":"integer"}},"required":["type","amount"],"title":"RemoteWireAction.pay","type":"object"},{"additionalProperties":false,"properties":{"type":{"enum":["order"],"type":"string"},"drink":{"type":"string"},"roast":{"$ref":"#/$defs/RemoteWireRoast"}},"required":["type","drink","roast"],"title":"RemoteWireAction.order","type":"object"}],"title":"RemoteWireAction"}"##
}
