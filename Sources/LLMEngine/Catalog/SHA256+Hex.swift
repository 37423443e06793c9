import Crypto

extension SHA256Digest {
    /// The digest as 64 lowercase hexadecimal digits, as MODELS.md and `sha256sum` print it.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
