/// GPT-2's reversible mapping between bytes and printable Unicode scalars, in which byte-level BPE
/// vocabularies spell their tokens (a space is `Ġ` U+0120, a newline `Ċ` U+010A).
///
/// Printable Latin-1 bytes (`!`...`~`, `¡`...`¬`, `®`...`ÿ`) stand for themselves; the other 68
/// bytes map, in increasing order, to U+0100, U+0101, ...
enum ByteLevelAlphabet {
    /// `scalarForByte[b]` is the scalar that spells byte `b`.
    static let scalarForByte: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 256)
        var next: UInt32 = 256
        for b in 0..<256 {
            if isPrintable(UInt8(b)) {
                table[b] = UInt32(b)
            } else {
                table[b] = next
                next += 1
            }
        }
        return table
    }()

    /// The inverse map, for scalars below U+0144; `nil` for scalars outside the alphabet.
    static func byte(for scalar: UInt32) -> UInt8? {
        guard scalar < UInt32(byteForScalar.count) else { return nil }
        let b = byteForScalar[Int(scalar)]
        return b < 0 ? nil : UInt8(b)
    }

    private static let byteForScalar: [Int16] = {
        var table = [Int16](repeating: -1, count: 0x144)
        for b in 0..<256 { table[Int(scalarForByte[b])] = Int16(b) }
        return table
    }()

    private static func isPrintable(_ b: UInt8) -> Bool {
        (0x21...0x7E).contains(b) || (0xA1...0xAC).contains(b) || (0xAE...0xFF).contains(b)
    }

    /// Decodes a vocabulary spelling to raw bytes; `nil` if it uses a scalar outside the alphabet.
    static func decode(_ spelling: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(spelling.utf8.count)
        for scalar in spelling.unicodeScalars {
            guard let b = byte(for: scalar.value) else { return nil }
            out.append(b)
        }
        return out
    }
}
