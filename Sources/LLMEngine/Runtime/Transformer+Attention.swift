import Kernels

extension Transformer {
    /// Attention of the query rows in `scratch.q` over their caches into `scratch.attention`.
    /// Decode steps (under `tiledAttentionRows` rows): work items are (row, kv head, part)
    /// triples, a part being at most `attentionPart` positions of the row's range, dealt
    /// round-robin to the pool's slices; a row split in parts is joined afterwards
    /// (`KernelSet.attendMerge`). The parts depend on the row's positions only, never on the
    /// thread count or the other rows, so a row's result is the same alone or batched.
    func attend(layer: Int, _ placement: RowPlacement) {
        if placement.count >= Self.tiledAttentionRows {
            attendInTiles(layer: layer, placement)
            return
        }
        let a = hyperparameters.layers[layer], s = scratch, n = placement.count
        let group = a.group, window = a.window
        let dk = a.keyLength, dv = a.valueLength
        let qWidth = a.queryWidth, oWidth = a.outputWidth
        // (row, kv head, positions, slot): slot -1 writes the row's output, else a partial result.
        var work: [(row: Int, head: Int, span: ClosedRange<Int>, slot: Int)] = []
        var splits: [(row: Int, head: Int, slots: Range<Int>)] = []
        var slotCount = 0
        for r in 0..<n {
            let position = placement.positions[r]
            let first = window.map { max(0, position - $0 + 1) } ?? 0
            for g in 0..<a.headCountKV {
                guard position - first + 1 > Self.attentionPart else {
                    work.append((r, g, first...position, -1))
                    continue
                }
                let start = slotCount
                for lower in stride(from: first, through: position, by: Self.attentionPart) {
                    work.append((r, g, lower...min(lower + Self.attentionPart - 1, position), slotCount))
                    slotCount += 1
                }
                splits.append((r, g, start..<slotCount))
            }
        }
        let longest = work.map(\.span.count).max() ?? 0
        let perSlice = group * longest
        s.reserveScores(perSlice)
        let slotWidth = group * (dv + 2)
        s.reservePartials(slotCount * slotWidth)
        let items = work.count, slices = min(s.slices, items)
        let scale = a.scale, kernels = kernels, sinks = layers[layer].attentionSinks // [heads] or nil
        let q = UnsafeSendablePointer(s.q), out = UnsafeSendablePointer(s.attention)
        let scores = UnsafeSendablePointer(s.scores), partials = UnsafeSendablePointer(s.partials)
        let cacheOfRow = placement.cacheOfRow, plan = work
        Self.withLayers(placement.caches, a.cacheSlot) { layers in
            let body: @Sendable (Range<Int>) -> Void = { range in
                for slice in range {
                    for item in stride(from: slice, to: items, by: slices) {
                        let (r, g, span, slot) = plan[item]
                        let layer = layers[cacheOfRow[r]]
                        let query = q.base + r * qWidth + g * group * dk
                        let keys = layer.keys.base + layer.format.rowBytes(elements: g * dk)
                        let values = layer.values.base + layer.format.rowBytes(elements: g * dv)
                        let scratch = scores.base + slice * perSlice
                        if slot < 0 {
                            sinks.withOptionalBuffer { sink in
                                kernels.attend(
                                    query: query, keys: keys, keyStride: layer.keyRowBytes, values: values,
                                    valueStride: layer.valueRowBytes, format: layer.format, positions: span, group: group,
                                    keyLength: dk, valueLength: dv, scale: scale, sinks: sink.map { $0.baseAddress! + g * group },
                                    scores: scratch, output: out.base + r * oWidth + g * group * dv)
                            }
                        } else {
                            let part = partials.base + slot * slotWidth
                            kernels.attendPartial(
                                query: query, keys: keys, keyStride: layer.keyRowBytes, values: values,
                                valueStride: layer.valueRowBytes, format: layer.format, positions: span, group: group,
                                keyLength: dk, valueLength: dv, scale: scale, scores: scratch, output: part,
                                maxima: part + group * dv, sums: part + group * dv + group)
                        }
                    }
                }
            }
            if let pool, slices > 1 { pool.parallelFor(count: slices, body) } else { body(0..<1) }
        }
        for split in splits {
            sinks.withOptionalBuffer { sink in
                kernels.attendMerge(
                    parts: split.slots.count, group: group, valueLength: dv,
                    partials: s.partials + split.slots.lowerBound * slotWidth, slotWidth: slotWidth,
                    sinks: sink.map { $0.baseAddress! + split.head * group },
                    output: s.attention + split.row * oWidth + split.head * group * dv)
            }
        }
    }

    /// The most positions one decode attention item covers: longer ranges go in parts, so that
    /// a long context's attention spreads over the pool even with one kv head and one row.
    static let attentionPart = 256

