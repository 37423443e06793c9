/// A metadata array: element type, count, and elements decoded on demand.
///
/// Arrays parsed from a file are views into its bytes: a tokenizer's 151,936 strings cost
/// nothing until asked for, and then decode straight from the memory map. The parser has
/// already checked every string length and nested header, so decoding only fails for strings
/// that are not valid UTF-8 (`GGUFError.invalidUTF8` naming the element's offset).
///
/// ```swift
/// let tokens = try file.metadata.requireStringArray("tokenizer.ggml.tokens")
/// let types = file.metadata.array("tokenizer.ggml.token_type")?.scalars(of: Int32.self)
/// ```
///
/// Arrays can also be built in memory (`GGUFArray(["a", "b"])`), e.g. to write a file.
public struct GGUFArray: Sendable {
    /// The deepest array nesting accepted (an array of arrays has depth 2).
    public static let maxNestingDepth = 8

    /// The type of every element.
    public let elementType: GGUFValueType
    /// The number of elements.
    public let count: Int

    enum Backing: Sendable {
        /// Encoded elements at `range` of the storage; `depth` is this array's nesting depth.
        case mapped(GGUFStorage, range: Range<Int>, depth: Int)
        /// Elements held in memory.
        case values([GGUFValue])
    }

    let backing: Backing

    /// A view of `count` encoded elements occupying `byteRange` of `storage`.
    init(storage: GGUFStorage, elementType: GGUFValueType, count: Int, byteRange: Range<Int>, depth: Int) {
        self.elementType = elementType
        self.count = count
        self.backing = .mapped(storage, range: byteRange, depth: depth)
    }

    /// An in-memory array; every value must have type `elementType`.
    public init(elementType: GGUFValueType, values: [GGUFValue]) {
        precondition(
            values.allSatisfy { $0.type == elementType },
            "GGUFArray: every element must be a \(elementType.name)")
        self.elementType = elementType
        self.count = values.count
        self.backing = .values(values)
    }

    /// An in-memory array of strings.
    public init(_ strings: [String]) {
        self.init(elementType: .string, values: strings.map(GGUFValue.string))
    }

    /// An in-memory array of scalars (`[Int32]`, `[Float]`, ...).
    public init<T: GGUFScalar>(_ scalars: [T]) {
        self.init(elementType: T.ggufValueType, values: scalars.map(\.ggufValue))
    }

    /// An in-memory array of booleans.
    public init(_ flags: [Bool]) {
        self.init(elementType: .bool, values: flags.map(GGUFValue.bool))
    }

    /// An in-memory array of arrays (each may have its own element type).
    public init(_ arrays: [GGUFArray]) {
        self.init(elementType: .array, values: arrays.map(GGUFValue.array))
    }

    /// Whether the array has no elements.
    public var isEmpty: Bool { count == 0 }
}

extension GGUFArray: Equatable {
    /// Arrays are equal when element types, counts and decoded elements are equal (a view is
    /// always equal to itself; arrays whose strings are not valid UTF-8 are otherwise unequal).
    public static func == (lhs: GGUFArray, rhs: GGUFArray) -> Bool {
        guard lhs.elementType == rhs.elementType, lhs.count == rhs.count else { return false }
        if case .mapped(let a, let ra, _) = lhs.backing, case .mapped(let b, let rb, _) = rhs.backing,
            a === b, ra == rb
        {
            return true
        }
        guard let left = try? lhs.values(), let right = try? rhs.values() else { return false }
        return left == right
    }
}
