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
    /// Entries of dropped generations not yet freed: freeing thousands of them at once (their
    /// arrays, their objects, the arrays in their keys) took 1 to 3 ms inside the one call that
    /// turned the generations over, so they are kept and each insert frees a few
    /// (`freedPerInsert`). Every entry came in by one insert, so they drain faster than they come
    /// even when a generation bounded by cost turns over after few inserts and drops one that
    /// held thousands. An array, popped from its end: removing the first entry of a dictionary
    /// over and over scans its emptied buckets each time, which made every insert cost about
    /// 10 µs while a 16,384-entry generation drained.
    private var retiring: [(key: Key, value: Value)] = []
    static var freedPerInsert: Int { 16 }

    /// An empty memo holding at most `limit` entries per generation, and (when given) values
    /// of at most `costLimit` total `cost` per generation.
    init(limit: Int, costLimit: Int = .max, cost: @escaping @Sendable (Value) -> Int = { _ in 0 }) {
        self.limit = max(limit, 1)
        self.costLimit = costLimit
        self.cost = cost
        current.reserveCapacity(reservedCapacity)
    }

    /// The capacity a generation's table is made with, so that it never grows (and rehashes)
    /// while it fills: growing the 65,536-entry table of lexeme states' languages through 32k
    /// entries took 1.5 to 3 ms inside one mask.
    private var reservedCapacity: Int { min(limit, 1 << 17) }

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
            retiring.append(contentsOf: previous)
            previous = current
            current = [:]
            current.reserveCapacity(reservedCapacity)
            currentCost = 0
        }
        current[key] = value
        currentCost += added
        for _ in 0..<min(Self.freedPerInsert, retiring.count) { retiring.removeLast() }
    }

    /// Makes every entry held now permanent.
    mutating func pinAll() {
        pinned.merge(previous) { kept, _ in kept }
        pinned.merge(current) { kept, _ in kept }
        previous = [:]
        current = [:]
        current.reserveCapacity(reservedCapacity)
        currentCost = 0
    }
}