    /// The rows from which a step's attention goes in tiles (`attendInTiles`): a prefill chunk.
    /// Below it (decode steps, batched or not) each row attends on its own, so a batched decode
    /// step stays bit-equal to the steps alone.
    static let tiledAttentionRows = 16

    /// The query vectors (rows × query heads per kv head) of one prefill attention tile: each
    /// key and value block a tile reads is converted once for all of them, so bigger tiles
    /// convert less, down to the point where the prefill chunk has too few tiles to share.
    static let tileQueries = 32

    /// Attention of a prefill chunk: each run of rows (one sequence, consecutive positions) in
    /// tiles of about `tileQueries` query vectors, every tile reading each cached key and value block
    /// once (`KernelSet.attendRows`). Work items are (tile, kv head) pairs, dealt round-robin.
    func attendInTiles(layer: Int, _ placement: RowPlacement) {
        let a = hyperparameters.layers[layer], s = scratch
        let group = a.group, window = a.window, kvHeads = a.headCountKV
        let dk = a.keyLength, dv = a.valueLength
        let qWidth = a.queryWidth, oWidth = a.outputWidth
        let tileRows = max(1, Self.tileQueries / group)
        let tiles = placement.runs.flatMap { run in
            stride(from: run.rows.lowerBound, to: run.rows.upperBound, by: tileRows).map {
                (cache: run.cache, rows: $0..<min($0 + tileRows, run.rows.upperBound))
            }
        }
        let positions = (placement.positions.max() ?? 0) + 1
        s.reserveScores(
            KernelSet.attendRowsScratchCount(rows: tileRows, group: group, keyLength: dk, valueLength: dv, positions: positions))
        let perSlice = s.scoresPerSlice
        let items = tiles.count * kvHeads, slices = min(s.slices, items)
        let scale = a.scale, kernels = kernels, sinks = layers[layer].attentionSinks // [heads] or nil
        let q = UnsafeSendablePointer(s.q), out = UnsafeSendablePointer(s.attention)
        let scratch = UnsafeSendablePointer(s.scores)
        let firstPositions = placement.positions
        Self.withLayers(placement.caches, a.cacheSlot) { layers in
            let body: @Sendable (Range<Int>) -> Void = { range in
                for slice in range {
                    for item in stride(from: slice, to: items, by: slices) {
                        let tile = tiles[item / kvHeads], g = item % kvHeads
                        let r0 = tile.rows.lowerBound
                        let layer = layers[tile.cache]
                        sinks.withOptionalBuffer { sink in
                            kernels.attendRows(
                                query: q.base + r0 * qWidth + g * group * dk, queryStride: qWidth,
                                keys: layer.keys.base + layer.format.rowBytes(elements: g * dk), keyStride: layer.keyRowBytes,
                                values: layer.values.base + layer.format.rowBytes(elements: g * dv),
                                valueStride: layer.valueRowBytes, format: layer.format, firstPosition: firstPositions[r0],
                                rows: tile.rows.count, window: window, group: group, keyLength: dk, valueLength: dv,
                                scale: scale, sinks: sink.map { $0.baseAddress! + g * group },
                                scratch: scratch.base + slice * perSlice,
                                output: out.base + r0 * oWidth + g * group * dv, outputStride: oWidth)
                        }
                    }
                }
            }
            if let pool, slices > 1 { pool.parallelFor(count: slices, body) } else { body(0..<1) }
        }
    }

    /// One cache's rows of one layer, as the attention kernels read them.
    struct LayerRows: @unchecked Sendable {
        /// Row 0 of the keys and of the values.
        let keys: UnsafeSendablePointer<UInt8>, values: UnsafeSendablePointer<UInt8>
        /// How the rows are stored, and their sizes in bytes.
        let format: KVFormat, keyRowBytes: Int, valueRowBytes: Int
    }

    /// Calls `body` with the keys and values of cache slot `layer` in each of `caches` (in the
    /// order of `caches`), all valid for the duration of the call.
    static func withLayers<R>(_ caches: [UnsafeMutablePointer<KVCache>], _ layer: Int, _ body: ([LayerRows]) -> R) -> R {
        func nest(_ i: Int, _ held: [LayerRows]) -> R {
            guard i < caches.count else { return body(held) }
            let cache = caches[i]
            return cache.pointee.withLayer(layer) { (keys: UnsafeRawPointer, values: UnsafeRawPointer) in
                let rows = LayerRows(
                    keys: UnsafeSendablePointer(UnsafeMutablePointer(mutating: keys.assumingMemoryBound(to: UInt8.self))),
                    values: UnsafeSendablePointer(UnsafeMutablePointer(mutating: values.assumingMemoryBound(to: UInt8.self))),
                    format: cache.pointee.format, keyRowBytes: cache.pointee.keyRowBytes[layer],
                    valueRowBytes: cache.pointee.valueRowBytes[layer])
                return nest(i + 1, held + [rows])
            }
        }
        return nest(0, [])
    }
}
