import FoundationModels

/// The customer's score for a drink, asked after their feedback in the same conversation.
@Generable
package struct DrinkRating: Equatable {
    /// Stars, 1 (not what I asked for) to 5 (perfect).
    @Guide(description: "How well the drink matches the order, from 1 (not at all) to 5 (perfectly)", .range(1...5))
    package let stars: Int
}
