import FoundationModels

/// A customer as the model generates it: the sample's `@Generable NPC`, unchanged.
@Generable
package struct NPC: Equatable, Sendable {
    /// The customer's name.
    package let name: String
    /// What the customer asks for, in their own words.
    package let coffeeOrder: String
    /// What the customer looks like.
    package let picture: GenerableImage
}
