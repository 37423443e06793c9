/// A token trie's node arrays and a lexeme automaton's transitions as unsafe buffers, for the
/// walks that step the automaton along the trie in preorder (`CountedWalk`, `SubtreeWalk`):
/// each node's depth, subtree end and first token, and the state its byte leads to.
///
/// ```swift
/// TrieStepper.with(trie, dfa) { step in
///     let next = step.next(state, at: i)   // 0: the byte is rejected, skip to step.ends[i]
/// }
/// ```
struct TrieStepper {
    /// Byte on the edge into node `i` (`TokenTrie.bytes`).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Depth of node `i` (`TokenTrie.depths`).
    let depths: UnsafeBufferPointer<UInt16>
    /// One past the last node of the subtree rooted at `i` (`TokenTrie.subtreeEnds`).
    let ends: UnsafeBufferPointer<Int32>
    /// `starts[i]..<starts[i + 1]` indexes the trie's tokens for node `i` (`TokenTrie.tokenStarts`).
    let starts: UnsafeBufferPointer<Int32>
    /// The automaton's transitions (`DenseDFA.table`).
    let table: UnsafeBufferPointer<UInt32>
    /// The automaton's byte classes (`DenseDFA.classOf`).
    let classOf: UnsafeBufferPointer<UInt8>
    /// The number of byte classes, a row of `table`.
    let classCount: Int

    /// The state node `i`'s byte leads to from `state` (0, the dead state, when rejected).
    @inline(__always)
    func next(_ state: UInt32, at i: Int) -> UInt32 {
        table[Int(state) &* classCount &+ Int(classOf[Int(bytes[i])])]
    }

    /// Calls `body` with the buffers of `trie` and `dfa`.
    @inline(__always)
    static func with<Result>(_ trie: TokenTrie, _ dfa: DenseDFA, _ body: (TrieStepper) -> Result) -> Result {
        trie.bytes.withUnsafeBufferPointer { bytes in
            trie.depths.withUnsafeBufferPointer { depths in
                trie.subtreeEnds.withUnsafeBufferPointer { ends in
                    trie.tokenStarts.withUnsafeBufferPointer { starts in
                        dfa.table.withUnsafeBufferPointer { table in
                            dfa.classOf.withUnsafeBufferPointer { classOf in
                                body(
                                    TrieStepper(
                                        bytes: bytes, depths: depths, ends: ends, starts: starts, table: table, classOf: classOf,
                                        classCount: dfa.classCount))
                            }
                        }
                    }
                }
            }
        }
    }
}
