extension Transcript {
    /// Creates an empty transcript.
    public init() {
        self.init(entries: [])
    }

    /// Replaces the entries in `subrange` with `newElements`.
    ///
    /// ```swift
    /// var transcript = session.transcript
    /// transcript.removeLast(2)       // RangeReplaceableCollection
    /// transcript.append(.prompt(prompt))
    /// ```
    public mutating func replaceSubrange<C>(_ subrange: Range<Int>, with newElements: consuming C)
    where C: Collection, C.Element == Transcript.Entry {
        storage.replaceSubrange(subrange, with: newElements)
    }

    /// The conversation after the instructions: every entry but a leading instructions entry.
    ///
    /// ```swift
    /// transcript.history = transcript.history.suffix(10)   // keep the instructions, drop old turns
    /// ```
    public var history: ArraySlice<Transcript.Entry> {
        get { storage[historyStart...] }
        set { storage.replaceSubrange(historyStart..., with: newValue) }
    }

    /// Where the history starts: after a leading instructions entry.
    private var historyStart: Int {
        if case .instructions? = storage.first { return 1 }
        return 0
    }
}
