/// Dynamic instructions of any type.
///
/// ```swift
/// let parts: [AnyDynamicInstructions] = [AnyDynamicInstructions(Instructions("Be brief."))]
/// ```
public struct AnyDynamicInstructions: DynamicInstructions, PrimitiveDynamicInstructions {
    /// Resolved directly: no body.
    public typealias Body = Never

    /// The wrapped instructions.
    let wrapped: any DynamicInstructions

    /// Wraps dynamic instructions.
    public init(_ dynamicInstructions: any DynamicInstructions) {
        if let any = dynamicInstructions as? AnyDynamicInstructions {
            self.wrapped = any.wrapped
        } else {
            self.wrapped = dynamicInstructions
        }
    }

    /// Resolves the wrapped instructions.
    func resolve(into resolved: inout ResolvedInstructions) {
        wrapped.resolve(into: &resolved)
    }
}

extension AnyDynamicInstructions {
    /// Wraps dynamic instructions (the type eraser's initializer).
    public init(erasing dynamicInstructions: some DynamicInstructions) {
        self.init(dynamicInstructions)
    }

    /// Primitive: never called.
    public var body: Never { fatalError("AnyDynamicInstructions has no body") }
}

/// Several pieces of dynamic instructions, in order.
public struct TupleDynamicInstructions<each Content>: DynamicInstructions, PrimitiveDynamicInstructions
where repeat each Content: DynamicInstructions {
    /// Resolved directly: no body.
    public typealias Body = Never

    /// The pieces.
    let contents: (repeat each Content)

    /// Creates the sequence of `contents`.
    public init(_ contents: repeat each Content) {
        self.contents = (repeat each contents)
    }

    /// Primitive: never called.
    public var body: Never { fatalError("TupleDynamicInstructions has no body") }

    /// Resolves each piece in order.
    func resolve(into resolved: inout ResolvedInstructions) {
        for content in repeat each contents {
            content.resolve(into: &resolved)
        }
    }
}

/// One of two pieces of dynamic instructions, chosen by a condition.
public struct ConditionalDynamicInstructions<TrueContent, FalseContent>: DynamicInstructions, PrimitiveDynamicInstructions
where TrueContent: DynamicInstructions, FalseContent: DynamicInstructions {
    /// Resolved directly: no body.
    public typealias Body = Never

    /// The branch taken.
    let branch: Branch

    /// Creates the instructions of a branch.
    public init(_ branch: Branch) {
        self.branch = branch
    }

    /// Resolves the branch taken.
    func resolve(into resolved: inout ResolvedInstructions) {
        switch branch {
        case .trueContent(let content): content.resolve(into: &resolved)
        case .falseContent(let content): content.resolve(into: &resolved)
        }
    }
}

extension ConditionalDynamicInstructions {
    /// The branch a condition took.
    public enum Branch {
        /// The condition held.
        case trueContent(TrueContent)
        /// The condition failed.
        case falseContent(FalseContent)
    }
}

extension ConditionalDynamicInstructions {
    /// Primitive: never called.
    public var body: Never { fatalError("ConditionalDynamicInstructions has no body") }
}

extension Optional: DynamicInstructions, PrimitiveDynamicInstructions where Wrapped: DynamicInstructions {
    /// Resolved directly: no body.
    public typealias Body = Never

    /// Primitive: never called.
    public var body: Never { fatalError("Optional has no body") }

    /// Resolves the wrapped instructions, if any.
    func resolve(into resolved: inout ResolvedInstructions) {
        if let self { self.resolve(into: &resolved) }
    }
}

extension Never: DynamicInstructions {
    /// Never has a body.
    public typealias Body = Never

    /// Never has a body.
    public var body: Never { fatalError("Never has no body") }
}

/// No instructions.
public struct EmptyDynamicInstructions: DynamicInstructions, PrimitiveDynamicInstructions, Sendable {
    /// Resolved directly: no body.
    public typealias Body = Never

    /// Creates empty instructions.
    public init() {}

    /// Adds nothing.
    func resolve(into resolved: inout ResolvedInstructions) {}
}

extension EmptyDynamicInstructions {
    /// Primitive: never called.
    public var body: Never { fatalError("EmptyDynamicInstructions has no body") }
}

/// Dynamic instructions made for each element of a collection.
///
/// ```swift
/// DynamicInstructions.ForEach(rules, id: \.self) { rule in Instructions(rule) }
/// ```
public struct DynamicInstructionsForEach<Data, ID, Content>: DynamicInstructions, PrimitiveDynamicInstructions
where Data: RandomAccessCollection, ID: Hashable, Content: DynamicInstructions {
    /// Resolved directly: no body.
    public typealias Body = Never

    /// The elements.
    let data: Data
    /// The content of an element.
    let content: (Data.Element) -> Content

    /// Resolves each element's content in order.
    func resolve(into resolved: inout ResolvedInstructions) {
        for element in data {
            content(element).resolve(into: &resolved)
        }
    }
}

extension DynamicInstructionsForEach {
    /// Primitive: never called.
    public var body: Never { fatalError("DynamicInstructionsForEach has no body") }
}

extension DynamicInstructionsForEach {
    /// Instructions for each element of `data`, identified by `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @DynamicInstructionsBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension DynamicInstructionsForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// Instructions for each element of `data`.
    public init(_ data: Data, @DynamicInstructionsBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}
