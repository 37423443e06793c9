/// Reading bytes: each thread steps its lexeme automaton; where a lexeme cannot go on but has
/// matched, the parser is consulted and the byte starts the next lexeme (longest match, which
/// is exact for JSON: no lexeme's continuation byte can begin the token that follows it).
extension Grammar {
    /// The threads after `byte`, appended to `output` (empty when the byte is rejected).
    func step(_ threads: [ParserThread], _ byte: UInt8, into output: inout [ParserThread]) {
        for thread in threads {
            let dfa = lexemes[Int(thread.lexeme)]
            let next = dfa.next(thread.state, byte)
            if next != DenseDFA.dead {
                var moved = thread
                moved.state = next
                output.append(moved)
            } else if dfa.isAccepting(thread.state) {
                for started in following(thread) {
                    let first = lexemes[Int(started.lexeme)].next(started.state, byte)
                    if first != DenseDFA.dead {
                        var moved = started
                        moved.state = first
                        output.append(moved)
                    }
                }
            }
        }
        if output.count > 1 { deduplicate(&output) }
    }

    /// The threads at the start of whatever may follow `thread`'s lexeme.
    func following(_ thread: ParserThread) -> [ParserThread] {
        var threads: [ParserThread] = []
        var isDone = false
        expand(thread.stack, whitespace: thread.lexeme != punctuation.whitespace, into: &threads, isDone: &isDone)
        return threads
    }

    /// The threads after `bytes`, or the offset of the first byte rejected.
    func advance(_ threads: [ParserThread], bytes: UnsafeBufferPointer<UInt8>) -> Result<[ParserThread], RejectedByte> {
        var current = threads
        var next: [ParserThread] = []
        for (offset, byte) in bytes.enumerated() {
            next.removeAll(keepingCapacity: true)
            step(current, byte, into: &next)
            if next.isEmpty { return .failure(RejectedByte(offset: offset)) }
            swap(&current, &next)
        }
        return .success(current)
    }

    /// The offset of a byte no thread could read.
    struct RejectedByte: Error { var offset: Int }

    /// Whether the output may end after the bytes that led to `threads`.
    func isComplete(_ threads: [ParserThread]) -> Bool {
        threads.contains { $0.stack.isEmpty && lexemes[Int($0.lexeme)].isAccepting($0.state) }
    }

    private func deduplicate(_ threads: inout [ParserThread]) {
        var seen = Set<ParserThread>()
        threads = threads.filter { seen.insert($0).inserted }
    }

    // MARK: - Validation

    /// Whether `text` (UTF-8) is a complete output of this grammar.
    public func accepts(_ text: String) -> Bool { firstRejectedOffset(Array(text.utf8)) == nil }

    /// Whether `bytes` are a complete output of this grammar.
    public func accepts(bytes: [UInt8]) -> Bool { firstRejectedOffset(bytes) == nil }

    /// Where `bytes` stop being an output of this grammar: the offset of the first byte that
    /// cannot come next, `bytes.count` when every byte fits but the output is unfinished, or
    /// `nil` when `bytes` are a complete output.
    ///
    /// ```swift
    /// grammar.firstRejectedOffset(Array(#"{"age": x}"#.utf8))   // 8
    /// ```
    public func firstRejectedOffset(_ bytes: [UInt8]) -> Int? {
        let result = bytes.withUnsafeBufferPointer { advance(initialThreads, bytes: $0) }
        switch result {
        case .failure(let rejected): return rejected.offset
        case .success(let threads): return isComplete(threads) ? nil : bytes.count
        }
    }
}
