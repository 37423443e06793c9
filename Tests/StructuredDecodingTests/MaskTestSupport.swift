import GGUF
import LLMEngine
import LocalInference
import StructuredDecoding
import TestSupport

/// The real vocabularies, loaded once per test process.
enum RealVocabularies {
    static let qwenVocabulary = Result { try load(TestModels.qwenPath()) }
    static let gemmaVocabulary = Result { try load(TestModels.gemmaPath()) }
    static let qwen = qwenVocabulary.map(VocabularyIndex.init)
    static let gemma = gemmaVocabulary.map(VocabularyIndex.init)

    static func vocabulary(_ name: String) throws -> TokenizerVocabulary {
        try (name == "qwen" ? qwenVocabulary : gemmaVocabulary).get()
    }

    static func index(_ name: String) throws -> VocabularyIndex {
        try (name == "qwen" ? qwen : gemma).get()
    }

    private static func load(_ path: String) throws -> TokenizerVocabulary {
        TokenizerVocabulary(tokenizer: try TokenizerLoader.load(from: GGUFFile(path: path)))
    }
}

/// Schemas shaped like Apple's `@Generable` types.
enum AppleStyleSchemas {
    /// A recipe: nested arrays of objects, an enumeration, bounded integers, a regex string.
    static let recipe: SchemaGraph = schema { g in
        let name = g.add(.string(StringNode()))
        let minutes = g.add(.integer(IntegerBounds(minimum: 1, maximum: 240)))
        let difficulty = g.add(.enumeration([.string("easy"), .string("medium"), .string("hard")]))
        let quantity = g.add(.number(NumberBounds(minimum: 0, maximum: 1000)))
        let unit = g.add(.enumeration([.string("g"), .string("ml"), .string("piece")]))
        let ingredient = g.add(
            .object(
                ObjectNode(properties: [
                    property("name", name), property("quantity", quantity), property("unit", unit),
                ])))
        let ingredients = g.add(.array(ArrayNode(items: ingredient, minItems: 1, maxItems: 12)))
        let steps = g.add(.array(ArrayNode(items: name, minItems: 1)))
        let code = g.add(.string(StringNode(patterns: [pattern("[A-Z]{3}-[0-9]{4}")])))
        let notes = g.add(.string(StringNode()))
        return g.add(
            .object(
                ObjectNode(properties: [
                    property("title", name), property("code", code), property("minutes", minutes), property("difficulty", difficulty),
                    property("ingredients", ingredients), property("steps", steps), property("notes", notes, required: false),
                ])))
    }

    static let recipeInstances = [
        #"{"title": "Pancakes", "code": "PAN-0001", "minutes": 25, "difficulty": "easy", "ingredients": [{"name": "flour", "quantity": 200, "unit": "g"}, {"name": "milk", "quantity": 300.5, "unit": "ml"}, {"name": "egg", "quantity": 2, "unit": "piece"}], "steps": ["Mix the flour and the milk.", "Add the eggs and whisk until smooth.", "Fry thin pancakes in butter."], "notes": "Serve warm with maple syrup."}"#,
        #"{"title": "Tomato soup \"classic\"", "code": "SOU-1234", "minutes": 45, "difficulty": "medium", "ingredients": [{"name": "tomatoes", "quantity": 800, "unit": "g"}], "steps": ["Roast the tomatoes.", "Blend with stock; season to taste."]}"#,
    ]

    /// A game character with an `anyOf` of tagged cases (Apple's enums with associated values).
    static let character: SchemaGraph = schema { g in
        let text = g.add(.string(StringNode()))
        let level = g.add(.integer(IntegerBounds(minimum: 1, maximum: 99)))
        let tagSword = g.add(.enumeration([.string("sword")]))
        let tagSpell = g.add(.enumeration([.string("spell")]))
        let damage = g.add(.integer(IntegerBounds(minimum: 0, maximum: 500)))
        let sword = g.add(.object(ObjectNode(properties: [property("type", tagSword), property("damage", damage)])))
        let spell = g.add(.object(ObjectNode(properties: [property("type", tagSpell), property("name", text), property("mana", level)])))
        let attack = g.add(.anyOf([sword, spell]))
        let attacks = g.add(.array(ArrayNode(items: attack, maxItems: 4)))
        let mood = g.add(.enumeration([.string("happy"), .string("grumpy"), .string("sleepy")]))
        return g.add(
            .object(
                ObjectNode(properties: [
                    property("name", text), property("level", level), property("mood", mood), property("attacks", attacks),
                    property("motto", text, required: false),
                ])))
    }

    static let characterInstances = [
        #"{"name": "Barista Bob", "level": 12, "mood": "grumpy", "attacks": [{"type": "sword", "damage": 42}, {"type": "spell", "name": "Espresso Shot", "mana": 7}], "motto": "No decaf."}"#,
        #"{"name": "Latte", "level": 3, "mood": "sleepy", "attacks": []}"#,
    ]

    /// JSON-Schema-style length bounds (Apple's guides have none for strings): every length
    /// state is a new lexeme state, so these are the worst case for memoized masks.
    static let boundedStrings: SchemaGraph = schema { g in
        let text = g.add(.string(StringNode(minLength: 1, maxLength: 40)))
        let tags = g.add(.array(ArrayNode(items: g.add(.string(StringNode(maxLength: 12))), maxItems: 5)))
        return g.add(.object(ObjectNode(properties: [property("title", text), property("tags", tags)])))
    }

    static let boundedStringInstances = [
        #"{"title": "A short story about coffee", "tags": ["coffee", "story", "morning"]}"#
    ]

    /// Wide regular expressions (most tokens fit, several automaton states): every new state
    /// costs a whole-trie walk the first time.
    static let wideRegex: SchemaGraph = schema { g in
        let email = g.add(.string(StringNode(format: .email)))
        let note = g.add(.string(StringNode(patterns: [pattern("[^\\n]*coffee[^\\n]*")])))
        return g.add(.object(ObjectNode(properties: [property("email", email), property("note", note)])))
    }

    static let wideRegexInstances = [
        #"{"email": "bob.barista@coffee-shop.example", "note": "Bob likes his coffee black and strong."}"#
    ]
}
