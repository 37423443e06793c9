extension ByteDFA {
    /// Compiles `pattern` (see `RegexPattern.compile(_:)`).
    ///
    /// ```swift
    /// let dfa = try ByteDFA(pattern: "colou?r", options: .init(mode: .search))
    /// dfa.matches("my favourite colour")  // true
    /// ```
    public convenience init(
        pattern: String, regexOptions: RegexOptions = [], options: AutomatonOptions = AutomatonOptions()
    ) throws(RegexError) {
        let nfa = try RegexPattern(pattern, options: regexOptions).byteNFA(options)
        self.init(nfa: nfa, maxStates: options.limits.dfaStates)
    }

    /// The state after reading `bytes` from `state`; stops early once `dead`.
    public func walk(from state: Int, bytes: some Sequence<UInt8>) -> Int {
        bytes.withContiguousStorageIfAvailable { walk(from: state, buffer: $0) } ?? walk(from: state, buffer: Array(bytes))
    }

    private func walk(from state: Int, buffer: [UInt8]) -> Int {
        buffer.withUnsafeBufferPointer { walk(from: state, buffer: $0) }
    }

    private func walk(from state: Int, buffer: UnsafeBufferPointer<UInt8>) -> Int {
        withStepper { step, _ in
            var current = state
            for byte in buffer {
                current = step(current, byte)
                if current == dead { break }
            }
            return current
        }
    }

    /// Whether the automaton accepts the UTF-8 bytes of `text`.
    public func matches(_ text: String) -> Bool { matches(bytes: text.utf8) }

    /// Whether the automaton accepts `bytes`.
    public func matches(bytes: some Sequence<UInt8>) -> Bool { isAccepting(walk(from: start, bytes: bytes)) }
}
