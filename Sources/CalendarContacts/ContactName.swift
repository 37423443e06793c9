/// The `N` property's five components (RFC 6350 §6.2.2), each possibly a list.
public struct ContactName: Sendable, Equatable, Hashable {
    /// Family names (surnames).
    public var familyNames: [String]
    /// Given names.
    public var givenNames: [String]
    /// Additional (middle) names.
    public var additionalNames: [String]
    /// Honorific prefixes (`Dr.`).
    public var prefixes: [String]
    /// Honorific suffixes (`Jr.`, `M.Sc.`).
    public var suffixes: [String]

    /// A structured name.
    public init(
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
    public var formatted: String {
        let main = (prefixes + givenNames + additionalNames + familyNames).joined(separator: " ")
        guard !suffixes.isEmpty else { return main }
        return main.isEmpty ? suffixes.joined(separator: ", ") : main + ", " + suffixes.joined(separator: ", ")
    }
}
