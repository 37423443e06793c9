import SwiftSyntax

/// What a property's declared type looks like, read from its syntax alone.
///
/// The macro never compares type strings: `Int?`, `Optional<Int>` and `Swift.Optional<Int>` are
/// the same optional, `[String]` and `Array<String>` the same array. Named types the macro
/// cannot see into (user types, generic parameters, type aliases) are `named` and trusted to be
/// generable; the compiler checks them against the generated code.
indirect enum TypeShape {
    /// `T?` or `Optional<T>`.
    case optional(TypeShape, wrapped: TypeSyntax)
    /// `[T]` or `Array<T>`.
    case array(TypeShape, element: TypeSyntax)
    /// One of the standard generable scalars.
    case scalar(ScalarKind)
    /// Any other named type (`Bean`, `Outer.Inner`, `T`, `Box<Int>`).
    case named(baseName: String)
    /// A type that can never be generated, with the reason.
    case unsupported(String)

    /// The standard scalar types, by what guides they accept.
    enum ScalarKind: Equatable {
        case string, integer, floatingPoint, boolean
    }

    /// Reads the shape of `type`.
    init(_ type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            self = Self.optional(of: optional.wrappedType)
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .unsupported(
                "the implicitly unwrapped optional '\(unwrapped.trimmedDescription)'; use '\(unwrapped.wrappedType.trimmedDescription)?'")
        } else if let array = type.as(ArrayTypeSyntax.self) {
            self = Self.array(of: array.element)
        } else if type.is(DictionaryTypeSyntax.self) {
            self = .unsupported("a dictionary; use an array of a @Generable structure with key and value properties")
        } else if let tuple = type.as(TupleTypeSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
                self = TypeShape(only.type)
            } else {
                self = .unsupported("a tuple; use a @Generable structure")
            }
        } else if type.is(FunctionTypeSyntax.self) {
            self = .unsupported("a function type")
        } else if type.is(SomeOrAnyTypeSyntax.self) || type.is(CompositionTypeSyntax.self) {
            self = .unsupported("an existential or opaque type; use a concrete @Generable type")
        } else if type.is(MetatypeTypeSyntax.self) {
            self = .unsupported("a metatype")
        } else if let attributed = type.as(AttributedTypeSyntax.self) {
            self = TypeShape(attributed.baseType)
        } else if let identifier = type.as(IdentifierTypeSyntax.self) {
            self = Self.named(identifier.name.text, module: nil, generics: identifier.genericArgumentClause)
        } else if let member = type.as(MemberTypeSyntax.self) {
            let module = member.baseType.as(IdentifierTypeSyntax.self)?.name.text
            self = Self.named(member.name.text, module: module, generics: member.genericArgumentClause)
        } else {
            self = .unsupported("'\(type.trimmedDescription)', which @Generable cannot analyse")
        }
    }

    private static func optional(of wrapped: TypeSyntax) -> TypeShape {
        let inner = TypeShape(wrapped)
        if case .optional = inner {
            return .unsupported("a nested optional '\(wrapped.trimmedDescription)?'")
        }
        if case .unsupported = inner { return inner }
        return .optional(inner, wrapped: wrapped)
    }

    private static func array(of element: TypeSyntax) -> TypeShape {
        let inner = TypeShape(element)
        switch inner {
        case .optional:
            return .unsupported("an array of optionals '[\(element.trimmedDescription)]'")
        case .unsupported:
            return inner
        default:
            return .array(inner, element: element)
        }
    }

    /// A named type, with the standard library's and Foundation's generic types recognized.
    private static func named(_ name: String, module: String?, generics: GenericArgumentClauseSyntax?) -> TypeShape {
        let standard = module == nil || module == "Swift" || module == "Foundation"
        guard standard else { return .named(baseName: name) }
        let arguments = generics?.arguments.compactMap { $0.argument.as(TypeSyntax.self) } ?? []
        switch name {
        case "Optional" where arguments.count == 1:
            return optional(of: arguments[0])
        case "Array" where arguments.count == 1:
            return array(of: arguments[0])
        case "Dictionary":
            return .unsupported("a dictionary; use an array of a @Generable structure with key and value properties")
        case "String" where generics == nil: return .scalar(.string)
        case "Int" where generics == nil: return .scalar(.integer)
        case "Double", "Float", "Decimal": return generics == nil ? .scalar(.floatingPoint) : .named(baseName: name)
        case "Bool" where generics == nil: return .scalar(.boolean)
        default: return .named(baseName: name)
        }
    }

    /// The shape with one level of optionality removed.
    var unwrapped: TypeShape {
        if case .optional(let inner, _) = self { return inner }
        return self
    }

    /// Whether the (unwrapped) type is `T?`.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The reason the type cannot be generated, if it cannot.
    var unsupportedReason: String? {
        if case .unsupported(let reason) = self { return reason }
        return nil
    }

    /// A short phrase naming the kind of type, for diagnostics.
    var phrase: String {
        switch self {
        case .optional(let inner, _): inner.phrase
        case .array: "an array"
        case .scalar(.string): "a String"
        case .scalar(.integer): "an Int"
        case .scalar(.floatingPoint): "a floating-point number"
        case .scalar(.boolean): "a Bool"
        case .named(let name): "'\(name)'"
        case .unsupported: "an unsupported type"
        }
    }
}
