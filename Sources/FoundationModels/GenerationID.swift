import Foundation

/// A unique identity for a piece of generated content.
///
/// Every value the model generates within one response can carry a `GenerationID`. While a
/// response streams, the same ID is attached to each snapshot of the same value, so a list in a
/// user interface can keep its rows stable as content grows:
///
/// ```swift
/// let id = GenerationID()
/// let content = GeneratedContent("Hello", id: id)
/// content.id == id  // true
/// ```
public struct GenerationID: Sendable, Hashable {
    /// The random identity; two IDs are equal only if one is a copy of the other.
    let uuid: UUID

    /// Creates a new, unique generation ID.
    public init() {
        uuid = UUID()
    }
}
