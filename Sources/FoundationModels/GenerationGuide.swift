import Foundation
@_spi(LiteralPattern) import _StringProcessing

/// A constraint on the values the model may generate for a property of type `Value`.
///
/// Guides are enforced while decoding, token by token — the model cannot produce a value
/// outside them. Pass them to `@Guide`, to `GenerationSchema.Property` or to
/// `DynamicGenerationSchema(type:guides:)`:
///
/// ```swift
/// @Generable
/// struct NPC {
///     @Guide(.range(1...10)) var level: Int
///     @Guide(.count(3)) var attributes: [String]
///     @Guide(.anyOf(["barista", "guest"])) var role: String
///     @Guide(/(Mr|Mrs|Ms)\. [A-Z][a-z]+/) var name: String
/// }
/// ```
public struct GenerationGuide<Value> {
    /// What the guide means, kept so that schemas can encode and enforce it.
    let kind: GuideKind

    init(_ kind: GuideKind) {
        self.kind = kind
    }
}

/// The meaning of a guide, independent of its value type.
indirect enum GuideKind: Sendable, Equatable {
    /// Only these strings (`enum`).
    case anyOf([String])
    /// Exactly this string (`enum` with one value).
    case constant(String)
    /// The whole string matches a regular expression; `pattern` is `nil` when the regex's text
    /// could not be recovered (a request with it throws `unsupportedGuide`).
    case pattern(String?, regexDescription: String)
    /// A lower bound (`minimum`).
    case minimum(SchemaBound)
    /// An upper bound (`maximum`).
    case maximum(SchemaBound)
    /// Both bounds.
    case range(SchemaBound, SchemaBound)
    /// At least this many elements (`minItems`).
    case minimumCount(Int)
    /// At most this many elements (`maxItems`).
    case maximumCount(Int)
    /// Between `minimum` and `maximum` elements, inclusive.
    case count(minimum: Int, maximum: Int)
    /// A guide for every element of an array.
    case element(GuideKind)
}

extension GenerationGuide where Value == String {
    /// The string is exactly `value`.
    ///
    /// ```swift
    /// @Guide(.constant("a hedge")) var home: String
    /// ```
    public static func constant(_ value: String) -> GenerationGuide<String> {
        GenerationGuide(.constant(value))
    }

    /// The string is one of `values`.
    ///
    /// ```swift
    /// @Guide(.anyOf(["carrot", "turnip", "leek"])) var favoriteFood: String
    /// ```
    public static func anyOf(_ values: [String]) -> GenerationGuide<String> {
        GenerationGuide(.anyOf(values))
    }

    /// The whole string matches `regex`.
    ///
    /// ```swift
    /// @Guide(.pattern(/[A-Z]{3}-\d{4}/)) var code: String
    /// ```
    ///
    /// The pattern's text is recovered from the regex (literals, `Regex(_: String)` and most
    /// builder regexes); a regex whose text cannot be recovered makes a request that uses it
    /// throw `LanguageModelError.unsupportedGenerationGuide`.
    public static func pattern<Output>(_ regex: Regex<Output>) -> GenerationGuide<String> {
        GenerationGuide(.pattern(regex._literalPattern, regexDescription: String(describing: regex)))
    }
}

extension GenerationGuide where Value == Int {
    /// The integer is at least `value`.
    public static func minimum(_ value: Int) -> GenerationGuide<Int> {
        GenerationGuide(.minimum(.integer(value)))
    }

    /// The integer is at most `value`.
    public static func maximum(_ value: Int) -> GenerationGuide<Int> {
        GenerationGuide(.maximum(.integer(value)))
    }

    /// The integer lies in `range`.
    ///
    /// ```swift
    /// @Guide(.range(18...100)) var age: Int
    /// ```
    public static func range(_ range: ClosedRange<Int>) -> GenerationGuide<Int> {
        GenerationGuide(.range(.integer(range.lowerBound), .integer(range.upperBound)))
    }
}

extension GenerationGuide where Value == Float {
    /// The number is at least `value`.
    public static func minimum(_ value: Float) -> GenerationGuide<Float> {
        GenerationGuide(.minimum(.float(value)))
    }

