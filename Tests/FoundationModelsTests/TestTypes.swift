import Foundation

@testable import FoundationModels

/// Hand-written equivalents of what `@Generable` will generate, for schema tests.

/// Apple's recursive Person example (API-NOTES).
struct Person: Generable {
    var age: Int?
    var children: [Person]
    var name: String

    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: Person.self,
            properties: [
                .init(name: "age", description: "The person's age", type: Int?.self, guides: [.range(18...100)]),
                .init(name: "children", description: "The person's children", type: [Person].self, guides: [.maximumCount(3)]),
                .init(name: "name", description: "The person's name", type: String.self),
            ])
    }

    init(age: Int?, children: [Person], name: String) {
        self.age = age
        self.children = children
        self.name = name
    }

    init(_ content: GeneratedContent) throws {
        age = try content.value(Int?.self, forProperty: "age")
        children = try content.value([Person].self, forProperty: "children")
        name = try content.value(String.self, forProperty: "name")
    }

    var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["age": age, "children": children, "name": name])
    }
}

/// A string enumeration, as `@Generable enum Roast { case light, medium, dark }` expands.
enum Roast: String, Generable {
    case light, medium, dark

    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Roast.self, description: "How dark the beans are", anyOf: ["light", "medium", "dark"])
    }

    init(_ content: GeneratedContent) throws {
        guard let roast = Roast(rawValue: try content.value(String.self)) else {
            throw GeneratedContent.ParsingError(rawContent: content.jsonString, debugDescription: "not a roast")
        }
        self = roast
    }

    var generatedContent: GeneratedContent { GeneratedContent(rawValue) }
}

/// A nested structure.
struct Bean: Generable {
    var origin: String
    var roast: Roast

    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: Bean.self, description: "A coffee bean",
            properties: [
                .init(name: "origin", type: String.self),
                .init(name: "roast", description: "The roast level", type: Roast.self),
            ])
    }

    init(_ content: GeneratedContent) throws {
        origin = try content.value(forProperty: "origin")
        roast = try content.value(forProperty: "roast")
    }

    var generatedContent: GeneratedContent { GeneratedContent(properties: ["origin": origin, "roast": roast]) }
}

/// A structure using every guide kind.
struct Order: Generable {
    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: Order.self,
            properties: [
                .init(name: "drink", type: String.self, guides: [.anyOf(["latte", "mocha"])]),
                .init(name: "size", type: String.self, guides: [.constant("tall")]),
                .init(name: "code", type: String.self, guides: [.pattern(/[A-Z]{3}-\d{2}/)]),
                .init(name: "ticket", type: String?.self, guides: [/T\d+/]),
                .init(name: "shots", type: Int.self, guides: [.minimum(1), .maximum(4)]),
                .init(name: "price", type: Double.self, guides: [.range(1.5...9.0)]),
                .init(name: "temperature", type: Float.self, guides: [.minimum(0.5)]),
                .init(name: "tip", type: Decimal.self, guides: [.maximum(Decimal(string: "2.25")!)]),
                .init(name: "extras", type: [String].self, guides: [.count(2), .element(.anyOf(["foam", "syrup"]))]),
                .init(name: "ratings", type: [Int].self, guides: [.count(1...5), .element(.range(1...10))]),
                .init(name: "notes", type: [String].self, guides: [.minimumCount(1)]),
                .init(name: "beans", type: [Bean].self, guides: [.maximumCount(2)]),
                .init(name: "favorite", type: Bean?.self),
                .init(name: "paid", type: Bool.self),
            ])
    }

    init(_ content: GeneratedContent) throws {}
    var generatedContent: GeneratedContent { GeneratedContent(properties: [:]) }
}

/// Mutual recursion through a nested type: Folder -> File -> Folder.
struct Folder: Generable {
    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Folder.self, properties: [.init(name: "files", type: [File].self)])
    }
    init(_ content: GeneratedContent) throws {}
    var generatedContent: GeneratedContent { GeneratedContent(properties: [:]) }
}

struct File: Generable {
    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: File.self,
            properties: [
                .init(name: "name", type: String.self),
                .init(name: "parent", type: Folder?.self),
            ])
    }
    init(_ content: GeneratedContent) throws {}
    var generatedContent: GeneratedContent { GeneratedContent(properties: [:]) }
}

/// A choice between generable types.
struct Drink: Generable {
    static var generationSchema: GenerationSchema {
        GenerationSchema(type: Drink.self, description: "Bean or roast", anyOf: [Bean.self, Roast.self, Int.self])
    }
    init(_ content: GeneratedContent) throws {}
    var generatedContent: GeneratedContent { GeneratedContent(properties: [:]) }
}

/// Encodes a value with sorted keys and unescaped slashes, as compact text.
func sortedJSON(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// Normalizes JSON text: sorted keys, no whitespace, unescaped slashes.
func canonicalJSON(_ text: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
}
