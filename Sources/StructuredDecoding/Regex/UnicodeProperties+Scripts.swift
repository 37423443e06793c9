extension UnicodeProperties {
    /// The scalars of a script (`Script`) or script extension (`Script_Extensions`), or `nil` if
    /// the stdlib does not know the name.
    ///
    /// Read by running the stdlib `Regex` `\p{Script=...}+` in Unicode-scalar mode over a string of
    /// every assigned, non-private-use scalar; `Unknown`/`Zzzz` is computed directly (unassigned
    /// and private-use scalars).
    static func script(_ name: String, extensions: Bool) -> ScalarSet? {
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == " " || $0 == "-") }
        guard allowed, !name.isEmpty else { return nil }
        if ["unknown", "zzzz"].contains(loose(name)) {
            return categorySet([.unassigned, .privateUse])
        }
        let property = extensions ? "Script_Extensions" : "Script"
        guard let regex = try? Regex("\\p{\(property)=\(name)}+").matchingSemantics(.unicodeScalar) else {
            return nil
        }
        let text = assignedScalarsText
        var ranges: [ClosedRange<UInt32>] = []
        for match in text.matches(of: regex) {
            for scalar in text.unicodeScalars[match.range] {
                if let last = ranges.last, last.upperBound + 1 == scalar.value {
                    ranges[ranges.count - 1] = last.lowerBound...scalar.value
                } else {
                    ranges.append(scalar.value...scalar.value)
                }
            }
        }
        return ScalarSet(ranges: ranges)
    }

    /// Every assigned scalar that is not private use, in order, as one string.
    private static var assignedScalarsText: String {
        let assigned = categorySet([.unassigned, .privateUse]).inverted
        var view = String.UnicodeScalarView()
        for range in assigned.ranges {
            for value in range { view.append(Unicode.Scalar(value)!) }
        }
        return String(view)
    }
}
