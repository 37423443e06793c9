/// SHA-256 (FIPS 180-4), used to verify downloaded model files without a crypto dependency.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(bytes)
/// let hex = hash.finalizeHex()
/// ```
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    /// Creates an empty hash.
    public init() { buffer.reserveCapacity(64) }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var i = 0
        if !buffer.isEmpty {
            while i < bytes.count, buffer.count < 64 { buffer.append(bytes[i]); i += 1 }
            if buffer.count == 64 {
                buffer.withUnsafeBytes { compress($0.baseAddress!) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        while bytes.count - i >= 64 {
            compress(bytes.baseAddress! + i)
            i += 64
        }
        while i < bytes.count { buffer.append(bytes[i]); i += 1 }
    }

    /// Feeds bytes.
    public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    /// The digest as 32 bytes.
    public mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail = buffer
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBytes { raw in
            for block in stride(from: 0, to: raw.count, by: 64) { compress(raw.baseAddress! + block) }
        }
        buffer.removeAll()
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { w in (0..<4).map { UInt8(truncatingIfNeeded: w >> UInt32(24 - 8 * $0)) } }
    }

    /// The digest as lowercase hex.
    public mutating func finalizeHex() -> String {
        finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// Processes one 64-byte block: a 16-word rolling message schedule, rounds unrolled by the
    /// optimiser over local state.
    private mutating func compress(_ block: UnsafeRawPointer) {
        var w = (UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0),
                 UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0))
        withUnsafeMutableBytes(of: &w) { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for t in 0..<16 {
                words[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
            }
            var (a, b, c, d, e, f, g, h) = state
            Self.k.withUnsafeBufferPointer { k in
                for t in 0..<64 {
                    let wt: UInt32
                    if t < 16 {
                        wt = words[t]
                    } else {
                        let w15 = words[(t - 15) & 15], w2 = words[(t - 2) & 15]
                        let s0 = Self.rotr(w15, 7) ^ Self.rotr(w15, 18) ^ (w15 >> 3)
                        let s1 = Self.rotr(w2, 17) ^ Self.rotr(w2, 19) ^ (w2 >> 10)
                        wt = words[t & 15] &+ s0 &+ words[(t - 7) & 15] &+ s1
                        words[t & 15] = wt
                    }
                    let s1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
                    let ch = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ ch &+ k[t] &+ wt
                    let s0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
                    let maj = (a & b) ^ (a & c) ^ (b & c)
                    h = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ s0 &+ maj
                }
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                     state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }
}
