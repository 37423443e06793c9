/// Finds control and user-defined tokens written whole in raw text, so the model never splits
/// them: at each position the longest token wins, scanning left to right.
///
/// The tokens sit in a byte trie (`children` as a sorted edge list per node, in flat arrays);
/// `starts` marks the bytes a token can begin with so most positions are skipped at once.
struct SpecialTokenMatcher: Sendable {
    private struct Node: Sendable {
        var firstEdge: Int32 = 0
        var edgeCount: Int32 = 0
        /// Token ending here and its type, or -1.
        var token: Int32 = -1
        var isControl = false
    }

    private var nodes: [Node] = [Node()]
    private var edgeBytes: [UInt8] = []
    private var edgeTargets: [Int32] = []
    private var starts = [Bool](repeating: false, count: 256)

    /// Whether there is nothing to match.
    let isEmpty: Bool

    /// Builds the matcher from `(id, text, isControl)` triples; empty texts are ignored and the
    /// first id wins when two tokens share a text.
    init(_ tokens: [(id: Int32, text: [UInt8], isControl: Bool)]) {
        // Build a pointer trie first, then flatten it breadth-first with sorted edges.
        var children: [[UInt8: Int]] = [[:]]
        var terminal: [(Int32, Bool)?] = [nil]
        for (id, text, isControl) in tokens where !text.isEmpty {
            var node = 0
            for b in text {
                if let child = children[node][b] { node = child; continue }
                children.append([:]); terminal.append(nil)
                children[node][b] = children.count - 1
                node = children.count - 1
            }
            if terminal[node] == nil { terminal[node] = (id, isControl) }
            starts[Int(text[0])] = true
        }
        isEmpty = children[0].isEmpty
        var order = [0]
        var newIndex = [Int](repeating: 0, count: children.count)
        var head = 0
        while head < order.count {
            let old = order[head]; head += 1
            for (_, child) in children[old].sorted(by: { $0.key < $1.key }) {
                newIndex[child] = order.count
                order.append(child)
            }
        }
        nodes = [Node](repeating: Node(), count: order.count)
        for (new, old) in order.enumerated() {
            var node = Node()
            node.firstEdge = Int32(edgeBytes.count)
            for (byte, child) in children[old].sorted(by: { $0.key < $1.key }) {
                edgeBytes.append(byte)
                edgeTargets.append(Int32(newIndex[child]))
            }
            node.edgeCount = Int32(edgeBytes.count) - node.firstEdge
            if let (id, control) = terminal[old] { node.token = id; node.isControl = control }
            nodes[new] = node
        }
    }

    /// The longest token starting at `i`, as `(id, length)`, honouring `parseSpecial` for control
    /// tokens.
    @inline(__always)
    func match(_ text: UnsafeBufferPointer<UInt8>, at i: Int, parseSpecial: Bool) -> (Int32, Int)? {
        guard starts[Int(text[i])] else { return nil }
        var node = 0
        var best: (Int32, Int)?
        var k = i
        while k < text.count {
            let b = text[k]
            let n = nodes[node]
            var found = -1
            var e = Int(n.firstEdge)
            let eEnd = e + Int(n.edgeCount)
            while e < eEnd {
                if edgeBytes[e] == b { found = Int(edgeTargets[e]); break }
                if edgeBytes[e] > b { break }
                e += 1
            }
            if found < 0 { break }
            node = found
            k += 1
            let t = nodes[node]
            if t.token >= 0, parseSpecial || !t.isControl { best = (t.token, k - i) }
        }
        return best
    }
}
