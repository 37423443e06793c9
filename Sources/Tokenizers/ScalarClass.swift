/// The Unicode classes the pre-tokenizer regexes test: `\p{L}`, `\p{N}`, `\s`, `[\r\n]`, and for
/// o200k's split the letter case classes (`\p{Lu}\p{Lt}` versus `\p{Ll}`) and `\p{M}`.
///
/// `\s` follows Oniguruma's Unicode definition (the engine behind Hugging Face `tokenizers`):
/// U+0009–U+000D, U+0085 and the Zs, Zl, Zp categories, which is the `White_Space` property.
/// Classes of the Basic Multilingual Plane come from a 64 KiB table built once; other planes ask
/// the standard library.
struct ScalarClass: OptionSet, Sendable {
    let rawValue: UInt8

    /// `\p{L}`: general categories Lu, Ll, Lt, Lm, Lo.
    static let letter = ScalarClass(rawValue: 1)
    /// `\p{N}`: general categories Nd, Nl, No.
    static let number = ScalarClass(rawValue: 2)
    /// `\s`: the `White_Space` property.
    static let whitespace = ScalarClass(rawValue: 4)
    /// `[\r\n]`.
    static let newline = ScalarClass(rawValue: 8)
    /// `\p{Lu}\p{Lt}`: upper and title case letters (also `.letter`).
    static let upper = ScalarClass(rawValue: 16)
    /// `\p{Ll}`: lower case letters (also `.letter`).
    static let lower = ScalarClass(rawValue: 32)
    /// `\p{M}`: general categories Mn, Mc, Me.
    static let mark = ScalarClass(rawValue: 64)

    /// The classes of `scalar`.
    @inline(__always)
    static func of(_ scalar: UInt32) -> ScalarClass {
        if scalar < 0x10000 {
            return ScalarClass(rawValue: bmpTable[Int(scalar)])
        }
        return compute(scalar)
    }

    /// Looks the classes up in the Unicode tables of the standard library.
    static func compute(_ value: UInt32) -> ScalarClass {
        guard let scalar = Unicode.Scalar(value) else { return [] }
        var result: ScalarClass = []
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter:
            result.formUnion([.letter, .upper])
        case .lowercaseLetter:
            result.formUnion([.letter, .lower])
        case .modifierLetter, .otherLetter:
            result.insert(.letter)
        case .nonspacingMark, .spacingMark, .enclosingMark:
            result.insert(.mark)
        case .decimalNumber, .letterNumber, .otherNumber:
            result.insert(.number)
        default:
            break
        }
        if scalar.properties.isWhitespace { result.insert(.whitespace) }
        if value == 0x0A || value == 0x0D { result.insert(.newline) }
        return result
    }

    /// Classes of U+0000...U+FFFF (surrogates have none).
    static let bmpTable: [UInt8] = (0..<0x10000).map { compute(UInt32($0)).rawValue }
}
