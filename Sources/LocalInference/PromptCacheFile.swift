import Foundation
import Kernels
import LLMEngine

/// One entry of a `PromptCache`: a prompt's tokens and their keys and values, little-endian.
///
/// | bytes | field |
/// |---|---|
/// | 4 | `FMPC` |
/// | 4 | version (3) |
/// | 4 + k | the key's length k, then its UTF-8 text (`PromptCache.Key`) |
/// | 4 | layers L (the cache's slots) |
/// | 8 L | per layer: its key row bytes, then its value row bytes |
/// | 4 | positions n |
/// | 4 n | the tokens |
/// | 4 | s: bytes of the recurrent layers' states (0 for a model of attention layers only) |
/// | n × Σ (key + value row bytes) | per layer: n key rows, then n value rows, as the cache stores them |
/// | s | the recurrent states after the n positions (f32) |
/// | 32 | SHA-256 of everything before |
enum PromptCacheFile {
    /// Why an entry cannot be used.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file is not an entry, is cut short, fails its checksum, or was written for other
        /// rows; the text says which.
        case unusable(String)

        var description: String {
            switch self {
            case .unusable(let reason): "prompt cache entry: \(reason)"
            }
        }
    }

    static let magic = Array("FMPC".utf8)
    static let version: UInt32 = 3

    /// What precedes the rows.
    struct Header: Equatable {
        var key: String
        var keyRowBytes: [Int]
        var valueRowBytes: [Int]
        var tokens: [Int]
        /// Bytes of the recurrent states after the rows.
        var stateBytes = 0

        /// Layers (cache slots).
        var layers: Int { keyRowBytes.count }
        /// Bytes before the rows.
        var byteCount: Int { 8 + 4 + key.utf8.count + 4 + 8 * layers + 4 + 4 * tokens.count + 4 }
        /// Bytes of the rows.
        var rowsByteCount: Int { tokens.count * (keyRowBytes.reduce(0, +) + valueRowBytes.reduce(0, +)) }
        /// Bytes of the whole file.
        var fileByteCount: Int { byteCount + rowsByteCount + stateBytes + 32 }
        /// Where layer `layer`'s key rows start, `n` positions per layer.
        func rowsOffset(layer: Int) -> Int {
            byteCount + tokens.count * (keyRowBytes[..<layer].reduce(0, +) + valueRowBytes[..<layer].reduce(0, +))
        }

        var bytes: [UInt8] {
            var out = magic
            func put(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { out += $0 } }
            put(Int(version))
            put(key.utf8.count)
            out += Array(key.utf8)
            put(layers)
            for (k, v) in zip(keyRowBytes, valueRowBytes) {
                put(k)
                put(v)
            }
            put(tokens.count)
            for token in tokens { put(token) }
            put(stateBytes)
            return out
        }
    }

    /// The header of the entry at `url`, reading only it.
    static func readHeader(at url: URL) throws -> Header {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        func read(_ count: Int) throws -> [UInt8] {
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw Failure.unusable("\(url.lastPathComponent) is cut short") }
            return Array(data)
        }
        func words(_ bytes: [UInt8]) -> [Int] {
            stride(from: 0, to: bytes.count, by: 4).map { (i: Int) -> Int in
                var word: UInt32 = 0
                for k in 0..<4 { word |= UInt32(bytes[i + k]) << UInt32(8 * k) }
                return Int(word)
            }
        }
        let start = try read(12)
        guard Array(start[0..<4]) == magic, words(Array(start[4..<8])) == [Int(version)] else {
            throw Failure.unusable("\(url.lastPathComponent) is not a version-\(version) entry")
        }
        let keyLength = words(Array(start[8..<12]))[0]
        guard keyLength <= 1 << 16 else { throw Failure.unusable("\(url.lastPathComponent): a key of \(keyLength) bytes") }
        let key = String(decoding: try read(keyLength), as: UTF8.self)
        let layers = words(try read(4))[0]
        guard layers <= 1 << 12 else { throw Failure.unusable("\(url.lastPathComponent): \(layers) layers") }
        let rowBytes = words(try read(8 * layers))
        let positions = words(try read(4))[0]
        guard positions <= 1 << 22 else {
            throw Failure.unusable("\(url.lastPathComponent): \(positions) positions of \(layers) layers")
        }
        let tokens = words(try read(4 * positions))
        let stateBytes = words(try read(4))[0]
        guard stateBytes <= 1 << 30 else { throw Failure.unusable("\(url.lastPathComponent): \(stateBytes) bytes of state") }
        return Header(
            key: key, keyRowBytes: stride(from: 0, to: rowBytes.count, by: 2).map { rowBytes[$0] },
            valueRowBytes: stride(from: 1, to: rowBytes.count, by: 2).map { rowBytes[$0] }, tokens: tokens,
            stateBytes: stateBytes)
    }

    /// Loads the first `positions` positions of the entry at `url` into `context`, after checking
    /// its size, checksum, key (`key`) and layout against the context's.
    static func load(_ url: URL, key: String, positions: Int, into context: ModelContext) throws {
        let header = try readHeader(at: url)
        let layout = context.rowLayout
        guard header.key == key else { throw Failure.unusable("\(url.lastPathComponent) was written for another model or machine") }
        guard header.keyRowBytes == layout.keyRowBytes, header.valueRowBytes == layout.valueRowBytes,
            header.stateBytes == layout.stateBytes
        else { throw Failure.unusable("\(url.lastPathComponent) holds rows of another layout than \(layout)") }
        guard positions <= header.tokens.count else {
            throw Failure.unusable("\(url.lastPathComponent) holds \(header.tokens.count) positions, not \(positions)")
        }
        // Recurrent states exist only after the entry's last position.
        guard header.stateBytes == 0 || positions == header.tokens.count else {
            throw Failure.unusable("\(url.lastPathComponent) holds recurrent states after \(header.tokens.count) positions, not \(positions)")
        }
        let data = try Data(contentsOf: url, options: .alwaysMapped)
        guard data.count == header.fileByteCount else {
            throw Failure.unusable("\(url.lastPathComponent) has \(data.count) bytes, not \(header.fileByteCount)")
        }
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var hash = SHA256()
            hash.update(UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 32)]))
            guard hash.finalize() == Array(raw[(raw.count - 32)...]) else {
                throw Failure.unusable("\(url.lastPathComponent) fails its checksum")
            }
            let n = header.tokens.count
            let statesBase = header.byteCount + header.rowsByteCount
            try context.load(
                tokens: Array(header.tokens[..<positions]),
                fillStates: { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[statesBase..<(statesBase + $0.count)])) }
            ) { layer, keys, values in
                let base = header.rowsOffset(layer: layer)
                keys.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[base..<(base + keys.count)]))
                let valueBase = base + n * header.keyRowBytes[layer]
                values.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[valueBase..<(valueBase + values.count)]))
            }
        }
    }

    /// Writes the first `positions` positions of `context` as an entry at `url`: to a temporary
    /// file beside it, then renamed into place.
    static func write(_ context: ModelContext, positions: Int, key: String, to url: URL) throws {
        let layout = context.rowLayout
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw Failure.unusable("cannot create \(temporary.path)")
        }
        var renamed = false
        defer { if !renamed { try? FileManager.default.removeItem(at: temporary) } }
        let handle = try FileHandle(forWritingTo: temporary)
        defer { try? handle.close() }
        var hash = SHA256()
        try context.withHeldRows(count: positions) { tokens, states, rows in
            guard states.count == layout.stateBytes else { throw Failure.unusable("no recurrent states after \(tokens.count) positions") }
            let header = Header(
                key: key, keyRowBytes: layout.keyRowBytes, valueRowBytes: layout.valueRowBytes, tokens: Array(tokens),
                stateBytes: states.count)
            let bytes = header.bytes
            hash.update(bytes)
            try handle.write(contentsOf: bytes)
            for layer in 0..<layout.layers {
                let (keys, values) = rows(layer)
                for part in [keys, values] where part.count > 0 {
                    hash.update(part)
                    try handle.write(contentsOf: Data(bytes: part.baseAddress!, count: part.count))
                }
            }
            if states.count > 0 {
                hash.update(states)
                try handle.write(contentsOf: Data(bytes: states.baseAddress!, count: states.count))
            }
        }
        // Not synchronized to the disk: a file a crash leaves short fails its size or checksum
        // check and is removed, and the prompt prefilled.
        try handle.write(contentsOf: hash.finalize())
        guard rename(temporary.path, url.path) == 0 else { throw Failure.unusable("cannot rename into \(url.path)") }
        renamed = true
    }
}
