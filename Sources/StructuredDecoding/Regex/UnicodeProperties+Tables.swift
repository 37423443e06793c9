extension UnicodeProperties {
    /// The categories in a stable order; the index of a category in this list is its slot in
    /// `categoryTable`.
    static let allCategories: [Unicode.GeneralCategory] = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
        .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
        .modifierSymbol, .otherSymbol, .spaceSeparator, .lineSeparator, .paragraphSeparator,
        .control, .format, .surrogate, .privateUse, .unassigned,
    ]

    /// One scalar set per entry of `allCategories`, from the generated runs (no scan at run time).
    private static let categoryTable: [ScalarSet] = categoryTable(fromRuns: generatedCategoryRuns)

    /// The category sets described by `runs` (`start category` pairs, see
    /// `generatedCategoryRuns`), parsed byte by byte: this runs on the first `\p{...}`.
    static func categoryTable(fromRuns runs: String) -> [ScalarSet] {
        var slotOfCode: [UInt16: Int] = [:]
        for (slot, category) in allCategories.enumerated() {
            let code = Array(shortName(category).utf8)
            slotOfCode[UInt16(code[0]) << 8 | UInt16(code[1])] = slot
        }
        var ranges = [[ClosedRange<UInt32>]](repeating: [], count: allCategories.count)
        var previous: (start: UInt32, slot: Int)?
        var words = HexWords(runs)
        while let start = words.nextNumber() {
            guard let code = words.nextWord(), code.count == 2, let slot = slotOfCode[UInt16(code.first!) << 8 | UInt16(code.last!)],
                previous.map({ $0.start < start }) ?? (start == 0)
            else {
                preconditionFailure("UnicodeProperties: malformed category run at \(String(start, radix: 16))")
            }
            if let (from, slot) = previous { ranges[slot].append(from...(start - 1)) }
            previous = (start, slot)
        }
        if let (from, slot) = previous { ranges[slot].append(from...ScalarSet.maxScalar) }
        return ranges.map { ScalarSet(ranges: $0) }
    }

    /// The two-letter alias of a category (`Lu`, `Nd`, ...): the spelling of the generated table.
    static func shortName(_ category: Unicode.GeneralCategory) -> String {
        let names = [
            "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf",
            "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
        ]
        return allCategories.firstIndex(of: category).map { names[$0] } ?? "Cn"
    }

    /// The category sets computed by asking the standard library about every scalar (about 0.1 s):
    /// what the generated table must equal.
    static func scannedCategoryTable() -> [ScalarSet] {
        var ranges = [[ClosedRange<UInt32>]](repeating: [], count: allCategories.count)
        var slots: [Unicode.GeneralCategory: Int] = [:]
        for (slot, category) in allCategories.enumerated() { slots[category] = slot }
        var current = -1
        var runStart: UInt32 = 0
        for value in UInt32(0)...ScalarSet.maxScalar {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let slot = slots[scalar.properties.generalCategory] ?? slots[.unassigned]!
            if slot != current {
                if current >= 0 { ranges[current].append(runStart...(value - 1)) }
                current = slot
                runStart = value
            }
        }
        ranges[current].append(runStart...ScalarSet.maxScalar)
        return ranges.map { ScalarSet(ranges: $0) }
    }

    /// A set written as `low-high` hex ranges separated by spaces or newlines.
    static func scalarSet(fromRanges text: String) -> ScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        var words = HexWords(text)
        while let low = words.nextNumber() {
            guard words.skip(UInt8(ascii: "-")), let high = words.nextNumber(), low <= high else {
                preconditionFailure("UnicodeProperties: malformed range at \(String(low, radix: 16))")
            }
            ranges.append(low...high)
        }
        return ScalarSet(ranges: ranges)
    }

    /// The union of the given categories.
    static func categorySet(_ categories: [Unicode.GeneralCategory]) -> ScalarSet {
        var result = ScalarSet()
        for category in categories {
            guard let slot = allCategories.firstIndex(of: category) else { continue }
            result = result.union(categoryTable[slot])
        }
        return result
    }

    /// The categories a loose general-category name stands for.
    static func generalCategory(_ key: String) -> [Unicode.GeneralCategory]? {
        switch key {
        case "l", "letter": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
        case "lc", "l&", "casedletter": [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]
        case "lu", "uppercaseletter": [.uppercaseLetter]
        case "ll", "lowercaseletter": [.lowercaseLetter]
        case "lt", "titlecaseletter": [.titlecaseLetter]
        case "lm", "modifierletter": [.modifierLetter]
        case "lo", "otherletter": [.otherLetter]
        case "m", "mark", "combiningmark": [.nonspacingMark, .spacingMark, .enclosingMark]
        case "mn", "nonspacingmark": [.nonspacingMark]
        case "mc", "spacingmark": [.spacingMark]
        case "me", "enclosingmark": [.enclosingMark]
        case "n", "number": [.decimalNumber, .letterNumber, .otherNumber]
        case "nd", "decimalnumber", "digit": [.decimalNumber]
        case "nl", "letternumber": [.letterNumber]
        case "no", "othernumber": [.otherNumber]
        case "p", "punctuation", "punct":
            [
                .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation,
            ]
        case "pc", "connectorpunctuation": [.connectorPunctuation]
        case "pd", "dashpunctuation": [.dashPunctuation]
        case "ps", "openpunctuation": [.openPunctuation]
        case "pe", "closepunctuation": [.closePunctuation]
        case "pi", "initialpunctuation": [.initialPunctuation]
        case "pf", "finalpunctuation": [.finalPunctuation]
        case "po", "otherpunctuation": [.otherPunctuation]
        case "s", "symbol": [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
        case "sm", "mathsymbol": [.mathSymbol]
        case "sc", "currencysymbol": [.currencySymbol]
        case "sk", "modifiersymbol": [.modifierSymbol]
        case "so", "othersymbol": [.otherSymbol]
        case "z", "separator": [.spaceSeparator, .lineSeparator, .paragraphSeparator]
        case "zs", "spaceseparator": [.spaceSeparator]
        case "zl", "lineseparator": [.lineSeparator]
        case "zp", "paragraphseparator": [.paragraphSeparator]
        case "c", "other": [.control, .format, .surrogate, .privateUse, .unassigned]
        case "cc", "control", "cntrl": [.control]
        case "cf", "format": [.format]
        case "cs", "surrogate": [.surrogate]
        case "co", "privateuse": [.privateUse]
        case "cn", "unassigned": [.unassigned]
        default: nil
        }
    }

    /// The stdlib predicate behind a loose binary-property name (long name or short alias).
    static func binaryProperty(_ key: String) -> ((Unicode.Scalar.Properties) -> Bool)? {
        switch key {
        case "alphabetic", "alpha": { $0.isAlphabetic }
        case "whitespace", "wspace", "space": { $0.isWhitespace }
        case "uppercase", "upper": { $0.isUppercase }
        case "lowercase", "lower": { $0.isLowercase }
        case "math": { $0.isMath }
        case "hexdigit", "hex": { $0.isHexDigit }
        case "asciihexdigit", "ahex": { $0.isASCIIHexDigit }
        case "bidicontrol", "bidic": { $0.isBidiControl }
        case "bidimirrored", "bidim": { $0.isBidiMirrored }
        case "dash": { $0.isDash }
        case "defaultignorablecodepoint", "di": { $0.isDefaultIgnorableCodePoint }
        case "deprecated", "dep": { $0.isDeprecated }
        case "diacritic", "dia": { $0.isDiacritic }
        case "extender", "ext": { $0.isExtender }
        case "fullcompositionexclusion", "compex": { $0.isFullCompositionExclusion }
        case "graphemebase", "grbase": { $0.isGraphemeBase }
        case "graphemeextend", "grext": { $0.isGraphemeExtend }
        case "idcontinue", "idc": { $0.isIDContinue }
        case "idstart", "ids": { $0.isIDStart }
        case "ideographic", "ideo": { $0.isIdeographic }
        case "idsbinaryoperator", "idsb": { $0.isIDSBinaryOperator }
        case "idstrinaryoperator", "idst": { $0.isIDSTrinaryOperator }
        case "joincontrol", "joinc": { $0.isJoinControl }
        case "logicalorderexception", "loe": { $0.isLogicalOrderException }
        case "noncharactercodepoint", "nchar": { $0.isNoncharacterCodePoint }
        case "quotationmark", "qmark": { $0.isQuotationMark }
        case "radical": { $0.isRadical }
        case "softdotted", "sd": { $0.isSoftDotted }
        case "terminalpunctuation", "term": { $0.isTerminalPunctuation }
        case "unifiedideograph", "uideo": { $0.isUnifiedIdeograph }
        case "xidcontinue", "xidc": { $0.isXIDContinue }
        case "xidstart", "xids": { $0.isXIDStart }
        case "sentenceterminal", "sterm": { $0.isSentenceTerminal }
        case "variationselector", "vs": { $0.isVariationSelector }
        case "patternsyntax", "patsyn": { $0.isPatternSyntax }
        case "patternwhitespace", "patws": { $0.isPatternWhitespace }
        case "cased": { $0.isCased }
        case "caseignorable", "ci": { $0.isCaseIgnorable }
        case "changeswhenlowercased", "cwl": { $0.changesWhenLowercased }
        case "changeswhenuppercased", "cwu": { $0.changesWhenUppercased }
        case "changeswhentitlecased", "cwt": { $0.changesWhenTitlecased }
        case "changeswhencasefolded", "cwcf": { $0.changesWhenCaseFolded }
        case "changeswhencasemapped", "cwcm": { $0.changesWhenCaseMapped }
        case "changeswhennfkccasefolded", "cwkcf": { $0.changesWhenNFKCCaseFolded }
        case "emoji": { $0.isEmoji }
        case "emojipresentation", "epres": { $0.isEmojiPresentation }
        case "emojimodifier", "emod": { $0.isEmojiModifier }
        case "emojimodifierbase", "ebase": { $0.isEmojiModifierBase }
        default: nil
        }
    }
}

/// A reader of the generated tables: hexadecimal numbers and short words separated by spaces and
/// newlines.
private struct HexWords {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") { index += 1 }
    }

    /// The next hexadecimal number, or `nil` at the end (or before something else).
    mutating func nextNumber() -> UInt32? {
        skipSpace()
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count, let digit = Self.hexValue(bytes[index]) {
            value = value << 4 | digit
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// The next run of non-space bytes.
    mutating func nextWord() -> ArraySlice<UInt8>? {
        skipSpace()
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index > start ? bytes[start..<index] : nil
    }

    /// Consumes `byte` if it comes next.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}
