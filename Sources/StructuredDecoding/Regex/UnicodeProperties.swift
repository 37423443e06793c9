import Synchronization

/// The scalar sets behind `\p{...}`, from the standard library's Unicode data, cached for the life
/// of the process. General categories and the common binary properties come from tables generated
/// from that data (`UnicodeProperties+Generated.swift`, `scripts/generate_unicode_tables.swift`);
/// the rarer binary properties are scanned from `Unicode.Scalar.Properties` on first use.
///
/// Names are matched loosely (case, spaces, `_` and `-` ignored, as UAX #44 LM3 suggests):
/// - general categories by short or long name: `L`, `Lu`, `Letter`, `Uppercase_Letter`, `LC`/`L&`,
///   `N`, `Nd`, `digit`, `P`, `punct`, `S`, `Z`, `C`, ... and `gc=`/`General_Category=` forms;
/// - binary properties: `Alphabetic`, `White_Space`, `Uppercase`, `Lowercase`, `Emoji`, `Math`,
///   `Hex_Digit`, `ID_Start`, ... (see `binaryProperty(_:)`), plus `Any`, `ASCII`, `Assigned`;
/// - scripts: `Script=Latin`, `sc=Grek`, `Script_Extensions=Han`, `scx=...`, and bare script names
///   (`\p{Han}` = `Script=Han`). The stdlib has no public script table, so script sets are read
///   from the stdlib's own `Regex` engine once per script (about 0.1 to 0.2 s, then cached).
enum UnicodeProperties {
    /// The set for a property name as written inside `\p{...}`, or `nil` if unknown.
    static func scalars(named name: String) -> ScalarSet? {
        let key = loose(name)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        guard let set = compute(name: name) else { return nil }
        cache.withLock { $0[key] = set }
        return set
    }

    /// `\d` with Unicode classes: `\p{Nd}`.
    static var decimalDigits: ScalarSet { categorySet([.decimalNumber]) }

    /// `\w` with Unicode classes (UTS #18): Alphabetic, marks, decimal digits, connector
    /// punctuation, ZWNJ and ZWJ.
    static var wordCharacters: ScalarSet {
        scalars(named: "Alphabetic")!
            .union(categorySet([.nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation]))
            .union(ScalarSet(ranges: [0x200C...0x200D]))
    }

    /// `\s` with Unicode classes: `\p{White_Space}`.
    static var whitespace: ScalarSet { scalars(named: "White_Space")! }

    private static let cache = Mutex<[String: ScalarSet]>([:])

    /// Lowercased, without spaces, underscores and hyphens.
    static func loose(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" }))
    }

    private static func compute(name: String) -> ScalarSet? {
        if let equals = name.firstIndex(of: "=") {
            let property = loose(String(name[..<equals]))
            let value = String(name[name.index(after: equals)...])
            switch property {
            case "gc", "generalcategory":
                return generalCategory(loose(value)).map(categorySet)
            case "sc", "script":
                return script(value, extensions: false)
            case "scx", "scriptextensions":
                return script(value, extensions: true)
            default:
                return nil
            }
        }
        let key = loose(name)
        if let categories = generalCategory(key) { return categorySet(categories) }
        switch key {
        case "any": return .all
        case "ascii": return ScalarSet(ranges: [0...0x7F])
        case "assigned": return categorySet([.unassigned]).inverted
        default: break
        }
        if let generated = generatedBinaryProperties[key] { return scalarSet(fromRanges: generated) }
        if let predicate = binaryProperty(key) { return scan(predicate) }
        return script(name, extensions: false)
    }

    /// Every scalar whose properties satisfy `predicate`, as ranges (a pass over 1.1 million
    /// scalars: about 0.1 s).
    static func scan(_ predicate: (Unicode.Scalar.Properties) -> Bool) -> ScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        var runStart: UInt32?
        for value in UInt32(0)...ScalarSet.maxScalar {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let member = predicate(scalar.properties)
            if member, runStart == nil { runStart = value }
            if !member, let start = runStart {
                ranges.append(start...(value - 1))
                runStart = nil
            }
        }
        if let start = runStart { ranges.append(start...ScalarSet.maxScalar) }
        return ScalarSet(ranges: ranges)
    }
}
