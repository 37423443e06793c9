// Top-k selection without sorting the vocabulary: one pass keeps the k best valid logits in a
// bounded heap of packed keys (O(n log k)), skipping 16-logit chunks that cannot beat the worst
// kept entry; only the k survivors are sorted.

enum TopKSelection {
    /// The ids of the `k` best valid logits (NaN and -infinity never), best first: highest logit,
    /// then lowest id. Fewer than `k` when fewer are valid.
    static func best(_ k: Int, of logits: UnsafeBufferPointer<Float>) -> [Int] {
        precondition(k > 0, "k must be positive")
        precondition(logits.count <= Int(UInt32.max), "token ids must fit the packed keys")
        var heap = BoundedHeap(capacity: min(k, logits.count))
        defer { heap.deallocate() }
        let n = logits.count
        let lanes = SoftmaxScan.lanes
        var i = 0
        while i &+ lanes <= n {
            // Before the heap is full its floor is -infinity, so every valid logit passes.
            if any(SoftmaxScan.vector(logits, at: i) .> SoftmaxScan.Vector(repeating: heap.floor)) {
                for j in i..<(i &+ lanes) where logits[j] > heap.floor { heap.offer(logits[j], id: j) }
            }
            i &+= lanes
        }
        while i < n {
            if logits[i] > heap.floor { heap.offer(logits[i], id: i) }
            i &+= 1
        }
        return heap.sortedIDs()
    }
}

/// A max-heap of at most `capacity` packed keys (`SoftmaxScan.key`): the root is the worst kept
/// candidate, replaced whenever a better one arrives. Ids arrive in increasing order, so a logit
/// equal to the worst kept one is never better, and `floor` (the worst kept logit once full,
/// -infinity before) is the whole admission test.
private struct BoundedHeap {
    let capacity: Int
    let keys: UnsafeMutablePointer<UInt64>
    var count = 0
    var floor = -Float.infinity

    init(capacity: Int) {
        self.capacity = capacity
        keys = .allocate(capacity: max(capacity, 1))
    }

    func deallocate() { keys.deallocate() }

    /// Offers a logit above `floor`.
    @inline(__always)
    mutating func offer(_ logit: Float, id: Int) {
        let key = SoftmaxScan.key(logit, id: id)
        if count < capacity {
            var child = count
            count &+= 1
            while child > 0 {
                let parent = (child &- 1) >> 1
                guard keys[parent] < key else { break }
                keys[child] = keys[parent]
                child = parent
            }
            keys[child] = key
            if count == capacity { floor = SoftmaxScan.logit(ofKey: keys[0]) }
        } else {
            var parent = 0
            while true {
                var child = 2 &* parent &+ 1
                guard child < count else { break }
                if child &+ 1 < count && keys[child &+ 1] > keys[child] { child &+= 1 }
                guard keys[child] > key else { break }
                keys[parent] = keys[child]
                parent = child
            }
            keys[parent] = key
            floor = SoftmaxScan.logit(ofKey: keys[0])
        }
    }

    /// The kept ids, best first.
    func sortedIDs() -> [Int] {
        var sorted = Array(UnsafeBufferPointer(start: keys, count: count))
        sorted.sort()
        return sorted.map(SoftmaxScan.id(ofKey:))
    }
}