    /// The number is at most `value`.
    public static func maximum(_ value: Float) -> GenerationGuide<Float> {
        GenerationGuide(.maximum(.float(value)))
    }

    /// The number lies in `range`.
    public static func range(_ range: ClosedRange<Float>) -> GenerationGuide<Float> {
        GenerationGuide(.range(.float(range.lowerBound), .float(range.upperBound)))
    }
}

extension GenerationGuide where Value == Decimal {
    /// The number is at least `value`.
    public static func minimum(_ value: Decimal) -> GenerationGuide<Decimal> {
        GenerationGuide(.minimum(.decimal(value)))
    }

    /// The number is at most `value`.
    public static func maximum(_ value: Decimal) -> GenerationGuide<Decimal> {
        GenerationGuide(.maximum(.decimal(value)))
    }

    /// The number lies in `range`.
    public static func range(_ range: ClosedRange<Decimal>) -> GenerationGuide<Decimal> {
        GenerationGuide(.range(.decimal(range.lowerBound), .decimal(range.upperBound)))
    }
}

extension GenerationGuide where Value == Double {
    /// The number is at least `value`.
    public static func minimum(_ value: Double) -> GenerationGuide<Double> {
        GenerationGuide(.minimum(.double(value)))
    }

    /// The number is at most `value`.
    public static func maximum(_ value: Double) -> GenerationGuide<Double> {
        GenerationGuide(.maximum(.double(value)))
    }

    /// The number lies in `range`.
    ///
    /// ```swift
    /// @Guide(.range(0.0...5.0)) var rating: Double
    /// ```
    public static func range(_ range: ClosedRange<Double>) -> GenerationGuide<Double> {
        GenerationGuide(.range(.double(range.lowerBound), .double(range.upperBound)))
    }
}

extension GenerationGuide {
    /// The array has at least `count` elements.
    public static func minimumCount<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.minimumCount(count))
    }

    /// The array has at most `count` elements.
    public static func maximumCount<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.maximumCount(count))
    }

    /// The array's length lies in `range`.
    public static func count<Element>(_ range: ClosedRange<Int>) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.count(minimum: range.lowerBound, maximum: range.upperBound))
    }

    /// The array has exactly `count` elements.
    ///
    /// ```swift
    /// @Guide(.count(3)) var attributes: [String]
    /// ```
    public static func count<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.count(minimum: count, maximum: count))
    }

    /// Every element of the array follows `guide`.
    ///
    /// ```swift
    /// @Guide(.element(.range(1...6))) var dice: [Int]
    /// ```
    public static func element<Element>(_ guide: GenerationGuide<Element>) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.element(guide.kind))
    }
}

extension GenerationGuide where Value == [Never] {
    /// Not callable: only present so that `.minimumCount` on an array of unknown element type
    /// has a candidate (Apple's overload set).
    @_documentation(visibility: private)
    public static func minimumCount(_ count: Int) -> GenerationGuide<Value> {
        fatalError("GenerationGuide<[Never]>.\(#function) should not be called.")
    }

    /// Not callable; see `minimumCount(_:)`.
    @_documentation(visibility: private)
    public static func maximumCount(_ count: Int) -> GenerationGuide<Value> {
        fatalError("GenerationGuide<[Never]>.\(#function) should not be called.")
    }

    /// Not callable; see `minimumCount(_:)`.
    @_documentation(visibility: private)
    public static func count(_ range: ClosedRange<Int>) -> GenerationGuide<Value> {
        fatalError("GenerationGuide<[Never]>.\(#function) should not be called.")
    }

    /// Not callable; see `minimumCount(_:)`.
    @_documentation(visibility: private) @_disfavoredOverload
    public static func count(_ count: Int) -> GenerationGuide<Value> {
        fatalError("GenerationGuide<[Never]>.\(#function) should not be called.")
    }
}

extension SchemaBound {
    /// A `Float` bound kept as the shortest decimal that reads back as the same `Float`
    /// (`0.1`, not `0.10000000149011612`).
    static func float(_ value: Float) -> SchemaBound {
        .double(Double("\(value)") ?? Double(value))
    }
}
