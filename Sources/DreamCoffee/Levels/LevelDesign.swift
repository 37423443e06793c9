import FoundationModels

/// A new kind of shop content, designed by the model from the player's description: the level
/// creator turns it into a `DynamicGenerationSchema`.
@Generable
package struct LevelDesign: Equatable {
    /// The kind's name, in UpperCamelCase ("Riddle", "GhostCustomer").
    @Guide(description: "The name of the new kind of thing, one or two words in UpperCamelCase", .pattern(/[A-Z][a-z]+([A-Z][a-z]+)?/))
    package let name: String
    /// Its fields.
    @Guide(description: "The fields one of these things has", .count(2...4))
    package let fields: [LevelField]
}

/// One field of a designed kind.
@Generable
package struct LevelField: Equatable {
    /// The field's name, in lowerCamelCase.
    @Guide(description: "The field's name in lowerCamelCase, like question or hint", .pattern(/[a-z]+([A-Z][a-z]+)?/))
    package let name: String
    /// What kind of value it holds.
    package let kind: LevelFieldKind
}

/// What a designed field holds.
@Generable
package enum LevelFieldKind: Equatable {
    /// A sentence or a word.
    case text
    /// A whole number.
    case number
    /// Yes or no.
    case yesOrNo
    /// A few short texts.
    case listOfTexts
    /// Multiple-choice answers, one of them correct (the deep dive's riddle answers).
    case choices
}
