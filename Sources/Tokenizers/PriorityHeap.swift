/// An element that knows whether it should leave a `PriorityHeap` before another.
protocol HeapOrdered {
    /// Whether `self` comes out of the heap before `other`.
    func precedes(_ other: Self) -> Bool
}

/// A binary heap whose top is the element that `precedes` all others; the merge queues of both
/// BPE models. Storage is kept between uses.
struct PriorityHeap<Element: HeapOrdered> {
    private var items: [Element] = []

    /// Whether the heap is empty.
    var isEmpty: Bool { items.isEmpty }

    /// Removes every element, keeping the storage.
    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    /// Adds an element.
    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the top element.
    mutating func pop() -> Element? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let l = 2 * parent + 1, r = l + 1
                var best = parent
                if l < items.count, items[l].precedes(items[best]) { best = l }
                if r < items.count, items[r].precedes(items[best]) { best = r }
                if best == parent { break }
                items.swapAt(parent, best)
                parent = best
            }
        }
        return first
    }
}
