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
        self = try decoder.decodeSortedJSON(TranscriptJSON.transcript(from:)) { "Invalid transcript: \($0.message)" }
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

extension Decoder {
    /// What `read` makes of the decoded JSON value (its keys sorted: a `Decoder` does not report
    /// their order); its error becomes `DecodingError.dataCorrupted` with `explain`'s text.
    func decodeSortedJSON<Value, Failure: Error>(
        _ read: (JSONValue) throws(Failure) -> Value, explain: (Failure) -> String
    ) throws -> Value {
        let json = try JSONValue(from: self).sortingKeys()
        do {
            return try read(json)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: explain(error)))
        }
    }
}
