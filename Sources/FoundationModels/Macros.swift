/// Conforms a structure or an enumeration to `Generable`, so the model can generate it.
///
/// On a structure, the macro writes the schema (stored properties in declaration order, with
/// the descriptions and guides of their `@Guide` attributes), `init(_: GeneratedContent)`,
/// `generatedContent`, and a `PartiallyGenerated` type whose properties are all optional, for
/// streaming. On an enumeration, the model picks a case; cases may carry associated values.
///
/// ```swift
/// @Generable(description: "Basic profile information about a cat")
/// struct CatProfile {
///     var name: String
///     @Guide(description: "The age of the cat", .range(0...20))
///     var age: Int
/// }
///
/// @Generable
/// enum Encounter {
///     case orderCoffee(String)
///     case wantToTalkToManager(complaint: String)
/// }
/// ```
@attached(extension, conformances: FoundationModels.Generable, names: named(init(_:)), named(generatedContent))
@attached(member, names: arbitrary)
public macro Generable(description: Swift.String? = nil) = #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Conforms a structure or an enumeration to `Generable`; with
/// `representNilExplicitlyInGeneratedContent: true`, optional properties that are `nil` appear
/// in generated content as `null` instead of being left out.
///
/// ```swift
/// @Generable(representNilExplicitlyInGeneratedContent: true)
/// struct Newsletter {
///     var title: String
///     var sponsor: String?   // {"title": "...", "sponsor": null}
/// }
/// ```
@attached(extension, conformances: FoundationModels.Generable, names: named(init(_:)), named(generatedContent))
@attached(member, names: arbitrary)
public macro Generable(description: Swift.String? = nil, representNilExplicitlyInGeneratedContent: Swift.Bool) =
    #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Makes a type generable under a schema name of its own (Apple 27.0), for example a name that
/// differs from the Swift type's.
///
/// ```swift
/// @Generable(name: "Recipe", description: "A recipe")
/// struct RecipeV2 { var title: String }
/// ```
///
/// The expansion is that of `@Generable(description:representNilExplicitlyInGeneratedContent:)`;
/// the schema keeps the Swift type's name (the name argument is accepted but not yet applied).
@attached(extension, conformances: FoundationModels.Generable, names: named(init(_:)), named(generatedContent))
@attached(member, names: arbitrary)
public macro Generable(name: Swift.String, description: Swift.String? = nil, representNilExplicitlyInGeneratedContent: Swift.Bool = false) =
    #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Describes a property of a `@Generable` type and constrains the values the model may
/// generate for it.
///
/// ```swift
/// @Guide(description: "The number of recipes to get", .range(1...6))
/// var limit: Int
/// @Guide(.count(3), .element(.anyOf(["sweet", "sour", "bitter"])))
/// var flavors: [String]
/// ```
@attached(peer)
public macro Guide<T>(description: Swift.String? = nil, _ guides: FoundationModels.GenerationGuide<T>...) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro") where T: FoundationModels.Generable

/// Constrains a `String` property of a `@Generable` type to match a regular expression, written
/// as a literal or with the regex builder; the pattern's text is recovered when the schema is
/// built.
///
/// ```swift
/// @Guide(description: "A formal name", /(Mr|Mrs|Ms)\. [A-Z][a-z]+/)
/// var name: String
/// ```
@attached(peer)
public macro Guide<RegexOutput>(description: Swift.String? = nil, _ guides: _StringProcessing.Regex<RegexOutput>) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")

/// Describes a property of a `@Generable` type for the model.
///
/// ```swift
/// @Guide(description: "A one sentence profile about the cat's personality")
/// var profile: String
/// ```
@attached(peer)
public macro Guide(description: Swift.String) = #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")

/// Declares a custom session property in an extension of `SessionPropertyValues`: the accessors
/// and a `SessionPropertyKey` named `__Key_<name>` whose default is the initializer (Apple 27.0).
///
/// ```swift
/// extension SessionPropertyValues {
///     @SessionPropertyEntry var mood: String = "calm"
/// }
/// @SessionProperty(\.mood) var mood
/// ```
@attached(accessor) @attached(peer, names: prefixed(__Key_))
public macro SessionPropertyEntry() = #externalMacro(module: "FoundationModelsMacros", type: "SessionPropertyEntryMacro")

/// Makes a stored default value computed (used by expansions of `@SessionPropertyEntry`).
@attached(accessor)
public macro __SessionPropertyEntryDefaultValue() = #externalMacro(module: "FoundationModelsMacros", type: "SessionPropertyEntryDefaultValueMacro")
