import FoundationModels

/// Something the player added to the shop with the level creator.
package struct LevelItem: Codable, Equatable, Sendable {
    /// What the player asked for.
    package let request: String
    /// The kind the model designed.
    package let kindName: String
    /// The generated content's JSON (its properties in schema order).
    package let contentJSON: String

    /// The content's fields as lines "name: value", in order (lists joined, choices marked).
    package var lines: [String] {
        guard let content = try? GeneratedContent(json: contentJSON),
            case .structure(let properties, let keys) = content.kind
        else { return [contentJSON] }
        return keys.compactMap { key in properties[key].map { "\(key): \(LevelItem.text(of: $0))" } }
    }

    static func text(of content: GeneratedContent) -> String {
        switch content.kind {
        case .string(let text): return text
        case .bool(let flag): return flag ? "yes" : "no"
        case .number(let number): return number == number.rounded() ? String(Int(number)) : String(number)
        case .null: return "-"
        case .array(let items): return items.map(text(of:)).joined(separator: " / ")
        case .structure(let properties, let keys):
            if case .string(let choice)? = properties["text"]?.kind, case .bool(let correct)? = properties["isCorrect"]?.kind {
                return correct ? "\(choice) (correct)" : choice
            }
            return keys.compactMap { key in properties[key].map { "\(key)=\(text(of: $0))" } }.joined(separator: ", ")
        }
    }
}

/// The level creator: the player describes a new kind of content, the model designs its fields
/// (`LevelDesign`), the creator builds a `DynamicGenerationSchema` from them, validates it into
/// a `GenerationSchema`, and the model generates one under it.
package struct LevelCreator: Sendable {
    /// The model both steps run on.
    package let model: any LanguageModel
    /// Sampling for both steps.
    package let options: GenerationOptions

    /// A creator on `model`.
    package init(model: any LanguageModel, options: GenerationOptions = GenerationOptions()) {
        self.model = model
        self.options = options
    }

    /// The schema of a design: fields in order, duplicates dropped, choices as a list of the
    /// `Choice` dependency (text and whether it is correct).
    package static func schema(for design: LevelDesign) throws -> GenerationSchema {
        var creator = LevelObjectCreator(name: design.name)
        var seen = Set<String>()
        var needsChoice = false
        for field in design.fields where seen.insert(field.name).inserted {
            switch field.kind {
            case .text: creator.addStringProperty(name: field.name)
            case .number: creator.addNumberProperty(name: field.name)
            case .yesOrNo: creator.addBoolProperty(name: field.name)
            case .listOfTexts: creator.addStringArrayProperty(name: field.name, count: 2...4)
            case .choices:
                creator.addArrayProperty(name: field.name, customType: "Choice", count: 2...4)
                needsChoice = true
            }
        }
        var dependencies: [DynamicGenerationSchema] = []
        if needsChoice {
            var choice = LevelObjectCreator(name: "Choice")
            choice.addStringProperty(name: "text", description: "One possible answer, different from the other answers")
            choice.addBoolProperty(name: "isCorrect", description: "Whether this answer is the right one (exactly one is)")
            dependencies.append(choice.root)
        }
        return try GenerationSchema(root: creator.root, dependencies: dependencies)
    }

    /// Designs a kind of content for `request`.
    package func design(_ request: String) async throws -> LevelDesign {
        let session = LanguageModelSession(
            model: model,
            instructions: """
                You design content for Dream Coffee, a cozy fantasy coffee shop game. Given what the \
                player wants to add, name the kind of thing and list its fields.
                """)
        return try await session.respond(to: "The player wants to add: \(request)", generating: LevelDesign.self, options: options).content
    }

    /// Designs, builds the dynamic schema, and generates one item.
    package func create(_ request: String) async throws -> LevelItem {
        let design = try await design(request)
        let schema = try LevelCreator.schema(for: design)
        let session = LanguageModelSession(
            model: model,
            instructions: """
                You create fun, short content for Dream Coffee, the beloved coffee shop of the dream realm.
                """)
        let content = try await session.respond(
            to: "Generate a fun \(design.name) about coffee for the shop. The player asked for: \(request)",
            schema: schema, options: options
        ).content
        return LevelItem(request: request, kindName: design.name, contentJSON: content.jsonString)
    }
}
