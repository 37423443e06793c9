/// The memory of a model's recurrent layers for one sequence (LFM2's short convolutions): a
/// fixed number of floats per layer that each new position updates, where an attention layer
/// keeps a key and a value row per position instead.
///
/// A key/value cache forgets its tail by lowering a count; a recurrent state cannot go back,
/// so the states are kept as they were after chosen positions (`keep(at:)`, snapshots) and
/// `rewind(to:)` restores the latest snapshot at or before the position asked for (the empty
/// state at 0 always). What a context can return to is therefore where it asked to keep the
/// state, the live position, or 0: `ModelContext` keeps the states after a prompt and after
/// all but its last token, which is what the next turn of a conversation, the same prompt
/// asked again, and the prompt cache need.
///
/// Layout: `live` is `[slots]` states of `widths[slot]` floats, one after the other
/// (`offsets[slot]`); a snapshot is a copy of all of them. Float32 throughout (the states are
/// small beside a context's keys and values, and rounding them would compound at every step).
public struct RecurrentStates: Sendable {
    /// Floats of each slot's state (one slot per recurrent layer), `[slots]`.
    public let widths: [Int]
    /// Where each slot starts in `live`.
    let offsets: [Int]
    /// The positions the live states have taken in.
    public private(set) var position = 0
    /// The most snapshots kept; the oldest goes first.
    public var snapshotLimit = 4
    /// The live states, `[Σ widths]`.
    private(set) var live: [Float]
    /// Kept states, by position ascending.
    private(set) var snapshots: [(position: Int, states: [Float])] = []
    /// Positions whose states a pass should keep when it reaches them.
    private var requested: Set<Int> = []
    /// Snapshots a pass is filling in, slot by slot, until it commits.
    private var building: [Int: [Float]] = [:]

    /// States of `widths` floats per slot, all zero (the state before any position).
    public init(widths: [Int]) {
        self.widths = widths
        var offsets: [Int] = [], total = 0
        for w in widths {
            offsets.append(total)
            total += w
        }
        self.offsets = offsets
        live = [Float](repeating: 0, count: total)
    }

    /// Whether the model has recurrent layers at all.
    public var isEmpty: Bool { widths.isEmpty }

    /// Floats of every slot together.
    public var totalWidth: Int { live.count }

    /// Bytes held: the live states and the snapshots.
    public var byteCount: Int { (1 + snapshots.count) * totalWidth * MemoryLayout<Float>.size }

    /// The positions snapshots are kept at, ascending.
    public var snapshotPositions: [Int] { snapshots.map(\.position) }

    /// Asks the passes that reach `positions` to keep the states after them.
    public mutating func keep(at positions: [Int]) {
        guard !isEmpty else { return }
        requested.formUnion(positions.filter { $0 > position })
    }

    /// Whether a pass should record the states it has after `length` positions.
    func wants(_ length: Int) -> Bool { requested.contains(length) }

    /// Calls `body` with slot `slot`'s live state (`[widths[slot]]`), to read and update.
    mutating func withLive<R>(_ slot: Int, _ body: (UnsafeMutablePointer<Float>) -> R) -> R {
        let start = offsets[slot]
        return live.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    /// Records slot `slot`'s state after `length` positions (`[widths[slot]]`), kept when the
    /// pass commits.
    mutating func record(_ slot: Int, after length: Int, _ state: UnsafePointer<Float>) {
        var snapshot = building[length] ?? [Float](repeating: 0, count: totalWidth)
        snapshot.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: offsets[slot]).update(from: state, count: widths[slot]) }
        building[length] = snapshot
    }

    /// The live states now describe positions `0..<newPosition`; the snapshots the pass
    /// recorded up to there are kept (the oldest dropped beyond `snapshotLimit`).
    mutating func commit(upTo newPosition: Int) {
        position = newPosition
        for (length, states) in building where length <= newPosition {
            snapshots.removeAll { $0.position == length }
            snapshots.append((length, states))
            requested.remove(length)
        }
        building = building.filter { $0.key > newPosition }
        snapshots.sort { $0.position < $1.position }
        while snapshots.count > max(0, snapshotLimit) {
            // Drop the oldest: a conversation goes back to its latest prompts.
            snapshots.removeFirst()
        }
    }

    /// The latest position at or before `limit` the states can return to: `position` when
    /// `limit` reaches it, else the latest snapshot, else 0.
    public func restorable(atMost limit: Int) -> Int {
        if limit >= position { return position }
        return snapshots.last { $0.position <= limit }?.position ?? 0
    }

    /// Returns to `restorable(atMost: target)` and says which position that is. Snapshots
    /// after it are dropped (the positions they took in are forgotten), as are pending requests.
    mutating func rewind(to target: Int) -> Int {
        let restored = restorable(atMost: target)
        guard restored != position else { return restored }
        if let snapshot = snapshots.last(where: { $0.position == restored }) {
            live = snapshot.states
        } else {
            live = [Float](repeating: 0, count: totalWidth)
        }
        position = restored
        snapshots.removeAll { $0.position > restored }
        requested.removeAll()
        building.removeAll()
        return restored
    }

    /// The states after `length` positions (`[totalWidth]`), when they can be had without
    /// computing: the live states or a snapshot.
    public func states(after length: Int) -> [Float]? {
        if length == position { return live }
        return snapshots.last { $0.position == length }?.states
    }

    /// Makes `states` (`[totalWidth]`) the live states after `length` positions, forgetting the
    /// snapshots (a loaded prefix).
    mutating func load(_ states: [Float], after length: Int) {
        precondition(states.count == totalWidth)
        live = states
        position = length
        snapshots.removeAll()
        requested.removeAll()
        building.removeAll()
    }
}
