/// A memo table with a size bound that forgets in bulk, oldest first: entries live in a current
/// and a previous generation; when the current one is full it becomes the previous one (the old
/// previous one is dropped), and a hit in the previous generation moves the entry back to the
/// current one. Entries used since the last turnover always survive the next one, so a
/// long-running process keeps what it keeps using (an approximation of least-recently-used at
/// the cost of a dictionary lookup). Pinned entries (what preprocessing computed) never go.
/// A generation can also be bounded by the total `cost` of its values (bytes, say), so that a
/// few large values turn it over as many small ones would.
///
/// ```swift
/// var memo = GenerationalMemo<Int, String>(limit: 2)
/// memo.insert("a", for: 1); memo.insert("b", for: 2)
/// memo.insert("c", for: 3)        // turnover: 1 and 2 are now the previous generation
/// _ = memo.value(for: 1)          // 1 moves back to the current generation
/// memo.insert("d", for: 4)        // turnover: 2 is gone, 1 survives
/// ```
struct GenerationalMemo<Key: Hashable, Value> {
    /// The most entries of one generation; at most `2 * limit` plus the pinned ones are held.
    let limit: Int
    /// The most total cost of one generation's values (the value that crosses it starts the
    /// next generation; one value costing more than this still has a generation to itself).
    let costLimit: Int
    private let cost: @Sendable (Value) -> Int
    private var currentCost = 0
    private var pinned: [Key: Value] = [:]
    private var current = Generation()
    private var previous = Generation()
    /// The entries of dropped generations, not yet freed: freeing thousands of them at once
    /// (their arrays, their objects) took 1 to 3 ms inside the one call that turned the
    /// generations over, so each insert frees a few (`freedPerInsert`). Every entry came in by
    /// one insert, so they drain faster than they come, even when a generation bounded by cost
    /// turns over after few inserts and drops one that held thousands.
    private var retiring: [[(key: Key, value: Value)]] = []
    /// Entries freed per insert while dropped generations drain.
    static var freedPerInsert: Int { 4 }

    /// One generation: its entries in the order they came, and where each key's entry is. A
    /// turnover hands the entry list to `retiring` whole and drops the index, which for keys
    /// of plain values (the mask tables' keys) frees one block: copying a 16,384-entry
    /// generation into the retiring list, as this memo first did, took 2 to 3 ms inside a mask.
    private struct Generation {
        var slots: [Key: Int32] = [:]
        var entries: [(key: Key, value: Value)] = []

        init(capacity: Int = 0) {
            slots.reserveCapacity(capacity)
            entries.reserveCapacity(capacity)
        }

        func value(for key: Key) -> Value? { slots[key].map { entries[Int($0)].value } }
        var liveEntries: [(key: Key, value: Value)] { slots.values.map { entries[Int($0)] } }
    }

    /// An empty memo holding at most `limit` entries per generation, and (when given) values
    /// of at most `costLimit` total `cost` per generation.
    init(limit: Int, costLimit: Int = .max, cost: @escaping @Sendable (Value) -> Int = { _ in 0 }) {
        self.limit = max(limit, 1)
        self.costLimit = costLimit
        self.cost = cost
        current = Generation(capacity: reservedCapacity)
    }

    /// The capacity a generation's tables are made with, so that they never grow (and rehash)
    /// while it fills: growing the 65,536-entry table of lexeme states' languages through 32k
    /// entries took 1.5 to 3 ms inside one mask.
    private var reservedCapacity: Int { min(limit, 1 << 17) }

    /// The number of entries held.
    var count: Int { pinned.count + current.slots.count + previous.slots.count }

    /// Every value held, in no particular order.
    var values: [Value] { Array(pinned.values) + (current.liveEntries + previous.liveEntries).map(\.value) }

    /// The value for `key`, if held (a hit in the previous generation renews the entry).
    mutating func value(for key: Key) -> Value? {
        if !pinned.isEmpty, let value = pinned[key] { return value }
        if let value = current.value(for: key) { return value }
        guard let slot = previous.slots.removeValue(forKey: key) else { return nil }
        let value = previous.entries[Int(slot)].value
        insert(value, for: key)
        return value
    }

    /// Holds `value` for `key`, turning the generations over first if the current one is full.
    mutating func insert(_ value: Value, for key: Key) {
        defer { drain() }
        let added = cost(value)
        if let slot = current.slots[key] {
            currentCost += added - cost(current.entries[Int(slot)].value)
            current.entries[Int(slot)].value = value
            return
        }
        if current.slots.count >= limit || (!current.slots.isEmpty && currentCost + added > costLimit) {
            if !previous.entries.isEmpty { retiring.append(previous.entries) }
            previous = current
            current = Generation(capacity: reservedCapacity)
            currentCost = 0
        }
        current.slots[key] = Int32(current.entries.count)
        current.entries.append((key, value))
        currentCost += added
    }

    /// Frees up to `freedPerInsert` entries of dropped generations.
    private mutating func drain() {
        var freed = 0
        while freed < Self.freedPerInsert, !retiring.isEmpty {
            let last = retiring.count - 1
            let count = min(Self.freedPerInsert - freed, retiring[last].count)
            retiring[last].removeLast(count)
            freed += count
            if retiring[last].isEmpty { retiring.removeLast() }
        }
    }

    /// Makes every entry held now permanent.
    mutating func pinAll() {
        for (key, value) in previous.liveEntries + current.liveEntries where pinned[key] == nil { pinned[key] = value }
        previous = Generation()
        current = Generation(capacity: reservedCapacity)
        currentCost = 0
    }
}
