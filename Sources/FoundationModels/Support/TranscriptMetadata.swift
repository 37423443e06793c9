/// Metadata attached to transcript entries: values of any codable, equatable type by key.
typealias TranscriptMetadata = [String: any Codable & Sendable & Equatable]

/// Whether two metadata dictionaries hold the same keys with equal values.
func metadataEqual(_ a: TranscriptMetadata, _ b: TranscriptMetadata) -> Bool {
    guard a.count == b.count else { return false }
    for (key, value) in a {
        guard let other = b[key], equalValues(value, other) else { return false }
    }
    return true
}

/// Whether two equatable values of any types are equal (values of different types never are).
func equalValues<A: Equatable>(_ a: A, _ b: any Equatable) -> Bool {
    guard let b = b as? A else { return false }
    return a == b
}
