extension Transcript {
    /// The entries, in order, as an array.
    ///
    /// Apple's first beta of the framework had this property, and the WWDC25 session "Deep dive
    /// into the Foundation Models framework" still uses it
    /// (`previousSession.transcript.entries`); Apple removed it before 26.0, when `Transcript`
    /// became a `RandomAccessCollection` of its entries. It is kept, read-only and deprecated,
    /// only so that code written from that session compiles; use the transcript itself instead.
    ///
    /// ```swift
    /// let first = session.transcript.first      // rather than transcript.entries.first
    /// let all = Array(session.transcript)       // rather than transcript.entries
    /// ```
    @available(
        *, deprecated,
        message: "Removed from Apple's Foundation Models before 26.0: a Transcript is a RandomAccessCollection of its entries; use it directly"
    )
    public var entries: [Entry] { storage }
}
