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
    /// `generatedCategoryRuns`).
    static func categoryTable(fromRuns runs: String) -> [ScalarSet] {
        var slots: [Unicode.GeneralCategory: Int] = [:]
        for (slot, category) in allCategories.enumerated() { slots[category] = slot }
        var starts: [(start: UInt32, slot: Int)] = []
        var words = runs.split(whereSeparator: { $0 == " " || $0 == "\n" }).makeIterator()
        while let start = words.next(), let name = words.next() {
            guard let value = UInt32(start, radix: 16), let categories = generalCategory(loose(String(name))),
                  categories.count == 1, let slot = slots[categories[0]] else {
                preconditionFailure("UnicodeProperties: malformed category run `\(start) \(name)`")
            }
            starts.append((value, slot))
        }
        var ranges = [[ClosedRange<UInt32>]](repeating: [], count: allCategories.count)
        for (index, run) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].start - 1 : ScalarSet.maxScalar
            ranges[run.slot].append(run.start...end)
        }
        return ranges.map { ScalarSet(ranges: $0) }
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
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let bounds = word.split(separator: "-")
            guard bounds.count == 2, let low = UInt32(bounds[0], radix: 16), let high = UInt32(bounds[1], radix: 16),
                  low <= high else {
                preconditionFailure("UnicodeProperties: malformed range `\(word)`")
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
            [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation]
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
