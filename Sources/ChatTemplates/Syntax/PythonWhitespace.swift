/// Python's notion of whitespace (`str.isspace`, the `\s` of `re` on `str`), which jinja2's
/// whitespace control and `trim` use.
func isPythonWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
        return true
    default:
        return false
    }
}

/// Decodes the Unicode scalar starting at `index` of UTF-8 `bytes`, with its encoded length.
/// Invalid bytes decode as U+FFFD of length 1 (source text comes from a Swift string, so this
/// does not happen in practice).
func decodeScalar(_ bytes: [UInt8], at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
    case 0xC0...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF7: length = 4
    default: return ("\u{FFFD}", 1)
    }
    guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length {
        let byte = bytes[index + offset]
        guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
        value = value << 6 | UInt32(byte & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
}

/// The index just past the run of Python whitespace starting at `index`.
func skipPythonWhitespace(_ bytes: [UInt8], from index: Int) -> Int {
    var position = index
    while position < bytes.count {
        let (scalar, length) = decodeScalar(bytes, at: position)
        guard isPythonWhitespace(scalar) else { break }
        position += length
    }
    return position
}

extension String {
    /// `str.rstrip()` with no arguments.
    func pythonRStrip() -> String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, isPythonWhitespace(last) { scalars.removeLast() }
        return String(scalars)
    }

    /// True when the string is non-empty and all Python whitespace (`re.fullmatch(r"\s+")`).
    var isAllPythonWhitespace: Bool {
        !isEmpty && unicodeScalars.allSatisfy(isPythonWhitespace)
    }
}
