import Foundation
import LLMEngine
import StructuredDecoding
import Testing

@testable import FoundationModels
@testable import LocalInference

/// A drink whose every property carries a guide.
@Generable
struct PropertyDrink {
    @Guide(description: "A capitalized name", .pattern(/[A-Z][a-z]{2,6}/)) var name: String
    @Guide(.anyOf(["tea", "coffee", "cocoa"])) var kind: String
    @Guide(.range(1...4)) var shots: Int
    @Guide(.range(0.5...9.5)) var price: Double
    @Guide(.count(1...3)) var tags: [String]
    var iced: Bool
    var note: String?
}

/// Sizes, an enumeration.
@Generable
enum PropertySize {
    case small, medium, large
}

/// An order that writes its absent values as `null`.
@Generable(representNilExplicitlyInGeneratedContent: true)
struct PropertyOrder {
    @Guide(.range(1...999)) var number: Int
    var size: PropertySize
    @Guide(.count(1...2)) var drinks: [PropertyDrink]
    @Guide(.pattern(/\d{3}-\d{4}/)) var pickup: String?
}
