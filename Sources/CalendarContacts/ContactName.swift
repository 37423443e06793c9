/// The `N` property's five components (RFC 6350 §6.2.2), each possibly a list.
package struct ContactName: Sendable, Equatable, Hashable {
    /// Family names (surnames).
    package var familyNames: [String]
    /// Given names.
    package var givenNames: [String]
    /// Additional (middle) names.
    package var additionalNames: [String]
    /// Honorific prefixes (`Dr.`).
    package var prefixes: [String]
    /// Honorific suffixes (`Jr.`, `M.Sc.`).
    package var suffixes: [String]

    /// A structured name.
    package init(
        familyNames: [String] = [], givenNames: [String] = [], additionalNames: [String] = [],
        prefixes: [String] = [], suffixes: [String] = []
    ) {
        self.familyNames = familyNames
        self.givenNames = givenNames
        self.additionalNames = additionalNames
        self.prefixes = prefixes
        self.suffixes = suffixes
    }

    /// "Dr. Naomy J. Park, Jr.": prefixes, given, additional and family names, then suffixes.
    package var formatted: String {
        let main = (prefixes + givenNames + additionalNames + familyNames).joined(separator: " ")
        guard !suffixes.isEmpty else { return main }
        return main.isEmpty ? suffixes.joined(separator: ", ") : main + ", " + suffixes.joined(separator: ", ")
    }
}
