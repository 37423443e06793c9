import FoundationModels

/// A customer as the model generates it: the sample's `@Generable NPC`, unchanged.
@Generable
public struct NPC: Equatable, Sendable {
    /// The customer's name.
    public let name: String
    /// What the customer asks for, in their own words.
    public let coffeeOrder: String
    /// What the customer looks like.
    public let picture: GenerableImage
}
