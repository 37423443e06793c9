internal import StructuredDecoding

extension Transcript: Codable {
    /// Reads a transcript in Apple's format.
    ///
    /// ```swift
    /// let transcript = try JSONDecoder().decode(Transcript.self, from: savedData)
    /// let session = LanguageModelSession(transcript: transcript)
    /// ```
    /// Structured content comes back with its keys in alphabetical order: a `Decoder` does not
    /// report the order of an object's keys.
    /// - Throws: `DecodingError.dataCorrupted` naming the entry and the key at fault.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder).sortingKeys()
        do {
            self = try TranscriptJSON.transcript(from: json)
        } catch {
            let problem = error
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Invalid transcript: \(problem.message)"))
        }
    }

    /// Writes the transcript in Apple's format: `version`, `type`, and `transcript.entries`,
    /// each entry with its `id`, `role` (`instructions`, `user`, `response`, `tool`) and
    /// `contents`.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(session.transcript)
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try TranscriptJSON.json(for: self).encodeKeepingNumberText(to: encoder)
    }
}
