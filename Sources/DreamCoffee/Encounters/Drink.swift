import Foundation

/// Something the player can put in a drink.
package struct Ingredient: Hashable, Sendable, Codable {
    /// What the menu calls it.
    package let name: String
    /// The key that adds it in the brewing panel.
    package let key: Character

    /// Everything behind the counter, in menu order.
    package static let all: [Ingredient] = [
        ("espresso", "1"), ("drip coffee", "2"), ("steamed milk", "3"), ("oat milk", "4"),
        ("ice", "5"), ("caramel", "6"), ("chocolate", "7"), ("vanilla", "8"), ("cinnamon", "9"),
        ("matcha", "0"), ("honey", "h"), ("whipped cream", "m"), ("lavender", "v"), ("stardust", "x"),
    ].map { Ingredient(name: $0.0, key: Character($0.1)) }

    /// The ingredient whose key or name is `text`.
    package static func named(_ text: String) -> Ingredient? {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        return all.first { $0.name == wanted || String($0.key) == wanted }
    }

    private enum CodingKeys: String, CodingKey { case name }

    /// Decodes an ingredient by its name.
    package init(from decoder: any Decoder) throws {
        let name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        guard let known = Ingredient.named(name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown ingredient \(name)"))
        }
        self = known
    }

    /// Encodes the ingredient's name.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }

    private init(name: String, key: Character) {
        self.name = name
        self.key = key
    }
}

/// A drink the player assembles at the counter.
package struct Drink: Equatable, Sendable, Codable {
    /// The ingredients, in the order they went in (each at most once).
    package private(set) var ingredients: [Ingredient] = []

    /// An empty cup.
    package init(_ ingredients: [Ingredient] = []) {
        for ingredient in ingredients { add(ingredient) }
    }

    /// Adds an ingredient, or takes it out if it is already in.
    package mutating func toggle(_ ingredient: Ingredient) {
        if let index = ingredients.firstIndex(of: ingredient) { ingredients.remove(at: index) } else { ingredients.append(ingredient) }
    }

    /// Adds an ingredient unless it is already in.
    package mutating func add(_ ingredient: Ingredient) {
        if !ingredients.contains(ingredient) { ingredients.append(ingredient) }
    }

    /// The drink in words, for the judge: "iced espresso with oat milk and caramel".
    package var description: String {
        guard !ingredients.isEmpty else { return "an empty cup" }
        let iced = ingredients.contains { $0.name == "ice" }
        let rest = ingredients.filter { $0.name != "ice" }.map(\.name)
        guard let base = rest.first else { return "a cup of ice" }
        let article = iced ? "an iced " : ("aeiou".contains(base.first!) ? "an " : "a ")
        let head = article + base
        switch rest.count {
        case 1: return head
        case 2: return head + " with " + rest[1]
        default: return head + " with " + rest.dropFirst().dropLast().joined(separator: ", ") + " and " + rest.last!
        }
    }
}
