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
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]
    /// Entries of a dropped generation not yet freed: freeing thousands of them at once (their
    /// arrays, their objects) took 1.4 to 2.9 ms inside the one call that turned the generations
    /// over, so the dropped table is kept whole and each insert frees a few of its entries
    /// (`freedPerInsert`), all of them long before the next turnover.
    private var retiring: [Key: Value] = [:]
    static var freedPerInsert: Int { 16 }

    /// An empty memo holding at most `limit` entries per generation, and (when given) values
    /// of at most `costLimit` total `cost` per generation.
    init(limit: Int, costLimit: Int = .max, cost: @escaping @Sendable (Value) -> Int = { _ in 0 }) {
        self.limit = max(limit, 1)
        self.costLimit = costLimit
        self.cost = cost
    }

    /// The number of entries held.
    var count: Int { pinned.count + current.count + previous.count }

    /// Every value held, in no particular order.
    var values: [Value] { Array(pinned.values) + Array(current.values) + Array(previous.values) }

    /// The value for `key`, if held (a hit in the previous generation renews the entry).
    mutating func value(for key: Key) -> Value? {
        if let value = pinned[key] ?? current[key] { return value }
        guard let value = previous.removeValue(forKey: key) else { return nil }
        insert(value, for: key)
        return value
    }

    /// Holds `value` for `key`, turning the generations over first if the current one is full.
    mutating func insert(_ value: Value, for key: Key) {
        let added = cost(value)
        if let replaced = current[key] { currentCost -= cost(replaced) }
        if current.count >= limit || (!current.isEmpty && currentCost + added > costLimit) {
            retiring = previous // what is left of the generation before goes at once (rare)
            previous = current
            current = [:]
            current.reserveCapacity(min(limit, 1 << 14)) // no rehash spikes while it fills
            currentCost = 0
        }
        current[key] = value
        currentCost += added
        for _ in 0..<min(Self.freedPerInsert, retiring.count) { retiring.remove(at: retiring.startIndex) }
    }

    /// Makes every entry held now permanent.
    mutating func pinAll() {
        pinned.merge(previous) { kept, _ in kept }
        pinned.merge(current) { kept, _ in kept }
        previous = [:]
        current = [:]
        currentCost = 0
    }
}
