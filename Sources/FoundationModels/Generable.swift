/// A type that the model can generate, guided by the type's schema.
///
/// Apply the `@Generable` macro to a struct or an enum to conform it; the macro writes the
/// schema, the conversions to and from `GeneratedContent`, and a `PartiallyGenerated` type whose
/// properties are all optional, used for streaming snapshots:
///
/// ```swift
/// @Generable
/// struct CatProfile {
///     @Guide(description: "A cute name") var name: String
///     @Guide(.range(0...20)) var age: Int
/// }
/// let response = try await session.respond(to: "A rescue cat", generating: CatProfile.self)
/// ```
///
/// The standard conformances are `Bool`, `String`, `Int`, `Float`, `Double`, `Decimal`,
/// `Never`, `GeneratedContent` and arrays of generable elements.
public protocol Generable: ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent {
    /// The type of a snapshot of this type while it is being generated; `Self` by default.
    associatedtype PartiallyGenerated: ConvertibleFromGeneratedContent = Self

    /// The schema the model follows when it generates an instance of this type.
    static var generationSchema: GenerationSchema { get }
}

extension Generable {
    /// This value as a partially generated value (itself when `PartiallyGenerated == Self`).
    ///
    /// ```swift
    /// let partial: CatProfile.PartiallyGenerated = cat.asPartiallyGenerated()
    /// ```
    public func asPartiallyGenerated() -> Self.PartiallyGenerated {
        if let same = self as? Self.PartiallyGenerated { return same }
        do {
            return try Self.PartiallyGenerated(generatedContent)
        } catch {
            preconditionFailure("\(Self.PartiallyGenerated.self) cannot represent a complete \(Self.self): \(error)")
        }
    }
}

extension Generable {
    /// By default a generable type is its own partially generated type.
    public typealias PartiallyGenerated = Self
}

extension Optional where Wrapped: Generable {
    /// A partially generated optional is the wrapped type's partially generated value.
    public typealias PartiallyGenerated = Wrapped.PartiallyGenerated
}
